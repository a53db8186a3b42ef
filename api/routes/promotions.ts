/**
 * Promotions (issue 16), the REST adapter over core/promotions/.
 *
 * The spec's calls (section 7):
 *   POST /v0.1.0/promotions/sellers             { order_id } or { product_ids }: the promotions running
 *        now that reach them (404 "No data" when none)
 *   GET  /v1.0.0/omnichannel/discount           ?items=<variant>:<qty>,…&channel_id|store_id&voucher_code&shipping_cost:
 *        the basket priced now by the one pricing function (nothing claimed)
 *   GET  /v0.0.0/dashboard/promotion/ongoing     the running ones, ending first
 *   GET  /v0.0.0/dashboard/promotion/upcoming    the next to start
 * Ours, for outside clients (the pages call the same core functions):
 *   GET  /v0.1.0/promotions                     ?tab&kind&promo_type&search&slug&page&limit, tab counts in summary_data
 *   GET  /v0.1.0/promotions/{id}                with targets, performance and orders
 *   POST /v0.1.0/promotions                     the body of core/promotions/promotions.ts (201, In Moderation)
 *   PUT  /v0.1.0/promotions/{id}                an edit within what its status allows
 *   POST /v0.1.0/promotions/{id}/recreate       a copy of one that is over, with the body given
 *   PUT  /v0.1.0/promotions/{id}/{cancel|stop}
 * A write takes an Idempotency-Key like every other (api/app.ts).
 */
import { Hono, type Context } from "hono";
import { createPromotion, promotionAction, promotionBody, recreatePromotion, updatePromotion } from "#core/promotions/promotions.ts";
import { dashboardPromotions, listPromotions, promotionDetail, promotionQuery } from "#core/promotions/read.ts";
import { discountQuery, promotionsBody, quoteDiscount, sellerPromotions } from "#core/promotions/quote.ts";
import { NotFound } from "#core/errors.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, list, ok, whole } from "#api/lib/http.ts";

export const promotionRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller] as const;
/** An id past the integer range names nothing: 404, like an unknown one. */
const idOf = (c: Context<ApiEnv>) => {
  const id = Number(c.req.param("id"));
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw new NotFound("promotion:errors.not_found");
  return id;
};

promotionRoutes.post("/v0.1.0/promotions/sellers", ...seller, async (c) => whole(c, await sellerPromotions(c.var.scope, await input(c, promotionsBody))));
promotionRoutes.get("/v1.0.0/omnichannel/discount", ...seller, async (c) => ok(c, await quoteDiscount(c.var.scope, await input(c, discountQuery, "query"))));
promotionRoutes.get("/v0.0.0/dashboard/promotion/ongoing", ...seller, async (c) => whole(c, await dashboardPromotions(c.var.scope, "on_going")));
promotionRoutes.get("/v0.0.0/dashboard/promotion/upcoming", ...seller, async (c) => whole(c, await dashboardPromotions(c.var.scope, "upcoming")));

promotionRoutes.get("/v0.1.0/promotions", ...seller, async (c) => {
  const q = await input(c, promotionQuery, "query");
  const r = await listPromotions(c.var.scope, q);
  return list(c, r.rows, r.total, q.limit, { tabs: r.tabs });
});
promotionRoutes.get("/v0.1.0/promotions/:id{[0-9]+}", ...seller, async (c) => ok(c, await promotionDetail(c.var.scope, idOf(c))));
promotionRoutes.post("/v0.1.0/promotions", ...seller, async (c) =>
  ok(c, await createPromotion(c.var.scope, await input(c, promotionBody)), "promotion:created", 201));
promotionRoutes.put("/v0.1.0/promotions/:id{[0-9]+}", ...seller, async (c) =>
  ok(c, await updatePromotion(c.var.scope, idOf(c), await input(c, promotionBody)), "promotion:saved"));
promotionRoutes.post("/v0.1.0/promotions/:id{[0-9]+}/recreate", ...seller, async (c) =>
  ok(c, await recreatePromotion(c.var.scope, idOf(c), await input(c, promotionBody)), "promotion:created", 201));
promotionRoutes.put("/v0.1.0/promotions/:id{[0-9]+}/:action{cancel|stop}", ...seller, async (c) =>
  ok(c, await promotionAction(c.var.scope, idOf(c), c.req.param("action") as "cancel" | "stop"), `promotion:done.${c.req.param("action")}`));
