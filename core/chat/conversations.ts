/**
 * Chat with buyers and the order inbox (issue 17 items 1 and 2; spec /inbox/chat, /inbox/order).
 * Privilege `inbox`; every query scoped by the business (another business's conversation is
 * NotFound). With webhooks.ts (the inbound side: a buyer's message, read, typing) the one writer
 * of `conversations` and `chat_messages`; outbound messages only through `writeOutbound` here.
 * Decision 27 has the why of each rule:
 * - One model for both pages: the order inbox is the conversations about an order.
 * - The list is newest message first (last_message_at desc, id desc), filters show=unread,
 *   assigned (me | none | a member), channel, status; search by the buyer's name or phone prefix
 *   (from 2 characters). Its total is counted up to PAGES_AHEAD pages past the one shown.
 * - Reading never writes: marking read is its own POST (JS sends it on opening; without JS
 *   replying marks read, and the page has a "Mark read" button).
 * - A reply is written with its outbox row in one transaction (pending), then delivered by the
 *   notifier; the message records what happened (delivered / failed, never pretended).
 * - Realtime after the commit: chat:message, chat:read, chat:delivery (options.ts CHAT_EVENTS).
 */
import { and, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { db, sideBySide, type Db, type Tx } from "#db/client.ts";
import { businessMembers, channels, chatMessages, conversations, orders, products, productVariants, users } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { canAccess } from "#core/auth/privileges.ts";
import { webhookCode } from "#core/orders/webhook-signing.ts";
import { NotFound, Refused } from "#core/errors.ts";
import { publish } from "#core/lib/events.ts";
import { recordHistory } from "#core/lib/history.ts";
import { deliverQueued, queueMessage, type Message } from "#core/lib/notifier.ts";
import { phoneSearchPrefix } from "#core/lib/phone.ts";
import { unix } from "#core/lib/time.ts";
import { blockChatBuyer } from "#core/settings/chat.ts";
import { CHAT_CARD_KINDS, CHAT_EVENTS, CHAT_MESSAGE_MAX, CHAT_SEARCH_MIN, CHAT_SHOW, CHAT_STATUSES } from "./options.ts";

type Conversation = typeof conversations.$inferSelect;
type ChatMessage = typeof chatMessages.$inferSelect;

/**
 * The list counts at most this many pages past the one shown (a bigger total shows as "250+" and
 * Next goes on): an exact count of a business's whole history would cost more than the page.
 */
export const PAGES_AHEAD = 5;

export function conversationJson(c: Conversation & { assignedName?: string | null; orderCode?: string | null }) {
  return {
    conversation_id: c.id, channel_id: c.channelId, channel_name: c.channelName, platform_code: c.platformCode,
    buyer_id: c.buyerId, buyer_name: c.buyerName, buyer_phone: c.buyerPhone, customer_id: c.customerId,
    channel_order_id: c.channelOrderId || null, sys_order_id: c.orderId, order_code: c.orderCode ?? null,
    assigned_to: c.assignedTo, assigned_name: c.assignedName ?? null, unread: c.unread, status: c.status as "open" | "closed",
    last_message_at: unix(c.lastMessageAt)!, last_preview: c.lastPreview, last_direction: c.lastDirection as "in" | "out",
  };
}
export type ConversationJson = ReturnType<typeof conversationJson>;

export type Card =
  | { kind: "product"; id: number; name: string; sku: string; price: number | null }
  | { kind: "order"; id: number; code: string; status: string; total: number };

export function messageJson(m: ChatMessage & { senderName?: string | null }, card: Card | null = null) {
  return {
    message_id: m.id, conversation_id: m.conversationId, direction: m.direction as "in" | "out", message: m.body,
    card, sent_by: m.sentBy, sender_name: m.senderName ?? null, auto: m.auto,
    delivery: m.delivery as "pending" | "delivered" | "failed" | null, delivery_error: m.deliveryError,
    read_at: unix(m.readAt), time_created: unix(m.timeCreated)!,
  };
}
export type ChatMessageJson = ReturnType<typeof messageJson>;

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const id = z.coerce.number({ error: "invalid" }).int("invalid").min(1, "invalid").max(2_147_483_647, "invalid");

export const chatQuery = z.object({
  show: z.preprocess(blank, z.enum(CHAT_SHOW, { error: "invalid" }).default("all")),
  // me | none | a member's user id
  assigned: z.preprocess(blank, z.union([z.enum(["me", "none"]), id], { error: "invalid" }).optional()),
  channel_id: z.preprocess(blank, id.optional()),
  status: z.preprocess(blank, z.enum(CHAT_STATUSES, { error: "invalid" }).optional()),
  search: z.preprocess(blank, z.string().trim().max(100, "too_long").optional()),
  page: z.preprocess(blank, z.coerce.number({ error: "invalid" }).int("invalid").min(1, "invalid").max(100_000, "invalid").default(1)),
  limit: z.preprocess(blank, z.coerce.number({ error: "invalid" }).int("invalid").min(1, "invalid").max(150, "invalid").default(50)),
});
export type ChatQuery = z.infer<typeof chatQuery>;

/** The list's conditions; `ordersOnly` is the order inbox. Each narrows through an index of conversations (schema chat.ts). */
function whereOf(businessId: number, userId: number, q: ChatQuery, ordersOnly: boolean): SQL {
  const w: (SQL | undefined)[] = [eq(conversations.businessId, businessId)];
  if (ordersOnly) w.push(sql`${conversations.channelOrderId} <> ''`);
  if (q.show === "unread") w.push(gt(conversations.unread, 0));
  if (q.assigned === "me") w.push(eq(conversations.assignedTo, userId));
  else if (q.assigned === "none") w.push(isNull(conversations.assignedTo));
  else if (typeof q.assigned === "number") w.push(eq(conversations.assignedTo, q.assigned));
  if (q.channel_id) w.push(eq(conversations.channelId, q.channel_id));
  if (q.status) w.push(eq(conversations.status, q.status));
  if (q.search && q.search.length >= CHAT_SEARCH_MIN) {
    const escaped = q.search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`);
    const phone = phoneSearchPrefix(q.search);
    // A phone typed as 0812…, 62812… or +62812…: compared in the stored E.164 form (a name does
    // not start with digits, so a phone is not looked for among names: one index range each).
    w.push(phone
      ? sql`${conversations.buyerPhone} LIKE ${`${phone}%`}`
      : sql`lower(${conversations.buyerName}) LIKE ${`${escaped}%`}`);
  }
  return and(...w)!;
}

const listCols = { c: conversations, assignedName: users.name, orderCode: orders.orderCode };

/** A page of conversations, newest message first, and their total (counted up to PAGES_AHEAD pages past this one). */
export async function listConversations(scope: Scope, q: ChatQuery, opts: { ordersOnly?: boolean } = {}) {
  const { db, actor } = sellerScope(scope, "inbox");
  const where = whereOf(actor.member.businessId, actor.user.id, q, Boolean(opts.ordersOnly));
  const offset = (q.page - 1) * q.limit;
  const cap = offset + q.limit * PAGES_AHEAD;
  const [rows, counted] = await sideBySide(db,
    () => db.select(listCols).from(conversations)
      .leftJoin(users, eq(users.id, conversations.assignedTo)).leftJoin(orders, eq(orders.id, conversations.orderId))
      .where(where).orderBy(desc(conversations.lastMessageAt), desc(conversations.id)).limit(q.limit).offset(offset),
    () => db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${conversations} WHERE ${where} LIMIT ${cap + 1}) x`),
  );
  const n = Number(counted.rows[0]?.n ?? 0);
  return {
    rows: rows.map((r) => conversationJson({ ...r.c, assignedName: r.assignedName, orderCode: r.orderCode })),
    total: Math.min(n, cap), capped: n > cap,
  };
}

