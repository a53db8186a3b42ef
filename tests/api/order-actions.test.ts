/**
 * The order action paths (spec section 7, legacy and v2) through the API as staff call them:
 * each path moves the order the way the lifecycle table says, refuses what it does not allow with
 * 422 and a message a person understands, moves the stock, publishes the change to the business's
 * room, and never touches another business's order.
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyOrderAction } from "#core/orders/actions.ts";
import { setEmitter } from "#core/lib/events.ts";
import { ORDER_ACTION_PATHS } from "#api/routes/order-actions.ts";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import { call, DEMO, login } from "./helpers.ts";
import {
  addStock, historyOf, newOrder, newVariant, orderRow, shopOf, sourceOf, stockOf, type Shop,
} from "./order-fixtures.ts";

let token: string;
let otherToken: string;
let shop: Shop;
const events: Array<{ businessId: number; event: string; payload: any }> = [];
/** Every path that applied an action at least once in this file (checked at the end). */
const applied = new Set<string>();

beforeAll(async () => {
  token = await login(DEMO.seller);
  otherToken = await login(DEMO.seller2);
  shop = await shopOf(DEMO.seller);
  setEmitter((businessId, event, payload) => events.push({ businessId, event, payload }));
});
afterAll(() => setEmitter(undefined));

const ALL_PATHS = Object.values(ORDER_ACTION_PATHS).flat();
const fill = (path: string, id: number) => path.replace(":id{[0-9]+}", String(id));

/** PUT an action path; one-order paths get the id in the path, the others order_ids. */
async function act(path: string, id: number | number[], body: Record<string, unknown> = {}, as = token) {
  const ids = Array.isArray(id) ? id : [id];
  const onePath = path.includes(":id");
  const json = onePath ? body : path.startsWith("/v2.1.0") ? { order_id: ids[0], ...body } : { order_ids: ids, ...body };
  const res = await call("PUT", fill(path, ids[0]), { token: as, json });
  if (res.status === 200) applied.add(path);
  return res;
}

/** A paid order of `quantity` of a fresh product with `stock` on hand at its source. */
async function order(quantity = 2, stock = 10, extra: Parameters<typeof newOrder>[2] = {}) {
  const v = await newVariant(shop);
  const id = await newOrder(shop, [{ sku: v.sku, quantity }], extra);
  if (stock) await addStock(shop, v.variantId, await sourceOf(id), stock);
  return { id, variantId: v.variantId };
}

/** Walks an order through the given [path, body?] steps, each answering 200. */
async function walk(id: number, steps: Array<string | [string, Record<string, unknown>]>) {
  for (const step of steps) {
    const [path, body] = typeof step === "string" ? [step, {}] : step;
    const res = await act(path, id, body);
    expect(res.status, `${path}: ${res.body.message}`).toBe(200);
  }
  return orderRow(id);
}

