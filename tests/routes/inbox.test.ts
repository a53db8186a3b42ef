/**
 * The inbox pages at the web's seam: the review page's three forms (reply, note, buyer rating)
 * with refusals under their fields (in Indonesian under /id), the discussion page's reply and
 * hide, the lists' filters in the URL, and another business refused — nothing read, nothing changed.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import { handleInboxEvent } from "#core/inbox/webhooks.ts";
import * as reviews from "#app/routes/admin/inbox/reviews.tsx";
import * as review from "#app/routes/admin/inbox/review.tsx";
import * as discussions from "#app/routes/admin/inbox/discussions.tsx";
import * as discussion from "#app/routes/admin/inbox/discussion.tsx";
import { DEMO } from "#tests/demo-accounts.ts";
import { newOrder, newVariant, shopOf, type Shop } from "#tests/api/order-fixtures.ts";
import { runAction, runLoader } from "./harness.ts";

let shop: Shop;
let channel: { id: number; businessId: number; platformCode: string; name: string };
let seq = 0;
const tag = () => `${Date.now().toString(36)}${++seq}`;

beforeAll(async () => {
  shop = await shopOf(DEMO.seller);
  [channel] = await db.select({ id: s.channels.id, businessId: s.channels.businessId, platformCode: s.channels.platformCode, name: s.channels.name })
    .from(s.channels).where(eq(s.channels.id, shop.channelId));
});

async function aReview(rating = 2) {
  const v = await newVariant(shop);
  const orderId = await newOrder(shop, [{ sku: v.sku, quantity: 1 }]);
  const [o] = await db.select().from(s.orders).where(eq(s.orders.id, orderId));
  const t = tag();
  const r = await handleInboxEvent(channel, { id: `rt-${t}`, type: "review.created", data: { review_id: `rt-${t}`, order_id: o.channelOrderId!, sku: v.sku, rating, text: `Kurang pas ${t}` } });
  return { id: r.review_id!, text: `Kurang pas ${t}`, tag: t };
}

async function aQuestion() {
  const v = await newVariant(shop);
  const t = tag();
  const r = await handleInboxEvent(channel, { id: `qt-${t}`, type: "question.created", data: { message_id: `qt-${t}`, sku: v.sku, text: `Ready kak? ${t}`, buyer_name: "Andi" } });
  return { id: r.discussion_id!, tag: t };
}

describe("review pages", () => {
  it("lists with the ratings and search in the URL; one character is no search", async () => {
    const r = await aReview(1);
    const hit = await runLoader(reviews, { url: `/inbox/review?rating=1&rating=2&replied=no&search=${r.tag}`, as: DEMO.seller });
    expect(hit.data.rows.map((x: any) => x.review_id)).toEqual([r.id]);
    expect(hit.data.params.filters).toMatchObject({ rating: "2,1", replied: "no" });
    const miss = await runLoader(reviews, { url: `/inbox/review?rating=5&search=${r.tag}`, as: DEMO.seller });
    expect(miss.data.rows).toHaveLength(0);
    const short = await runLoader(reviews, { url: "/inbox/review?search=x", as: DEMO.seller });
    expect(short.data.total).toBeGreaterThan(0);
  });

  it("replies, notes and rates the buyer from the page's forms; an empty reply is refused under its field", async () => {
    const r = await aReview();
    const url = `/inbox/review/${r.id}`;
    const empty = await runAction(review, { url, params: { id: String(r.id) }, as: DEMO.seller, form: { intent: "reply", reply: " " } });
    expect(empty.status).toBe(400);
    expect(empty.data.error.reply).toBeTruthy();
    const ok = await runAction(review, { url, params: { id: String(r.id) }, as: DEMO.seller, form: { intent: "reply", reply: "Maaf kak, kami ganti ya" } });
    expect(ok.redirect).toBe(url);
    expect(ok.toasts).toContainEqual({ type: "success", message: "Reply saved" });
    await runAction(review, { url, params: { id: String(r.id) }, as: DEMO.seller, form: { intent: "note", note: "Cek QC" } });
    await runAction(review, { url, params: { id: String(r.id) }, as: DEMO.seller, form: { intent: "rating", rating: "4" } });
    const page = await runLoader(review, { url, params: { id: String(r.id) }, as: DEMO.seller });
    expect(page.data.review).toMatchObject({ reply: "Maaf kak, kami ganti ya", note: "Cek QC", seller_rating: 4 });
    expect(page.data.canReply).toBe(true);
  });

  it("refuses an edit past 24 hours under the field, in Indonesian under /id", async () => {
    const r = await aReview();
    await db.update(s.productReviews).set({ reply: "Terima kasih", repliedAt: new Date(Date.now() - 30 * 3600_000) }).where(eq(s.productReviews.id, r.id));
    const res = await runAction(review, { url: `/id/inbox/review/${r.id}`, params: { id: String(r.id) }, as: DEMO.seller, form: { intent: "reply", reply: "Ubah" } });
    expect(res.status).toBe(400);
    expect(res.data.error.reply[0]).toContain("tidak bisa diubah lagi");
    const page = await runLoader(review, { url: `/inbox/review/${r.id}`, params: { id: String(r.id) }, as: DEMO.seller });
    expect(page.data.canReply).toBe(false);
  });

  it("keeps another business out: not found, nothing changed", async () => {
    const r = await aReview();
    const url = `/inbox/review/${r.id}`;
    const read = await runLoader(review, { url, params: { id: String(r.id) }, as: DEMO.seller2 });
    expect(read.status).toBe(404);
    for (const form of [{ intent: "reply", reply: "x" }, { intent: "note", note: "x" }, { intent: "rating", rating: "1" }] as Record<string, string>[]) {
      const res = await runAction(review, { url, params: { id: String(r.id) }, as: DEMO.seller2, form });
      expect(res.status).toBe(404);
    }
    const theirs = await runLoader(reviews, { url: `/inbox/review?search=${r.tag}`, as: DEMO.seller2 });
    expect(theirs.data.rows).toHaveLength(0);
    const [row] = await db.select().from(s.productReviews).where(eq(s.productReviews.id, r.id));
    expect(row).toMatchObject({ reply: null, note: null, sellerRating: null });
  });
});

describe("discussion pages", () => {
  it("answers and hides from the thread's page; the list's tabs follow", async () => {
    const q = await aQuestion();
    const url = `/inbox/discussion/${q.id}`;
    const before = await runLoader(discussions, { url: `/inbox/discussion?search=${q.tag}`, as: DEMO.seller });
    expect(before.data.tabs).toMatchObject({ unanswered: 1, answered: 0 });
    const empty = await runAction(discussion, { url, params: { id: String(q.id) }, as: DEMO.seller, form: { intent: "reply", message: "" } });
    expect(empty.status).toBe(400);
    expect(empty.data.error.message).toBeTruthy();
    const ok = await runAction(discussion, { url, params: { id: String(q.id) }, as: DEMO.seller, form: { intent: "reply", message: "Ready kak" } });
    expect(ok.redirect).toBe(url);
    const after = await runLoader(discussions, { url: `/inbox/discussion?search=${q.tag}`, as: DEMO.seller });
    expect(after.data.tabs).toMatchObject({ unanswered: 0, answered: 1 });
    await runAction(discussion, { url, params: { id: String(q.id) }, as: DEMO.seller, form: { intent: "move", message_id: String(q.id), action: "hide" } });
    const page = await runLoader(discussion, { url, params: { id: String(q.id) }, as: DEMO.seller });
    expect(page.data.thread).toMatchObject({ hidden: true, status: "hidden", messages: [{ author: "seller", message: "Ready kak" }] });
  });

  it("keeps another business out: not found, nothing changed", async () => {
    const q = await aQuestion();
    const url = `/inbox/discussion/${q.id}`;
    expect((await runLoader(discussion, { url, params: { id: String(q.id) }, as: DEMO.seller2 })).status).toBe(404);
    expect((await runAction(discussion, { url, params: { id: String(q.id) }, as: DEMO.seller2, form: { intent: "reply", message: "x" } })).status).toBe(404);
    // Moving this thread by its id from their own session: refused.
    expect((await runAction(discussion, { url, params: { id: String(q.id) }, as: DEMO.seller2, form: { intent: "move", message_id: String(q.id), action: "hide" } })).status).toBe(404);
    const [row] = await db.select().from(s.discussions).where(eq(s.discussions.id, q.id));
    expect(row).toMatchObject({ hidden: false, answered: false });
    const theirs = await runLoader(discussions, { url: `/inbox/discussion?search=${q.tag}`, as: DEMO.seller2 });
    expect(theirs.data.rows).toHaveLength(0);
  });
});
