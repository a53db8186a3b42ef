/**
 * A business of its own for a money test: the ledger's balances are per business, so a test that
 * counts them must not share one with another test file running at the same time.
 */
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";

let seq = 0;

export async function moneyBusiness(label = "Money") {
  const tag = `${process.pid}-${Date.now().toString(36)}-${++seq}`;
  const [user] = await db.insert(s.users).values({ name: `${label} ${tag}`, email: `money-${tag}@indie.test`, passwordHash: "x" }).returning();
  const [business] = await db.insert(s.businesses).values({
    name: `Toko ${label} ${tag}`, legalType: "pt", businessType: 2, phone: "+62215550199", address: "Jl. Uang 1", ownerUserId: user.id,
  }).returning();
  return { businessId: business.id, userId: user.id };
}
