/**
 * Services (spec section 7 "Services": /v0.0.0/services GET, POST, PUT, /services/{id}/update,
 * PUT /services/{id}) through the shared offering calls (offering-crud.ts). The spec's bare
 * `PUT /v0.0.0/services` is the status change of several services (service_ids=4,7 &
 * action=activate|inactivate). The service-listing export (spec: POST
 * /v0.0.0/exports/products/service-listing) is defined with the rules in core/catalog/services.ts.
 */
import type { Hono } from "hono";
import { serviceBody, serviceListQuery, serviceOffering } from "#core/catalog/services.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { crudRoutes } from "./offering-crud.ts";

export function registerServices(routes: Hono<ApiEnv>) {
  crudRoutes(routes, { base: "/v0.0.0/services", idsField: "service_ids", listQuery: serviceListQuery, body: serviceBody, service: serviceOffering });
}
