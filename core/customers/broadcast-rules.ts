/**
 * Broadcasts' vocabulary and their message template (decision 0028), as data and pure functions.
 * Browser-safe: no database here (the form's preview and the pages' badges read it).
 */
export const BROADCAST_CHANNELS = ["whatsapp", "sms", "email"] as const;
export type BroadcastChannel = (typeof BROADCAST_CHANNELS)[number];

export const BROADCAST_STATUSES = ["scheduled", "sending", "done", "cancelled"] as const;
/** The list's tabs: every broadcast, then one per status. */
export const BROADCAST_TABS = ["all", ...BROADCAST_STATUSES] as const;

export const RECIPIENT_STATUSES = ["queued", "sending", "sent", "failed", "unknown", "skipped_opt_out", "skipped_no_address", "cancelled"] as const;

/**
 * Sends per second per business per channel (the job paces itself with core/lib/rate-limit.ts):
 * well under what WhatsApp Business and SMS gateways allow a new sender, and gentle on SMTP.
 */
export const RATE_PER_SECOND: Record<BroadcastChannel, number> = { whatsapp: 10, sms: 10, email: 20 };

export const MESSAGE_MAX = 1000;
export const MAX_RECIPIENTS = 10_000;

export const PLACEHOLDERS = ["name", "first_name", "store", "last_order_date"] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type MessageVars = Record<Placeholder, string>;

const TOKEN = /\{([^{}\s]{0,40})\}/g;

/** The placeholders in `text` that are not ours ({nama}, {}), each once, in order. */
export function unknownPlaceholders(text: string): string[] {
  const out = new Set<string>();
  for (const [, name] of text.matchAll(TOKEN)) if (!(PLACEHOLDERS as readonly string[]).includes(name)) out.add(`{${name}}`);
  return [...out];
}

/** The message for one recipient: each placeholder replaced by its value. */
export function renderMessage(text: string, vars: MessageVars): string {
  return text.replace(TOKEN, (whole, name: string) => (Object.hasOwn(vars, name) ? vars[name as Placeholder] : whole));
}

/** The first word of a name ("Budi Santoso" → "Budi"); the whole name when it has one word. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;
