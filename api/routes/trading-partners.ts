/**
 * Trading partners (resellers, suppliers, partners: one model with a kind) and margin rules
 * (issue 17 items 7 and 8). The spec lists no paths for these; these are in the house's style
 * (the factories' and holidays' calls), with the spec's envelope. Privilege: "customer".
 *
 *   GET  /v0.0.1/trading-partners?kind=reseller|supplier|partner
 *                                          list: search (name, contact name, contact phone), status 1|0,
 *                                          city_id, province_id, store_id (resellers), sort 1-6, page, limit
 *   GET  /v0.0.1/trading-partners/{id}?kind=…
 *   POST /v0.0.1/trading-partners?kind=…   create: name, contacts[{name, phone, email, role}], address, city_id,
 *                                          postcode, latitude, longitude, bank_code, bank_account_name,
 *                                          bank_account_no, payment_days, credit_limit, note, store_ids, brand_ids
 *   PUT  /v0.0.1/trading-partners/{id}?kind=…   the whole record again (what is left out is cleared)
 *   PUT  /v0.0.1/trading-partners/{id}/{activate|inactivate}?kind=…
 *   GET  /v0.0.1/trading-partners/{id}/update-history?kind=…
 *   export kinds "reseller", "supplier", "partner" (POST /v0.0.0/exports/<kind>, the list's filters)
 *
 *   GET    /v0.0.1/margins                  the rules, most specific first; ?scope=default|reseller_brand|reseller|store|brand|category
 *   PUT    /v0.0.1/margins                  set the rule of a target: scope, partner_id, store_id, brand_id,
 *                                           category_id (as the scope needs), type percent|amount, value
 *                                           (percent 0-100 with up to 2 decimals, or whole rupiah)
 *   GET    /v0.0.1/margins/{id}
 *   DELETE /v0.0.1/margins/{id}
 *   GET    /v0.0.1/margins/{id}/update-history
 *   GET    /v0.0.1/margins/preview          reseller prices of the business's variants: partner_id, store_id,
 *                                           search (product name, SKU), page, limit
 *
 * `kind` is required on every trading-partner call: an id of another kind (or business) is 404.
 * The rules are core/partners/trading-partners.ts, margins.ts and margin-pricing.ts.
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { PARTNER_KINDS } from "#core/partners/partner-kinds.ts";
import {
  createPartner, getPartner, listPartners, partnerBody, partnerHistory, partnerListQuery, partnerStatusKey, setPartnerStatus, updatePartner,
} from "#core/partners/trading-partners.ts";
import {
  deleteMarginRule, getMarginRule, listMarginRules, marginPreview, marginRuleBody, marginRuleFilters, marginRuleHistory, previewQuery, setMarginRule,
} from "#core/partners/margins.ts";
import { listQuery } from "#core/lib/list-query.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, list, ok, whole } from "#api/lib/http.ts";

export const tradingPartnerRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller] as const;
const pageQuery = listQuery.pick({ page: true, limit: true });
const kindQuery = z.object({ kind: z.enum(PARTNER_KINDS, { error: "invalid" }) });
const kindOf = async (c: Context<ApiEnv>) => (await input(c, kindQuery, "query")).kind;
const idOf = (c: Context<ApiEnv>) => Number(c.req.param("id"));
const BASE = "/v0.0.1/trading-partners";

tradingPartnerRoutes.get(BASE, ...seller, async (c) => {
  const q = await input(c, partnerListQuery, "query");
  const { rows, total } = await listPartners(c.var.scope, q);
  return list(c, rows, total, q.limit);
});

tradingPartnerRoutes.get(`${BASE}/:id{[0-9]+}`, ...seller, async (c) => ok(c, await getPartner(c.var.scope, await kindOf(c), idOf(c))));

tradingPartnerRoutes.post(BASE, ...seller, async (c) => {
  const kind = await kindOf(c);
  return ok(c, await createPartner(c.var.scope, kind, await input(c, partnerBody)), `trading-partner:api.${kind}.created`);
});

tradingPartnerRoutes.put(`${BASE}/:id{[0-9]+}`, ...seller, async (c) => {
  const kind = await kindOf(c);
  await getPartner(c.var.scope, kind, idOf(c)); // an unknown partner is 404 before its body is read
  return ok(c, await updatePartner(c.var.scope, kind, idOf(c), await input(c, partnerBody)), `trading-partner:api.${kind}.updated`);
});

tradingPartnerRoutes.put(`${BASE}/:id{[0-9]+}/:action{activate|inactivate}`, ...seller, async (c) => {
  const kind = await kindOf(c);
  const activate = c.req.param("action") === "activate";
  const [row] = await setPartnerStatus(c.var.scope, kind, [idOf(c)], activate);
  return ok(c, row, partnerStatusKey(kind, activate, 1));
});

tradingPartnerRoutes.get(`${BASE}/:id{[0-9]+}/update-history`, ...seller, async (c) => {
  const kind = await kindOf(c);
  const q = await input(c, pageQuery, "query");
  const { rows, total } = await partnerHistory(c.var.scope, kind, idOf(c), q);
  return list(c, rows, total, q.limit);
});

// Margins: fixed paths (/preview) before /{id}.
tradingPartnerRoutes.get("/v0.0.1/margins/preview", ...seller, async (c) => {
  const q = await input(c, previewQuery, "query");
  const { rows, total } = await marginPreview(c.var.scope, q);
  return list(c, rows, total, q.limit);
});

tradingPartnerRoutes.get("/v0.0.1/margins", ...seller, async (c) => {
  const f = await input(c, marginRuleFilters, "query");
  return whole(c, await listMarginRules(c.var.scope, f));
});

tradingPartnerRoutes.put("/v0.0.1/margins", ...seller, async (c) =>
  ok(c, await setMarginRule(c.var.scope, await input(c, marginRuleBody)), "margin:api.saved"));

tradingPartnerRoutes.get("/v0.0.1/margins/:id{[0-9]+}", ...seller, async (c) => ok(c, await getMarginRule(c.var.scope, idOf(c))));

tradingPartnerRoutes.delete("/v0.0.1/margins/:id{[0-9]+}", ...seller, async (c) =>
  ok(c, await deleteMarginRule(c.var.scope, idOf(c)), "margin:api.deleted"));

tradingPartnerRoutes.get("/v0.0.1/margins/:id{[0-9]+}/update-history", ...seller, async (c) => {
  await getMarginRule(c.var.scope, idOf(c));
  const q = await input(c, pageQuery, "query");
  const { rows, total } = await marginRuleHistory(c.var.scope, idOf(c), q);
  return list(c, rows, total, q.limit);
});
