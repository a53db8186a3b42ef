/**
 * Income (spec 7 "Balances"; rules and shapes: core/money/income.ts, core/money/settlements.ts).
 *
 *   GET /v0.0.1/balances/income/history   settlements, newest finished first: date_from, date_to (unix
 *                                          seconds: the WIB days holding them), channel_id (0 = none),
 *                                          store_id (0 = none), status holding|released, search (order
 *                                          code prefix), page, limit; each row links to its order
 *   GET /v0.0.1/balances/income/summary   totals, by_day, by_channel, by_store, balances (same filters)
 *   GET /v0.0.1/balances/income/periods   the settlement periods (days) with their totals
 *   GET /v0.0.1/balances/income/orders/{id}  one order's settlement (the transaction detail)
 *   POST /v0.0.1/balances/income/settle-day { day: YYYY-MM-DD } → a background job (progress as the exports')
 *   GET|PUT /v0.0.1/balances/income/commissions  the business's channel commission per platform
 *
 * Privilege "balance" (core/auth/privileges.ts API rules for /balances).
 */
import { Hono } from "hono";
import { incomeFilters, incomeHistory, incomeQuery, incomeSummary, orderSettlement, settlementPeriods } from "#core/money/income.ts";
import { queueSettleDay, settleDayBody } from "#core/money/settle-day.ts";
import { commissionBody, commissionRates, setCommissionRates } from "#core/money/commissions.ts";
import { NotFound } from "#core/errors.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, list, ok, whole } from "#api/lib/http.ts";

export const incomeRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller] as const;
const BASE = "/v0.0.1/balances/income";

incomeRoutes.get(`${BASE}/history`, ...seller, async (c) => {
  const q = await input(c, incomeQuery, "query");
  const { rows, total } = await incomeHistory(c.var.scope, q);
  return list(c, rows, total, q.limit);
});

incomeRoutes.get(`${BASE}/summary`, ...seller, async (c) => ok(c, await incomeSummary(c.var.scope, await input(c, incomeFilters, "query"))));

incomeRoutes.get(`${BASE}/periods`, ...seller, async (c) => {
  const q = await input(c, incomeQuery, "query");
  const { rows, total } = await settlementPeriods(c.var.scope, q);
  return list(c, rows, total, q.limit);
});

incomeRoutes.get(`${BASE}/orders/:id{[0-9]+}`, ...seller, async (c) => {
  const id = Number(c.req.param("id"));
  // An id no order can have is no order of this business either.
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw new NotFound("income:errors.not_settled");
  return ok(c, await orderSettlement(c.var.scope, id));
});

incomeRoutes.post(`${BASE}/settle-day`, ...seller, async (c) =>
  ok(c, await queueSettleDay(c.var.scope, await input(c, settleDayBody)), "income:messages.settle_queued", 202));

incomeRoutes.get(`${BASE}/commissions`, ...seller, async (c) => whole(c, await commissionRates(c.var.scope)));
incomeRoutes.put(`${BASE}/commissions`, ...seller, async (c) =>
  ok(c, await setCommissionRates(c.var.scope, await input(c, commissionBody)), "income:messages.commissions_saved"));
