/**
 * The deposit (core/money/deposit.ts, payments.ts, invoices.ts) through its REST calls: top-up and
 * the payment service's signed callback (once, however often it comes), invoices paid from the
 * deposit, by points, by method, auto-payment into debt and the next top-up clearing it, tenant
 * isolation, the envelope of every call, and the ledger's own audit after all of it.
 */
import { and, count, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runNextJob } from "#core/jobs/worker.ts";
import { api } from "#api/app.ts";
import { issueToken } from "#core/auth/tokens.ts";
import { DAY_MS } from "#core/lib/time.ts";
import { auditLedger, balancesOf, post } from "#core/money/ledger.ts";
import { issueInvoice, sweepDepositInvoices } from "#core/money/invoices.ts";
import { signMoneyBody } from "#core/money/providers.ts";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import { call, withEnv } from "./helpers.ts";
import { moneyBusiness } from "./money-fixtures.ts";

type Shop = { businessId: number; userId: number; token: string };
let a: Shop;
let b: Shop;

async function shop(label: string): Promise<Shop> {
  const { businessId, userId } = await moneyBusiness(label);
  await db.update(s.businesses).set({ status: s.BUSINESS_STATUS.active }).where(eq(s.businesses.id, businessId));
  await db.insert(s.businessMembers).values({ businessId, userId, role: "owner" });
  await db.insert(s.settings).values({ businessId }).onConflictDoNothing();
  return { businessId, userId, token: await issueToken(userId) };
}

const saved = process.env.SIMULATED_PAYMENT_DELAY_MS;
beforeAll(async () => {
  // The in-process simulator answers, but its own callback comes far too late to matter: the tests deliver them.
  process.env.SIMULATED_PAYMENT_DELAY_MS = "3600000";
  a = await shop("Deposit A");
  b = await shop("Deposit B");
});
afterAll(() => {
  process.env.SIMULATED_PAYMENT_DELAY_MS = saved;
});

async function deliver(body: Record<string, unknown> | string, signature?: string | null) {
  const raw = typeof body === "string" ? body : JSON.stringify(body);
  const headers: Record<string, string> = { "Content-Type": "application/json", "Accept-Language": "en" };
  const sig = signature === undefined ? signMoneyBody("payment", raw) : signature;
  if (sig !== null) headers["X-Indie-Signature"] = sig;
  const res = await api.request("/api/callbacks/payments", { method: "POST", headers, body: raw });
  return { status: res.status, body: (await res.json()) as any };
}
const callback = (paymentId: number, amount: number, status = "paid") =>
  ({ event_id: `e-${paymentId}-${status}-${Math.random()}`, reference: `payment-${paymentId}`, provider_ref: "SIM-1", status, amount, time: 1 });