describe("the fulfilment journey", () => {
  it("v2: accept → prepare → pack → packing → ready → book → send → pickup → deliver → fulfill, stock reserved then taken", async () => {
    const o = await order(2, 10);
    const res = await act("/v2.0.0/orders/accept", o.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ order_id: o.id, ok: true, status: "wait-to-prepare" }]);
    expect(await stockOf(o.variantId)).toEqual({ onHand: 10, reserved: 2 });

    const row = await walk(o.id, [
      "/v2.0.0/orders/prepare", "/v2.0.0/orders/pack", "/v2.0.0/orders/packing", "/v2.0.0/orders/ready",
      "/v2.0.0/orders/book-deliveries",
    ]);
    expect(row.status).toBe("wait-to-send");
    // Booked without a receipt number: none is made up; the courier's comes later.
    expect(row.trackingNumber).toBeNull();
    expect(await stockOf(o.variantId)).toEqual({ onHand: 10, reserved: 2 });

    await walk(o.id, ["/v2.0.0/orders/send"]);
    // Handed to the courier: the goods left the shelf.
    expect(await stockOf(o.variantId)).toEqual({ onHand: 8, reserved: 0 });
    const done = await walk(o.id, ["/v2.0.0/orders/pickup", "/v2.0.0/orders/deliver", "/v2.0.0/orders/fulfill"]);
    expect(done.status).toBe("finish");
    const history = await historyOf(o.id);
    expect(history.map((h) => h.toStatus)).toEqual([
      "waiting-approval", "wait-to-prepare", "preparing", "wait-to-pack", "packing", "ready-to-ship", "wait-to-send",
      "send-to-courier", "sending", "received", "finish",
    ]);
    expect(history.slice(1).every((h) => h.actor === "seller" && h.userId === shop.userId)).toBe(true);
  });

  it("legacy paths: process, packing, ready, book-delivery with the seller's receipt number, deliver, fulfil", async () => {
    const o = await order(1, 5);
    const row = await walk(o.id, [
      "/v2.0.0/orders/accept", "/v0.0.0/orders/process", "/v2.0.0/orders/pack", "/v0.0.0/orders/packing", "/v0.0.0/orders/ready",
      ["/v0.0.0/orders/book-delivery", { tracking_number: "JNE-0012345678" }],
    ]);
    expect(row.trackingNumber).toBe("JNE-0012345678");
    const done = await walk(o.id, ["/v2.0.0/orders/send", "/v2.0.0/orders/pickup", "/v0.0.0/orders/deliver", "/v0.0.0/orders/fulfil"]);
    expect(done.status).toBe("finish");
    expect(await stockOf(o.variantId)).toEqual({ onHand: 4, reserved: 0 });
  });

  it("refuses a receipt number that is not one", async () => {
    const o = await order(1, 5);
    await walk(o.id, ["/v2.0.0/orders/accept", "/v2.0.0/orders/prepare", "/v2.0.0/orders/pack", "/v2.0.0/orders/packing", "/v2.0.0/orders/ready"]);
    const res = await act("/v2.0.0/orders/book-deliveries", o.id, { tracking_number: "no spaces!" });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/tracking number/i);
    expect((await orderRow(o.id)).status).toBe("ready-to-ship");
  });

  it("store pickup: book delivery waits for the customer, who collects (stock taken) and receives", async () => {
    const o = await order(1, 3, { deliveryMethod: "pickup", courier: null });
    const row = await walk(o.id, [
      "/v2.0.0/orders/accept", "/v2.0.0/orders/prepare", "/v2.0.0/orders/pack", "/v2.0.0/orders/packing", "/v2.0.0/orders/ready",
      "/v2.0.0/orders/book-deliveries",
    ]);
    expect(row.status).toBe("wait-to-pick");
    expect(row.trackingNumber).toBeNull();
    // The courier's pick-up is not the customer's.
    expect((await act("/v2.0.0/orders/pickup", o.id)).status).toBe(422);
    await walk(o.id, ["/v0.0.0/orders/:id{[0-9]+}/pickup-customer"]);
    expect(await stockOf(o.variantId)).toEqual({ onHand: 2, reserved: 0 });
    expect((await walk(o.id, ["/v2.0.0/orders/deliver"])).status).toBe("received");
  });
});

