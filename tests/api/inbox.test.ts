/**
 * The inbox (issue 17): discussions and reviews through the REST calls with the envelope, the
 * signed inbound path (POST /api/webhooks/channels/:code/inbox) — bad signature 401 and nothing
 * written, the same delivery three times at once one row — tenant isolation, the inbox privilege,
 * and bad input of any shape answered 4xx.
 */
import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { signBody, webhookCode, webhookSecret } from "#core/orders/webhook-signing.ts";
import { api } from "#api/app.ts";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import { call, DEMO, login } from "./helpers.ts";
import { newOrder, newVariant, shopOf, type Shop } from "./order-fixtures.ts";

let shop: Shop;
let other: Shop;
let code: string;
let otherCode: string;
let seller: string;
let seller2: string;
let staff: string;

beforeAll(async () => {
  shop = await shopOf(DEMO.seller);
  other = await shopOf(DEMO.seller2);
  const [mine] = await db.select().from(s.channels).where(eq(s.channels.id, shop.channelId));
  const [theirs] = await db.select().from(s.channels).where(eq(s.channels.id, other.channelId));
  code = webhookCode(mine);
  otherCode = webhookCode(theirs);
  [seller, seller2, staff] = await Promise.all([login(DEMO.seller), login(DEMO.seller2), login(DEMO.staff)]);
});

let seq = 0;
const uid = (p: string) => `${p}-${process.pid}-${Date.now().toString(36)}-${++seq}`;

async function deliver(event: unknown, opts: { code?: string; signature?: string | null; body?: string } = {}) {
  const c = opts.code ?? code;
  const body = opts.body ?? JSON.stringify(event);
  const headers: Record<string, string> = { "Content-Type": "application/json", "Accept-Language": "en" };
  const signature = opts.signature === undefined ? signBody(webhookSecret(c), body) : opts.signature;
  if (signature !== null) headers["X-Indie-Signature"] = signature;
  const res = await api.request(`/api/webhooks/channels/${c}/inbox`, { method: "POST", headers, body });
  return { status: res.status, body: (await res.json()) as { code: number; message: string; data?: any } };
}

/** A product of the demo seller sold in an order of its channel: the channel's order id and the SKU. */
async function soldProduct() {
  const v = await newVariant(shop);
  const orderId = await newOrder(shop, [{ sku: v.sku, quantity: 1 }]);
  const [o] = await db.select().from(s.orders).where(eq(s.orders.id, orderId));
  return { ...v, orderId, channelOrderId: o.channelOrderId! };
}

const reviewEvent = (p: { channelOrderId: string; sku: string }, rating: number, text = "Barangnya bagus, pengiriman cepat") => ({
  id: uid("evt"), type: "review.created",
  data: { review_id: uid("rv"), order_id: p.channelOrderId, sku: p.sku, rating, text, buyer_name: "Dewi Anggraini", images: ["https://example.com/a.jpg"] },
});
const questionEvent = (sku: string, text = "Kak, ukuran L ready?") => ({
  id: uid("evt"), type: "question.created", data: { message_id: uid("q"), sku, text, buyer_name: "Rizky" },
});

