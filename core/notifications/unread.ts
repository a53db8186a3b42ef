/** Unread notifications per member of a business (the header's badge, the socket's count). */
import { and, count, eq, isNull, sql } from "drizzle-orm";
import { db as pool, prepared, type Db, type Tx } from "#db/client.ts";
import { notifications } from "#db/schema/index.ts";

export async function unreadCountOf(exec: Db | Tx | undefined, businessId: number, userIds: number[]): Promise<Map<number, number>> {
  if (!userIds.length) return new Map();
  // Every signed-in page asks it (the header's badge): prepared (db/client.ts).
  const rows = await prepared(exec ?? pool, "unread_count", (e, name) => e
    .select({ userId: notifications.userId, n: count() })
    .from(notifications)
    .where(and(eq(notifications.businessId, sql.placeholder("business")), sql`${notifications.userId} = ANY(${sql.placeholder("users")}::int[])`, isNull(notifications.readAt)))
    .groupBy(notifications.userId)
    .prepare(name)).execute({ business: businessId, users: userIds });
  return new Map(rows.map((r) => [r.userId, r.n]));
}
