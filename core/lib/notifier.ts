/**
 * The one way the app sends a message to a person (OTPs, notices). Every message is written to
 * the `outbox` table first, then delivered:
 *   email → SMTP with nodemailer when SMTP_URL is set (from MAIL_FROM),
 *   sms   → POST {to, message} as JSON to SMS_WEBHOOK_URL when it is set (the SMS provider's hook),
 *   whatsapp → the same POST to WHATSAPP_WEBHOOK_URL when it is set (the WhatsApp provider's hook; broadcasts),
 *   chat  → POST {channel, to, message} as JSON to CHAT_WEBHOOK_URL when it is set (the channels' gateway),
 *   else  → in demo mode (core/lib/demo.ts): printed on the console (unless NOTIFY_CONSOLE=off)
 *            and listed on /outbox (for this machine only); outside demo mode the delivery fails ("no provider"), so a
 *            code never lands in a production log and the row says why nobody got it.
 * The row records the outcome (delivered, or the error), so a failed delivery can be seen and retried.
 * Settings are read on every call, so tests (and an operator) can change them without a restart.
 */
import { desc, eq } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { db, type Tx } from "#db/client.ts";
import { outbox } from "#db/schema/index.ts";
import { isDemo, isDemoFor, type Peer } from "./demo.ts";
import { unix } from "#core/lib/time.ts";
import { NotFound } from "#core/errors.ts";

/**
 * chat: a seller's message to a buyer on a channel (core/chat): `target` is "<channel's webhook code>:<buyer id>",
 * `subject` the channel's name; POSTed as {channel, to, message} to CHAT_WEBHOOK_URL (the channels'
 * messaging gateway) when set, else as the others in demo mode.
 */
export type Message = { channel: "email" | "sms" | "whatsapp" | "chat"; target: string; subject: string; body: string };
/** The setting naming each channel's provider. E-mail goes by SMTP; the others are POSTed as JSON to their hook. */
const PROVIDER = { email: "SMTP_URL", sms: "SMS_WEBHOOK_URL", whatsapp: "WHATSAPP_WEBHOOK_URL", chat: "CHAT_WEBHOOK_URL" } as const;
const HOOK_NAME = { sms: "SMS", whatsapp: "WhatsApp", chat: "Chat" } as const;
export type Delivery = { id: number; delivered: boolean; error: string | null };

const DEFAULT_FROM = "Indie Seller <no-reply@indie.test>";
// A provider that does not answer in time counts as a failed delivery; the user asks for a new code.
const TIMEOUT_MS = 10_000;

let transport: { url: string; transporter: Transporter } | undefined;
function mailer(url: string): Transporter {
  if (transport?.url !== url) {
    transport?.transporter.close();
    transport = {
      url,
      transporter: nodemailer.createTransport({
        url,
        connectionTimeout: TIMEOUT_MS,
        greetingTimeout: TIMEOUT_MS,
        socketTimeout: TIMEOUT_MS,
      }),
    };
  }
  return transport.transporter;
}

/**
 * Demo mode with no real transport configured: the /outbox page is open — to this machine only
 * (isDemoFor, core/lib/demo.ts), since it shows every account's codes.
 */
export function isDemoOutbox(peer: Peer): boolean {
  return isDemoFor(peer) && !Object.values(PROVIDER).some((setting) => process.env[setting]);
}

async function deliver({ channel, target, subject, body }: Message): Promise<void> {
  const provider = process.env[PROVIDER[channel]];
  if (channel === "email" && provider) {
    await mailer(provider).sendMail({ from: process.env.MAIL_FROM || DEFAULT_FROM, to: target, subject, text: body });
    return;
  }
  if (channel !== "email" && provider) {
    const [code, ...buyer] = target.split(":");
    const res = await fetch(provider, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(channel === "chat" ? { channel: code, to: buyer.join(":"), message: body } : { to: target, message: body }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`${HOOK_NAME[channel]} hook answered ${res.status}`);
    return;
  }
  if (!isDemo()) throw new Error(`No ${PROVIDER[channel]} configured`);
  if (process.env.NOTIFY_CONSOLE !== "off") {
    console.log(`\n[outbox] ${channel} to ${target}\n  ${subject}\n  ${body.replace(/\n/g, "\n  ")}\n`);
  }
}

/** Writes the outbox row, delivers, records the outcome. Never throws for a delivery failure. */
export async function notify(message: Message): Promise<Delivery> {
  const [row] = await db.insert(outbox).values(message).returning({ id: outbox.id });
  return deliverQueued(row.id, message);
}

/**
 * A message written in the caller's transaction (the notice of an event, core/notifications):
 * it exists exactly when what it tells of does. Delivered by deliverQueued once that commits.
 */
export async function queueMessage(tx: Tx, message: Message): Promise<number> {
  const [row] = await tx.insert(outbox).values(message).returning({ id: outbox.id });
  return row.id;
}

/** Delivers an outbox row's message and records the outcome. Never throws for a delivery failure. */
export async function deliverQueued(id: number, message: Message): Promise<Delivery> {
  const row = { id };
  let error: string | null = null;
  try {
    await deliver(message);
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
    console.error(`[notifier] ${message.channel} to ${message.target} failed: ${error}`);
  }
  await db.update(outbox).set({ delivered: error === null, error }).where(eq(outbox.id, row.id));
  return { id: row.id, delivered: error === null, error };
}

/**
 * The demo outbox (GET demo/outbox, the web's /outbox page): the last 50 messages, open without
 * signing in because this is where a demo user reads the code of a forgotten password. Only in
 * demo mode with no real transport, asked from this machine (isDemoOutbox); anywhere else NotFound.
 */
export async function demoOutbox(peer: Peer) {
  if (!isDemoOutbox(peer)) throw new NotFound();
  return latestMessages(50);
}
export type OutboxMessage = Awaited<ReturnType<typeof latestMessages>>[number];

/** The latest messages, newest first. */
export async function latestMessages(limit = 50) {
  const rows = await db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    target: r.target,
    subject: r.subject,
    body: r.body,
    delivered: r.delivered,
    error: r.error,
    time_created: unix(r.timeCreated)!,
  }));
}
