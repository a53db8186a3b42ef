/**
 * The platform's command for promotions (issue 16: moderation is the platform's):
 *   npm run promotions:moderate -- <approve|reject|suspend|resume|cancel> <promotion id> [note]
 * reject and suspend need the note the seller will read on the promotion's page. The move goes
 * through the lifecycle table (core/promotions/lifecycle.ts, actor "platform") with its history row.
 * Uses DATABASE_URL, or the embedded database in ./data/pg (also while the app is running).
 */
import { bootstrapDatabase } from "#db/bootstrap.ts";

const [action, idText, ...noteWords] = process.argv.slice(2);
const actions = ["approve", "reject", "suspend", "resume", "cancel"] as const;
const id = Number(idText);
if (!actions.includes(action as (typeof actions)[number]) || !Number.isInteger(id) || id <= 0) {
  console.error(`Usage: npm run promotions:moderate -- <${actions.join("|")}> <promotion id> [note]`);
  process.exit(2);
}

const { stop } = await bootstrapDatabase();
const { eq } = await import("drizzle-orm");
const { db, pool } = await import("#db/client.ts");
const { promotions } = await import("#db/schema/index.ts");
const { movePromotion } = await import("#core/promotions/promotions.ts");
const { DomainError } = await import("#core/errors.ts");
const { translator } = await import("#core/i18n.ts");

let code = 0;
try {
  const [p] = await db.select({ businessId: promotions.businessId, name: promotions.name }).from(promotions).where(eq(promotions.id, id));
  if (!p) {
    console.error(`No promotion ${id}.`);
    code = 1;
  } else {
    const r = await db.transaction((tx) => movePromotion(tx, p.businessId, id, action as (typeof actions)[number], "platform", { note: noteWords.join(" ") }));
    console.log(`"${p.name}" (promotion ${id}): ${r.from} → ${r.to}.`);
  }
} catch (e) {
  if (!(e instanceof DomainError)) throw e;
  console.error(translator("en")(e.message, e.vars));
  code = 1;
} finally {
  await pool.end();
  await stop();
}
process.exit(code);
