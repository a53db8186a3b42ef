/**
 * Gift vouchers (spec section 7: GET /{id}/update, PUT /{id}, GET /filter; the rest decided
 * RESTfully like services) under /v0.0.0/gift-vouchers, through the shared offering calls, plus:
 *
 *   GET /v0.0.0/gift-vouchers/filter                         sellable ones (picker): search, at most 10
 *   GET /v0.0.0/gift-vouchers/{id}/codes                     the codes: search, redeemed 0|1, page, limit
 *   PUT /v0.0.0/gift-vouchers/{id}/codes/{code_id}/redeem    { reference? } once, while active and ongoing
 *
 * See core/catalog/gift-vouchers.ts for the shape, the rules and the decisions.
 */
import type { Hono } from "hono";
import {
  codeListQuery, getGiftVoucher, giftVoucherBody, giftVoucherListQuery, giftVoucherOffering, listGiftVoucherCodes, listSellableGiftVouchers,
  redeemBody, redeemGiftVoucherCode,
} from "#core/catalog/gift-vouchers.ts";
import { listQuery } from "#core/lib/list-query.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, list, ok, whole } from "#api/lib/http.ts";
import { crudRoutes, seller } from "./offering-crud.ts";

const BASE = "/v0.0.0/gift-vouchers";

export function registerGiftVouchers(routes: Hono<ApiEnv>) {
  // Fixed paths first: /filter is not an id.
  routes.get(`${BASE}/filter`, ...seller, async (c) => {
    const q = await input(c, listQuery.pick({ search: true }), "query");
    return whole(c, await listSellableGiftVouchers(c.var.scope, q.search));
  });

  crudRoutes(routes, { base: BASE, idsField: "gift_voucher_ids", listQuery: giftVoucherListQuery, body: giftVoucherBody, service: giftVoucherOffering });

  routes.get(`${BASE}/:id{[0-9]+}/codes`, ...seller, async (c) => {
    const id = Number(c.req.param("id"));
    await getGiftVoucher(c.var.scope, id); // an unknown voucher is 404 before its query is read
    const q = await input(c, codeListQuery, "query");
    const { rows, total, summary } = await listGiftVoucherCodes(c.var.scope, id, q);
    return list(c, rows, total, q.limit, summary);
  });

  routes.put(`${BASE}/:id{[0-9]+}/codes/:codeId{[0-9]+}/redeem`, ...seller, async (c) => {
    const id = Number(c.req.param("id"));
    await getGiftVoucher(c.var.scope, id); // an unknown voucher is 404 before its body is read
    const body = await input(c, redeemBody);
    return ok(c, await redeemGiftVoucherCode(c.var.scope, id, Number(c.req.param("codeId")), body), "api-offering:gift_voucher.redeemed");
  });
}