/** The filters' choices: the business's channels and its active members (to assign to). */
export async function chatChoices(scope: Scope) {
  const { db, actor } = sellerScope(scope, "inbox");
  const businessId = actor.member.businessId;
  const [chs, members] = await sideBySide(db,
    () => db.select({ id: channels.id, name: channels.name }).from(channels).where(eq(channels.businessId, businessId)).orderBy(channels.name),
    () => membersOf(db, businessId),
  );
  return { channels: chs, members };
}

/** Who a conversation can be given to: the active members who can open the inbox. */
async function membersOf(exec: Db | Tx, businessId: number, userId?: number) {
  const rows = await exec.select({ id: users.id, name: users.name, role: businessMembers.role, privileges: businessMembers.privileges })
    .from(businessMembers).innerJoin(users, eq(users.id, businessMembers.userId))
    .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.status, 1), userId === undefined ? undefined : eq(businessMembers.userId, userId)))
    .orderBy(users.name);
  return rows.filter((m) => canAccess(m, "inbox")).map(({ id, name }) => ({ id, name }));
}

async function conversationOf(exec: Db | Tx, businessId: number, conversationId: number, lock = false) {
  const q = exec.select().from(conversations).where(and(eq(conversations.id, conversationId), eq(conversations.businessId, businessId)));
  const [c] = lock ? await q.for("update") : await q;
  if (!c) throw new NotFound("chat:errors.not_found");
  return c;
}

