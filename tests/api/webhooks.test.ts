/**
 * Channel webhooks (POST /api/webhooks/channels/:code/orders) as a marketplace calls them: signed
 * raw bodies, resends, events that move an order through its lifecycle, and strangers refused
 * before anything is written.
 */
import { and, asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signBody, webhookCode, webhookSecret } from "#core/orders/webhook-signing.ts";
import { applyOrderAction } from "#core/orders/actions.ts";
import { api } from "#api/app.ts";
import { setEmitter } from "#core/lib/events.ts";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import { DEMO } from "./helpers.ts";
import { addStock, historyOf, newVariant, orderRow, shopOf, sourceOf, stockOf, type Shop } from "./order-fixtures.ts";

let shop: Shop;
let code: string;
let otherCode: string;
const published: Array<{ businessId: number; event: string; payload: any }> = [];

beforeAll(async () => {
  shop = await shopOf(DEMO.seller);
  const [mine] = await db.select().from(s.channels).where(eq(s.channels.id, shop.channelId));
  code = webhookCode(mine);
  const other = await shopOf(DEMO.seller2);
  const [theirs] = await db.select().from(s.channels).where(eq(s.channels.id, other.channelId));
  otherCode = webhookCode(theirs);
  setEmitter((businessId, event, payload) => published.push({ businessId, event, payload }));
});
afterAll(() => setEmitter(undefined));

let seq = 0;
const uid = (p: string) => `${p}-${process.pid}-${++seq}`;

/** Posts one delivery the way a channel does: the raw body, signed with the code's secret. */
async function deliver(event: unknown, opts: { code?: string; signature?: string | null; body?: string; locale?: string } = {}) {
  const c = opts.code ?? code;
  const body = opts.body ?? JSON.stringify(event);
  const headers: Record<string, string> = { "Content-Type": "application/json", "Accept-Language": opts.locale ?? "en" };
  const signature = opts.signature === undefined ? signBody(webhookSecret(c), body) : opts.signature;
  if (signature !== null) headers["X-Indie-Signature"] = signature;
  const res = await api.request(`/api/webhooks/channels/${c}/orders`, { method: "POST", headers, body });
  return { status: res.status, body: (await res.json()) as { code: number; message: string; data?: any } };
}

function created(channelOrderId: string, sku: string, extra: Record<string, unknown> = {}) {
  return {
    id: uid("evt"),
    type: "order.created",
    data: {
      order_id: channelOrderId,
      customer: { name: "Putri Lestari", phone: "+6281377778888", email: "putri@example.com" },
      shipping: { address: "Jl. Pahlawan No. 7", city: "Kota Semarang", province: "Jawa Tengah", postcode: "50241" },
      courier: { code: "jne", service: "REG" },
      payment_method: 3,
      items: [{ sku, quantity: 2 }],
      shipping_cost: 15000,
      ...extra,
    },
  };
}
const event = (type: string, orderId: string, data: Record<string, unknown> = {}) => ({ id: uid("evt"), type, data: { order_id: orderId, ...data } });

async function ordersOf(channelOrderId: string) {
  return db.select().from(s.orders).where(and(eq(s.orders.channelId, shop.channelId), eq(s.orders.channelOrderId, channelOrderId)));
}
async function eventCount() {
  const [r] = await db.select({ n: count() }).from(s.channelEvents);
  return r.n;
}
async function orderCount() {
  const [r] = await db.select({ n: count() }).from(s.orders);
  return r.n;
}
async function tracking(orderId: number) {
  return db.select().from(s.orderTracking).where(eq(s.orderTracking.orderId, orderId)).orderBy(asc(s.orderTracking.id));
}

