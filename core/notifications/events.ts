/**
 * The events a business's staff are told of (issue 13 item 4/5) and the channels that can carry
 * them. Plain constants, browser-safe: the settings page, core and the REST adapter read them.
 *
 * Each event belongs to an area — the privilege a member needs to hear of it (a staff member who
 * cannot open orders is not told of new ones) — or is personal (an export: only its asker).
 * Defaults, for a member who never chose: in the app on, e-mail and SMS off.
 */
import type { Privilege } from "#core/auth/privileges.ts";

export const NOTIFICATION_EVENTS = [
  "new_order", "cancellation_request", "complaint", "low_stock", "export_ready", "staff_joined", "withdrawal_paid", "withdrawal_failed",
  "new_question", "new_review",
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const NOTIFICATION_CHANNELS = ["in_app", "email", "sms"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export type ChannelSwitches = Record<NotificationChannel, boolean>;

/** The privilege each event needs; null: personal (the payload names its one recipient). */
export const EVENT_AREA: Record<NotificationEvent, Privilege | null> = {
  new_order: "orders",
  cancellation_request: "orders",
  complaint: "orders",
  low_stock: "products",
  export_ready: null,
  staff_joined: "setting",
  // The bank's answer to a withdrawal: everyone who handles the money hears of it.
  withdrawal_paid: "balance",
  withdrawal_failed: "balance",
  // What buyers write on the channels (issue 17): whoever answers the inbox hears of it.
  new_question: "inbox",
  new_review: "inbox",
};

export const DEFAULT_SWITCHES: ChannelSwitches = { in_app: true, email: false, sms: false };

export const isNotificationEvent = (v: unknown): v is NotificationEvent => NOTIFICATION_EVENTS.includes(v as NotificationEvent);

/** The feed's filter: unread or read (none: all). */
export const NOTIFICATION_STATUS = ["unread", "read"] as const;
