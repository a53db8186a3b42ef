/**
 * Chat and the order inbox (issue 17 items 1 and 2): the signed inbound path (POST
 * /api/webhooks/channels/:code/chat) — bad signature 401 and nothing written, the same message
 * three times at once one message — the REST calls with the envelope, tenant isolation, the inbox
 * privilege, the reply through the outbox with its delivery recorded, blocked buyers, the
 * auto-replies once, the order's conversation both ways, and the event on the business's socket.
 */
import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signBody, webhookCode, webhookSecret } from "#core/orders/webhook-signing.ts";
import { api } from "#api/app.ts";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import { call, DEMO, login } from "./helpers.ts";
import { newOrder, newVariant, shopOf, type Shop } from "./order-fixtures.ts";
import { joinSocket, startRealtime } from "./realtime-client.ts";

let shop: Shop;
let other: Shop;
let code: string;
let seller: string;
let seller2: string;
let staff: string;

beforeAll(async () => {
  shop = await shopOf(DEMO.seller);
  other = await shopOf(DEMO.seller2);
  const [mine] = await db.select().from(s.channels).where(eq(s.channels.id, shop.channelId));
  code = webhookCode(mine);
  [seller, seller2, staff] = await Promise.all([login(DEMO.seller), login(DEMO.seller2), login(DEMO.staff)]);
});

let seq = 0;
const uid = (p: string) => `${p}-${process.pid}-${Date.now().toString(36)}-${++seq}`;

async function deliver(event: unknown, opts: { code?: string; signature?: string | null } = {}) {
  const c = opts.code ?? code;
  const body = JSON.stringify(event);
  const headers: Record<string, string> = { "Content-Type": "application/json", "Accept-Language": "en" };
  const signature = opts.signature === undefined ? signBody(webhookSecret(c), body) : opts.signature;
  if (signature !== null) headers["X-Indie-Signature"] = signature;
  const res = await api.request(`/api/webhooks/channels/${c}/chat`, { method: "POST", headers, body });
  return { status: res.status, body: (await res.json()) as { code: number; message: string; data?: any } };
}

const message = (buyer: string, text = "Halo kak, masih ready?", extra: Record<string, unknown> = {}) => ({
  id: uid("evt"), type: "message.created", data: { message_id: uid("m"), buyer_id: buyer, buyer_name: "Rina Wulandari", buyer_phone: "0812 3456 7890", text, ...extra },
});

const messagesIn = async (conversationId: number) =>
  (await db.select({ n: count() }).from(s.chatMessages).where(and(eq(s.chatMessages.conversationId, conversationId), eq(s.chatMessages.direction, "in"))))[0].n;

describe("messages coming in", () => {
  it("keeps one message of the same delivery sent three times at once", async () => {
    const ev = message(uid("buyer"));
    const answers = await Promise.all([deliver(ev), deliver(ev), deliver(ev)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(answers.filter((a) => a.body.data.first_delivery)).toHaveLength(1);
    const ids = new Set(answers.map((a) => a.body.data.conversation_id));
    expect(ids.size).toBe(1);
    const conversationId = [...ids][0];
    expect(await messagesIn(conversationId)).toBe(1);
    const [c] = await db.select().from(s.conversations).where(eq(s.conversations.id, conversationId));
    expect(c).toMatchObject({ businessId: shop.businessId, unread: 1, buyerPhone: "+6281234567890", lastPreview: "Halo kak, masih ready?" });
    // The same channel message under another event id: still one message.
    const again = await deliver({ ...ev, id: uid("evt") });
    expect(again.body.data.applied).toBe(false);
    expect(await messagesIn(conversationId)).toBe(1);
  });

  it("refuses a bad or missing signature with 401 and writes nothing", async () => {
    const buyer = uid("buyer");
    const ev = message(buyer);
    for (const signature of [null, "sha256=00", signBody("wrong-secret", JSON.stringify(ev))]) {
      const r = await deliver(ev, { signature });
      expect(r.status).toBe(401);
    }
    expect((await db.select().from(s.conversations).where(eq(s.conversations.buyerId, buyer)))).toHaveLength(0);
    expect((await db.select().from(s.channelEvents).where(eq(s.channelEvents.eventId, ev.id)))).toHaveLength(0);
  });

  it("answers bad events per field (422) and an unknown channel 404", async () => {
    const r = await deliver({ id: uid("evt"), type: "message.created", data: { buyer_id: "", text: 5 } });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.data ?? {}).length + JSON.stringify(r.body).length).toBeGreaterThan(0);
    const body = JSON.stringify(message(uid("buyer")));
    const res = await api.request("/api/webhooks/channels/abc-999999/chat", {
      method: "POST", headers: { "Content-Type": "application/json", "X-Indie-Signature": signBody(webhookSecret("abc-999999"), body) }, body,
    });
    expect(res.status).toBe(404);
  });
});

