/**
 * What buyers write in chat, coming in (POST /api/webhooks/channels/:code/chat,
 * api/routes/webhooks.ts) — the same protocol as the order and inbox webhooks:
 * - Signature and reading: `readDelivery(code, raw, signature, chatEvent)` (core/orders/webhooks.ts):
 *   a missing or wrong signature is 401 before anything is read or written.
 * - Idempotency: the event's id is claimed in channel_events in the same transaction as its
 *   effect, so of any number of deliveries of one event — at once or later — exactly one acts;
 *   a message is moreover one per channel message id.
 * - Events:
 *     message.created { message_id, buyer_id, buyer_name, buyer_phone?, text, order_id?, time? }
 *         a buyer's message; `order_id` (the channel's order id, one of this channel's orders)
 *         puts it in that order's conversation — the order inbox
 *     message.read    { buyer_id, order_id?, time? }   the buyer read the seller's messages
 *     typing          { buyer_id, order_id? }          the buyer is typing (nothing stored; no claim)
 * - A blocked buyer (chat settings' block list, id "<channel id>:<buyer id>") reaches nobody: the
 *   event is claimed (so the channel stops sending it) and nothing else is written or published.
 * - The auto-replies (core/settings/chat.ts): the greeting on a conversation's first message; the
 *   away message outside office hours once per conversation per closed period (office-hours.ts).
 *   Both are outbound messages like a seller's, written in the same transaction, delivered after it.
 * - After the commit: chat:message (and chat:typing, chat:read) to the business's pages.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { db, type Tx } from "#db/client.ts";
import { channelEvents, chatMessages, conversations, customerKeys, orders, settings } from "#db/schema/index.ts";
import { Conflict, NotFound } from "#core/errors.ts";
import { publish } from "#core/lib/events.ts";
import { phoneKey } from "#core/customers/identity.ts";
import { channelForCode, readDelivery } from "#core/orders/webhooks.ts";
import { chatSettingsOf } from "#core/settings/chat.ts";
import { blockedKey, preview, writeOutbound } from "./conversations.ts";
import { awayDue } from "./office-hours.ts";
import { CHAT_EVENTS, CHAT_MESSAGE_MAX } from "./options.ts";

const text = (max: number) => z.string().trim().min(1).max(max);
const unixSeconds = z.number().int().min(946684800).max(4102444800);
const who = { buyer_id: text(100), order_id: text(64).nullish() };

export const chatEvent = z.discriminatedUnion("type", [
  z.object({ id: text(100), type: z.literal("message.created"), data: z.object({
    ...who, message_id: text(100), buyer_name: text(120), buyer_phone: z.string().trim().max(30).nullish(),
    text: text(CHAT_MESSAGE_MAX), time: unixSeconds.nullish(),
  }) }),
  z.object({ id: text(100), type: z.literal("message.read"), data: z.object({ ...who, time: unixSeconds.nullish() }) }),
  z.object({ id: text(100), type: z.literal("typing"), data: z.object(who) }),
]);
export type ChatEvent = z.infer<typeof chatEvent>;

export type ChatWebhookResult = {
  event_id: string; type: string; first_delivery: boolean; applied: boolean; blocked: boolean;
  conversation_id: number | null; message_id: number | null;
};

type Channel = Awaited<ReturnType<typeof channelForCode>>;

export async function receiveChatWebhook(code: string, raw: string, signature: string | undefined | null) {
  const { channel, event } = await readDelivery(code, raw, signature, chatEvent);
  return handleChatEvent(channel, event);
}

const at = (time: number | null | undefined) => (time ? new Date(Math.min(time * 1000, Date.now())) : new Date());

async function conversationIdOf(channelId: number, buyerId: string, channelOrderId: string | null | undefined) {
  const [c] = await db.select({ id: conversations.id, orderId: conversations.orderId }).from(conversations)
    .where(and(eq(conversations.channelId, channelId), eq(conversations.buyerId, buyerId), eq(conversations.channelOrderId, channelOrderId ?? "")));
  return c;
}

async function answerSeen(channel: Channel, event: ChatEvent): Promise<ChatWebhookResult> {
  const c = await conversationIdOf(channel.id, event.data.buyer_id, event.data.order_id);
  const [m] = event.type === "message.created"
    ? await db.select({ id: chatMessages.id }).from(chatMessages).where(and(eq(chatMessages.channelId, channel.id), eq(chatMessages.channelMessageId, event.data.message_id)))
    : [];
  return { event_id: event.id, type: event.type, first_delivery: false, applied: false, blocked: false, conversation_id: c?.id ?? null, message_id: m?.id ?? null };
}

async function seen(channelId: number, eventId: string) {
  const [row] = await db.select({ id: channelEvents.eventId }).from(channelEvents)
    .where(and(eq(channelEvents.channelId, channelId), eq(channelEvents.eventId, eventId)));
  return Boolean(row);
}

/** Handles one verified, parsed delivery (see the header). */
export async function handleChatEvent(channel: Channel, event: ChatEvent): Promise<ChatWebhookResult> {
  const base = { event_id: event.id, type: event.type, blocked: false, message_id: null };
  if (event.type === "typing") {
    // Nothing to keep: the pages hear it if the conversation exists and the buyer is not blocked.
    const c = await conversationIdOf(channel.id, event.data.buyer_id, event.data.order_id);
    const blocked = await isBlocked(db, channel, event.data.buyer_id);
    if (c && !blocked) publish(channel.businessId, CHAT_EVENTS.typing, { conversation_id: c.id, order_id: c.orderId });
    return { ...base, first_delivery: true, applied: Boolean(c) && !blocked, blocked, conversation_id: c?.id ?? null };
  }
  if (await seen(channel.id, event.id)) return answerSeen(channel, event);
  // The auto-replies' deliveries, sent once the transaction commits (not waited for: the channel is answered at once).
  const sends: Array<() => Promise<unknown>> = [];
  const r = await db.transaction(async (tx: Tx) => {
    const [fresh] = await tx.insert(channelEvents).values({ channelId: channel.id, eventId: event.id })
      .onConflictDoNothing().returning({ eventId: channelEvents.eventId });
    if (!fresh) return undefined; // a concurrent delivery of this event committed first
    if (await isBlocked(tx, channel, event.data.buyer_id)) return { applied: false, blocked: true, conversation_id: null, message_id: null, orderId: null };
    if (event.type === "message.read") {
      const [c] = await tx.select({ id: conversations.id, orderId: conversations.orderId }).from(conversations)
        .where(and(eq(conversations.channelId, channel.id), eq(conversations.buyerId, event.data.buyer_id), eq(conversations.channelOrderId, event.data.order_id ?? "")));
      if (!c) throw new NotFound("chat:errors.not_found");
      const read = await tx.update(chatMessages).set({ readAt: at(event.data.time) })
        .where(and(eq(chatMessages.conversationId, c.id), eq(chatMessages.direction, "out"), isNull(chatMessages.readAt))).returning({ id: chatMessages.id });
      return { applied: read.length > 0, blocked: false, conversation_id: c.id, message_id: null, orderId: c.orderId };
    }
    return receiveChatIn(tx, channel, event.data, sends);
  });
  if (!r) {
    if (!(await seen(channel.id, event.id))) throw new Conflict("api:errors.conflict");
    return answerSeen(channel, event);
  }
  for (const send of sends) void send().catch((e) => console.error("[chat] auto-reply delivery", e));
  if (r.applied && event.type === "message.created") {
    publish(channel.businessId, CHAT_EVENTS.message, { conversation_id: r.conversation_id, direction: "in", message_id: r.message_id, order_id: r.orderId });
  } else if (r.applied) {
    publish(channel.businessId, CHAT_EVENTS.read, { conversation_id: r.conversation_id, order_id: r.orderId, by: "buyer" });
  }
  return { event_id: event.id, type: event.type, first_delivery: true, applied: r.applied, blocked: r.blocked, conversation_id: r.conversation_id, message_id: r.message_id };
}