describe("refusals", () => {
  it("an action the table does not allow: 422 naming the action and the status, nothing written", async () => {
    const o = await order(1, 5);
    const before = await historyOf(o.id);
    const res = await act("/v2.0.0/orders/send", o.id);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(`Order ${(await orderRow(o.id)).orderCode} cannot be changed with "Hand to courier" while it is Waiting Approval`);
    expect(res.body.data).toEqual([{ order_id: o.id, ok: false, message: res.body.message, errors: { action: [res.body.message] } }]);
    expect(await historyOf(o.id)).toEqual(before);
    expect((await orderRow(o.id)).status).toBe("waiting-approval");
  });

  it("the same action twice (a double submit): applied once, then 422 \"already accepted\"", async () => {
    const o = await order(3, 5);
    expect((await act("/v2.0.0/orders/accept", o.id)).status).toBe(200);
    const again = await act("/v2.0.0/orders/accept", o.id);
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(`Order ${(await orderRow(o.id)).orderCode} was already accepted`);
    expect(await stockOf(o.variantId)).toEqual({ onHand: 5, reserved: 3 });
  });

  it("answers in the caller's language", async () => {
    const o = await order(1, 5);
    await act("/v2.0.0/orders/accept", o.id);
    const res = await call("PUT", "/v2.0.0/orders/accept", { token, json: { order_ids: [o.id] }, locale: "id" });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(`Pesanan ${(await orderRow(o.id)).orderCode} sudah diterima`);
  });

  it("accepting without the stock: 422 naming the SKU, nothing reserved", async () => {
    const v = await newVariant(shop);
    const id = await newOrder(shop, [{ sku: v.sku, quantity: 4 }]);
    await addStock(shop, v.variantId, await sourceOf(id), 3);
    const res = await act("/v2.0.0/orders/accept", id);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(`Not enough stock of ${v.sku}: only 3 available, stock cannot go below 0`);
    expect(await stockOf(v.variantId)).toEqual({ onHand: 3, reserved: 0 });
    expect((await orderRow(id)).status).toBe("waiting-approval");
  });

  it("a bulk action answers per order: applied ones 200 with their status, refused ones with the reason", async () => {
    const a = await order(1, 5);
    const b = await order(1, 5);
    await act("/v2.0.0/orders/accept", b.id);
    events.length = 0;
    const res = await act("/v2.0.0/orders/accept", [a.id, b.id]);
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toEqual({ order_id: a.id, ok: true, status: "wait-to-prepare" });
    expect(res.body.data[1]).toMatchObject({ order_id: b.id, ok: false, message: expect.stringMatching(/already accepted$/) });
    // Only the change is published, after its commit.
    expect(events).toEqual([{ businessId: shop.businessId, event: "onSellerOrderUpdate", payload: { sys_order_id: a.id, status: "wait-to-prepare" } }]);
  });

  it("validates the body: order ids are required, numbers only", async () => {
    const none = await call("PUT", "/v2.0.0/orders/accept", { token, json: {} });
    expect(none.status).toBe(422);
    expect(none.body.data).toEqual({ order_ids: ["This field is required"] });
    const bad = await call("PUT", "/v2.0.0/orders/accept", { token, json: { order_ids: ["x"] } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data)).toEqual(["order_ids.0"]);
    expect((await call("PUT", "/v0.0.0/orders/99999999999/hold", { token, json: { note: "x" } })).status).toBe(404);
  });

  it("takes a form post (no JavaScript): repeated order_ids[] fields", async () => {
    const a = await order(1, 5);
    const b = await order(1, 5);
    const form = new URLSearchParams([["order_ids[]", String(a.id)], ["order_ids[]", String(b.id)]]);
    const res = await call("PUT", "/v2.0.0/orders/accept", { token, form });
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: any) => r.status)).toEqual(["wait-to-prepare", "wait-to-prepare"]);
  });

  it("needs a signed-in seller", async () => {
    const o = await order(1, 5);
    expect((await call("PUT", "/v2.0.0/orders/accept", { json: { order_ids: [o.id] } })).status).toBe(401);
  });
});