/** The cards of these messages, read from what they name now (a product or order of the business). */
async function cardsOf(exec: Db | Tx, businessId: number, list: ChatMessage[]) {
  const ids = (kind: string) => [...new Set(list.filter((m) => m.cardKind === kind && m.cardId).map((m) => m.cardId!))];
  const [ps, os] = await sideBySide(exec,
    () => ids("product").length ? exec.select({ id: products.id, name: products.name, sku: products.sku, price: products.priceMin }).from(products)
      .where(and(eq(products.businessId, businessId), inArray(products.id, ids("product")))) : Promise.resolve([]),
    () => ids("order").length ? exec.select({ id: orders.id, code: orders.orderCode, status: orders.status, total: orders.totalAmount }).from(orders)
      .where(and(eq(orders.businessId, businessId), inArray(orders.id, ids("order")))) : Promise.resolve([]),
  );
  const cards = new Map<string, Card>();
  for (const p of ps) cards.set(`product:${p.id}`, { kind: "product", id: p.id, name: p.name, sku: p.sku, price: Number(p.price) });
  for (const o of os) cards.set(`order:${o.id}`, { kind: "order", id: o.id, code: o.code, status: String(o.status), total: Number(o.total) });
  return (m: ChatMessage) => (m.cardKind && m.cardId ? cards.get(`${m.cardKind}:${m.cardId}`) ?? null : null);
}

/** The latest messages shown with a conversation (older ones: `before`, a message id). */
export const MESSAGES_SHOWN = 100;

async function messagesOf(exec: Db | Tx, businessId: number, conversationId: number, before?: number) {
  const rows = await exec.select({ m: chatMessages, senderName: users.name }).from(chatMessages).leftJoin(users, eq(users.id, chatMessages.sentBy))
    .where(and(eq(chatMessages.conversationId, conversationId), before ? lt(chatMessages.id, before) : undefined))
    .orderBy(desc(chatMessages.id)).limit(MESSAGES_SHOWN + 1);
  const more = rows.length > MESSAGES_SHOWN;
  const shown = rows.slice(0, MESSAGES_SHOWN).reverse();
  const card = await cardsOf(exec, businessId, shown.map((r) => r.m));
  return { messages: shown.map((r) => messageJson({ ...r.m, senderName: r.senderName }, card(r.m))), more };
}

/** One conversation with its latest messages (oldest first) — reading it changes nothing. */
export async function conversationDetail(scope: Scope, conversationId: number, before?: number) {
  const { db, actor } = sellerScope(scope, "inbox");
  const businessId = actor.member.businessId;
  const c = await conversationOf(db, businessId, conversationId);
  const [[extra], msgs] = await sideBySide(db,
    () => db.select({ assignedName: users.name, orderCode: orders.orderCode }).from(conversations)
      .leftJoin(users, eq(users.id, conversations.assignedTo)).leftJoin(orders, eq(orders.id, conversations.orderId)).where(eq(conversations.id, c.id)),
    () => messagesOf(db, businessId, c.id, before),
  );
  return { ...conversationJson({ ...c, ...extra }), blocked_key: blockedKey(c), ...msgs };
}

/** The conversations about one of the business's orders (the order page's "Messages about this order"). */
export async function orderConversations(scope: Scope, orderId: number) {
  const { db, actor } = sellerScope(scope, "inbox");
  const rows = await db.select().from(conversations)
    .where(and(eq(conversations.businessId, actor.member.businessId), eq(conversations.orderId, orderId)))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id)).limit(20);
  return rows.map((c) => conversationJson(c));
}

/** The block list's id of a buyer (core/settings/chat.ts): their id on that channel. */
export const blockedKey = (c: { channelId: number | null; buyerId: string }) => `${c.channelId ?? 0}:${c.buyerId}`;

// ---- the seller's writes -------------------------------------------------------------------------

export const chatReplyBody = z.object({
  message: z.string({ error: "required" }).trim().min(1, "required").max(CHAT_MESSAGE_MAX, "too_long"),
  card_kind: z.preprocess(blank, z.enum(CHAT_CARD_KINDS, { error: "invalid" }).optional()),
  // The product to attach, by its SKU (a variant's SKU names its product too).
  product_sku: z.preprocess(blank, z.string().trim().max(80, "too_long").optional()),
}).superRefine((v, ctx) => {
  if (v.card_kind === "product" && !v.product_sku) ctx.addIssue({ code: "custom", path: ["product_sku"], message: "required" });
});
export type ChatReplyBody = z.infer<typeof chatReplyBody>;

