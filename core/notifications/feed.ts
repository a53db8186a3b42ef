/**
 * The signed-in member's notifications in the business they work in (/notification, GET
 * /v0.0.0/notifications): newest first, unread or all, each with its message in the reader's
 * language and the page of its object; the unread count (the header's badge); marking one, some
 * or all read. Only one's own: another member's notification (or another business's) is NotFound,
 * marking it read changes nothing of theirs.
 *
 * Any seller may read their feed: what reaches it was already filtered by their privileges when
 * it was written (./notify.ts). A link is shown only while it leads to a page of their privileges.
 */
import { and, count, desc, eq, inArray, isNotNull, isNull, type SQL } from "drizzle-orm";
import { z } from "zod";
import { sideBySide } from "#db/client.ts";
import { notifications } from "#db/schema/index.ts";
import { sellerScope, type Scope, type SellerActor } from "#core/actor.ts";
import { canAccess, privilegeForPath } from "#core/auth/privileges.ts";
import { NotFound } from "#core/errors.ts";
import { listQuery, offsetOf } from "#core/lib/list-query.ts";
import { unix } from "#core/lib/time.ts";
import { publishUnread } from "./notify.ts";
import { unreadCountOf } from "./unread.ts";
import { NOTIFICATION_STATUS } from "./events.ts";

export { NOTIFICATION_STATUS };

export const notificationListQuery = listQuery.extend({
  status: z.enum(NOTIFICATION_STATUS, { error: "invalid" }).optional(),
  sort: z.coerce.number().int().min(1, "invalid").max(2, "invalid").default(2),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

/** PUT …/notifications/read: the ones to mark (none given: nothing). */
export const markReadBody = z.object({
  notification_ids: z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.coerce.number({ error: "invalid" }).int("invalid").min(1, "invalid").max(2_147_483_647, "invalid")).min(1, "required").max(500, "invalid")),
});

const mine = (actor: SellerActor): SQL => and(eq(notifications.businessId, actor.member.businessId), eq(notifications.userId, actor.user.id))!;

export function notificationJson(actor: SellerActor, n: typeof notifications.$inferSelect) {
  const area = n.link ? privilegeForPath(n.link) : null;
  return {
    notification_id: n.id,
    event: n.event,
    message: actor.t(`notification:event.${n.event}`, n.vars),
    ref_type: n.refType,
    ref_id: n.refId,
    link: n.link && (!area || canAccess(actor.member, area)) ? n.link : null,
    is_read: n.readAt !== null,
    time_read: unix(n.readAt),
    time_created: unix(n.timeCreated)!,
  };
}
export type NotificationJson = ReturnType<typeof notificationJson>;

export async function listNotifications(scope: Scope, q: NotificationListQuery) {
  const { db, actor } = sellerScope(scope);
  const where = and(mine(actor), q.status === "unread" ? isNull(notifications.readAt) : q.status === "read" ? isNotNull(notifications.readAt) : undefined);
  const [rows, [{ total }]] = await sideBySide(db,
    () => db.select().from(notifications).where(where)
      .orderBy(...(q.sort === 1 ? [notifications.id] : [desc(notifications.id)]))
      .limit(q.limit).offset(offsetOf(q)),
    () => db.select({ total: count() }).from(notifications).where(where),
  );
  return { rows: rows.map((n) => notificationJson(actor, n)), total };
}

/** One of the actor's notifications, or NotFound. */
export async function getNotification(scope: Scope, id: number) {
  const { db, actor } = sellerScope(scope);
  const [n] = await db.select().from(notifications).where(and(mine(actor), eq(notifications.id, id))).limit(1);
  if (!n) throw new NotFound();
  return notificationJson(actor, n);
}

export async function unreadCount(scope: Scope) {
  const { db, actor } = sellerScope(scope);
  const counts = await unreadCountOf(db, actor.member.businessId, [actor.user.id]);
  return { unread_count: counts.get(actor.user.id) ?? 0 };
}

/**
 * Marks these of the actor's notifications read (already read ones keep their time). An id that
 * is not the actor's is NotFound and nothing is marked. Answers the unread count after, which the
 * actor's other tabs hear too.
 */
export async function markRead(scope: Scope, ids: number[]) {
  const { db, actor } = sellerScope(scope);
  const wanted = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const found = await tx.select({ id: notifications.id }).from(notifications).where(and(mine(actor), inArray(notifications.id, wanted)));
    if (found.length !== wanted.length) throw new NotFound();
    await tx.update(notifications).set({ readAt: new Date() }).where(and(mine(actor), inArray(notifications.id, wanted), isNull(notifications.readAt)));
  });
  return told(scope);
}

/** Marks every unread notification of the actor in this business read. */
export async function markAllRead(scope: Scope) {
  const { db, actor } = sellerScope(scope);
  await db.update(notifications).set({ readAt: new Date() }).where(and(mine(actor), isNull(notifications.readAt)));
  return told(scope);
}

async function told(scope: Scope) {
  const { actor } = sellerScope(scope);
  await publishUnread(actor.member.businessId, [actor.user.id], scope.db);
  return unreadCount(scope);
}
