/**
 * Platform command: issues a deposit invoice to a business (core/money/invoices.ts issueInvoice).
 *   node --import tsx scripts/issue-invoice.ts <business id> sales_po "<description>" <qty> <price> [<due in days, default 7>]
 *   node --import tsx scripts/issue-invoice.ts <business id> subscription     (this period's, per the invoice setting)
 *   node --import tsx scripts/issue-invoice.ts <business id> subscription-fee <rupiah a month | none>
 * Uses DATABASE_URL, or the embedded database in ./data/pg (also while the app is running).
 */
import { bootstrapDatabase } from "#db/bootstrap.ts";

const [idText, what, ...rest] = process.argv.slice(2);
const businessId = Number(idText);
const usage = () => {
  console.error("Usage: scripts/issue-invoice.ts <business id> sales_po <description> <qty> <price> [due days] | subscription | subscription-fee <rupiah|none>");
  process.exit(2);
};
if (!Number.isSafeInteger(businessId) || businessId <= 0 || !["sales_po", "subscription", "subscription-fee"].includes(what ?? "")) usage();

const { stop } = await bootstrapDatabase();
const { db, pool } = await import("#db/client.ts");
const { moneySettings } = await import("#db/schema/index.ts");
const { issueInvoice, issueSubscriptionInvoice } = await import("#core/money/invoices.ts");
const { DAY_MS, wibDayStart } = await import("#core/lib/time.ts");

let code = 0;
try {
  if (what === "sales_po") {
    const [description, qty, price, dueDays = "7"] = rest;
    if (!description || !Number.isSafeInteger(Number(qty)) || !Number.isSafeInteger(Number(price))) usage();
    const now = new Date();
    const inv = await issueInvoice(db, businessId, {
      type: "sales_po", periodStart: wibDayStart(now), periodEnd: wibDayStart(now, 1), dueAt: new Date(now.getTime() + Number(dueDays) * DAY_MS),
      lines: [{ description, qty: Number(qty), price: Number(price) }],
    });
    console.log(`Issued ${inv!.number}: Rp ${inv!.amount} to business ${businessId}.`);
  } else if (what === "subscription") {
    const inv = await issueSubscriptionInvoice(businessId);
    if (inv) console.log(`Issued ${inv.number}: Rp ${inv.amount} to business ${businessId}.`);
    else {
      console.error("Nothing to issue: no subscription, or this period is billed already.");
      code = 1;
    }
  } else {
    const fee = rest[0] === "none" ? null : Number(rest[0]);
    if (fee !== null && (!Number.isSafeInteger(fee) || fee <= 0)) usage();
    await db.insert(moneySettings).values({ businessId, subscriptionFee: fee })
      .onConflictDoUpdate({ target: moneySettings.businessId, set: { subscriptionFee: fee, timeModified: new Date() } });
    console.log(`Business ${businessId}: subscription ${fee === null ? "none" : `Rp ${fee} a month`}.`);
  }
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  code = 1;
} finally {
  await pool.end();
  await stop();
}
process.exit(code);
