/**
 * What buyers write on the channels, coming in (POST /api/webhooks/channels/:code/inbox,
 * api/routes/webhooks.ts): product questions, their further messages, and reviews. The same
 * protocol as the order webhook (core/orders/webhooks.ts):
 * - Signature: `X-Indie-Signature: sha256=<hex HMAC-SHA256 of the raw body>` with the channel's
 *   secret (core/orders/webhook-signing.ts). Missing or wrong: 401 before anything is read.
 * - Idempotency: the event's id is claimed in channel_events in the same transaction as its effect,
 *   before it, so of any number of deliveries of one event — at once or later — exactly one acts
 *   (`first_delivery: true`); the others change nothing and answer what a resend answers. A review
 *   is moreover one per order line, a message one per channel message id.
 * - Events:
 *     question.created  { message_id, sku, text, buyer_name, time? }            a new thread on the product with that SKU
 *     question.message  { message_id, thread_id, text, buyer_name, time? }      a buyer's further message (opens the thread again)
 *     review.created    { review_id, order_id, sku, rating 1–5, text?, images?, buyer_name?, time? }
 *                       a review of the line with that SKU of the channel's order `order_id`
 * - Order of checks: signature → the channel (404) → JSON and its schema (422) → what it names
 *   (404 unknown product, order or thread; 422 a SKU not in the order). A refused event rolls its
 *   claim back, so the channel may send it again.
 * - After the commit the business's pages hear `onInboxUpdate` (publish).
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { db, type Tx } from "#db/client.ts";
import { channelEvents } from "#db/schema/index.ts";
import { publish } from "#core/lib/events.ts";
import { channelForCode, readDelivery } from "#core/orders/webhooks.ts";
import { Conflict } from "#core/errors.ts";
import { messageIdOf, receiveBuyerMessageIn, receiveQuestionIn } from "./discussions.ts";
import { receiveReviewIn, reviewIdOf } from "./reviews.ts";

const text = (max: number) => z.string().trim().min(1).max(max);
const unixSeconds = z.number().int().min(946684800).max(4102444800);
const imageUrl = z.url({ protocol: /^https?$/ }).max(500);

export const inboxEvent = z.discriminatedUnion("type", [
  z.object({ id: text(100), type: z.literal("question.created"), data: z.object({
    message_id: text(100), sku: text(80), text: text(1000), buyer_name: text(120), time: unixSeconds.nullish(),
  }) }),
  z.object({ id: text(100), type: z.literal("question.message"), data: z.object({
    message_id: text(100), thread_id: text(100), text: text(1000), buyer_name: text(120), time: unixSeconds.nullish(),
  }) }),
  z.object({ id: text(100), type: z.literal("review.created"), data: z.object({
    review_id: text(100), order_id: text(64), sku: text(80), rating: z.number().int().min(1).max(5),
    text: z.string().trim().max(2000).nullish(), images: z.array(imageUrl).max(5).nullish(), buyer_name: text(120).nullish(),
    time: unixSeconds.nullish(),
  }) }),
]);
export type InboxEvent = z.infer<typeof inboxEvent>;

export type InboxWebhookResult = {
  event_id: string; type: string; first_delivery: boolean; applied: boolean;
  review_id: number | null; discussion_id: number | null;
};

type Channel = Awaited<ReturnType<typeof channelForCode>>;

/** One delivery as it came, read as every inbound path reads it (core/orders/webhooks.ts readDelivery), then handled. */
export async function receiveInboxWebhook(code: string, raw: string, signature: string | undefined | null) {
  const { channel, event } = await readDelivery(code, raw, signature, inboxEvent);
  return handleInboxEvent(channel, event);
}

const at = (time: number | null | undefined) => (time ? new Date(Math.min(time * 1000, Date.now())) : new Date());

async function answerSeen(channel: Channel, event: InboxEvent): Promise<InboxWebhookResult> {
  const review = event.type === "review.created" ? await reviewIdOf(db, channel.id, event.data.review_id) : null;
  const discussion = event.type !== "review.created" ? await messageIdOf(db, channel.id, event.data.message_id) : null;
  return { event_id: event.id, type: event.type, first_delivery: false, applied: false, review_id: review, discussion_id: discussion };
}

async function seen(channelId: number, eventId: string) {
  const [row] = await db.select({ id: channelEvents.eventId }).from(channelEvents)
    .where(and(eq(channelEvents.channelId, channelId), eq(channelEvents.eventId, eventId)));
  return Boolean(row);
}

/** Handles one verified, parsed delivery (see the header). */
export async function handleInboxEvent(channel: Channel, event: InboxEvent): Promise<InboxWebhookResult> {
  if (await seen(channel.id, event.id)) return answerSeen(channel, event);
  const r = await db.transaction(async (tx: Tx) => {
    const [fresh] = await tx.insert(channelEvents).values({ channelId: channel.id, eventId: event.id })
      .onConflictDoNothing().returning({ eventId: channelEvents.eventId });
    if (!fresh) return undefined; // a concurrent delivery of this event committed first
    if (event.type === "review.created") {
      const d = event.data;
      const got = await receiveReviewIn(tx, channel, {
        channelReviewId: d.review_id, channelOrderId: d.order_id, sku: d.sku, rating: d.rating, text: d.text ?? "",
        images: d.images ?? [], buyerName: d.buyer_name ?? null, reviewedAt: at(d.time),
      });
      return { applied: got.created, review_id: got.reviewId, discussion_id: null };
    }
    const got = event.type === "question.created"
      ? await receiveQuestionIn(tx, channel, { messageId: event.data.message_id, sku: event.data.sku, text: event.data.text, buyerName: event.data.buyer_name, at: at(event.data.time) })
      : await receiveBuyerMessageIn(tx, channel, { messageId: event.data.message_id, threadId: event.data.thread_id, text: event.data.text, buyerName: event.data.buyer_name, at: at(event.data.time) });
    return { applied: got.created, review_id: null, discussion_id: got.discussionId };
  });
  if (!r) {
    if (!(await seen(channel.id, event.id))) throw new Conflict("api:errors.conflict");
    return answerSeen(channel, event);
  }
  if (r.applied) publish(channel.businessId, "onInboxUpdate", { type: event.type, review_id: r.review_id, discussion_id: r.discussion_id });
  return { event_id: event.id, type: event.type, first_delivery: true, ...r };
}
