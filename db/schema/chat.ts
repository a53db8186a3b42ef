import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { businesses } from "./business.ts";
import { customers } from "./customers.ts";
import { orders } from "./orders.ts";
import { channels } from "./profile.ts";

// Chat and the order inbox (issue 17 items 1 and 2; spec /inbox/chat, /inbox/order): one model for
// both — a conversation with a buyer on a channel, optionally about one order. Rules:
// core/chat/conversations.ts (the one writer of these tables), coming in through the signed chat
// webhook (core/chat/webhooks.ts), going out through the notifier's outbox. Decision 27.

/**
 * A buyer on a channel, about nothing in particular (`channel_order_id` '') or about one of the
 * channel's orders: one row each. `unread` counts the buyer's messages the seller has not read;
 * `last_*` are kept by the writer so the list reads one row a conversation.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    channelId: integer().references(() => channels.id, { onDelete: "set null" }),
    channelName: text().notNull(),
    // The channel's platform code when the conversation began (WhatsApp, LINE, a marketplace …).
    platformCode: text().notNull(),
    // The buyer's identity on that channel (the channel's own id of them) and how they are called.
    buyerId: text().notNull(),
    buyerName: text().notNull(),
    buyerPhone: text(),
    // The channel's order id the conversation is about ('' = none), and our order when we have it.
    channelOrderId: text().notNull().default(""),
    orderId: integer().references(() => orders.id, { onDelete: "set null" }),
    // The customer centre's person, when the buyer's phone is a key of one (core/customers/identity.ts).
    customerId: integer().references(() => customers.id, { onDelete: "set null" }),
    assignedTo: integer().references(() => users.id, { onDelete: "set null" }),
    unread: integer().notNull().default(0),
    status: text().notNull().default("open"), // open | closed
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastPreview: text().notNull().default(""),
    lastDirection: text().notNull().default("in"),
    // When the away message (outside office hours) was last sent: once per closed period.
    awayRepliedAt: timestamp({ withTimezone: true }),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
    timeModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("conversations_buyer_idx").on(t.channelId, t.buyerId, t.channelOrderId),
    // The list's ORDER BY (last_message_at desc, id desc) per business, and per filter that narrows a lot:
    // ascending, read backwards (DESC NULLS FIRST) — an index declared DESC NULLS LAST would not match it.
    index("conversations_list_idx").on(t.businessId, t.lastMessageAt, t.id),
    index("conversations_unread_idx").on(t.businessId, t.lastMessageAt, t.id).where(sql`${t.unread} > 0`),
    index("conversations_assigned_idx").on(t.businessId, t.assignedTo, t.lastMessageAt, t.id),
    index("conversations_channel_idx").on(t.businessId, t.channelId, t.lastMessageAt, t.id),
    index("conversations_order_list_idx").on(t.businessId, t.lastMessageAt, t.id).where(sql`${t.channelOrderId} <> ''`),
    index("conversations_order_idx").on(t.orderId),
    // Search: the buyer's name or phone by prefix.
    index("conversations_name_idx").on(t.businessId, sql`lower(${t.buyerName}) text_pattern_ops`),
    index("conversations_phone_idx").on(t.businessId, sql`${t.buyerPhone} text_pattern_ops`),
    check("conversations_status", sql`${t.status} IN ('open', 'closed')`),
  ],
);

/**
 * A message in a conversation: the buyer's (in) or the seller's (out; an auto-reply has no
 * member). An outbound one names its outbox row and its delivery status (pending → delivered |
 * failed). A card is a reference (product or order id), rendered from what it names now.
 */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer().notNull().references(() => conversations.id, { onDelete: "cascade" }),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    direction: text().notNull(), // in | out
    body: text().notNull(),
    cardKind: text(), // product | order
    cardId: integer(),
    // The channel's id of a buyer's message (one message per channel message id).
    channelId: integer().references(() => channels.id, { onDelete: "set null" }),
    channelMessageId: text(),
    sentBy: integer().references(() => users.id, { onDelete: "set null" }),
    auto: boolean().notNull().default(false),
    delivery: text(), // pending | delivered | failed (outbound only)
    deliveryError: text(),
    outboxId: integer(),
    readAt: timestamp({ withTimezone: true }),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("chat_messages_channel_idx").on(t.channelId, t.channelMessageId),
    index("chat_messages_conversation_idx").on(t.conversationId, t.id),
    // The few messages still waiting for their delivery's answer (core/chat/settle.ts looks for stuck ones).
    index("chat_messages_pending_idx").on(t.timeCreated).where(sql`${t.delivery} = 'pending'`),
    check("chat_messages_direction", sql`${t.direction} IN ('in', 'out')`),
    check("chat_messages_card", sql`${t.cardKind} IS NULL OR ${t.cardKind} IN ('product', 'order')`),
  ],
);

/** A business's quick replies: saved texts the reply form offers. */
export const chatTemplates = pgTable(
  "chat_templates",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    title: text().notNull(),
    body: text().notNull(),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("chat_templates_title_idx").on(t.businessId, sql`lower(${t.title})`)],
);