async function topup(shop: Shop, amount: number, method = 3) {
  const r = await call("POST", "/v0.0.0/deposit/topup", { token: shop.token, json: { amount, method } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as any;
}
const deposit = async (shop: Shop) => (await balancesOf(db, shop.businessId)).deposit;
const invoice = (shop: Shop, amount: number, dueInDays = 7) => issueInvoice(db, shop.businessId, {
  type: "sales_po", periodStart: new Date(), periodEnd: new Date(Date.now() + DAY_MS), dueAt: new Date(Date.now() + dueInDays * DAY_MS),
  lines: [{ description: "Kardus", qty: 1, price: amount }],
}).then((i) => i!);

describe("deposit top-up and the payment callback", () => {
  it("asks the payment service and credits the deposit once when the callback comes 3× at once", async () => {
    const p = await topup(a, 150_000);
    expect(p).toMatchObject({ status: "pending", amount: 150_000, method: 3, purpose: "topup", instructions: { kind: "va" } });
    expect(p.instructions.value).toMatch(/^\d+$/);
    const before = await deposit(a);
    const body = JSON.stringify(callback(p.payment_id, 150_000));
    const answers = await Promise.all([deliver(body), deliver(body), deliver(body)]);
    expect(answers.map((x) => x.status)).toEqual([200, 200, 200]);
    expect(answers.filter((x) => x.body.data.applied)).toHaveLength(1);
    expect(await deposit(a)).toBe(before + 150_000);
    const [{ n }] = await db.select({ n: count() }).from(s.ledgerTransactions)
      .where(and(eq(s.ledgerTransactions.businessId, a.businessId), eq(s.ledgerTransactions.key, `payment-${p.payment_id}:paid`)));
    expect(n).toBe(1);
    const again = await call("GET", `/v0.0.0/deposit/payments/${p.payment_id}`, { token: a.token });
    expect(again.body).toMatchObject({ code: 200, data: { status: "paid" } });
    // A failure after the payment was paid changes nothing.
    expect((await deliver(callback(p.payment_id, 150_000, "failed"))).body.data).toMatchObject({ status: "paid", applied: false });
  });

  it("a failed or expired payment moves no money; a bad signature or another amount writes nothing", async () => {
    const p = await topup(a, 20_000, 4);
    const before = await balancesOf(db, a.businessId);
    expect((await deliver(callback(p.payment_id, 20_000), "sha256=00")).status).toBe(401);
    expect((await deliver(callback(p.payment_id, 20_000), null)).status).toBe(401);
    expect((await deliver(callback(p.payment_id, 20_001))).status).toBe(422);
    expect((await deliver("not json")).status).toBe(422);
    expect((await deliver(callback(999_999_999, 20_000))).status).toBe(404);
    const [row] = await db.select().from(s.payments).where(eq(s.payments.id, p.payment_id));
    expect(row.status).toBe("pending");
    const failed = await deliver(callback(p.payment_id, 20_000, "failed"));
    expect(failed).toMatchObject({ status: 200, body: { code: 200, data: { status: "failed", applied: true } } });
    expect(await balancesOf(db, a.businessId)).toEqual(before);
    const expired = await topup(a, 30_000);
    await deliver(callback(expired.payment_id, 30_000, "expired"));
    expect(await balancesOf(db, a.businessId)).toEqual(before);
  });

  it("the in-process simulator pays by itself a moment later (demo)", async () => {
    process.env.SIMULATED_PAYMENT_DELAY_MS = "100";
    try {
      const before = await deposit(a);
      const p = await topup(a, 11_000);
      for (let i = 0; i < 50 && (await deposit(a)) === before; i++) await new Promise((r) => setTimeout(r, 100));
      expect(await deposit(a)).toBe(before + 11_000);
      expect((await call("GET", `/v0.0.0/deposit/payments/${p.payment_id}`, { token: a.token })).body.data.status).toBe("paid");
    } finally {
      process.env.SIMULATED_PAYMENT_DELAY_MS = "3600000";
    }
  });

  it("refuses a bad top-up under its field, and clearly when payments are off", async () => {
    const bad = await call("POST", "/v0.0.0/deposit/topup", { token: a.token, json: { amount: "1,000.000", method: 0 } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data as object).sort()).toEqual(["amount", "method"]);
    const small = await call("POST", "/v0.0.0/balances/deposit/topup", { token: a.token, json: { amount: 500, method: 3 } });
    expect(small.status).toBe(422);
    const [{ n: before }] = await db.select({ n: count() }).from(s.payments);
    const off = await withEnv({ DEMO: "off", PAYMENT_URL: undefined }, () =>
      call("POST", "/v0.0.0/deposit/topup", { token: a.token, json: { amount: 50_000, method: 3 }, locale: "id" }));
    expect(off.status).toBe(503);
    expect(off.body.message).toMatch(/Pembayaran belum disiapkan/);
    const [{ n: after }] = await db.select({ n: count() }).from(s.payments);
    expect(after).toBe(before);
  });
});

describe("deposit invoices", () => {
  it("pays from the deposit when it is enough, refuses without debt when it is not", async () => {
    const cheap = await invoice(a, 40_000);
    const dear = await invoice(a, 10_000_000);
    const before = await deposit(a);
    const refused = await call("POST", "/v0.2.1/deposit/invoices/pay", { token: a.token, json: { invoice_id: dear.id, via: "deposit" } });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/deposit is not enough/);
    expect(await deposit(a)).toBe(before);
    const paid = await call("POST", "/v0.2.1/deposit/invoices/pay", { token: a.token, json: { invoice_id: cheap.id, via: "deposit" } });
    expect(paid.body).toMatchObject({ code: 200, data: { invoice: { status: "paid", paid_via: "deposit" }, payment: null } });
    expect(await deposit(a)).toBe(before - 40_000);
    const twice = await call("POST", "/v0.2.1/deposit/invoices/pay", { token: a.token, json: { invoice_id: cheap.id, via: "deposit" } });
    expect(twice.status).toBe(422);
    expect(await deposit(a)).toBe(before - 40_000);
    // Two at once: one pays.
    const race = await invoice(a, 1_000);
    const both = await Promise.all([1, 2].map(() => call("POST", "/v0.2.1/deposit/invoices/pay", { token: a.token, json: { invoice_id: race.id, via: "deposit" } })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(await deposit(a)).toBe(before - 41_000);
  });

  it("pays with points (1 point = Rp 100) and the rest from the deposit", async () => {
    await db.transaction((tx) => post(tx, { businessId: a.businessId, kind: "points_earned", key: "test-points", legs: [{ account: "points", amount: 150 }, { account: "points_issued", amount: -150 }] }));
    const inv = await invoice(a, 20_050);
    const before = await balancesOf(db, a.businessId);
    const r = await call("POST", "/v0.2.1/deposit/invoices/pay", { token: a.token, json: { invoice_id: inv.id, via: "points" } });
    expect(r.body).toMatchObject({ code: 200, data: { invoice: { status: "paid", paid_via: "points", points_used: 150 } } });
    const after = await balancesOf(db, a.businessId);
    expect(after.points).toBe(0);
    expect(after.deposit).toBe(before.deposit - (20_050 - 15_000));
    const none = await invoice(a, 5_000);
    const refused = await call("POST", "/v0.2.1/deposit/invoices/pay", { token: a.token, json: { invoice_id: none.id, via: "points" } });
    expect(refused.status).toBe(422);
  });

  it("pays by method through a payment; the callback marks the invoice paid; money for an invoice paid meanwhile goes to the deposit", async () => {
    const inv = await invoice(a, 25_000);
    const r = await call("POST", "/v0.2.1/deposit/invoices/pay", { token: a.token, json: { invoice_id: inv.id, via: "method", method: 5 } });
    expect(r.status).toBe(201);
    const p = (r.body.data as any).payment;
    expect(p).toMatchObject({ purpose: "invoice", invoice_id: inv.id, amount: 25_000, status: "pending" });
    const costs = (await balancesOf(db, a.businessId)).platform_costs;
    await deliver(callback(p.payment_id, 25_000));
    const detail = await call("GET", `/v0.1.2/deposit/invoices/${inv.id}`, { token: a.token });
    expect(detail.body.data).toMatchObject({ status: "paid", paid_via: "method", payment_datas: [{ payment_id: p.payment_id, status: "paid" }] });
    expect((await balancesOf(db, a.businessId)).platform_costs).toBe(costs + 25_000);
    const noMethod = await call("POST", "/v0.2.1/deposit/invoices/pay", { token: a.token, json: { invoice_id: inv.id, via: "method" } });
    expect(noMethod.status).toBe(422);

    const late = await invoice(a, 3_000);
    const lp = ((await call("POST", "/v0.2.1/deposit/invoices/pay", { token: a.token, json: { invoice_id: late.id, via: "method", method: 3 } })).body.data as any).payment;
    await call("POST", "/v0.2.1/deposit/invoices/pay", { token: a.token, json: { invoice_id: late.id, via: "deposit" } });
    const before = await deposit(a);
    await deliver(callback(lp.payment_id, 3_000));
    expect(await deposit(a)).toBe(before + 3_000);
    const [row] = await db.select().from(s.payments).where(eq(s.payments.id, lp.payment_id));
    expect(row).toMatchObject({ status: "paid", note: "credited_to_deposit" });
  });

  it("auto-payment charges a due invoice into debt, shown as such; the next top-up pays it off", async () => {
    const c = await shop("Deposit auto");
    const on = await call("PUT", "/v0.1.0/deposit/auto-payments/activate", { token: c.token });
    expect(on.body).toMatchObject({ code: 200, data: { auto_payment: true } });
    const due = await invoice(c, 70_000, -1);
    const later = await invoice(c, 5_000, 5);
    const swept = await sweepDepositInvoices();
    expect(swept.charged).toBeGreaterThanOrEqual(1);
    expect(await deposit(c)).toBe(-70_000);
    const [row] = await db.select().from(s.depositInvoices).where(eq(s.depositInvoices.id, due.id));
    expect(row).toMatchObject({ status: "paid", paidVia: "auto" });
    const [notYet] = await db.select().from(s.depositInvoices).where(eq(s.depositInvoices.id, later.id));
    expect(notYet.status).toBe("unpaid");
    const summary = await call("GET", "/v0.1.0/deposit/summary", { token: c.token });
    expect(summary.body.data).toMatchObject({ deposit_balance: -70_000, debt: 70_000, unpaid_total: 5_000, overdue_total: 0 });
    // Again: nothing more.
    await sweepDepositInvoices();
    expect(await deposit(c)).toBe(-70_000);
    const p = await topup(c, 100_000);
    await deliver(callback(p.payment_id, 100_000));
    expect(await deposit(c)).toBe(30_000);
    const history = await call("GET", "/v0.0.0/balances/histories/deposit", { token: c.token });
    expect(history.body.pagination).toMatchObject({ total_record: 2, summary_data: { balance: 30_000, debt: 0 } });
    expect((history.body.data as any[]).map((h) => [h.type, h.amount, h.balance_after])).toEqual([["topup", 100_000, 30_000], ["sales_po", -70_000, -70_000]]);
    const off = await call("PUT", "/v0.1.0/deposit/auto-payments/deactivate", { token: c.token });
    expect(off.body.data).toMatchObject({ auto_payment: false });
    expect(await auditLedger(db, c.businessId)).toEqual([]);
  });

  it("issues the subscription once per period by the invoice setting", async () => {
    const d = await shop("Deposit subscription");
    await db.insert(s.moneySettings).values({ businessId: d.businessId, subscriptionFee: 90_000, invoiceSetting: 2 });
    await sweepDepositInvoices();
    await sweepDepositInvoices();
    const rows = await db.select().from(s.depositInvoices).where(eq(s.depositInvoices.businessId, d.businessId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: "system_subscription", amount: 21_000 });
    expect(rows[0].number).toMatch(/^INV\/DEP\/\d{6}\/1$/);
    const set = await call("PUT", "/v0.1.0/deposit/invoice-setting", { token: d.token, json: { invoice_setting: 1 } });
    expect(set.body.data).toMatchObject({ invoice_setting: 1, invoice_setting_name: "Daily" });
    // The week already billed: a daily invoice only after it ends.
    await sweepDepositInvoices();
    expect(await db.select().from(s.depositInvoices).where(eq(s.depositInvoices.businessId, d.businessId))).toHaveLength(1);
    const bad = await call("PUT", "/v0.1.0/deposit/invoice-setting", { token: d.token, json: { invoice_setting: 4 } });
    expect(bad.status).toBe(422);
  });
});

describe("reads, envelopes and tenants", () => {
  it("lists, counts and summarises invoices with the spec's envelope", async () => {
    const overdue = await invoice(b, 12_000, -2);
    await invoice(b, 8_000, 3);
    const listed = await call("GET", "/v0.1.0/deposit/invoices", { token: b.token, query: { status: "overdue" } });
    expect(listed.body).toMatchObject({ code: 200, pagination: { total_record: 1, total_page: 1, summary_data: { all: 2, unpaid: 1, overdue: 1, paid: 0 } } });
    expect((listed.body.data as any[])[0]).toMatchObject({ invoice_id: overdue.id, status: "overdue", status_name: "Overdue", type: "sales_po" });
    const counts = await call("GET", "/v0.1.0/deposit/invoices/count", { token: b.token });
    expect(counts.body).toMatchObject({ code: 200, data: { all: 2, unpaid: 1, overdue: 1, paid: 0 } });
    const summary = await call("GET", "/v0.1.0/deposit/summary", { token: b.token, locale: "id" });
    expect(summary.body).toMatchObject({ code: 200, data: { unpaid_total: 20_000, overdue_total: 12_000, paid_this_month: 0 } });
    const one = await call("GET", `/v0.1.1/deposit/invoices/${overdue.id}`, { token: b.token, locale: "id" });
    expect(one.body).toMatchObject({ code: 200, data: { number: overdue.number, status_name: "Jatuh tempo", lines: [{ description: "Kardus", qty: 1, price: 12_000, total: 12_000 }] } });
    expect(one.body.data).not.toHaveProperty("payment_datas");
    const none = await call("GET", "/v0.1.0/deposit/invoices", { token: b.token, query: { status: "paid" } });
    expect(none).toMatchObject({ status: 404, body: { code: 404, data: [] } });
    const emptyHistory = await call("GET", "/v0.0.0/balances/histories/deposit", { token: b.token });
    expect(emptyHistory.status).toBe(404);
    const bad = await call("GET", "/v0.1.0/deposit/invoices", { token: b.token, query: { status: "nope", limit: 0 } });
    expect(bad.status).toBe(422);
    const settings = await call("GET", "/v0.1.0/deposit/settings", { token: b.token });
    expect(settings.body).toMatchObject({ code: 200, data: { invoice_setting: 3, auto_payment: false } });
    expect((await call("GET", "/v0.1.0/deposit/summary")).status).toBe(401);
  });

  it("never shows or pays another business's invoice or payment", async () => {
    const theirs = await invoice(b, 9_000);
    const p = await topup(b, 10_000);
    expect((await call("GET", `/v0.1.1/deposit/invoices/${theirs.id}`, { token: a.token })).status).toBe(404);
    expect((await call("GET", `/v0.1.2/deposit/invoices/${theirs.id}`, { token: a.token })).status).toBe(404);
    expect((await call("GET", `/v0.0.0/deposit/payments/${p.payment_id}`, { token: a.token })).status).toBe(404);
    const pay = await call("POST", "/v0.2.1/deposit/invoices/pay", { token: a.token, json: { invoice_id: theirs.id, via: "deposit" } });
    expect(pay.status).toBe(404);
    const listed = await call("GET", "/v0.1.0/deposit/invoices", { token: a.token, query: { limit: 150 } });
    expect((listed.body.data as any[]).some((i) => i.invoice_id === theirs.id)).toBe(false);
  });

  it("exports the deposit history and the invoices as xlsx, in the asker's language", async () => {
    await invoice(b, 4_000, -1);
    const queued = await call("POST", "/v0.0.0/exports/deposit-invoices", { token: b.token, json: { status: "overdue" }, locale: "id" });
    expect(queued.status).toBe(202);
    const id = (queued.body.data as any).job_id;
    while (await runNextJob());
    const file = await api.request(`/api/v0.0.0/exports/${id}/download`, { headers: { Authorization: `Bearer ${b.token}` } });
    expect(file.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await file.arrayBuffer());
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe("Tagihan deposit");
    expect(sheet.getRow(1).getCell(1).value).toBe("Nomor tagihan");
    expect(sheet.rowCount).toBeGreaterThanOrEqual(2);
    for (let r = 2; r <= sheet.rowCount; r++) expect(sheet.getRow(r).getCell(6).value).toBe("Jatuh tempo");
    const history = await call("POST", "/v0.0.0/exports/deposit-histories", { token: a.token, json: {} });
    const hid = (history.body.data as any).job_id;
    while (await runNextJob());
    const hfile = await api.request(`/api/v0.0.0/exports/${hid}/download`, { headers: { Authorization: `Bearer ${a.token}` } });
    const hbook = new ExcelJS.Workbook();
    await hbook.xlsx.load(await hfile.arrayBuffer());
    expect(hbook.worksheets[0].getRow(1).getCell(2).value).toBe("Type");
  });

  it("keeps the ledger consistent for every business touched", async () => {
    for (const x of [a, b]) expect(await auditLedger(db, x.businessId)).toEqual([]);
    expect(await auditLedger(db)).toEqual([]);
  });
});
