/**
 * The demo's deposit (issue 15 item 3): each demo business has the platform subscription
 * (Rp 99.000 a month, billed monthly, auto-payment off), a top-up paid two months ago, the last two
 * months' subscription invoices paid from the deposit, this month's unpaid, and two sales POs —
 * one paid, one overdue (more than the deposit holds, so paying it shows the refusal until a
 * top-up). Everything goes through the same core calls as the app (issueInvoice, the ledger).
 */
import { eq } from "drizzle-orm";
import { db } from "#db/client.ts";
import { depositInvoices, moneySettings, payments } from "#db/schema/index.ts";
import { DAY_MS } from "#core/lib/time.ts";
import { post, postMany } from "#core/money/ledger.ts";
import { issueInvoice, subscriptionPeriod } from "#core/money/invoices.ts";

const FEE = 99_000;

export async function seedDemoDeposit(ids: { tokoDemo: number; sekar: number; seller: number; seller2: number }) {
  for (const [businessId, userId] of [[ids.tokoDemo, ids.seller], [ids.sekar, ids.seller2]] as const) {
    await db.insert(moneySettings).values({ businessId, invoiceSetting: 3, autoPayment: false, subscriptionFee: FEE }).onConflictDoNothing();
    const now = Date.now();
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY_MS);
    // A top-up two months ago, paid through the payment service.
    const [pay] = await db.insert(payments).values({
      businessId, purpose: "topup", amount: 500_000, method: 3, status: "paid", providerRef: "DEMO-VA-1",
      instructions: { kind: "va", value: "8808000000001" }, userId, timeCreated: at(62), timeSettled: at(62),
    }).returning();
    await db.transaction((tx) => post(tx, { businessId, kind: "topup", key: `payment-${pay.id}:paid`, ref: { type: "payment", id: pay.id }, userId,
      memo: { payment_id: pay.id, method: 3 }, at: at(62), legs: [{ account: "deposit", amount: 500_000 }, { account: "payment", amount: -500_000 }] }));

    // The last two months' subscription (paid from the deposit), then this month's (unpaid).
    const thisMonth = subscriptionPeriod(3, new Date(now));
    const lastMonth = subscriptionPeriod(3, new Date(thisMonth.start.getTime() - DAY_MS));
    const monthBefore = subscriptionPeriod(3, new Date(lastMonth.start.getTime() - DAY_MS));
    const subscription = (p: { start: Date; end: Date }) => ({
      type: "system_subscription" as const, periodStart: p.start, periodEnd: p.end, dueAt: p.end, at: p.start,
      lines: [{ description: "deposit:subscription_line.3", qty: 1, price: FEE }],
    });
    const paid: { id: number; amount: number; number: string; at: Date }[] = [];
    for (const p of [monthBefore, lastMonth]) {
      const inv = await issueInvoice(db, businessId, subscription(p));
      if (inv) paid.push({ id: inv.id, amount: inv.amount, number: inv.number, at: new Date(p.start.getTime() + 2 * DAY_MS) });
    }
    await issueInvoice(db, businessId, subscription(thisMonth));

    // Sales POs: packaging supplied by the platform.
    const po = await issueInvoice(db, businessId, {
      type: "sales_po", periodStart: at(40), periodEnd: at(39), dueAt: at(33), at: at(40),
      lines: [{ description: "Kardus kemasan 20×15×10 cm", qty: 500, price: 200 }, { description: "Lakban bening 48 mm", qty: 20, price: 2_500 }],
    });
    if (po) paid.push({ id: po.id, amount: po.amount, number: po.number, at: at(38) });
    await issueInvoice(db, businessId, {
      type: "sales_po", periodStart: at(10), periodEnd: at(9), dueAt: at(3), at: at(10),
      lines: [{ description: "Polymailer 25×35 cm", qty: 1_000, price: 300 }, { description: "Stiker thermal 100×150 mm (roll)", qty: 10, price: 5_000 }],
    });

    await db.transaction(async (tx) => {
      await postMany(tx, paid.map((i) => ({
        businessId, kind: "invoice_payment" as const, key: `invoice-${i.id}:paid`, ref: { type: "invoice", id: i.id }, userId, at: i.at,
        memo: { invoice: i.number }, legs: [{ account: "deposit" as const, amount: -i.amount }, { account: "platform_costs" as const, amount: i.amount }],
      })));
      for (const i of paid) await tx.update(depositInvoices).set({ status: "paid", paidVia: "deposit", paidAt: i.at, paidBy: userId }).where(eq(depositInvoices.id, i.id));
    });
  }
}