describe("the seller's side", () => {
  it("lists, opens, marks read and replies through the outbox, recording the delivery", async () => {
    const buyer = uid("buyer");
    const first = await deliver(message(buyer, "Kak, bisa kirim hari ini?"));
    const id = first.body.data.conversation_id as number;
    const list = await call("GET", "/v0.0.1/inbox/chat", { token: seller, query: { show: "unread", search: "rina" } });
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: any) => c.conversation_id)).toContain(id);
    const byPhone = await call("GET", "/v0.0.1/inbox/chat", { token: seller, query: { search: "0812345" } });
    expect(byPhone.body.data.map((c: any) => c.conversation_id)).toContain(id);
    // Reading is not marking read.
    const detail = await call("GET", `/v0.0.1/inbox/chat/${id}`, { token: seller });
    expect(detail.body.data).toMatchObject({ conversation_id: id, unread: 1, buyer_name: "Rina Wulandari" });
    expect(detail.body.data.messages).toHaveLength(1);
    expect((await call("PUT", `/inbox/chat/${id}/read`, { token: seller })).status).toBe(200);
    expect((await call("GET", `/v0.0.1/inbox/chat/${id}`, { token: seller })).body.data.unread).toBe(0);

    const sent = await call("POST", `/inbox/chat/${id}/reply`, { token: seller, json: { message: "Bisa kak, kami kirim sore ini." } });
    expect(sent.status).toBe(201);
    const [m] = await db.select().from(s.chatMessages).where(eq(s.chatMessages.id, sent.body.data.message_id));
    expect(m).toMatchObject({ direction: "out", delivery: "delivered" });
    const [o] = await db.select().from(s.outbox).where(eq(s.outbox.id, m.outboxId!));
    expect(o).toMatchObject({ channel: "chat", body: "Bisa kak, kami kirim sore ini.", delivered: true });
    expect(o.target).toBe(`${code}:${buyer}`);
  });

  it("says a delivery failed when no gateway takes it, never pretends", async () => {
    const { withEnv } = await import("./helpers.ts");
    const id = (await deliver(message(uid("buyer")))).body.data.conversation_id as number;
    await withEnv({ CHAT_WEBHOOK_URL: "http://127.0.0.1:1/none" }, async () => {
      const sent = await call("POST", `/inbox/chat/${id}/reply`, { token: seller, json: { message: "Halo" } });
      expect(sent.status).toBe(201);
      const [m] = await db.select().from(s.chatMessages).where(eq(s.chatMessages.id, sent.body.data.message_id));
      expect(m.delivery).toBe("failed");
      expect(m.deliveryError).toBeTruthy();
      const [o] = await db.select().from(s.outbox).where(eq(s.outbox.id, m.outboxId!));
      expect(o.delivered).toBe(false);
    });
  });

  it("settles a reply a stopped process left 'Sending' from its outbox row, and never sends it again", async () => {
    const { settleStuckDeliveries, INTERRUPTED } = await import("#core/chat/settle.ts");
    const id = (await deliver(message(uid("buyer")))).body.data.conversation_id as number;
    const reply = async (text: string) => (await call("POST", `/inbox/chat/${id}/reply`, { token: seller, json: { message: text } })).body.data.message_id as number;
    const [got, lost] = [await reply("Sudah kami kirim"), await reply("Resi menyusul")];
    // As a process stopped after the commit leaves them: pending, three minutes ago; the second one's outbox never answered.
    const old = new Date(Date.now() - 3 * 60_000);
    await db.update(s.chatMessages).set({ delivery: "pending", deliveryError: null, timeCreated: old }).where(inArray(s.chatMessages.id, [got, lost]));
    const [lostRow] = await db.select().from(s.chatMessages).where(eq(s.chatMessages.id, lost));
    await db.update(s.outbox).set({ delivered: false, error: null }).where(eq(s.outbox.id, lostRow.outboxId!));
    const [{ before }] = await db.select({ before: count() }).from(s.outbox);
    expect(await settleStuckDeliveries()).toBeGreaterThanOrEqual(2);
    const rows = await db.select().from(s.chatMessages).where(inArray(s.chatMessages.id, [got, lost]));
    expect(rows.find((m) => m.id === got)).toMatchObject({ delivery: "delivered", deliveryError: null });
    expect(rows.find((m) => m.id === lost)).toMatchObject({ delivery: "failed", deliveryError: INTERRUPTED });
    const [o] = await db.select().from(s.outbox).where(eq(s.outbox.id, lostRow.outboxId!));
    expect(o).toMatchObject({ delivered: false, error: INTERRUPTED });
    const [{ after }] = await db.select({ after: count() }).from(s.outbox);
    expect(after).toBe(before);
  });

  it("hands a reply to the channels' gateway (CHAT_WEBHOOK_URL) as {channel, to, message}", async () => {
    const { withEnv } = await import("./helpers.ts");
    const { createServer } = await import("node:http");
    const got: unknown[] = [];
    const gateway = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        got.push(JSON.parse(body));
        res.writeHead(200).end("{}");
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
    const port = (gateway.address() as { port: number }).port;
    try {
      const buyer = uid("buyer");
      const id = (await deliver(message(buyer))).body.data.conversation_id as number;
      await withEnv({ CHAT_WEBHOOK_URL: `http://127.0.0.1:${port}/send` }, async () => {
        const sent = await call("POST", `/inbox/chat/${id}/reply`, { token: seller, json: { message: "Siap kak" } });
        expect(sent.body.data.delivery).toBe("delivered");
      });
      expect(got).toEqual([{ channel: code, to: buyer, message: "Siap kak" }]);
    } finally {
      gateway.close();
    }
  });

  it("attaches a product card by SKU and refuses an unknown SKU per field", async () => {
    const id = (await deliver(message(uid("buyer")))).body.data.conversation_id as number;
    const v = await newVariant(shop);
    const [p] = await db.select({ sku: s.products.sku, name: s.products.name }).from(s.products).where(eq(s.products.id, v.productId));
    const ok = await call("POST", `/inbox/chat/${id}/reply`, { token: seller, json: { message: "Ini kak", card_kind: "product", product_sku: p.sku } });
    expect(ok.status).toBe(201);
    expect(ok.body.data.card).toMatchObject({ kind: "product", id: v.productId, sku: p.sku });
    const bad = await call("POST", `/inbox/chat/${id}/reply`, { token: seller, json: { message: "Ini kak", card_kind: "product", product_sku: "NOPE-404" } });
    expect(bad.status).toBe(422);
    const noOrder = await call("POST", `/inbox/chat/${id}/reply`, { token: seller, json: { message: "x", card_kind: "order" } });
    expect(noOrder.status).toBe(422);
    for (const json of [{}, { message: "" }, { message: "x".repeat(2001) }, { message: ["a"] }, { message: "x", card_kind: "car" }]) {
      expect((await call("POST", `/inbox/chat/${id}/reply`, { token: seller, json })).status).toBe(422);
    }
  });

  it("assigns to an active member only, and closes and opens again", async () => {
    const id = (await deliver(message(uid("buyer")))).body.data.conversation_id as number;
    const [{ id: userId }] = await db.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, DEMO.seller));
    const a = await call("PUT", `/inbox/chat/${id}/assign`, { token: seller, json: { assigned_to: userId } });
    expect(a.status).toBe(200);
    const mine = await call("GET", "/v0.0.1/inbox/chat", { token: seller, query: { assigned: "me" } });
    expect(mine.body.data.map((c: any) => c.conversation_id)).toContain(id);
    expect((await call("PUT", `/inbox/chat/${id}/assign`, { token: seller, json: { assigned_to: 2_000_000 } })).status).toBe(422);
    expect((await call("PUT", `/inbox/chat/${id}/status`, { token: seller, json: { status: "closed" } })).body.data.status).toBe("closed");
    // A buyer's new message opens it again.
    const [c] = await db.select({ buyerId: s.conversations.buyerId }).from(s.conversations).where(eq(s.conversations.id, id));
    await deliver(message(c.buyerId, "Kak?"));
    expect((await call("GET", `/v0.0.1/inbox/chat/${id}`, { token: seller })).body.data.status).toBe("open");
  });

  it("keeps another business and staff without the inbox privilege out", async () => {
    const id = (await deliver(message(uid("buyer")))).body.data.conversation_id as number;
    expect((await call("GET", `/v0.0.1/inbox/chat/${id}`, { token: seller2 })).status).toBe(404);
    expect((await call("POST", `/inbox/chat/${id}/reply`, { token: seller2, json: { message: "hi" } })).status).toBe(404);
    expect((await call("PUT", `/inbox/chat/${id}/read`, { token: seller2 })).status).toBe(404);
    expect((await call("PUT", `/inbox/chat/${id}/block`, { token: seller2 })).status).toBe(404);
    const theirs = await call("GET", "/v0.0.1/inbox/chat", { token: seller2, query: { limit: 150 } });
    expect((theirs.body.data ?? []).map((c: any) => c.conversation_id)).not.toContain(id);
    expect((await call("GET", "/v0.0.1/inbox/chat", { token: staff })).status).toBe(403);
    expect((await call("GET", `/v0.0.1/inbox/chat/${id}`, { token: staff })).status).toBe(403);
    expect((await call("GET", `/v0.0.1/inbox/chat/${id}`)).status).toBe(401);
    expect(other.businessId).not.toBe(shop.businessId);
  });
});