describe("a new order", () => {
  it("sent three times is one order, counted once, announced once", async () => {
    const v = await newVariant(shop);
    const channelOrderId = uid("TKP");
    const delivery = created(channelOrderId, v.sku);
    const [before] = await db.select().from(s.orderStatusCounts)
      .where(and(eq(s.orderStatusCounts.businessId, shop.businessId), eq(s.orderStatusCounts.status, "waiting-payment")));
    published.length = 0;

    const first = await deliver(delivery);
    expect(first.status).toBe(201);
    expect(first.body.message).toBe("Order received");
    expect(first.body.data).toMatchObject({ first_delivery: true, applied: true, status: "waiting-payment" });
    expect(first.body.data.order_id).toMatch(/^INV\/\d{8}\/\d+$/);
    for (let i = 0; i < 2; i++) {
      const again = await deliver(delivery);
      expect(again.status).toBe(200);
      expect(again.body.message).toBe("Event already received: nothing changed");
      expect(again.body.data).toMatchObject({ first_delivery: false, applied: false, sys_order_id: first.body.data.sys_order_id });
    }
    // The same order under another event id (the channel re-created the event): still one order.
    const other = await deliver({ ...delivery, id: uid("evt") });
    expect(other.status).toBe(200);
    expect(other.body.data.sys_order_id).toBe(first.body.data.sys_order_id);

    const rows = await ordersOf(channelOrderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ customerName: "Putri Lestari", subtotal: 100_000, shippingCost: 15000, totalAmount: 115_000 });
    expect(await historyOf(rows[0].id)).toHaveLength(1);
    const [after] = await db.select().from(s.orderStatusCounts)
      .where(and(eq(s.orderStatusCounts.businessId, shop.businessId), eq(s.orderStatusCounts.status, "waiting-payment")));
    expect(after.n - (before?.n ?? 0)).toBe(1);
    expect(published.filter((p) => p.event === "onSellerNewOrder")).toEqual([
      { businessId: shop.businessId, event: "onSellerNewOrder", payload: { channel_name: expect.any(String), order_id: rows[0].orderCode, sys_order_id: rows[0].id } },
    ]);
  });

  it("sent three times at once is still one order", async () => {
    const v = await newVariant(shop);
    const channelOrderId = uid("SHP");
    const delivery = created(channelOrderId, v.sku, { paid: true });
    const answers = await Promise.all([deliver(delivery), deliver(delivery), deliver(delivery)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.data.sys_order_id)).size).toBe(1);
    const rows = await ordersOf(channelOrderId);
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe("waiting-approval");
  });

  it("with an SKU the business does not sell is refused and nothing is kept", async () => {
    const ordersBefore = await orderCount();
    const eventsBefore = await eventCount();
    const res = await deliver(created(uid("TKP"), "NO-SUCH-SKU-123"));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("Unknown SKU in this business: no-such-sku-123");
    expect(await orderCount()).toBe(ordersBefore);
    expect(await eventCount()).toBe(eventsBefore);
  });

  it("with missing fields answers 422 per field, in the caller's language", async () => {
    const res = await deliver({ id: uid("evt"), type: "order.created", data: { order_id: "X-1", customer: { name: "" }, items: [] } }, { locale: "id" });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data)).toEqual(expect.arrayContaining(["data.customer.name", "data.items"]));
    const unknownType = await deliver({ id: uid("evt"), type: "order.teleported", data: {} });
    expect(unknownType.status).toBe(422);
    const notJson = await deliver(null, { body: "{not json" });
    expect(notJson.status).toBe(422);
    expect(notJson.body.message).toBe("The body is not JSON");
  });
});

describe("strangers", () => {
  it("a missing, wrong or other channel's signature is 401 and nothing is written", async () => {
    const v = await newVariant(shop);
    const channelOrderId = uid("TKP");
    const delivery = created(channelOrderId, v.sku);
    const body = JSON.stringify(delivery);
    const ordersBefore = await orderCount();
    const eventsBefore = await eventCount();
    const attempts = [
      await deliver(delivery, { signature: null }),
      await deliver(delivery, { signature: "sha256=" + "0".repeat(64) }),
      await deliver(delivery, { signature: signBody(webhookSecret(otherCode), body) }),
      await deliver(delivery, { signature: signBody("a guessed secret", body) }),
      // Signed, then changed on the way (quantity 2 → 20).
      await deliver(delivery, { signature: signBody(webhookSecret(code), body), body: body.replace('"quantity":2', '"quantity":20') }),
    ];
    for (const a of attempts) {
      expect(a.status).toBe(401);
      expect(a.body.message).toMatch(/^Signature missing or wrong/);
    }
    expect(await orderCount()).toBe(ordersBefore);
    expect(await eventCount()).toBe(eventsBefore);
    expect(await ordersOf(channelOrderId)).toHaveLength(0);
  });

  it("an address that names no channel (or the wrong platform) is 404, even when signed", async () => {
    const [mine] = await db.select().from(s.channels).where(eq(s.channels.id, shop.channelId));
    for (const c of ["xyz-999999", `zzz-${mine.id}`, "not-a-code"]) {
      const res = await deliver(created(uid("TKP"), "ANY"), { code: c });
      expect(res.status).toBe(404);
    }
  });

  it("another business's channel cannot move this business's order", async () => {
    const v = await newVariant(shop);
    const channelOrderId = uid("TKP");
    const first = await deliver(created(channelOrderId, v.sku));
    expect(first.status).toBe(201);
    const res = await deliver(event("order.paid", channelOrderId), { code: otherCode });
    expect(res.status).toBe(404);
    expect((await orderRow(first.body.data.sys_order_id)).status).toBe("waiting-payment");
  });
});