describe("reviews coming in", () => {
  it("records a review of an order line once, even delivered three times at once, and moves the product's aggregate", async () => {
    const p = await soldProduct();
    const ev = reviewEvent(p, 4);
    const answers = await Promise.all([deliver(ev), deliver(ev), deliver(ev)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(answers.filter((a) => a.body.data.first_delivery)).toHaveLength(1);
    const ids = new Set(answers.map((a) => a.body.data.review_id));
    expect(ids.size).toBe(1);
    const [{ n }] = await db.select({ n: count() }).from(s.productReviews).where(eq(s.productReviews.productId, p.productId));
    expect(n).toBe(1);
    // The same line reviewed again under another event and review id: still one review.
    const again = await deliver({ ...reviewEvent(p, 1), id: uid("evt") });
    expect(again.status).toBe(200);
    expect(again.body.data.applied).toBe(false);
    const [agg] = await db.select().from(s.productRatings).where(eq(s.productRatings.productId, p.productId));
    expect(agg).toMatchObject({ reviews: 1, ratingSum: 4 });
    // A later resend of the first event: nothing changes, the same review named.
    const resend = await deliver(ev);
    expect(resend.body.data).toMatchObject({ first_delivery: false, review_id: [...ids][0] });
    // The catalogue shows the stored average: another line of another order makes it 4.5 (2).
    const second = await newOrder(shop, [{ sku: p.sku, quantity: 1 }]);
    const [o2] = await db.select().from(s.orders).where(eq(s.orders.id, second));
    expect((await deliver(reviewEvent({ channelOrderId: o2.channelOrderId!, sku: p.sku }, 5))).status).toBe(201);
    const listing = await call("GET", "/v0.0.1/products", { token: seller, query: { search: p.sku, limit: 10 } });
    expect(listing.body.data.find((x: any) => x.product_id === p.productId)).toMatchObject({ rating: { average: 4.5, reviews: 2 } });
  });

  it("refuses a bad signature with 401 and writes nothing", async () => {
    const p = await soldProduct();
    const ev = reviewEvent(p, 5);
    for (const signature of [null, "sha256=00", signBody(webhookSecret(otherCode), JSON.stringify(ev))]) {
      expect((await deliver(ev, { signature })).status).toBe(401);
    }
    const [{ n }] = await db.select({ n: count() }).from(s.productReviews).where(eq(s.productReviews.productId, p.productId));
    expect(n).toBe(0);
    const [{ e }] = await db.select({ e: count() }).from(s.channelEvents).where(and(eq(s.channelEvents.channelId, shop.channelId), eq(s.channelEvents.eventId, ev.id)));
    expect(e).toBe(0);
  });

  it("needs a real order of the channel and a product of that order", async () => {
    const p = await soldProduct();
    expect((await deliver(reviewEvent({ ...p, channelOrderId: "NO-SUCH-ORDER" }, 5))).status).toBe(404);
    expect((await deliver(reviewEvent({ ...p, sku: "NOT-IN-ORDER" }, 5))).status).toBe(422);
    // Another business's channel cannot review this business's order.
    expect((await deliver(reviewEvent(p, 5), { code: otherCode })).status).toBe(404);
    // A refused event was not kept: sent again once the order is right, it counts.
    const ev = reviewEvent({ ...p, sku: "NOT-IN-ORDER" }, 3);
    expect((await deliver(ev)).status).toBe(422);
    expect((await deliver({ ...ev, data: { ...ev.data, sku: p.sku } })).status).toBe(201);
  });

  it("answers bad input of any shape with 4xx, never 5xx", async () => {
    const p = await soldProduct();
    const good = reviewEvent(p, 5);
    const shapes: unknown[] = [
      null, 1, "x", [], {}, { id: "a" }, { id: "a", type: "review.created" }, { id: "a", type: "nope", data: {} },
      { ...good, data: { ...good.data, rating: 0 } }, { ...good, data: { ...good.data, rating: 6 } }, { ...good, data: { ...good.data, rating: "5" } },
      { ...good, data: { ...good.data, images: ["javascript:alert(1)"] } }, { ...good, data: { ...good.data, images: "x" } },
      { ...good, data: { ...good.data, text: "x".repeat(5000) } }, { ...good, id: "" }, { ...good, data: { ...good.data, order_id: 12 } },
      { id: "q", type: "question.created", data: { message_id: "m", sku: 5, text: "hi", buyer_name: "b" } },
      { id: "q", type: "question.message", data: { message_id: "m", thread_id: "nope", text: "hi", buyer_name: "b" } },
    ];
    for (const shape of shapes) {
      const r = await deliver(shape);
      expect(r.status, JSON.stringify(shape)).toBeGreaterThanOrEqual(400);
      expect(r.status, JSON.stringify(shape)).toBeLessThan(500);
    }
    expect((await deliver(undefined, { body: "{not json" })).status).toBe(422);
  });
});

describe("reviews through the API", () => {
  it("lists with filters, replies (editable for 24 h), notes and rates the buyer", async () => {
    const p = await soldProduct();
    const created = await deliver(reviewEvent(p, 2, "Warnanya beda dengan foto"));
    const id = created.body.data.review_id as number;

    const list = await call("GET", "/v0.1.0/inbox/reviews", { token: seller, query: { product_id: p.productId, rating: "1,2", replied: "no" } });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ review_id: id, rating: 2, reply: null, product_id: p.productId, images: ["https://example.com/a.jpg"] });
    expect((await call("GET", "/v0.1.0/inbox/reviews", { token: seller, query: { product_id: p.productId, rating: "5" } })).status).toBe(404);
    expect((await call("GET", "/v0.1.0/inbox/reviews", { token: seller, query: { search: "beda dengan" } })).body.data.some((r: any) => r.review_id === id)).toBe(true);
    expect((await call("GET", "/v0.1.0/inbox/reviews", { token: seller, query: { rating: "7" } })).status).toBe(422);

    const reply = await call("PUT", "/inbox/reviews/reply", { token: seller, json: { review_id: id, reply: "Mohon maaf kak, kami bantu tukar ya" } });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ reply: "Mohon maaf kak, kami bantu tukar ya" });
    expect((await call("PUT", "/inbox/reviews/reply", { token: seller, json: { review_id: id, reply: "Mohon maaf kak, kami bantu tukar ya." } })).status).toBe(200);
    // Past the window the reply stays as it is.
    await db.update(s.productReviews).set({ repliedAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(s.productReviews.id, id));
    const late = await call("PUT", "/inbox/reviews/reply", { token: seller, json: { review_id: id, reply: "changed" } });
    expect(late.status).toBe(422);
    expect(late.body.data).toHaveProperty("reply");

    const note = await call("PUT", "/inbox/reviews/note", { token: seller, json: { review_id: id, note: "Cek QC warna batch ini" } });
    expect(note.body.data).toMatchObject({ note: "Cek QC warna batch ini" });
    const rating = await call("PUT", "/inbox/reviews/rating", { token: seller, json: { review_id: id, rating: 5 } });
    expect(rating.body.data).toMatchObject({ seller_rating: 5 });
    expect((await call("PUT", "/inbox/reviews/rating", { token: seller, json: { review_id: id, rating: 6 } })).status).toBe(422);
    const one = await call("GET", `/v0.1.0/inbox/reviews/${id}`, { token: seller });
    expect(one.body.data).toMatchObject({ reply: "Mohon maaf kak, kami bantu tukar ya.", note: "Cek QC warna batch ini", seller_rating: 5 });
  });

  it("keeps another business and staff without the inbox privilege out", async () => {
    const p = await soldProduct();
    const id = (await deliver(reviewEvent(p, 3))).body.data.review_id as number;
    expect((await call("GET", `/v0.1.0/inbox/reviews/${id}`, { token: seller2 })).status).toBe(404);
    for (const path of ["reply", "note", "rating"] as const) {
      const json = { review_id: id, reply: "x", note: "x", rating: 1 };
      expect((await call("PUT", `/inbox/reviews/${path}`, { token: seller2, json })).status).toBe(404);
      expect((await call("PUT", `/inbox/reviews/${path}`, { token: staff, json })).status).toBe(403);
    }
    const theirs = await call("GET", "/v0.1.0/inbox/reviews", { token: seller2, query: { limit: 150 } });
    expect((theirs.body.data ?? []).some((r: any) => r.review_id === id)).toBe(false);
    expect((await call("GET", "/v0.1.0/inbox/reviews", { token: staff })).status).toBe(403);
    const [row] = await db.select().from(s.productReviews).where(eq(s.productReviews.id, id));
    expect(row).toMatchObject({ reply: null, note: null, sellerRating: null });
  });
});