describe("orders, blocking and auto-replies", () => {
  it("puts a message about an order in the order inbox, reachable from the order", async () => {
    const v = await newVariant(shop);
    const orderId = await newOrder(shop, [{ sku: v.sku, quantity: 1 }]);
    const [o] = await db.select().from(s.orders).where(eq(s.orders.id, orderId));
    const r = await deliver(message(uid("buyer"), "Kak, pesanan saya mau dibatalkan", { order_id: o.channelOrderId }));
    expect(r.status).toBe(201);
    const id = r.body.data.conversation_id as number;
    const inbox = await call("GET", "/v0.0.1/inbox/order", { token: seller });
    const row = inbox.body.data.find((c: any) => c.conversation_id === id);
    expect(row).toMatchObject({ sys_order_id: orderId, order_code: o.orderCode });
    const byOrder = await call("GET", `/v0.0.1/inbox/chat/by-order/${orderId}`, { token: seller });
    expect(byOrder.body.data.map((c: any) => c.conversation_id)).toEqual([id]);
    const card = await call("POST", `/inbox/chat/${id}/reply`, { token: seller, json: { message: "Baik kak", card_kind: "order" } });
    expect(card.body.data.card).toMatchObject({ kind: "order", id: orderId });
    // Not about an order: not in the order inbox.
    const plain = (await deliver(message(uid("buyer")))).body.data.conversation_id;
    expect((await call("GET", "/v0.0.1/inbox/order", { token: seller, query: { limit: 150 } })).body.data.map((c: any) => c.conversation_id)).not.toContain(plain);
    // An order the channel does not have: 404, nothing kept, the channel may send it again.
    const unknown = message(uid("buyer"), "?", { order_id: "NO-SUCH-ORDER" });
    expect((await deliver(unknown)).status).toBe(404);
    expect(await db.select().from(s.channelEvents).where(eq(s.channelEvents.eventId, unknown.id))).toHaveLength(0);
  });

  it("lets a blocked buyer reach nobody", async () => {
    const buyer = uid("buyer");
    const id = (await deliver(message(buyer))).body.data.conversation_id as number;
    expect((await call("PUT", `/inbox/chat/${id}/block`, { token: seller })).status).toBe(200);
    const r = await deliver(message(buyer, "Halo??"));
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ applied: false, blocked: true });
    expect(await messagesIn(id)).toBe(1);
    const [row] = await db.select({ chat: s.settings.chat }).from(s.settings).where(eq(s.settings.businessId, shop.businessId));
    expect(JSON.stringify((row.chat as { blocked: unknown[] }).blocked)).toContain(buyer);
  });

  describe("auto-replies", () => {
    let before: unknown;
    beforeAll(async () => {
      const [row] = await db.select({ chat: s.settings.chat }).from(s.settings).where(eq(s.settings.businessId, shop.businessId));
      before = row?.chat ?? {};
      const closed = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"].map((day) => ({ day, open: false, start: "08:00", end: "17:00" }));
      await db.insert(s.settings).values({ businessId: shop.businessId }).onConflictDoNothing();
      await db.update(s.settings).set({ chat: {
        auto_reply: { enabled: true, message: "Terima kasih sudah menghubungi kami!" },
        office_hours: { enabled: true, away_message: "Kami sedang tutup, dibalas besok ya.", days: closed },
        blocked: [],
      } }).where(eq(s.settings.businessId, shop.businessId));
    });
    afterAll(async () => {
      await db.update(s.settings).set({ chat: before as object }).where(eq(s.settings.businessId, shop.businessId));
    });

    it("greets a first message and sends the away message once per closed period", async () => {
      const buyer = uid("buyer");
      const id = (await deliver(message(buyer))).body.data.conversation_id as number;
      await deliver(message(buyer, "Kak?"));
      await deliver(message(buyer, "Kak??"));
      const out = await db.select().from(s.chatMessages).where(and(eq(s.chatMessages.conversationId, id), eq(s.chatMessages.direction, "out")));
      expect(out.map((m) => m.body).sort()).toEqual(["Kami sedang tutup, dibalas besok ya.", "Terima kasih sudah menghubungi kami!"]);
      expect(out.every((m) => m.auto && m.outboxId)).toBe(true);
    });
  });
});

describe("realtime", () => {
  it("tells the business's sockets of a new message after the commit", async () => {
    const rt = await startRealtime();
    try {
      const ticket = (await call("POST", "/v0.0.0/realtime/ticket", { token: seller })).body.data.ticket as string;
      const { socket, result } = joinSocket(rt.url, ticket);
      expect((await result).event).toBe("success");
      const heard = new Promise<any>((resolve) => socket.on("chat:message", resolve));
      const r = await deliver(message(uid("buyer")));
      const payload = await heard;
      expect(payload).toMatchObject({ conversation_id: r.body.data.conversation_id, direction: "in" });
      socket.disconnect();
    } finally {
      await rt.close();
    }
  });
});