describe("events move the order", () => {
  /** A new order from the channel, with stock at its source so the seller can accept it. */
  async function arrived(extra: Record<string, unknown> = {}) {
    const v = await newVariant(shop);
    const channelOrderId = uid("TKP");
    const res = await deliver(created(channelOrderId, v.sku, extra));
    expect(res.status).toBe(201);
    const id = res.body.data.sys_order_id as number;
    await addStock(shop, v.variantId, await sourceOf(id), 10);
    return { id, channelOrderId, variantId: v.variantId };
  }
  const seller = (id: number, action: Parameters<typeof applyOrderAction>[2]["action"], extra: Partial<Parameters<typeof applyOrderAction>[2]> = {}) =>
    applyOrderAction(shop.businessId, id, { action, actor: "seller", userId: shop.userId, ...extra });

  it("payment, the courier's journey and a complaint with its appeal", async () => {
    const o = await arrived();
    published.length = 0;

    const paid = await deliver(event("order.paid", o.channelOrderId));
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ applied: true, status: "waiting-approval" });
    expect((await orderRow(o.id)).paidAt).not.toBeNull();
    expect(published).toContainEqual({ businessId: shop.businessId, event: "onSellerOrderUpdate", payload: { sys_order_id: o.id, status: "waiting-approval" } });

    for (const a of ["accept", "prepare", "pack", "packing", "ready", "book-delivery", "send"] as const) await seller(o.id, a);
    expect(await stockOf(o.variantId)).toEqual({ onHand: 8, reserved: 0 });

    const journey: [string, string, string][] = [
      ["shipment.picked_up", "Paket diterima kurir", "sending"],
      ["shipment.in_transit", "Paket di gudang transit Semarang", "on-courier-delivery"],
      ["shipment.out_for_delivery", "Paket dibawa kurir ke alamat tujuan", "on-delivery"],
      ["shipment.delivered", "Paket diterima oleh Putri", "received"],
    ];
    for (const [type, description, status] of journey) {
      const res = await deliver(event(type, o.channelOrderId, { description, location: "Semarang" }));
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ applied: true, status });
      expect((await orderRow(o.id)).status).toBe(status);
    }
    expect((await tracking(o.id)).map((t) => t.description)).toEqual(journey.map(([, d]) => d));

    const complaint = await deliver(event("order.complaint", o.channelOrderId, { reason: 3, note: "Kurang satu" }));
    expect(complaint.body.data).toMatchObject({ applied: true, status: "complaint" });
    expect(await orderRow(o.id)).toMatchObject({ status: "complaint", returnStage: "open", complaintReason: 3, complaintNote: "Kurang satu" });
    await seller(o.id, "decline-returns", { note: "Foto paket lengkap saat dikirim" });
    const appeal = await deliver(event("order.appeal", o.channelOrderId, { note: "Mohon dicek lagi" }));
    expect(appeal.status).toBe(200);
    expect(await orderRow(o.id)).toMatchObject({ status: "complaint", returnStage: "appealed" });

    const history = await historyOf(o.id);
    expect(history.filter((h) => h.actor !== "seller").map((h) => [h.action, h.actor])).toEqual([
      ["create", "system"], ["pay", "system"], ["pickup", "system"], ["in-transit", "system"], ["out-for-delivery", "system"],
      ["deliver", "system"], ["complain", "customer"], ["appeal", "customer"],
    ]);
  });

  it("a customer's cancellation request waits for the seller", async () => {
    const o = await arrived({ paid: true });
    const res = await deliver(event("order.cancellation_requested", o.channelOrderId, { note: "Salah pilih ukuran" }));
    expect(res.body.data).toMatchObject({ applied: true, status: "cancellation-request" });
    expect(await orderRow(o.id)).toMatchObject({ status: "cancellation-request", previousStatus: "waiting-approval" });
  });

  it("a resent event moves the order once", async () => {
    const o = await arrived();
    const paid = event("order.paid", o.channelOrderId);
    expect((await deliver(paid)).body.data.applied).toBe(true);
    const again = await deliver(paid);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ first_delivery: false, applied: false, status: "waiting-approval" });
    expect((await historyOf(o.id)).map((h) => h.action)).toEqual(["create", "pay"]);
  });

  it("an event the lifecycle refuses is 422, changes nothing and can be sent again later", async () => {
    const o = await arrived();
    const eventsBefore = await eventCount();
    const complaint = event("order.complaint", o.channelOrderId, { reason: 1 });
    const refused = await deliver(complaint);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/cannot be changed/);
    expect(await eventCount()).toBe(eventsBefore);
    expect((await orderRow(o.id)).status).toBe("waiting-payment");
    const badReason = await deliver(event("order.complaint", o.channelOrderId, { reason: 2 }));
    expect(badReason.status).toBe(422);
    expect(badReason.body.data["data.reason"]).toEqual(["Complaint reason must be 1, 3, 4 or 255"]);
    const unknown = await deliver(event("order.paid", "NO-SUCH-ORDER"));
    expect(unknown.status).toBe(404);
  });

  it("a courier event out of order adds to the timeline without moving the order", async () => {
    const o = await arrived({ paid: true });
    const res = await deliver(event("shipment.delivered", o.channelOrderId, { description: "Paket diterima", tracking_number: "JNE1234567890" }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ applied: false, status: "waiting-approval" });
    expect(await orderRow(o.id)).toMatchObject({ status: "waiting-approval", trackingNumber: "JNE1234567890" });
    expect((await tracking(o.id)).map((t) => t.description)).toEqual(["Paket diterima"]);
  });
});

