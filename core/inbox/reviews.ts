/**
 * Product reviews (issue 17 item 4; spec /inbox/review, GET /v0.1.0/inbox/reviews, PUT
 * /inbox/reviews/note and /rating). Privilege `inbox`; every query scoped by the business.
 *
 * The one writer of product_reviews and of product_ratings (the per-product count and sum the
 * catalogue shows as "★ 4.6 (23)"): a review comes in through the channel webhook
 * (receiveReviewIn, core/inbox/webhooks.ts) and moves its product's aggregate in the same
 * transaction; nothing else inserts or deletes a review, so the aggregate is never recounted at
 * read time.
 *
 * Decisions where the spec is silent:
 * - A review is the buyer's, for one order line (one review per line): its rating 1–5, text and up
 *   to 5 image URLs are the channel's and never change here. It must name an order of the business
 *   on that channel and a line of that order (by SKU); else the delivery is refused.
 * - The seller replies once, publicly (the channel shows it). The reply may be edited for
 *   REPLY_EDIT_HOURS (24 h) after it was first posted — time to fix a typo, not to rewrite the
 *   conversation once the buyer has read it; after that it is refused ("reply_locked").
 * - The note (PUT /inbox/reviews/note) is internal: staff only, never sent to the channel, may be
 *   changed or cleared at any time.
 * - PUT /inbox/reviews/rating is the seller's rating of the buyer (1–5) for the order line the
 *   review is about, as a marketplace lets a seller rate a buyer back; it may be changed. It is
 *   kept on the review (not the order's feedback, core/orders/marks.ts, which is a message to the
 *   customer given once per order).
 * - The list is newest review first; filters: ratings (several), replied or not, channel,
 *   product, the WIB days of the review, and search (product name, the review's text or the
 *   buyer's name, from 2 characters).
 */
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { sideBySide, type Db, type Tx } from "#db/client.ts";
import { channels, orderItems, orders, productRatings, productReviews, products } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { NotFound, Refused } from "#core/errors.ts";
import { recordHistory } from "#core/lib/history.ts";
import { contains } from "#core/lib/list-query.ts";
import { DAY_MS, unix, WIB_OFFSET_MS } from "#core/lib/time.ts";
import { notify } from "#core/notifications/notify.ts";
import { INBOX_SEARCH_MIN, ratingsOf, REPLIED, REPLY_EDIT_HOURS } from "./options.ts";

type ReviewRow = typeof productReviews.$inferSelect;
const EDIT_MS = REPLY_EDIT_HOURS * 3600_000;

export function reviewJson(r: ReviewRow & { orderCode: string }) {
  return {
    review_id: r.id, order_id: r.orderId, order_code: r.orderCode, order_item_id: r.orderItemId,
    product_id: r.productId, product_name: r.productName, channel_id: r.channelId, channel_name: r.channelName,
    buyer_name: r.buyerName, rating: r.rating, text: r.body, images: r.images,
    reply: r.reply, replied_at: unix(r.repliedAt), reply_edited_at: unix(r.replyEditedAt),
    reply_editable_until: r.repliedAt ? unix(new Date(r.repliedAt.getTime() + EDIT_MS)) : null,
    note: r.note, seller_rating: r.sellerRating,
    reviewed_at: unix(r.reviewedAt)!, time_created: unix(r.timeCreated), time_modified: unix(r.timeModified),
  };
}
export type ReviewJson = ReturnType<typeof reviewJson>;

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const id = z.coerce.number({ error: "invalid" }).int("invalid").min(1, "invalid").max(2_147_483_647, "invalid");
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "invalid").refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "invalid");

