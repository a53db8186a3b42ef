/**
 * The balances (spec section 7 "Balances"), the REST adapter over core/money:
 *
 *   GET /v0.0.0/balances                    every balance of the business: income_holding, saldo,
 *                                           in_withdrawal, deposit (negative = debt), deposit_debt,
 *                                           points, points_value, and `balances` (the same as a list)
 *   GET /v0.0.0/balances/histories/point    the points account's entries, newest first: date_from,
 *                                           date_to (unix seconds, WIB days), kind (a ledger kind),
 *                                           direction (in | out), page, limit (10, 20, 50, 100, 150);
 *                                           summary_data = { balance, total_in, total_out }
 *
 * Privilege "balance" (core/auth/privileges.ts: /balances). The saldo and deposit histories
 * (histories/saldo, histories/deposit) read the same reader, core/money/history.ts accountLines.
 */
import { Hono } from "hono";
import { balances } from "#core/money/balances.ts";
import { pointsHistory, pointsHistoryQuery } from "#core/money/points.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, list, ok } from "#api/lib/http.ts";

export const balanceRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller] as const;

balanceRoutes.get("/v0.0.0/balances", ...seller, async (c) => ok(c, await balances(c.var.scope)));

balanceRoutes.get("/v0.0.0/balances/histories/point", ...seller, async (c) => {
  const q = await input(c, pointsHistoryQuery, "query");
  const { rows, total, summary } = await pointsHistory(c.var.scope, q);
  return list(c, rows, total, q.limit, summary);
});
