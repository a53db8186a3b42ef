/**
 * Discount vouchers under /v0.0.0/vouchers (the spec lists no paths: the same calls as services,
 * offering-crud.ts). See core/catalog/vouchers.ts for the shape, the rules and the decisions.
 */
import type { Hono } from "hono";
import { voucherBody, voucherListQuery, voucherOffering } from "#core/catalog/vouchers.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { crudRoutes } from "./offering-crud.ts";

export function registerVouchers(routes: Hono<ApiEnv>) {
  crudRoutes(routes, { base: "/v0.0.0/vouchers", idsField: "voucher_ids", listQuery: voucherListQuery, body: voucherBody, service: voucherOffering });
}
