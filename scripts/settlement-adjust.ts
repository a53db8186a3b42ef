/**
 * Admin command: the platform's correction of one order's settlement (issue 15), posted on the
 * business's income (core/money/settlements.ts adjustSettlement): ± whole rupiah, refused when the
 * income would go below 0; the key makes a repeated command post once.
 *   node --import tsx scripts/settlement-adjust.ts <order code> <amount, e.g. -5000> <key> [note]
 * Uses DATABASE_URL, or the embedded database in ./data/pg (also while the app is running).
 */
import { bootstrapDatabase } from "#db/bootstrap.ts";

const [code, amountText, key, ...note] = process.argv.slice(2);
const amount = Number(amountText);
if (!code || !key || !/^-?\d+$/.test(amountText ?? "") || !Number.isSafeInteger(amount) || amount === 0) {
  console.error("Usage: node --import tsx scripts/settlement-adjust.ts <order code> <±whole rupiah> <key> [note]");
  process.exit(2);
}

const { stop } = await bootstrapDatabase();
const { eq } = await import("drizzle-orm");
const { db, pool } = await import("#db/client.ts");
const { settlements } = await import("#db/schema/index.ts");
const { adjustSettlement } = await import("#core/money/settlements.ts");

let exit = 0;
try {
  const found = await db.select({ businessId: settlements.businessId, orderId: settlements.orderId }).from(settlements).where(eq(settlements.orderCode, code));
  if (found.length !== 1) {
    console.error(found.length ? `${found.length} businesses have an order ${code}; adjust through core with the business id.` : `No settled order ${code}.`);
    exit = 1;
  } else {
    const r = await adjustSettlement(db, { ...found[0], amount, key, note: note.join(" ") || undefined });
    console.log(r.created ? `Adjusted ${code} by ${amount} (ledger transaction ${r.transactionId}).` : `Key ${key} was already posted (transaction ${r.transactionId}): nothing new.`);
  }
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  exit = 1;
}
await pool.end();
await stop();
process.exit(exit);
