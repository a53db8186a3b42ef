/**
 * Saldo and withdrawals (spec 7 "Balances" and "Saldo"; rules and shapes: core/money/saldo.ts and
 * core/money/payouts.ts). The spec names the saldo calls without a version: they are served at
 * /v0.0.0/ and /v0.0.1/ alike; deposit/withdraw also at /v0.1.0/ (the deposit calls' version).
 *
 *   GET  /v0.0.0/balances/histories/saldo        the saldo account's ledger lines (= saldo/histories)
 *   GET  {v}/saldo/summary                       saldo, in withdrawal, withdrawn this month, holding income
 *   GET  {v}/saldo/amount                        the saldo
 *   GET  {v}/saldo/histories                     kind, date_from, date_to (unix seconds, WIB days), sort, page, limit
 *   GET  {v}/saldo/withdraw-history              status, source, date_from, date_to, sort, page, limit
 *   POST {v}/saldo/withdraw-request, {v}/withdraw   { amount } from the saldo
 *   POST {v}/deposit/withdraw                    { amount } from the deposit
 *
 * The withdrawals need balance.withdraw and, when the business asks, the password again (401
 * reauth_required); each POST takes an Idempotency-Key (api/lib/idempotency.ts): the same key
 * answers the first withdrawal, the same key with another amount is 422.
 */
import { Hono, type Context } from "hono";
import { requestWithdrawal, withdrawBody } from "#core/money/payouts.ts";
import type { PayoutSource } from "#core/money/payout-options.ts";
import { saldoAmount, saldoHistory, saldoHistoryQuery, saldoSummary, withdrawHistory, withdrawHistoryQuery } from "#core/money/saldo.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, list, ok } from "#api/lib/http.ts";

export const saldoRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller] as const;
const V = ["/v0.0.0", "/v0.0.1"];

const histories = async (c: Context<ApiEnv>) => {
  const q = await input(c, saldoHistoryQuery, "query");
  const r = await saldoHistory(c.var.scope, q);
  return list(c, r.rows, r.total, q.limit, r.summary);
};
const withdraw = (source: PayoutSource) => async (c: Context<ApiEnv>) => {
  const { amount } = await input(c, withdrawBody);
  return ok(c, await requestWithdrawal(c.var.scope, { amount, source }), "money:payouts.requested", 201);
};

saldoRoutes.get("/v0.0.0/balances/histories/saldo", ...seller, histories);
for (const v of V) {
  saldoRoutes.get(`${v}/saldo/summary`, ...seller, async (c) => ok(c, await saldoSummary(c.var.scope)));
  saldoRoutes.get(`${v}/saldo/amount`, ...seller, async (c) => ok(c, await saldoAmount(c.var.scope)));
  saldoRoutes.get(`${v}/saldo/histories`, ...seller, histories);
  saldoRoutes.get(`${v}/saldo/withdraw-history`, ...seller, async (c) => {
    const q = await input(c, withdrawHistoryQuery, "query");
    const r = await withdrawHistory(c.var.scope, q);
    return list(c, r.rows, r.total, q.limit, r.summary);
  });
  saldoRoutes.post(`${v}/saldo/withdraw-request`, ...seller, withdraw("saldo"));
  saldoRoutes.post(`${v}/withdraw`, ...seller, withdraw("saldo"));
}
for (const v of [...V, "/v0.1.0"]) saldoRoutes.post(`${v}/deposit/withdraw`, ...seller, withdraw("deposit"));
