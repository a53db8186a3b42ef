import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { businesses } from "./business.ts";
import { products } from "./catalog.ts";
import { orderItems, orders } from "./orders.ts";
import { channels } from "./profile.ts";

// The inbox (spec section 2 /inbox/{discussion, review}, section 7 "Discussion, reviews"): what
// buyers write on the channels about products. Rules: core/inbox/discussions.ts and reviews.ts
// (each the one writer of its tables); rows come in through the signed channel webhook
// (core/inbox/webhooks.ts).

/**
 * Product Q&A: a thread is a buyer's question on a product (parent_id null); its children are the
 * seller's replies and the buyer's further messages. `answered` and `last_message_at` are kept on
 * the thread (the list sorts by them); `hidden` on any message (a hidden thread hides all of it
 * from the channel; staff still see it, marked).
 */
export const discussions = pgTable(
  "discussions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    productId: integer().notNull().references(() => products.id, { onDelete: "cascade" }),
    parentId: integer().references((): AnyPgColumn => discussions.id, { onDelete: "cascade" }),
    channelId: integer().references(() => channels.id, { onDelete: "set null" }),
    // The channel's name when the message came (shown without a join; kept if the channel goes).
    channelName: text().notNull(),
    // The channel's own id of a buyer's message (a resend of it is recognised); null for the seller's.
    channelMessageId: text(),
    author: text().notNull(), // buyer | seller
    authorName: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    body: text().notNull(),
    hidden: boolean().notNull().default(false),
    // Threads only: a seller's reply answers it; a later buyer message opens it again.
    answered: boolean().notNull().default(false),
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
    timeModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("discussions_channel_message_idx").on(t.channelId, t.channelMessageId),
    // The list: threads of a business, unanswered first, newest first.
    index("discussions_threads_idx").on(t.businessId, t.answered, t.lastMessageAt).where(sql`${t.parentId} IS NULL`),
    index("discussions_parent_idx").on(t.parentId, t.timeCreated),
    index("discussions_product_idx").on(t.businessId, t.productId),
    check("discussions_author", sql`${t.author} IN ('buyer', 'seller')`),
  ],
);

/**
 * A buyer's review of an order line's product: one per order line. The seller's public reply
 * (`reply`), an internal note (`note`) and the seller's rating of the buyer (`seller_rating`).
 */
export const productReviews = pgTable(
  "product_reviews",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    orderId: integer().notNull().references(() => orders.id, { onDelete: "cascade" }),
    orderItemId: integer().notNull().references(() => orderItems.id, { onDelete: "cascade" }),
    productId: integer().references(() => products.id, { onDelete: "set null" }),
    productName: text().notNull(),
    channelId: integer().references(() => channels.id, { onDelete: "set null" }),
    channelName: text().notNull(),
    channelReviewId: text().notNull(),
    buyerName: text().notNull(),
    rating: smallint().notNull(),
    body: text().notNull().default(""),
    images: jsonb().$type<string[]>().notNull().default([]),
    reply: text(),
    repliedAt: timestamp({ withTimezone: true }),
    replyEditedAt: timestamp({ withTimezone: true }),
    repliedBy: integer().references(() => users.id, { onDelete: "set null" }),
    note: text(),
    sellerRating: smallint(),
    reviewedAt: timestamp({ withTimezone: true }).notNull(),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
    timeModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("product_reviews_item_idx").on(t.orderItemId),
    uniqueIndex("product_reviews_channel_idx").on(t.channelId, t.channelReviewId),
    index("product_reviews_business_time_idx").on(t.businessId, t.reviewedAt, t.id),
    index("product_reviews_product_idx").on(t.businessId, t.productId),
    check("product_reviews_rating", sql`${t.rating} BETWEEN 1 AND 5`),
    check("product_reviews_seller_rating", sql`${t.sellerRating} IS NULL OR ${t.sellerRating} BETWEEN 1 AND 5`),
  ],
);

/** Per product: how many reviews and the sum of their ratings (kept by core/inbox/reviews.ts, the one writer). */
export const productRatings = pgTable("product_ratings", {
  productId: integer().primaryKey().references(() => products.id, { onDelete: "cascade" }),
  businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
  reviews: integer().notNull().default(0),
  ratingSum: integer().notNull().default(0),
});
