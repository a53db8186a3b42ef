/**
 * Notification settings (/setting/notification; spec 7 "Settings": PUT …/settings/business/{id}/
 * notification, and the notification_settings of GET …/settings/business/{id}): which events reach
 * the signed-in member by which channel — in the app, by e-mail, by SMS — in one of their
 * businesses. Personal: each member sets their own (another business's id is NotFound), and only
 * the events their privileges let them hear of are listed or kept (./events.ts).
 *
 * Saving replaces the whole choice (a PUT): an event left out is switched off on every channel,
 * as a form with its boxes unticked sends nothing for it. Each real change is written to the
 * business's history (the audit log) with the switches before and after.
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { notificationSettings, users } from "#db/schema/index.ts";
import { sideBySide, type Db, type Tx } from "#db/client.ts";
import type { Scope } from "#core/actor.ts";
import { ownMembership } from "#core/auth/account.ts";
import { canAccess } from "#core/auth/privileges.ts";
import { recordHistory } from "#core/lib/history.ts";
import {
  DEFAULT_SWITCHES, EVENT_AREA, NOTIFICATION_CHANNELS, NOTIFICATION_EVENTS, type ChannelSwitches, type NotificationEvent,
} from "./events.ts";

export const NOTIFICATION_SETTINGS_REF = "notification_settings";

/** A switch as a form sends it ("on", or nothing) or as JSON (true / false); anything else is invalid. */
const onOff = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? false : v === "on" || v === "true" || v === "1" ? true : v === "false" || v === "0" ? false : v),
  z.boolean({ error: "invalid" }),
);
const switches = z.object(Object.fromEntries(NOTIFICATION_CHANNELS.map((c) => [c, onOff])) as Record<(typeof NOTIFICATION_CHANNELS)[number], typeof onOff>);

/** The body: { <event>: { in_app, email, sms } } for each event; one left out is all off. */
export const notificationSettingsBody = z.object(
  Object.fromEntries(NOTIFICATION_EVENTS.map((e) => [e, switches.optional()])) as Record<NotificationEvent, z.ZodOptional<typeof switches>>,
  { error: "invalid" },
);
export type NotificationSettingsBody = z.infer<typeof notificationSettingsBody>;

type Member = Awaited<ReturnType<typeof ownMembership>>;
const heard = (member: Member) => NOTIFICATION_EVENTS.filter((e) => EVENT_AREA[e] === null || canAccess(member, EVENT_AREA[e]!));

async function storedOf(exec: Db | Tx, businessId: number, userId: number) {
  const [row] = await exec.select().from(notificationSettings)
    .where(and(eq(notificationSettings.businessId, businessId), eq(notificationSettings.userId, userId)));
  return row?.channels ?? {};
}

function settingsJson(member: Member, stored: Record<string, Partial<ChannelSwitches>>, contact: { email: string | null; phone: string | null }) {
  return {
    business_id: member.businessId,
    events: heard(member).map((event) => ({ event, ...DEFAULT_SWITCHES, ...stored[event] })),
    // Where e-mail and SMS would go: a channel without an address sends nothing.
    email: contact.email,
    phone: contact.phone,
  };
}
export type NotificationSettingsJson = ReturnType<typeof settingsJson>;

async function contactOf(exec: Db | Tx, userId: number) {
  const [u] = await exec.select({ email: users.email, phone: users.phone }).from(users).where(eq(users.id, userId));
  return u ?? { email: null, phone: null };
}

export async function getNotificationSettings(scope: Scope, businessId: number) {
  const member = await ownMembership(scope, businessId);
  const [stored, contact] = await sideBySide(scope.db,
    () => storedOf(scope.db, member.businessId, scope.actor.user.id), () => contactOf(scope.db, scope.actor.user.id),
  );
  return settingsJson(member, stored, contact);
}

export async function setNotificationSettings(scope: Scope, businessId: number, body: NotificationSettingsBody) {
  const member = await ownMembership(scope, businessId);
  const userId = scope.actor.user.id;
  const next = Object.fromEntries(heard(member).map((e) => [e, { ...{ in_app: false, email: false, sms: false }, ...body[e] }])) as Record<string, ChannelSwitches>;
  const stored = await scope.db.transaction(async (tx) => {
    const before = await storedOf(tx, member.businessId, userId);
    const after = { ...before, ...next };
    await tx.insert(notificationSettings).values({ businessId: member.businessId, userId, channels: after })
      .onConflictDoUpdate({ target: [notificationSettings.businessId, notificationSettings.userId], set: { channels: after, timeModified: new Date() } });
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [event, to] of Object.entries(next)) {
      const from = { ...DEFAULT_SWITCHES, ...before[event] };
      const said = (s: ChannelSwitches) => NOTIFICATION_CHANNELS.filter((c) => s[c]).join(", ") || "-";
      if (said(from) !== said(to)) changes[event] = { from: said(from), to: said(to) };
    }
    if (Object.keys(changes).length) {
      await recordHistory(tx, { businessId: member.businessId, refType: NOTIFICATION_SETTINGS_REF, refId: userId, userId, action: "update", changes });
    }
    return after;
  });
  return settingsJson(member, stored, await contactOf(scope.db, userId));
}
