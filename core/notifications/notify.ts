/**
 * The one way an event reaches the business's staff: `notify(tx, businessId, event, payload)`,
 * inside the transaction of what caused it (an order's intake, a member joining, an export
 * finishing…), so the notice exists exactly when its cause does — a rollback takes both back.
 *
 * Recipients: the business's Active members whose privileges cover the event's area (owners
 * have all; ./events.ts), or for a personal event the one member the payload names; each by the
 * channels their settings switch on for it (./settings.ts):
 *   in_app → a row of their feed (core/notifications/feed.ts), and their unread count on their
 *            sockets in this business once the transaction commits (onSellerNotificationCount);
 *   email / sms → a message in the outbox, written in the transaction too, delivered after the
 *            commit by the notifier (core/lib/notifier.ts), in the recipient's language. A member
 *            without an e-mail address (or a phone) gets nothing on that channel.
 * The actor who caused the event is not told of it (they know).
 */
import { and, eq } from "drizzle-orm";
import { afterCommit, type Tx } from "#db/client.ts";
import { businessMembers, businesses, notifications, notificationSettings, users } from "#db/schema/index.ts";
import { MEMBER_STATUS } from "#db/schema/team-enums.ts";
import { canAccess } from "#core/auth/privileges.ts";
import { translator } from "#core/i18n.ts";
import { appUrl } from "#core/lib/app-url.ts";
import { publishToMember } from "#core/lib/events.ts";
import { deliverQueued, queueMessage, type Message } from "#core/lib/notifier.ts";
import { DEFAULT_SWITCHES, EVENT_AREA, type ChannelSwitches, type NotificationEvent } from "./events.ts";
import { unreadCountOf } from "./unread.ts";

export type NotifyPayload = {
  /** The object it is about: its page (without the language prefix) and its reference. */
  ref?: { type: string; id: number };
  link?: string | null;
  /** The values of its message (notification:event.<event>). */
  vars?: Record<string, string | number>;
  /** A personal event's recipient (export_ready): required for those, ignored for the others. */
  userId?: number;
  /** Who caused it: not told. */
  byUserId?: number | null;
};

export const UNREAD_EVENT = "onSellerNotificationCount";

export async function notify(tx: Tx, businessId: number, event: NotificationEvent, payload: NotifyPayload = {}) {
  const area = EVENT_AREA[event];
  if (area === null && payload.userId === undefined) throw new Error(`notify(${event}): a personal event names its recipient`);
  const members = await tx
    .select({
      userId: businessMembers.userId, role: businessMembers.role, privileges: businessMembers.privileges,
      email: users.email, phone: users.phone, locale: users.locale, channels: notificationSettings.channels, businessName: businesses.name,
    })
    .from(businessMembers)
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .leftJoin(notificationSettings, and(eq(notificationSettings.businessId, businessMembers.businessId), eq(notificationSettings.userId, businessMembers.userId)))
    .where(and(
      eq(businessMembers.businessId, businessId),
      eq(businessMembers.status, MEMBER_STATUS.active),
      ...(area === null ? [eq(businessMembers.userId, payload.userId!)] : []),
    ));
  const recipients = members
    .filter((m) => (area === null || canAccess(m, area)) && m.userId !== payload.byUserId)
    .map((m) => ({ ...m, on: { ...DEFAULT_SWITCHES, ...(m.channels?.[event] as Partial<ChannelSwitches> | undefined) } }));

  const feed = recipients.filter((m) => m.on.in_app);
  if (feed.length) {
    await tx.insert(notifications).values(feed.map((m) => ({
      businessId, userId: m.userId, event, refType: payload.ref?.type ?? null, refId: payload.ref?.id ?? null,
      link: payload.link ?? null, vars: payload.vars ?? {},
    })));
  }
  const messages: { id: number; message: Message }[] = [];
  for (const m of recipients) {
    const t = translator(m.locale);
    const subject = `${m.businessName}: ${t(`notification:event.${event}`, payload.vars ?? {})}`;
    const body = payload.link ? `${subject}\n${appUrl()}${m.locale === "id" ? "/id" : ""}${payload.link}` : subject;
    const wanted: Message[] = [
      ...(m.on.email && m.email ? [{ channel: "email" as const, target: m.email, subject, body }] : []),
      ...(m.on.sms && m.phone ? [{ channel: "sms" as const, target: m.phone, subject, body }] : []),
    ];
    for (const message of wanted) messages.push({ id: await queueMessage(tx, message), message });
  }
  const told = feed.map((m) => m.userId);
  afterCommit(async () => {
    for (const { id, message } of messages) void deliverQueued(id, message);
    if (told.length) await publishUnread(businessId, told);
  });
}

/** Tells each of these members their unread count, on their sockets in this business. */
export async function publishUnread(businessId: number, userIds: number[], exec?: Parameters<typeof unreadCountOf>[0]) {
  const counts = await unreadCountOf(exec, businessId, userIds);
  for (const userId of userIds) publishToMember(businessId, userId, UNREAD_EVENT, { unread_count: counts.get(userId) ?? 0 });
}