export const reviewQuery = z.object({
  // Several at once: rating=1,2 or rating=1&rating=2; each 1–5.
  rating: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? [] : (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(",")).map((x) => x.trim()).filter(Boolean)),
    z.array(z.string().regex(/^[1-5]$/, "invalid"), { error: "invalid" }).max(10, "invalid"),
  ).transform((v) => ratingsOf(v)),
  replied: z.preprocess(blank, z.enum(REPLIED, { error: "invalid" }).optional()),
  channel_id: z.preprocess(blank, id.optional()),
  product_id: z.preprocess(blank, id.optional()),
  date_from: z.preprocess(blank, day.optional()),
  date_to: z.preprocess(blank, day.optional()),
  search: z.preprocess(blank, z.string().trim().max(100, "too_long").optional()),
  page: z.preprocess(blank, z.coerce.number({ error: "invalid" }).int("invalid").min(1, "invalid").max(100_000, "invalid").default(1)),
  limit: z.preprocess(blank, z.coerce.number({ error: "invalid" }).int("invalid").min(1, "invalid").max(150, "invalid").default(50)),
});
export type ReviewQuery = z.infer<typeof reviewQuery>;

const dayStart = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - WIB_OFFSET_MS);

function whereOf(businessId: number, q: Omit<ReviewQuery, "page" | "limit">): SQL {
  const w: (SQL | undefined)[] = [eq(productReviews.businessId, businessId)];
  if (q.rating.length) w.push(inArray(productReviews.rating, q.rating));
  if (q.replied === "yes") w.push(isNotNull(productReviews.reply));
  if (q.replied === "no") w.push(isNull(productReviews.reply));
  if (q.channel_id) w.push(eq(productReviews.channelId, q.channel_id));
  if (q.product_id) w.push(eq(productReviews.productId, q.product_id));
  if (q.date_from) w.push(gte(productReviews.reviewedAt, dayStart(q.date_from)));
  if (q.date_to) w.push(lt(productReviews.reviewedAt, new Date(dayStart(q.date_to).getTime() + DAY_MS)));
  // Shorter than 2 characters is no search (spec section 5: the inbox search box).
  if (q.search && q.search.length >= INBOX_SEARCH_MIN) {
    w.push(sql`lower(${productReviews.productName} || ' ' || ${productReviews.body} || ' ' || ${productReviews.buyerName}) LIKE ${contains(q.search.toLowerCase())}`);
  }
  return and(...w)!;
}


/** A page of the business's reviews (newest first), its total, and the count per star of the filtered list. */
export async function listReviews(scope: Scope, q: ReviewQuery) {
  const { db, actor } = sellerScope(scope, "inbox");
  const where = whereOf(actor.member.businessId, q);
  const [rows, totals] = await sideBySide(db,
    () => db.select({ r: productReviews, orderCode: orders.orderCode }).from(productReviews)
      .innerJoin(orders, eq(orders.id, productReviews.orderId))
      .where(where).orderBy(desc(productReviews.reviewedAt), desc(productReviews.id))
      .limit(q.limit).offset((q.page - 1) * q.limit),
    () => db.select({ n: count(), unreplied: sql<number>`count(*) FILTER (WHERE ${productReviews.reply} IS NULL)::int`, sum: sql<number>`coalesce(sum(${productReviews.rating}), 0)::int` })
      .from(productReviews).where(where),
  );
  const t = totals[0] ?? { n: 0, unreplied: 0, sum: 0 };
  return {
    rows: rows.map((x) => reviewJson({ ...x.r, orderCode: x.orderCode })),
    total: Number(t.n),
    summary: { unreplied: Number(t.unreplied), average: t.n ? Math.round((Number(t.sum) / Number(t.n)) * 10) / 10 : null },
  };
}

async function reviewOf(exec: Db | Tx, businessId: number, reviewId: number, lock = false) {
  const q = exec.select({ r: productReviews, orderCode: orders.orderCode }).from(productReviews)
    .innerJoin(orders, eq(orders.id, productReviews.orderId))
    .where(and(eq(productReviews.id, reviewId), eq(productReviews.businessId, businessId)));
  const [row] = lock ? await q.for("update", { of: productReviews }) : await q;
  if (!row) throw new NotFound("inbox:errors.review_not_found");
  return { ...row.r, orderCode: row.orderCode };
}

