/** Unread notifications per member of a business (the header's badge, the socket's count). */
import { and, count, eq, inArray, isNull } from "drizzle-orm";
import { db as pool, type Db, type Tx } from "#db/client.ts";
import { notifications } from "#db/schema/index.ts";

export async function unreadCountOf(exec: Db | Tx | undefined, businessId: number, userIds: number[]): Promise<Map<number, number>> {
  if (!userIds.length) return new Map();
  const rows = await (exec ?? pool)
    .select({ userId: notifications.userId, n: count() })
    .from(notifications)
    .where(and(eq(notifications.businessId, businessId), inArray(notifications.userId, userIds), isNull(notifications.readAt)))
    .groupBy(notifications.userId);
  return new Map(rows.map((r) => [r.userId, r.n]));
}