/** The card a reply attaches: a product of the business by SKU, or the conversation's order. */
async function cardFor(tx: Tx, c: Conversation, body: ChatReplyBody): Promise<{ kind: "product" | "order"; id: number; line: string } | null> {
  if (body.card_kind === "order") {
    if (!c.orderId) throw new Refused("chat:errors.no_order", { card_kind: ["chat:errors.no_order"] });
    const [o] = await tx.select({ id: orders.id, code: orders.orderCode }).from(orders).where(and(eq(orders.id, c.orderId), eq(orders.businessId, c.businessId)));
    if (!o) throw new Refused("chat:errors.no_order", { card_kind: ["chat:errors.no_order"] });
    return { kind: "order", id: o.id, line: `#${o.code}` };
  }
  if (body.card_kind === "product") {
    const sku = body.product_sku!.toLowerCase();
    const [p] = await tx.select({ id: products.id, name: products.name, sku: products.sku }).from(products)
      .where(and(eq(products.businessId, c.businessId), or(
        sql`lower(${products.sku}) = ${sku}`,
        inArray(products.id, tx.select({ id: productVariants.productId }).from(productVariants)
          .where(and(eq(productVariants.businessId, c.businessId), sql`lower(${productVariants.sku}) = ${sku}`))),
      ))).limit(1);
    if (!p) throw new Refused("chat:errors.product_not_found", { product_sku: ["chat:errors.product_not_found"] });
    return { kind: "product", id: p.id, line: `${p.name} (${p.sku})` };
  }
  return null;
}

/** What the channel is sent: the text, and a card as a line the buyer can read on any channel. */
export const outboundMessage = (c: Pick<Conversation, "channelId" | "platformCode" | "buyerId" | "channelName">, text: string, cardLine?: string | null): Message => ({
  channel: "chat", target: `${webhookCode({ id: c.channelId ?? 0, platformCode: c.platformCode })}:${c.buyerId}`, subject: c.channelName,
  body: cardLine ? `${text}\n\n${cardLine}` : text,
});

/**
 * Writes an outbound message with its outbox row, inside `tx`. The caller calls `send` once `tx`
 * has committed: it delivers through the notifier, records the outcome on the message and tells
 * the pages (chat:delivery). The seller's reply waits for it (its answer says delivered or not);
 * the webhook's auto-replies do not keep the channel waiting.
 */
export async function writeOutbound(tx: Tx, c: Conversation, m: { body: string; sentBy: number | null; auto: boolean; card?: { kind: "product" | "order"; id: number; line: string } | null; at?: Date }) {
  const message = outboundMessage(c, m.body, m.card?.line);
  const outboxId = await queueMessage(tx, message);
  const [row] = await tx.insert(chatMessages).values({
    conversationId: c.id, businessId: c.businessId, direction: "out", body: m.body, cardKind: m.card?.kind ?? null, cardId: m.card?.id ?? null,
    sentBy: m.sentBy, auto: m.auto, delivery: "pending", outboxId, timeCreated: m.at ?? new Date(),
  }).returning();
  return { row: row!, send: () => deliverOutbound(c, row!.id, outboxId, message) };
}

async function deliverOutbound(c: Conversation, messageId: number, outboxId: number, message: Message) {
  const d = await deliverQueued(outboxId, message);
  const delivery = d.delivered ? "delivered" : "failed";
  await db.update(chatMessages).set({ delivery, deliveryError: d.error }).where(eq(chatMessages.id, messageId));
  // Every chat event names its conversation and order: the open pages (use-chat-live) pick theirs by them.
  publish(c.businessId, CHAT_EVENTS.delivery, { conversation_id: c.id, order_id: c.orderId, message_id: messageId, delivery });
  return delivery;
}