describe("discussions", () => {
  it("takes a question once (three deliveries at once), lists it unanswered, answers by reply, hides and shows", async () => {
    const v = await newVariant(shop);
    const ev = questionEvent(v.sku, "Kak, bahannya adem nggak?");
    const answers = await Promise.all([deliver(ev), deliver(ev), deliver(ev)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    const [{ n }] = await db.select({ n: count() }).from(s.discussions).where(eq(s.discussions.productId, v.productId));
    expect(n).toBe(1);
    const threadId = answers.find((a) => a.status === 201)!.body.data.discussion_id as number;

    const list = await call("GET", "/v0.0.1/discussion/product", { token: seller, query: { product_id: v.productId, tab: "unanswered" } });
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({ discussion_id: threadId, status: "unanswered", product_id: v.productId });
    expect((list.body.pagination as any).summary_data.tabs).toMatchObject({ unanswered: 1, answered: 0, all: 1 });
    expect((list.body.pagination as any).summary_data.products[0]).toMatchObject({ product_id: v.productId, threads: 1, unanswered: 1 });

    const reply = await call("POST", "/discussion", { token: seller, json: { parent_id: threadId, message: "Adem kak, bahan katun combed 30s" } });
    expect(reply.status).toBe(201);
    const thread = await call("GET", `/v0.0.0/discussion/message/${threadId}`, { token: seller });
    expect(thread.body.data).toMatchObject({ status: "answered", messages: [{ author: "seller", message: "Adem kak, bahan katun combed 30s" }] });
    const children = await call("GET", `/v0.0.0/discussion/child/${threadId}`, { token: seller });
    expect(children.body.data).toHaveLength(1);

    // The buyer asks again: the thread is open again.
    const more = await deliver({ id: uid("evt"), type: "question.message", data: { message_id: uid("m"), thread_id: ev.data.message_id, text: "Kalau warna navy ada?", buyer_name: "Rizky" } });
    expect(more.status).toBe(201);
    expect((await call("GET", `/v0.0.0/discussion/message/${threadId}`, { token: seller })).body.data).toMatchObject({ status: "unanswered", children: 2 });

    const hidden = await call("PUT", `/discussion/${threadId}`, { token: seller, json: { action: "hide" } });
    expect(hidden.body.data).toMatchObject({ status: "hidden", hidden: true });
    const tabs = (await call("GET", "/v0.0.1/discussion/product", { token: seller, query: { product_id: v.productId } })).body.pagination as any;
    expect(tabs.summary_data.tabs).toMatchObject({ hidden: 1, unanswered: 0, all: 1 });
    expect((await call("PUT", `/discussion/${threadId}`, { token: seller, json: { action: "unhide" } })).body.data).toMatchObject({ hidden: false });
    expect((await call("PUT", `/discussion/${threadId}`, { token: seller, json: { action: "answered" } })).body.data).toMatchObject({ status: "answered" });
    // A child message can be hidden, not answered.
    const childId = children.body.data[0].discussion_id;
    expect((await call("PUT", `/discussion/${childId}`, { token: seller, json: { action: "hide" } })).status).toBe(200);
    expect((await call("PUT", `/discussion/${childId}`, { token: seller, json: { action: "answered" } })).status).toBe(422);
    // Search from 2 characters: product name or any message.
    const found = await call("GET", "/v0.0.1/discussion/product", { token: seller, query: { search: "warna navy" } });
    expect(found.body.data.some((d: any) => d.discussion_id === threadId)).toBe(true);
  });

  it("needs a real product of the business", async () => {
    expect((await deliver(questionEvent("NO-SUCH-SKU"))).status).toBe(404);
    const theirs = await newVariant(other);
    expect((await deliver(questionEvent(theirs.sku))).status).toBe(404);
  });

  it("keeps another business and staff without the inbox privilege out", async () => {
    const v = await newVariant(shop);
    const threadId = (await deliver(questionEvent(v.sku))).body.data.discussion_id as number;
    expect((await call("GET", `/v0.0.0/discussion/message/${threadId}`, { token: seller2 })).status).toBe(404);
    expect((await call("GET", `/v0.0.0/discussion/child/${threadId}`, { token: seller2 })).status).toBe(404);
    expect((await call("POST", "/discussion", { token: seller2, json: { parent_id: threadId, message: "hi" } })).status).toBe(404);
    expect((await call("PUT", `/discussion/${threadId}`, { token: seller2, json: { action: "hide" } })).status).toBe(404);
    expect((await call("POST", "/discussion", { token: staff, json: { parent_id: threadId, message: "hi" } })).status).toBe(403);
    const theirs = await call("GET", "/v0.0.1/discussion/product", { token: seller2, query: { limit: 150 } });
    expect((theirs.body.data ?? []).some((d: any) => d.discussion_id === threadId)).toBe(false);
    const [row] = await db.select().from(s.discussions).where(eq(s.discussions.id, threadId));
    expect(row).toMatchObject({ hidden: false, answered: false });
  });

  it("answers bad input with 4xx", async () => {
    for (const json of [{}, { parent_id: "x", message: "a" }, { parent_id: 1 }, { parent_id: 99999999999, message: "a" }, { parent_id: 1, message: "x".repeat(2000) }]) {
      const r = await call("POST", "/discussion", { token: seller, json });
      expect(r.status, JSON.stringify(json)).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    }
    for (const json of [{}, { action: "delete" }, { action: 1 }]) {
      expect((await call("PUT", "/discussion/1", { token: seller, json })).status).toBe(422);
    }
    for (const query of [{ tab: "nope" }, { page: "0" }, { limit: "1000" }, { product_id: "abc" }] as Record<string, string>[]) {
      expect((await call("GET", "/v0.0.1/discussion/product", { token: seller, query })).status).toBe(422);
    }
    expect((await call("GET", "/v0.0.0/discussion/message/99999999999", { token: seller })).status).toBe(404);
  });
});

describe("telling the staff", () => {
  const feed = async (token: string) =>
    ((await call<any[]>("GET", "/v0.0.0/notifications", { token, query: { limit: 150 } })).body.data ?? []);

  it("tells the inbox's staff once of a new question and a new review, linked to them; nobody else", async () => {
    const p = await soldProduct();
    const q = questionEvent(p.sku, "Kak, warna hitam ada?");
    const asked = await Promise.all([deliver(q), deliver(q), deliver(q)]);
    const threadId = asked.find((a) => a.body.data.first_delivery)!.body.data.discussion_id as number;
    const reviewId = (await deliver(reviewEvent(p, 2))).body.data.review_id as number;
    const mine = await feed(seller);
    expect(mine.filter((n) => n.event === "new_question" && n.link === `/inbox/discussion/${threadId}`)).toHaveLength(1);
    const review = mine.filter((n) => n.event === "new_review" && n.link === `/inbox/review/${reviewId}`);
    expect(review).toHaveLength(1);
    expect(review[0].message).toMatch(/^Dewi Anggraini rated .+ 2★ on /);
    // Staff without the inbox privilege and another business hear nothing of it.
    for (const token of [staff, seller2]) {
      expect((await feed(token)).some((n) => n.link === `/inbox/discussion/${threadId}` || n.link === `/inbox/review/${reviewId}`)).toBe(false);
    }
  });
});

describe("the demo business", () => {
  it("has Indonesian questions (some unanswered, one hidden) and reviews (some low, some replied)", async () => {
    const threads = await call("GET", "/v0.0.1/discussion/product", { token: seller, query: { limit: 150 } });
    const tabs = (threads.body.pagination as any).summary_data.tabs;
    expect(tabs.unanswered).toBeGreaterThan(0);
    expect(tabs.answered).toBeGreaterThan(0);
    expect(tabs.hidden).toBeGreaterThan(0);
    const low = await call("GET", "/v0.1.0/inbox/reviews", { token: seller, query: { rating: "1,2" } });
    expect(low.body.data.length).toBeGreaterThan(0);
    const replied = await call("GET", "/v0.1.0/inbox/reviews", { token: seller, query: { replied: "yes" } });
    expect(replied.body.data.length).toBeGreaterThan(0);
    expect((await call("GET", "/v0.1.0/inbox/reviews", { token: seller, query: { replied: "no" } })).body.data.length).toBeGreaterThan(0);
  });
});
