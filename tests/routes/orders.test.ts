/**
 * The order pages at the web's seam: the list under a tab, the order page, accepting through the
 * page's form (and through a row's button on the list), and a refused action shown on its form.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as detailPage from "#app/routes/admin/orders/detail.tsx";
import * as listPage from "#app/routes/admin/orders/list.tsx";
import * as invoicePage from "#app/routes/admin/orders/print-invoice.tsx";
import { DEMO } from "#tests/demo-accounts.ts";
import { addStock, newOrder, newVariant, orderRow, shopOf, sourceOf, type Shop } from "#tests/api/order-fixtures.ts";
import { runAction, runLoader } from "./harness.ts";

let shop: Shop;
/** A fresh paid order of Toko Demo, waiting for the seller, with its stock on the shelf. */
async function waitingOrder() {
  const v = await newVariant(shop);
  const id = await newOrder(shop, [{ sku: v.sku, quantity: 1 }]);
  await addStock(shop, v.variantId, await sourceOf(id), 3);
  return id;
}

let orderId: number;
beforeAll(async () => {
  shop = await shopOf(DEMO.seller);
  orderId = await waitingOrder();
});

const page = (id: number) => ({ url: `/orders/${id}`, params: { slug: String(id) }, as: DEMO.seller });

describe("orders list", () => {
  it("lists one tab's orders with their next step, and the tab's count as the total", async () => {
    const res = await runLoader(listPage, { url: "/orders?tab=waiting-approval", as: DEMO.seller });
    expect(res.status).toBe(200);
    const { rows, counts, total, steps } = res.data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r: { status: string }) => ["waiting-approval", "cancellation-request"].includes(r.status))).toBe(true);
    // Newest first: the order just received leads, with Accept as its one-tap step.
    expect(rows[0]).toMatchObject({ order_id: orderId, status: "waiting-approval", next: "accept" });
    expect(steps).toContain("accept");
    expect(total).toBe(String(counts.tabs["waiting-approval"]));
    expect(res.data.title).toMatch(/Orders/);

    expect(res.data.choices.channels.length).toBeGreaterThan(0);
    expect(res.data.choices.couriers).toContainEqual(expect.objectContaining({ code: "jne" }));

    const finished = await runLoader(listPage, { url: "/orders?tab=finished", as: DEMO.seller });
    expect(finished.data.rows.map((r: { order_id: number }) => r.order_id)).not.toContain(orderId);
  });

  it("accepts an order from its row's button: back to the same list with a notice", async () => {
    const id = await waitingOrder();
    const res = await runAction(listPage, { url: "/orders?tab=waiting-approval", as: DEMO.seller, form: { intent: "bulk", row: `accept:${id}` } });
    expect(res.redirect).toBe("/orders?tab=waiting-approval");
    expect(res.toasts).toContainEqual({ type: "success", message: "1 order accepted." });
    expect((await orderRow(id)).status).toBe("wait-to-prepare");
  });

  it("exports the filtered list: back with the export history open", async () => {
    const res = await runAction(listPage, { url: "/orders?tab=waiting-approval", as: DEMO.seller, form: { intent: "export" } });
    expect(res.redirect).toBe("/orders?tab=waiting-approval&history=open");
    const list = await runLoader(listPage, { url: "/orders?tab=waiting-approval&history=open", as: DEMO.seller });
    expect(list.data.exportsOpen).toBe(true);
    expect(list.data.exports[0]).toMatchObject({ kind: "orders" });
  });
});

describe("order print", () => {
  it("prints the invoice and marks it printed", async () => {
    const res = await runLoader(invoicePage, { url: `/orders/print-invoice?ids=${orderId}`, as: DEMO.seller });
    expect(res.status).toBe(200);
    expect(res.data.orders.map((o: { order_id: number }) => o.order_id)).toEqual([orderId]);
    expect(res.data.mark).toEqual({ ok: true });
    expect((await orderRow(orderId)).invoicePrintedAt).not.toBeNull();
  });
});

describe("order page", () => {
  it("shows the order, its tracking and the actions allowed now", async () => {
    const res = await runLoader(detailPage, page(orderId));
    expect(res.status).toBe(200);
    expect(res.data.order.order_id).toBe(orderId);
    expect(res.data.order.allowed_actions).toContain("accept");
    expect(res.data.tracking).toEqual([]);
    expect(res.data.booking).toBeNull();
    expect(res.data.title).toContain(res.data.order.order_code);
  });

  it("accepts the order: back to the page with a notice, stock reserved", async () => {
    const res = await runAction(detailPage, { ...page(orderId), form: { intent: "action", do: "accept" } });
    expect(res.data?.error ?? res.error).toBeUndefined();
    expect(res.redirect).toBe(`/orders/${orderId}`);
    expect(res.toasts).toContainEqual({ type: "success", message: "Order accepted." });
    const row = await orderRow(orderId);
    expect(row.status).toBe("wait-to-prepare");
    expect(row.stockState).toBe("reserved");
  });

  it("shows a refused action on its form: accepted twice is already accepted, nothing changes", async () => {
    const res = await runAction(detailPage, { ...page(orderId), form: { intent: "action", do: "accept" } });
    expect(res.status).toBe(400);
    expect(res.data.initialValue.do).toBe("accept");
    const code = (await orderRow(orderId)).orderCode;
    // No field of the page names it: the message stands above the form's button.
    expect(res.data.error[""]).toEqual([`Order ${code} was already accepted`]);
    expect((await orderRow(orderId)).status).toBe("wait-to-prepare");
  });

  it("keeps a note that was typed when the reason is missing", async () => {
    const res = await runAction(detailPage, {
      ...page(orderId), form: { intent: "action", do: "cancel", note: "Pembeli minta batal", confirmed: "1" },
    });
    expect(res.status).toBe(400);
    expect(res.data.error.reason?.[0]).toBeTruthy();
    expect(res.data.initialValue.note).toBe("Pembeli minta batal");
  });

  it("another business's order is the not-found page", async () => {
    const res = await runLoader(detailPage, { ...page(orderId), as: DEMO.seller2 });
    expect(res.status).toBe(404);
  });
});
