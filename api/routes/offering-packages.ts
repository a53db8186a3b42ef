/**
 * Packages (bundles) under /v0.0.0/packages (the spec lists no paths: the same calls as services,
 * offering-crud.ts). See core/catalog/packages.ts for the derived stock, the shape, the rules and
 * the decisions.
 */
import type { Hono } from "hono";
import { packageBody, packageListQuery, packageOffering } from "#core/catalog/packages.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { crudRoutes } from "./offering-crud.ts";

export function registerPackages(routes: Hono<ApiEnv>) {
  crudRoutes(routes, { base: "/v0.0.0/packages", idsField: "package_ids", listQuery: packageListQuery, body: packageBody, service: packageOffering });
}
