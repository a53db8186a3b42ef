/**
 * The deposit pages at the web's seam (app/routes/admin/income-balance/deposit/*): the balance and
 * the demo's invoices, a top-up refused under its field and one asked (→ its payment page), the
 * auto-payment switch's confirm step without JavaScript, paying an invoice from the deposit
 * (asked first, then paid; not enough → a danger notice, nothing paid), and another business's
 * invoice and print page as the not-found page.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as depositPage from "#app/routes/admin/income-balance/deposit/index.tsx";
import * as invoicePage from "#app/routes/admin/income-balance/deposit/invoice.tsx";
import * as paymentPage from "#app/routes/admin/income-balance/deposit/payment.tsx";
import * as printPage from "#app/routes/admin/print/deposit-invoice.tsx";
import * as poPage from "#app/routes/admin/print/deposit-sales-po.tsx";
import { db } from "#db/client.ts";
import { balancesOf } from "#core/money/ledger.ts";
import * as s from "#db/schema/index.ts";
import { DEMO } from "#tests/demo-accounts.ts";
import { runAction, runLoader } from "./harness.ts";

process.env.SIMULATED_PAYMENT_DELAY_MS = "3600000";

async function tokoDemo() {
  const [b] = await db.select().from(s.businesses).where(eq(s.businesses.name, "Toko Demo"));
  return b.id;
}

describe("deposit pages", () => {
  it("shows the demo deposit: balance, invoices with counts per status", async () => {
    const res = await runLoader(depositPage, { url: "/income-balance/deposit?tab=invoices", as: DEMO.seller });
    expect(res.status).toBe(200);
    // The demo's Indie ads (core/demo/ads.ts) were topped up for (Rp 100.000) and spent from it.
    const adSpend = (await balancesOf(db, await tokoDemo())).ads;
    expect(adSpend).toBeGreaterThan(0);
    expect(res.data.summary.deposit_balance).toBe(500_000 - 2 * 99_000 - 150_000 + 100_000 - adSpend);
    expect(res.data.counts).toMatchObject({ all: 5, paid: 3, overdue: 1, unpaid: 1 });
    expect(res.data.list.rows).toHaveLength(5);
    const history = await runLoader(depositPage, { url: "/id/income-balance/deposit", as: DEMO.seller });
    expect(history.data.list.rows[0]).toMatchObject({ kind: "ad_spend", type_name: "Biaya Indie ads" });
    expect(history.data.list.rows.find((r: { kind: string }) => r.kind === "invoice_payment")).toMatchObject({ type: "sales_po", amount: -150_000 });
    expect(history.data.list.rows.at(-1)).toMatchObject({ type: "topup", type_name: "Isi ulang", amount: 500_000 });
  });

  it("refuses a bad top-up under its field and sends a good one to its payment page", async () => {
    const bad = await runAction(depositPage, { url: "/income-balance/deposit", as: DEMO.seller, form: { intent: "topup", amount: "1,000.50", method: "3" } });
    expect(bad.status).toBe(400);
    expect(bad.data.form).toBe("topup");
    expect(bad.data.reply.error.amount?.[0]).toBeTruthy();
    const ok = await runAction(depositPage, { url: "/income-balance/deposit", as: DEMO.seller, form: { intent: "topup", amount: "75.000", method: "4" } });
    expect(ok.redirect).toMatch(/^\/income-balance\/deposit\/payments\/\d+$/);
    const id = ok.redirect!.split("/").pop()!;
    const page = await runLoader(paymentPage, { url: ok.redirect!, as: DEMO.seller, params: { id } });
    expect(page.data.payment).toMatchObject({ status: "pending", amount: 75_000, method_name: "E-Wallet", instructions: { kind: "va" } });
    expect((await runLoader(paymentPage, { url: ok.redirect!, as: DEMO.seller2, params: { id } })).status).toBe(404);
  });

  it("asks before turning auto-payment on (no JavaScript: the confirm step), then turns it on", async () => {
    const ask = await runAction(depositPage, { url: "/income-balance/deposit", as: DEMO.seller, form: { intent: "auto_payment", on: "1" } });
    expect(ask.redirect).toBe("/income-balance/deposit?confirm=auto_payment&on=1");
    const panel = await runLoader(depositPage, { url: ask.redirect!, as: DEMO.seller });
    expect(panel.data.confirmAuto).toBe("on");
    const done = await runAction(depositPage, { url: "/income-balance/deposit", as: DEMO.seller, form: { intent: "auto_payment", on: "1", confirmed: "1" } });
    expect(done.toasts).toContainEqual({ type: "success", message: "Auto-payment is on." });
    const after = await runLoader(depositPage, { url: "/income-balance/deposit", as: DEMO.seller });
    expect(after.data.settings.auto_payment).toBe(true);
    await runAction(depositPage, { url: "/income-balance/deposit", as: DEMO.seller, form: { intent: "auto_payment", on: "0", confirmed: "1" } });
  });

  it("pays an invoice from the deposit after asking; refuses one the deposit cannot cover", async () => {
    const businessId = await tokoDemo();
    const [sub] = await db.select().from(s.depositInvoices)
      .where(and(eq(s.depositInvoices.businessId, businessId), eq(s.depositInvoices.type, "system_subscription"), eq(s.depositInvoices.status, "unpaid")));
    const id = String(sub.id);
    const url = `/income-balance/deposit/invoices/${id}`;
    const ask = await runAction(invoicePage, { url, as: DEMO.seller, params: { id }, form: { intent: "pay", via: "deposit" } });
    expect(ask.redirect).toBe(`${url}?confirm=pay&via=deposit`);
    const panel = await runLoader(invoicePage, { url: ask.redirect!, as: DEMO.seller, params: { id } });
    expect(panel.data.confirm).toEqual({ intent: "pay", via: "deposit" });
    const paid = await runAction(invoicePage, { url, as: DEMO.seller, params: { id }, form: { intent: "pay", via: "deposit", confirmed: "1" } });
    expect(paid.redirect).toBe(url);
    expect(paid.toasts).toContainEqual({ type: "success", message: "Invoice paid." });
    const [after] = await db.select().from(s.depositInvoices).where(eq(s.depositInvoices.id, sub.id));
    expect(after).toMatchObject({ status: "paid", paidVia: "deposit" });

    const [po] = await db.select().from(s.depositInvoices)
      .where(and(eq(s.depositInvoices.businessId, businessId), eq(s.depositInvoices.type, "sales_po"), eq(s.depositInvoices.status, "unpaid")));
    const poId = String(po.id);
    const refused = await runAction(invoicePage, { url: `/income-balance/deposit/invoices/${poId}`, as: DEMO.seller, params: { id: poId }, form: { intent: "pay", via: "deposit", confirmed: "1" } });
    expect(refused.toasts).toContainEqual({ type: "danger", message: "Your deposit is not enough for this amount." });
    const [still] = await db.select().from(s.depositInvoices).where(eq(s.depositInvoices.id, po.id));
    expect(still.status).toBe("unpaid");

    const print = await runLoader(poPage, { url: `/print/deposit-sales-po?id=${poId}`, as: DEMO.seller });
    expect(print.data.invoice).toMatchObject({ number: po.number, type: "sales_po" });
    expect((await runLoader(poPage, { url: `/print/deposit-sales-po?id=${id}`, as: DEMO.seller })).status).toBe(404);
    expect((await runLoader(printPage, { url: `/print/deposit-invoice?id=${id}`, as: DEMO.seller2 })).status).toBe(404);
    expect((await runLoader(invoicePage, { url, as: DEMO.seller2, params: { id } })).status).toBe(404);
    expect((await runLoader(printPage, { url: "/print/deposit-invoice?id=abc", as: DEMO.seller })).status).toBe(404);
  });
});
