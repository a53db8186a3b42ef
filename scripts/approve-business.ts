/**
 * Admin command: approves a user's company waiting in moderation, so the user becomes a seller.
 *   node --import tsx scripts/approve-business.ts <email>
 * Uses DATABASE_URL, or the embedded database in ./data/pg (also while the app is running).
 */
import { bootstrapDatabase } from "#db/bootstrap.ts";

const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  console.error("Usage: node --import tsx scripts/approve-business.ts <email>");
  process.exit(2);
}

const { stop } = await bootstrapDatabase();
const { and, desc, eq, sql } = await import("drizzle-orm");
const { db, pool } = await import("#db/client.ts");
const { BUSINESS_STATUS, businesses, users } = await import("#db/schema/index.ts");
const { approveBusiness } = await import("#core/business/business.ts");

let code = 0;
try {
  const [user] = await db.select().from(users).where(eq(sql`lower(${users.email})`, email)).limit(1);
  const [pending] = user
    ? await db.select().from(businesses)
      .where(and(eq(businesses.ownerUserId, user.id), eq(businesses.status, BUSINESS_STATUS.moderation)))
      .orderBy(desc(businesses.timeCreated)).limit(1)
    : [];
  if (!user) {
    console.error(`No user with email ${email}.`);
    code = 1;
  } else if (!pending || !(await approveBusiness(pending.id, null))) {
    console.error(`${user.name} has no company waiting in moderation.`);
    code = 1;
  } else {
    console.log(`Approved "${pending.name}" (business ${pending.id}): ${user.name} is a seller now.`);
  }
} finally {
  await pool.end();
  await stop();
}
process.exit(code);