/** The seller's reply: it also marks the buyer's messages read (a reply is a reading). */
export async function replyConversation(scope: Scope, conversationId: number, body: ChatReplyBody) {
  const { db, actor } = sellerScope(scope, "inbox");
  const businessId = actor.member.businessId;
  const r = await db.transaction(async (tx) => {
    const c = await conversationOf(tx, businessId, conversationId, true);
    const card = await cardFor(tx, c, body);
    const now = new Date();
    const { row: m, send } = await writeOutbound(tx, c, { body: body.message, sentBy: actor.user.id, auto: false, card, at: now });
    await tx.update(chatMessages).set({ readAt: now })
      .where(and(eq(chatMessages.conversationId, c.id), eq(chatMessages.direction, "in"), isNull(chatMessages.readAt)));
    await tx.update(conversations).set({
      unread: 0, lastMessageAt: now, lastPreview: preview(body.message), lastDirection: "out", status: "open", timeModified: now,
    }).where(eq(conversations.id, c.id));
    const cards = await cardsOf(tx, businessId, [m]);
    return { c, send, message: messageJson({ ...m, senderName: actor.user.name }, cards(m)) };
  });
  const delivery = await r.send();
  publish(businessId, CHAT_EVENTS.message, { conversation_id: r.c.id, direction: "out", message_id: r.message.message_id, order_id: r.c.orderId });
  publish(businessId, CHAT_EVENTS.read, { conversation_id: r.c.id, order_id: r.c.orderId, unread: 0 });
  return { ...r.message, delivery };
}

/** The list's preview of a message: its first line, short. */
export const preview = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, 120);

/** Marks the buyer's messages read (a POST: JS sends it when the conversation opens; the page's button without JS). */
export async function markConversationRead(scope: Scope, conversationId: number) {
  const { db, actor } = sellerScope(scope, "inbox");
  const businessId = actor.member.businessId;
  const changed = await db.transaction(async (tx) => {
    const c = await conversationOf(tx, businessId, conversationId, true);
    if (c.unread === 0) return null;
    await tx.update(chatMessages).set({ readAt: new Date() })
      .where(and(eq(chatMessages.conversationId, c.id), eq(chatMessages.direction, "in"), isNull(chatMessages.readAt)));
    await tx.update(conversations).set({ unread: 0 }).where(eq(conversations.id, c.id));
    return c;
  });
  if (changed) publish(businessId, CHAT_EVENTS.read, { conversation_id: conversationId, order_id: changed.orderId, unread: 0 });
  return { conversation_id: conversationId, unread: 0 };
}

export const chatAssignBody = z.object({ assigned_to: z.preprocess(blank, id.nullable().default(null)) });

/** Assigns the conversation to an active member of the business (empty: to nobody). */
export async function assignConversation(scope: Scope, conversationId: number, body: z.infer<typeof chatAssignBody>) {
  const { db, actor } = sellerScope(scope, "inbox");
  const businessId = actor.member.businessId;
  return db.transaction(async (tx) => {
    const c = await conversationOf(tx, businessId, conversationId, true);
    if (body.assigned_to !== null) {
      const [m] = await membersOf(tx, businessId, body.assigned_to);
      if (!m) throw new Refused("chat:errors.not_member", { assigned_to: ["chat:errors.not_member"] });
    }
    if (c.assignedTo !== body.assigned_to) {
      await tx.update(conversations).set({ assignedTo: body.assigned_to, timeModified: new Date() }).where(eq(conversations.id, c.id));
      await recordHistory(tx, { businessId, refType: "conversation", refId: c.id, userId: actor.user.id, action: "assign", changes: { assigned_to: { from: c.assignedTo, to: body.assigned_to } } });
    }
    return conversationJson({ ...c, assignedTo: body.assigned_to });
  });
}

export const chatStatusBody = z.object({ status: z.enum(CHAT_STATUSES, { error: "invalid" }) });

/** Closes a conversation or opens it again (a buyer's new message opens it too). */
export async function setConversationStatus(scope: Scope, conversationId: number, body: z.infer<typeof chatStatusBody>) {
  const { db, actor } = sellerScope(scope, "inbox");
  const businessId = actor.member.businessId;
  return db.transaction(async (tx) => {
    const c = await conversationOf(tx, businessId, conversationId, true);
    if (c.status !== body.status) {
      await tx.update(conversations).set({ status: body.status, timeModified: new Date() }).where(eq(conversations.id, c.id));
      await recordHistory(tx, { businessId, refType: "conversation", refId: c.id, userId: actor.user.id, action: body.status === "closed" ? "close" : "reopen", changes: { status: { from: c.status, to: body.status } } });
    }
    return conversationJson({ ...c, status: body.status });
  });
}

/** Blocks the conversation's buyer: through blockChatBuyer (core/settings/chat.ts), the block list's one writer. */
export async function blockConversationBuyer(scope: Scope, conversationId: number) {
  const { db, actor } = sellerScope(scope, "inbox");
  const c = await conversationOf(db, actor.member.businessId, conversationId);
  await blockChatBuyer(scope, actor.member.businessId, { buyer_id: blockedKey(c), name: c.buyerName.slice(0, 100) });
  return { conversation_id: c.id, blocked: true };
}