describe("reject, cancel, hold", () => {
  it("reject (legacy by id and v2): cancelled as Seller Declined", async () => {
    const a = await order(1, 5);
    const b = await order(1, 5);
    await walk(a.id, [["/v0.0.0/orders/:id{[0-9]+}/reject", { note: "Out of this colour" }]]);
    await walk(b.id, ["/v2.0.0/orders/reject"]);
    for (const id of [a.id, b.id]) expect(await orderRow(id)).toMatchObject({ status: "cancelled", cancelReason: 3 });
    expect((await orderRow(a.id)).cancelNote).toBe("Out of this colour");
  });

  it("cancel needs a seller's reason; cancelling releases the reservation", async () => {
    const o = await order(2, 5);
    await walk(o.id, ["/v2.0.0/orders/accept", "/v2.0.0/orders/prepare"]);
    const none = await act("/v0.0.0/orders/:id{[0-9]+}/cancel", o.id);
    expect(none.status).toBe(422);
    expect(none.body.message).toBe("Choose a reason");
    // The message also names its field, so a form can show it under the reason picker.
    expect(none.body.data[0].errors).toEqual({ reason: ["Choose a reason"] });
    // Payment Expired is the system's reason, not the seller's.
    expect((await act("/v2.0.0/orders/cancel", o.id, { reason: 1 })).status).toBe(422);
    expect(await stockOf(o.variantId)).toEqual({ onHand: 5, reserved: 2 });

    await walk(o.id, [["/v0.0.0/orders/:id{[0-9]+}/cancel", { reason: 2, note: "Asked by phone" }]]);
    expect(await orderRow(o.id)).toMatchObject({ status: "cancelled", cancelReason: 2, cancelNote: "Asked by phone", stockState: "none" });
    expect(await stockOf(o.variantId)).toEqual({ onHand: 5, reserved: 0 });
    // Before accepting, the seller rejects (cancel is for accepted orders).
    const v2 = await order(1, 5);
    expect((await act("/v2.0.0/orders/cancel", v2.id, { reason: 6 })).status).toBe(422);
    await walk(v2.id, ["/v2.0.0/orders/accept", ["/v2.0.0/orders/cancel", { reason: 6 }]]);
    expect(await orderRow(v2.id)).toMatchObject({ status: "cancelled", cancelReason: 6 });
  });

  it("hold needs a note; resume returns exactly where it was; return-to-process goes back to prepare", async () => {
    const o = await order(1, 5);
    await walk(o.id, ["/v2.0.0/orders/accept", "/v2.0.0/orders/prepare"]);
    const bare = await act("/v0.0.0/orders/:id{[0-9]+}/hold", o.id);
    expect(bare.status).toBe(422);
    expect(bare.body.message).toBe("Write a note");
    // A hold's reason is free text: written as "reason" (older clients) it is the note.
    expect((await walk(o.id, [["/v0.0.0/orders/:id{[0-9]+}/hold", { reason: "Waiting for the gift wrap" }]])).status).toBe("prepare-hold");
    expect((await orderRow(o.id)).holdReason).toBe("Waiting for the gift wrap");
    expect((await walk(o.id, ["/v2.0.0/orders/resume-hold"])).status).toBe("preparing");

    await walk(o.id, ["/v2.0.0/orders/pack"]);
    expect((await walk(o.id, [["/v2.0.0/orders/hold", { note: "Box damaged" }]])).status).toBe("packing-hold");
    expect((await walk(o.id, ["/v2.0.0/orders/return-to-process"])).status).toBe("wait-to-prepare");
    await walk(o.id, ["/v2.0.0/orders/prepare", "/v2.0.0/orders/pack", "/v2.0.0/orders/packing", "/v2.0.0/orders/ready"]);
    expect((await walk(o.id, ["/v0.0.0/orders/return-to-process"])).status).toBe("wait-to-prepare");
    // Still reserved all along.
    expect(await stockOf(o.variantId)).toEqual({ onHand: 5, reserved: 1 });
  });
});

describe("cancellation requests", () => {
  async function requested(path: string) {
    const o = await order(2, 6);
    await walk(o.id, ["/v2.0.0/orders/accept", "/v2.0.0/orders/prepare"]);
    await applyOrderAction(shop.businessId, o.id, { action: "request-cancellation", actor: "customer", note: "Wrong size" });
    expect((await orderRow(o.id)).status).toBe("cancellation-request");
    await walk(o.id, [path]);
    return o;
  }

  it("approved (legacy and v2): cancelled as Customer Request, stock released", async () => {
    for (const path of ["/v0.0.0/orders/approve-cancellation", "/v2.0.0/orders/approve-cancellation"]) {
      const o = await requested(path);
      expect(await orderRow(o.id)).toMatchObject({ status: "cancelled", cancelReason: 2 });
      expect(await stockOf(o.variantId)).toEqual({ onHand: 6, reserved: 0 });
    }
  });

  it("declined (legacy and v2): back where it was, still reserved", async () => {
    for (const path of ["/v0.0.0/orders/decline-cancellation", "/v2.0.0/orders/decline-cancellation"]) {
      const o = await requested(path);
      expect((await orderRow(o.id)).status).toBe("preparing");
      expect(await stockOf(o.variantId)).toEqual({ onHand: 6, reserved: 2 });
    }
  });

  it("a held order whose cancellation is declined stays held, and resume still goes back to where it was held", async () => {
    const o = await order(1, 3);
    await walk(o.id, ["/v2.0.0/orders/accept", "/v2.0.0/orders/prepare", "/v2.0.0/orders/pack", "/v2.0.0/orders/packing",
      ["/v2.0.0/orders/hold", { note: "Label printer down" }]]);
    await applyOrderAction(shop.businessId, o.id, { action: "request-cancellation", actor: "customer" });
    expect((await walk(o.id, ["/v2.0.0/orders/decline-cancellation"])).status).toBe("packing-hold");
    expect((await walk(o.id, ["/v2.0.0/orders/resume-hold"])).status).toBe("packing");
  });
});