async function isBlocked(exec: typeof db | Tx, channel: Channel, buyerId: string) {
  const [row] = await exec.select({ chat: settings.chat }).from(settings).where(eq(settings.businessId, channel.businessId));
  const key = blockedKey({ channelId: channel.id, buyerId });
  return chatSettingsOf(row?.chat).blocked.some((b) => b.buyer_id === key);
}

type Incoming = Extract<ChatEvent, { type: "message.created" }>["data"];

/** A buyer's message: into their conversation on the channel (made on the first one), with the auto-replies due. */
async function receiveChatIn(tx: Tx, channel: Channel, d: Incoming, sends: Array<() => Promise<unknown>>) {
  const when = at(d.time);
  let orderId: number | null = null;
  if (d.order_id) {
    const [o] = await tx.select({ id: orders.id }).from(orders)
      .where(and(eq(orders.channelId, channel.id), eq(orders.businessId, channel.businessId), eq(orders.channelOrderId, d.order_id)));
    if (!o) throw new NotFound("chat:errors.order_not_found");
    orderId = o.id;
  }
  const phone = phoneKey(d.buyer_phone);
  const [customer] = phone
    ? await tx.select({ id: customerKeys.customerId }).from(customerKeys).where(and(eq(customerKeys.businessId, channel.businessId), eq(customerKeys.key, `p:${phone}`)))
    : [];
  // One row per buyer (and order) on the channel; made or found, and locked, by one statement.
  const [c] = await tx.insert(conversations).values({
    businessId: channel.businessId, channelId: channel.id, channelName: channel.name, platformCode: channel.platformCode,
    buyerId: d.buyer_id, buyerName: d.buyer_name, buyerPhone: phone, channelOrderId: d.order_id ?? "", orderId, customerId: customer?.id ?? null,
    lastMessageAt: when, timeCreated: when,
  }).onConflictDoUpdate({
    target: [conversations.channelId, conversations.buyerId, conversations.channelOrderId],
    set: { buyerName: d.buyer_name, buyerPhone: sql`coalesce(excluded.buyer_phone, ${conversations.buyerPhone})`, customerId: sql`coalesce(${conversations.customerId}, excluded.customer_id)` },
  }).returning();
  // Made by this message (the first of the conversation) or found: its first message is this one when it has no other.
  const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(chatMessages).where(eq(chatMessages.conversationId, c!.id));
  const first = Number(n) === 0;
  const [m] = await tx.insert(chatMessages).values({
    conversationId: c!.id, businessId: channel.businessId, direction: "in", body: d.text, channelId: channel.id, channelMessageId: d.message_id, timeCreated: when,
  }).onConflictDoNothing().returning({ id: chatMessages.id });
  if (!m) return { applied: false, blocked: false, conversation_id: c!.id, message_id: null, orderId: c!.orderId };
  await tx.update(conversations).set({
    unread: sql`${conversations.unread} + 1`, status: "open", timeModified: new Date(),
    // A message the channel delivers late (older than the last one) does not become the list's preview.
    lastMessageAt: sql`greatest(${conversations.lastMessageAt}, ${when})`,
    lastPreview: sql`CASE WHEN ${when} >= ${conversations.lastMessageAt} THEN ${preview(d.text)} ELSE ${conversations.lastPreview} END`,
    lastDirection: sql`CASE WHEN ${when} >= ${conversations.lastMessageAt} THEN 'in' ELSE ${conversations.lastDirection} END`,
  }).where(eq(conversations.id, c!.id));
  sends.push(...(await autoReplies(tx, c!, first)));
  return { applied: true, blocked: false, conversation_id: c!.id, message_id: m.id, orderId: c!.orderId };
}

/** The greeting on a first message, the away message once per closed period (decision 27). */
async function autoReplies(tx: Tx, c: typeof conversations.$inferSelect, first: boolean) {
  const sends: Array<() => Promise<unknown>> = [];
  const [row] = await tx.select({ chat: settings.chat }).from(settings).where(eq(settings.businessId, c.businessId));
  const chat = chatSettingsOf(row?.chat);
  const now = new Date();
  if (first && chat.auto_reply.enabled && chat.auto_reply.message) {
    sends.push((await writeOutbound(tx, c, { body: chat.auto_reply.message, sentBy: null, auto: true, at: now })).send);
  }
  if (chat.office_hours.away_message && awayDue(chat.office_hours, now, c.awayRepliedAt)) {
    sends.push((await writeOutbound(tx, c, { body: chat.office_hours.away_message, sentBy: null, auto: true, at: now })).send);
    await tx.update(conversations).set({ awayRepliedAt: now }).where(eq(conversations.id, c.id));
  }
  return sends;
}