export async function reviewDetail(scope: Scope, reviewId: number) {
  const { db, actor } = sellerScope(scope, "inbox");
  return reviewJson(await reviewOf(db, actor.member.businessId, reviewId));
}

/** The channels and products the filters offer: the business's channels, the products with reviews. */
export async function reviewChoices(scope: Scope) {
  const { db, actor } = sellerScope(scope, "inbox");
  const businessId = actor.member.businessId;
  const [chs, prods] = await sideBySide(db,
    () => db.select({ id: channels.id, name: channels.name }).from(channels).where(eq(channels.businessId, businessId)).orderBy(channels.name),
    () => db.select({ id: products.id, name: products.name }).from(productRatings).innerJoin(products, eq(products.id, productRatings.productId))
      .where(and(eq(productRatings.businessId, businessId), sql`${productRatings.reviews} > 0`)).orderBy(products.name).limit(500),
  );
  return { channels: chs, products: prods };
}

// ---- the seller's writes -------------------------------------------------------------------------

const text = (max: number) => z.string({ error: "required" }).trim().min(1, "required").max(max, "too_long");

export const reviewReplyBody = z.object({ review_id: id, reply: text(1000) });
export const reviewNoteBody = z.object({
  review_id: id,
  note: z.preprocess((v) => (v === null || v === undefined ? "" : v), z.string({ error: "invalid" }).trim().max(1000, "too_long")),
});
export const reviewRatingBody = z.object({
  review_id: id,
  rating: z.coerce.number({ error: "required" }).int("invalid").min(1, "invalid").max(5, "invalid"),
});

async function change(scope: Scope, reviewId: number, action: string, apply: (r: ReviewRow, now: Date) => Partial<ReviewRow>) {
  const { db, actor } = sellerScope(scope, "inbox");
  const businessId = actor.member.businessId;
  return db.transaction(async (tx) => {
    const before = await reviewOf(tx, businessId, reviewId, true);
    const now = new Date();
    const set = apply(before, now);
    await tx.update(productReviews).set({ ...set, timeModified: now }).where(eq(productReviews.id, before.id));
    const changes = Object.fromEntries(Object.entries(set).filter(([k]) => ["reply", "note", "sellerRating"].includes(k))
      .map(([k, v]) => [k, { from: (before as Record<string, unknown>)[k] ?? null, to: v ?? null }]));
    await recordHistory(tx, { businessId, refType: "review", refId: before.id, userId: actor.user.id, action, changes });
    return reviewJson(await reviewOf(tx, businessId, before.id));
  });
}

/** The seller's public reply: the first one, or an edit within REPLY_EDIT_HOURS of it. */
export function replyReview(scope: Scope, body: z.infer<typeof reviewReplyBody>) {
  return change(scope, body.review_id, "reply", (r, now) => {
    if (!r.repliedAt) return { reply: body.reply, repliedAt: now, repliedBy: scope.actor.user!.id };
    if (now.getTime() > r.repliedAt.getTime() + EDIT_MS) {
      throw new Refused("inbox:errors.reply_locked", { reply: ["inbox:errors.reply_locked"] }, { hours: REPLY_EDIT_HOURS });
    }
    return { reply: body.reply, replyEditedAt: now };
  });
}

/** The internal note: set, changed or cleared (empty). */
export function noteReview(scope: Scope, body: z.infer<typeof reviewNoteBody>) {
  return change(scope, body.review_id, "note", () => ({ note: body.note || null }));
}

/** The seller's rating of the buyer, 1–5. */
export function rateBuyer(scope: Scope, body: z.infer<typeof reviewRatingBody>) {
  return change(scope, body.review_id, "rating", () => ({ sellerRating: body.rating }));
}

// ---- coming in (core/inbox/webhooks.ts) ----------------------------------------------------------

export type IncomingReview = {
  channelReviewId: string; channelOrderId: string; sku: string; rating: number; text: string;
  images: string[]; buyerName: string | null; reviewedAt: Date;
};

