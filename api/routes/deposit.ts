/**
 * The deposit's calls (spec 7 "Balances" and "Deposit"; rules in core/money/deposit.ts,
 * payments.ts, invoices.ts; this file is the REST adapter). Privilege "balance".
 *
 *   GET  /v0.0.0/balances/histories/deposit        the deposit's ledger entries: kind, date_from/date_to
 *                                                  (unix s), page, limit; summary_data = { balance, debt }
 *   POST /v0.0.0/deposit/topup                     { amount, method } → the pending payment and its
 *        (alias /v0.0.0/balances/deposit/topup)     instructions (VA / link / code); 503 when payments are off
 *   GET  /v0.0.0/deposit/payments/{id}             a payment and its status (what the top-up page polls)
 *   GET  /v0.1.0/deposit/invoices                  list: status all|unpaid|overdue|paid, type, date_from/to, page, limit
 *   GET  /v0.1.0/deposit/invoices/count            counts per status tab
 *   GET  /v0.1.0/deposit/summary                   unpaid total, overdue total, paid this month, deposit, debt
 *   GET  /v0.1.1/deposit/invoices/{id}             the invoice
 *   GET  /v0.1.2/deposit/invoices/{id}             the invoice and the payments tried for it (payment_datas)
 *   POST /v0.2.1/deposit/invoices/pay              { invoice_id, via: deposit|method|points, method? }
 *   GET  /v0.1.0/deposit/settings                  invoice setting and auto-payment
 *   PUT  /v0.1.0/deposit/invoice-setting           { invoice_setting: 1|2|3 }
 *   PUT  /v0.1.0/deposit/auto-payments/activate | deactivate
 *
 * The POSTs move money: they take the Idempotency-Key every POST takes (api/lib/idempotency.ts).
 * Deposit withdrawal (POST deposit/withdraw) is core/money's withdrawal, not here.
 */
import { Hono } from "hono";
import { depositHistories, depositSettings, historyQuery, invoiceSettingBody, setAutoPayment, setInvoiceSetting } from "#core/money/deposit.ts";
import { getInvoice, invoiceCounts, invoiceListQuery, invoiceSummary, listInvoices, payInvoice, payInvoiceBody } from "#core/money/invoices.ts";
import { getPayment, requestTopup, topupBody } from "#core/money/payments.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, list, ok } from "#api/lib/http.ts";

export const depositRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller] as const;

depositRoutes.get("/v0.0.0/balances/histories/deposit", ...seller, async (c) => {
  const q = await input(c, historyQuery, "query");
  const { rows, total, limit, summary } = await depositHistories(c.var.scope, q);
  return list(c, rows, total, limit, summary);
});

for (const path of ["/v0.0.0/deposit/topup", "/v0.0.0/balances/deposit/topup"]) {
  depositRoutes.post(path, ...seller, async (c) =>
    ok(c, await requestTopup(c.var.scope, await input(c, topupBody)), "deposit:api.topup_requested", 201));
}

depositRoutes.get("/v0.0.0/deposit/payments/:id{[0-9]+}", ...seller, async (c) => ok(c, await getPayment(c.var.scope, Number(c.req.param("id")))));

depositRoutes.get("/v0.1.0/deposit/invoices", ...seller, async (c) => {
  const q = await input(c, invoiceListQuery, "query");
  const [{ rows, total, limit }, counts] = await Promise.all([listInvoices(c.var.scope, q), invoiceCounts(c.var.scope, q)]);
  return list(c, rows, total, limit, counts);
});

depositRoutes.get("/v0.1.0/deposit/invoices/count", ...seller, async (c) => {
  const q = await input(c, invoiceListQuery, "query");
  return ok(c, await invoiceCounts(c.var.scope, q));
});

depositRoutes.get("/v0.1.0/deposit/summary", ...seller, async (c) => ok(c, await invoiceSummary(c.var.scope)));

depositRoutes.get("/v0.1.1/deposit/invoices/:id{[0-9]+}", ...seller, async (c) => ok(c, await getInvoice(c.var.scope, Number(c.req.param("id")))));
depositRoutes.get("/v0.1.2/deposit/invoices/:id{[0-9]+}", ...seller, async (c) =>
  ok(c, await getInvoice(c.var.scope, Number(c.req.param("id")), { withPayments: true })));

depositRoutes.post("/v0.2.1/deposit/invoices/pay", ...seller, async (c) => {
  const r = await payInvoice(c.var.scope, await input(c, payInvoiceBody));
  return r.payment ? ok(c, r, "deposit:api.payment_requested", 201) : ok(c, r, "deposit:api.invoice_paid");
});

depositRoutes.get("/v0.1.0/deposit/settings", ...seller, async (c) => ok(c, await depositSettings(c.var.scope)));
depositRoutes.put("/v0.1.0/deposit/invoice-setting", ...seller, async (c) =>
  ok(c, await setInvoiceSetting(c.var.scope, await input(c, invoiceSettingBody)), "deposit:api.setting_saved"));
depositRoutes.put("/v0.1.0/deposit/auto-payments/activate", ...seller, async (c) =>
  ok(c, await setAutoPayment(c.var.scope, true), "deposit:api.auto_on"));
depositRoutes.put("/v0.1.0/deposit/auto-payments/deactivate", ...seller, async (c) =>
  ok(c, await setAutoPayment(c.var.scope, false), "deposit:api.auto_off"));