describe("concurrent deliveries of one event (issue 12, writes happen once)", () => {
  const N = 20;
  /** Delivers one event N times at once, then once more later; the answers as they came. */
  async function storm(delivery: unknown) {
    const answers = await Promise.all(Array.from({ length: N }, () => deliver(delivery)));
    const later = await deliver(delivery);
    return { answers, later };
  }
  /** Exactly one answer says first delivery; every other one is what a later resend answers. */
  function once(answers: Awaited<ReturnType<typeof deliver>>[], later: Awaited<ReturnType<typeof deliver>>) {
    expect(later.body.data).toMatchObject({ first_delivery: false, applied: false });
    const first = answers.filter((a) => a.body.data?.first_delivery === true);
    expect(first).toHaveLength(1);
    expect(first[0].body.data.applied).toBe(true);
    const others = answers.filter((a) => a !== first[0]);
    expect(others).toHaveLength(N - 1);
    for (const a of others) expect(a).toEqual(later);
    return first[0];
  }

  it("order.created: one order, one history row, one first delivery; the others answer as a resend", async () => {
    const v = await newVariant(shop);
    const channelOrderId = uid("TKP");
    const eventsBefore = await eventCount();
    published.length = 0;
    const { answers, later } = await storm(created(channelOrderId, v.sku));
    const first = once(answers, later);
    expect(first.status).toBe(201);
    expect(later.status).toBe(200);
    const rows = await ordersOf(channelOrderId);
    expect(rows).toHaveLength(1);
    expect(first.body.data.sys_order_id).toBe(rows[0].id);
    expect(await historyOf(rows[0].id)).toHaveLength(1);
    expect(await eventCount()).toBe(eventsBefore + 1);
    expect(published.filter((p) => p.event === "onSellerNewOrder")).toHaveLength(1);
  });

  it("order.created under N different event ids at once is still one order", async () => {
    const v = await newVariant(shop);
    const channelOrderId = uid("TKP");
    const answers = await Promise.all(Array.from({ length: N }, () => deliver(created(channelOrderId, v.sku))));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.every((a) => a.status === 200 || a.status === 201)).toBe(true);
    // Each is a different event, handled once each; only one of them made the order.
    expect(answers.filter((a) => a.body.data.applied)).toHaveLength(1);
    const rows = await ordersOf(channelOrderId);
    expect(rows).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.data.sys_order_id))).toEqual(new Set([rows[0].id]));
    expect(await historyOf(rows[0].id)).toHaveLength(1);
  });

  it("order.paid: one pay in the history, one first delivery; the others answer as a resend", async () => {
    const v = await newVariant(shop);
    const channelOrderId = uid("TKP");
    expect((await deliver(created(channelOrderId, v.sku))).status).toBe(201);
    const [order] = await ordersOf(channelOrderId);
    const { answers, later } = await storm(event("order.paid", channelOrderId));
    once(answers, later);
    expect(later.body.data.status).toBe("waiting-approval");
    expect((await historyOf(order.id)).map((h) => h.action)).toEqual(["create", "pay"]);
  });

  it("a courier event: one tracking row, one first delivery; the others answer as a resend", async () => {
    const v = await newVariant(shop);
    const channelOrderId = uid("TKP");
    expect((await deliver(created(channelOrderId, v.sku, { paid: true }))).status).toBe(201);
    const [order] = await ordersOf(channelOrderId);
    await addStock(shop, v.variantId, await sourceOf(order.id), 10);
    for (const a of ["accept", "prepare", "pack", "packing", "ready", "book-delivery", "send"] as const) {
      await applyOrderAction(shop.businessId, order.id, { action: a, actor: "seller", userId: shop.userId });
    }
    const { answers, later } = await storm(event("shipment.picked_up", channelOrderId, { description: "Paket diterima kurir", location: "Semarang" }));
    once(answers, later);
    expect(later.body.data.status).toBe("sending");
    expect(await tracking(order.id)).toHaveLength(1);
    expect((await historyOf(order.id)).filter((h) => h.action === "pickup")).toHaveLength(1);
  });
});