/**
 * Records a buyer's review from `channel` inside `tx`, and moves its product's aggregate. The
 * order must be the channel's (so the business's) and have a line with the SKU. Idempotent by the
 * order line: a second review of the same line (another event, the same review resent) adds
 * nothing and answers the first one (`created: false`).
 */
export async function receiveReviewIn(tx: Tx, channel: { id: number; businessId: number; name: string }, r: IncomingReview) {
  const [order] = await tx.select({ id: orders.id, customerName: orders.customerName }).from(orders)
    .where(and(eq(orders.businessId, channel.businessId), eq(orders.channelId, channel.id), eq(orders.channelOrderId, r.channelOrderId)));
  if (!order) throw new NotFound("inbox:errors.order_not_found");
  const [item] = await tx.select({ id: orderItems.id, productId: orderItems.productId, productName: orderItems.productName }).from(orderItems)
    .where(and(eq(orderItems.orderId, order.id), sql`lower(${orderItems.sku}) = ${r.sku.toLowerCase()}`)).orderBy(orderItems.id).limit(1);
  if (!item) throw new Refused("inbox:errors.item_not_in_order", { sku: ["inbox:errors.item_not_in_order"] });
  const [fresh] = await tx.insert(productReviews).values({
    businessId: channel.businessId, orderId: order.id, orderItemId: item.id, productId: item.productId, productName: item.productName,
    channelId: channel.id, channelName: channel.name, channelReviewId: r.channelReviewId,
    buyerName: r.buyerName ?? order.customerName, rating: r.rating, body: r.text, images: r.images, reviewedAt: r.reviewedAt,
  }).onConflictDoNothing().returning({ id: productReviews.id });
  if (fresh) {
    if (item.productId) {
      await tx.insert(productRatings).values({ productId: item.productId, businessId: channel.businessId, reviews: 1, ratingSum: r.rating })
        .onConflictDoUpdate({ target: productRatings.productId, set: { reviews: sql`${productRatings.reviews} + 1`, ratingSum: sql`${productRatings.ratingSum} + ${r.rating}` } });
    }
    await notify(tx, channel.businessId, "new_review", {
      ref: { type: "review", id: fresh.id }, link: `/inbox/review/${fresh.id}`,
      vars: { buyer: r.buyerName ?? order.customerName ?? "", product: item.productName, rating: r.rating, channel: channel.name },
    });
    return { reviewId: fresh.id, created: true, businessId: channel.businessId };
  }
  const [was] = await tx.select({ id: productReviews.id }).from(productReviews)
    .where(sql`${productReviews.orderItemId} = ${item.id} OR (${productReviews.channelId} = ${channel.id} AND ${productReviews.channelReviewId} = ${r.channelReviewId})`).limit(1);
  if (!was) throw new Refused("inbox:errors.review_conflict");
  return { reviewId: was.id, created: false, businessId: channel.businessId };
}

/** A review's id by the channel's own id (a resend's answer). */
export async function reviewIdOf(exec: Db | Tx, channelId: number, channelReviewId: string) {
  const [r] = await exec.select({ id: productReviews.id }).from(productReviews)
    .where(and(eq(productReviews.channelId, channelId), eq(productReviews.channelReviewId, channelReviewId)));
  return r?.id ?? null;
}

/** The stored aggregate of some products: id → { average (one decimal), reviews }. */
export async function ratingsOfProducts(exec: Db | Tx, businessId: number, productIds: number[]) {
  if (!productIds.length) return new Map<number, { average: number; reviews: number }>();
  const rows = await exec.select().from(productRatings)
    .where(and(eq(productRatings.businessId, businessId), inArray(productRatings.productId, productIds)));
  return new Map(rows.filter((r) => r.reviews > 0).map((r) => [r.productId, { average: Math.round((r.ratingSum / r.reviews) * 10) / 10, reviews: r.reviews }]));
}