describe("cancel products", () => {
  it("cancels some lines (stock released, total lowered), undo holds them again, all lines cancel the order", async () => {
    const a = await newVariant(shop);
    const b = await newVariant(shop);
    const id = await newOrder(shop, [{ sku: a.sku, quantity: 2 }, { sku: b.sku, quantity: 1 }]);
    const where = await sourceOf(id);
    await addStock(shop, a.variantId, where, 5);
    await addStock(shop, b.variantId, where, 5);
    await walk(id, ["/v2.0.0/orders/accept"]);
    const items = await db.select().from(s.orderItems).where(eq(s.orderItems.orderId, id)).orderBy(asc(s.orderItems.id));
    const total = (await orderRow(id)).totalAmount;

    // A reason is required.
    const bare = await call("PUT", "/v2.1.0/orders/cancel/products", { token, json: { order_id: id, item_ids: [items[1].id] } });
    expect(bare.status).toBe(422);
    expect(bare.body.message).toBe("Choose a reason");
    const res = await act("/v2.1.0/orders/cancel/products", id, { item_ids: [items[1].id], reason: 6 });
    expect(res.body.data).toEqual([{ order_id: id, ok: true, status: "wait-to-prepare" }]);
    expect(await stockOf(b.variantId)).toEqual({ onHand: 5, reserved: 0 });
    expect(await stockOf(a.variantId)).toEqual({ onHand: 5, reserved: 2 });
    expect((await orderRow(id)).totalAmount).toBe(total - 50_000);
    // Cancelling it again: nothing to cancel.
    expect((await act("/v2.1.0/orders/cancel/products", id, { item_ids: [items[1].id], reason: 6 })).status).toBe(422);

    await walk(id, [["/v2.0.0/orders/undo-cancel/products", { item_ids: [items[1].id] }]]);
    expect(await stockOf(b.variantId)).toEqual({ onHand: 5, reserved: 1 });
    expect((await orderRow(id)).totalAmount).toBe(total);

    await walk(id, [["/v2.1.0/orders/cancel/products", { item_ids: items.map((i) => i.id), reason: 2 }]]);
    expect(await orderRow(id)).toMatchObject({ status: "cancelled", cancelReason: 6, stockState: "none" });
    expect(await stockOf(a.variantId)).toEqual({ onHand: 5, reserved: 0 });
    expect(await stockOf(b.variantId)).toEqual({ onHand: 5, reserved: 0 });
  });
});

