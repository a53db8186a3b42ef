/**
 * A demo broadcast (issue 17 item 6; core/customers/broadcasts.ts): Toko Demo thanked its first
 * four customers by WhatsApp five days ago — three sent, one skipped (no phone is not possible
 * here, so the fourth is marked opted out, as the customer is). The messages themselves are not
 * in the outbox: /outbox is where a demo user reads sign-in codes, and old broadcasts would bury them.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import * as s from "#db/schema/index.ts";
import type { DemoDb, DemoIds } from "./types.ts";

export async function seedDemoBroadcasts(db: DemoDb, ids: DemoIds) {
  const toko = ids.tokoDemo;
  const people = await db.select({ id: s.customers.id, name: s.customers.name, phone: s.customers.phone }).from(s.customers)
    .where(eq(s.customers.businessId, toko)).orderBy(asc(s.customers.id)).limit(4);
  if (people.length < 2) return;
  const at = new Date(Date.now() - 5 * 86400_000);
  const out = people[people.length - 1];
  await db.update(s.customers).set({ optOut: true }).where(and(eq(s.customers.businessId, toko), inArray(s.customers.id, [out.id])));
  const [b] = await db.insert(s.broadcasts).values({
    businessId: toko, userId: ids.seller, name: "Terima kasih pelanggan pertama", channel: "whatsapp",
    message: "Halo {first_name}, terima kasih sudah belanja di {store}! Ada diskon 10% untuk pesanan berikutnya.",
    filters: {}, status: "done", scheduledAt: at, startedAt: at, finishedAt: new Date(at.getTime() + 60_000), timeCreated: at,
  }).returning({ id: s.broadcasts.id });
  await db.insert(s.broadcastRecipients).values(people.map((p) => ({
    broadcastId: b.id, customerId: p.id, name: p.name, address: p.phone,
    status: p.id === out.id ? "skipped_opt_out" : "sent", timeModified: new Date(at.getTime() + 30_000),
  })));
  await db.insert(s.updateHistory).values({
    businessId: toko, refType: "customer_broadcast", refId: b.id, userId: ids.seller, action: "broadcast", timeCreated: at,
    changes: { filters: { from: null, to: "{}" }, channel: { from: null, to: "whatsapp" }, recipients: { from: null, to: people.length - 1 } },
  });
}