describe("complaints and returns", () => {
  async function delivered(quantity: number, stock: number) {
    const o = await order(quantity, stock);
    await walk(o.id, [
      "/v2.0.0/orders/accept", "/v2.0.0/orders/prepare", "/v2.0.0/orders/pack", "/v2.0.0/orders/packing", "/v2.0.0/orders/ready",
      "/v2.0.0/orders/book-deliveries", "/v2.0.0/orders/send", "/v2.0.0/orders/pickup", "/v2.0.0/orders/deliver",
    ]);
    await applyOrderAction(shop.businessId, o.id, { action: "complain", actor: "customer", reason: 3, note: "One sock missing" });
    return o;
  }

  it("approved return received damaged: returned, nothing back on the shelf", async () => {
    const o = await delivered(2, 10);
    expect(await stockOf(o.variantId)).toEqual({ onHand: 8, reserved: 0 });
    // Damaged is said when the goods come back; finishing cannot take it back.
    const row = await walk(o.id, ["/v2.0.0/orders/approve-returns", ["/v2.0.0/orders/accept-returns", { damaged: true }], ["/v2.0.0/orders/finish-returns", { damaged: false }]]);
    expect(row).toMatchObject({ status: "returned", returnDamaged: true, stockState: "returned" });
    expect(await stockOf(o.variantId)).toEqual({ onHand: 8, reserved: 0 });
  });

  it("declined, appealed, approved on appeal, received in good order: restocked", async () => {
    const o = await delivered(2, 10);
    const bare = await act("/v2.0.0/orders/decline-returns", o.id);
    expect(bare.status).toBe(422);
    expect(bare.body.message).toBe("Write a note");
    await walk(o.id, [["/v2.0.0/orders/decline-returns", { note: "Photo shows both socks" }]]);
    await applyOrderAction(shop.businessId, o.id, { action: "appeal", actor: "customer", note: "Second photo" });
    // A form's unchecked box is a missing field: not damaged.
    const row = await walk(o.id, ["/v2.0.0/orders/approve-appeal", "/v2.0.0/orders/accept-returns", "/v2.0.0/orders/finish-returns"]);
    expect(row).toMatchObject({ status: "returned", returnDamaged: false });
    expect(await stockOf(o.variantId)).toEqual({ onHand: 10, reserved: 0 });
  });

  it("appeal declined: the sale stands and the order is finished", async () => {
    const o = await delivered(1, 3);
    await walk(o.id, [["/v2.0.0/orders/decline-returns", { note: "Complete on dispatch" }]]);
    await applyOrderAction(shop.businessId, o.id, { action: "appeal", actor: "customer" });
    expect((await act("/v2.0.0/orders/decline-appeal", o.id)).status).toBe(422);
    const row = await walk(o.id, [["/v2.0.0/orders/decline-appeal", { note: "Same photos" }]]);
    expect(row.status).toBe("finish");
    expect(await stockOf(o.variantId)).toEqual({ onHand: 2, reserved: 0 });
  });
});

describe("what a caller cannot choose", () => {
  it("a fixed reason stays the table's: a reject is Seller Declined whatever the body says", async () => {
    const o = await order(1, 5);
    expect((await walk(o.id, [["/v2.0.0/orders/reject", { reason: 1 }]])).cancelReason).toBe(3);
  });

  it("the courier's pick-up scan before anyone pressed send still hands the parcel over", async () => {
    const o = await order(2, 10);
    await walk(o.id, ["/v2.0.0/orders/accept", "/v2.0.0/orders/prepare", "/v2.0.0/orders/pack", "/v2.0.0/orders/packing", "/v2.0.0/orders/ready", "/v2.0.0/orders/book-deliveries"]);
    await applyOrderAction(shop.businessId, o.id, { action: "pickup", actor: "system" });
    expect(await orderRow(o.id)).toMatchObject({ status: "sending", stockState: "deducted" });
    expect(await stockOf(o.variantId)).toEqual({ onHand: 8, reserved: 0 });
  });
});

describe("tenant isolation", () => {
  it("every action path answers 404 for another business's order and changes nothing", async () => {
    const o = await order(1, 5);
    const before = { row: await orderRow(o.id), history: await historyOf(o.id), stock: await stockOf(o.variantId) };
    events.length = 0;
    for (const path of ALL_PATHS) {
      const res = await act(path, o.id, { reason: 2, note: "x", item_ids: [1], tracking_number: "ABC123456" }, otherToken);
      expect(res.status, path).toBe(404);
      expect(res.body.message, path).toBe("Order not found");
    }
    expect(await orderRow(o.id)).toEqual(before.row);
    expect(await historyOf(o.id)).toEqual(before.history);
    expect(await stockOf(o.variantId)).toEqual(before.stock);
    expect(events).toEqual([]);
  });

  it("a bulk call with another business's order among its own: only its own change", async () => {
    const mine = await order(1, 5);
    const theirs = await order(1, 5);
    const res = await act("/v2.0.0/orders/accept", [theirs.id], {}, otherToken);
    expect(res.status).toBe(404);
    const mixed = await call("PUT", "/v2.0.0/orders/accept", { token: otherToken, json: { order_ids: [mine.id, theirs.id] } });
    expect(mixed.status).toBe(404);
    expect((await orderRow(mine.id)).status).toBe("waiting-approval");
  });
});

describe("coverage", () => {
  it("every legacy and v2 action path applied an action above", () => {
    expect(ALL_PATHS.filter((p) => !applied.has(p))).toEqual([]);
  });
});
