/**
 * The orders journey of issue 5, end to end, with orders that arrive the way the simulator sends
 * them (scripts/simulate-orders.ts `sendOneOrder`: its own random customer, address and courier,
 * signed and posted to POST /api/webhooks/channels/:code/orders):
 * - a new order is announced on /orders ("You have new order on … with Order ID …", JavaScript)
 *   or shows up on reload (without, @core), then runs on its page from acceptance to finished:
 *   accept, prepare, pack, ready, book a courier pick-up with the seller's receipt number, hand
 *   over, the courier's own scans (shipment webhooks) up to delivered, finish;
 * - a complaint (order.complaint webhook) on a delivered order: return approved, goods received
 *   back, return finished — the stock is back on the shelf;
 * - the invoices and the picklist of ticked orders, printed from the list's bulk bar.
 * order-detail.spec.ts and orders-list.spec.ts cover each page's own details; this one follows
 * orders across them.
 *
 * Journeys run in parallel on one database: each makes its own products (stock where the channel's
 * orders are served from) and its own orders, found by their SKUs, and never relies on totals.
 */
import { postEvent, sendOneOrder } from "#scripts/simulate-orders.ts";
import { queryOne } from "./db.ts";
import { E2E_PORT } from "./env.ts";
import { authFile, expect, test } from "./fixtures.ts";
import { act, type Channel, channel, hydrated, makeProduct, statusOf, stockOf, uid } from "./orders.ts";

test.use({ storageState: authFile("seller") });

const APP = `http://localhost:${E2E_PORT}`;

/** Toko Demo's Tokopedia shop. */
const tokopedia = () => channel("TKP");

/**
 * One new order from the simulator on the channel, for these lines, paid at checkout; the rest is
 * the simulator's own (customer, address, courier; no stores given, so never a store pick-up).
 */
async function simulatorOrder(ch: Channel, items: { sku: string; quantity: number }[]) {
  const sent = await sendOneOrder(APP, ch, { skus: items }, { paid: true, items });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  const { sys_order_id: id, order_id: code } = sent.body.data!;
  return { id: id!, code: code!, channelOrderId: sent.data.order_id, customer: sent.data.customer.name, city: sent.data.shipping?.city ?? "Jakarta" };
}

/** A courier's or the customer's event on the order, as the channel delivers it. */
async function channelEvent(ch: Channel, type: string, data: Record<string, unknown>) {
  const res = await postEvent(APP, ch, type, data);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data!;
}

test("an order from the simulator, announced on arrival, runs from accept to finished with the courier's own scans @core", async ({ page, javaScriptEnabled: js }) => {
  test.setTimeout(120_000);
  const id = uid();
  const ch = await tokopedia();
  const sku = `JR${id}`;
  const { variantId } = await makeProduct(`Kemeja Perjalanan ${id}`, sku, 5, ch);

  // The seller watches the list, searched by the new product's SKU: nothing yet.
  await page.goto(`/orders?search=${sku}`);
  await expect(page.getByRole("heading", { name: "No orders match" })).toBeVisible();
  if (js) await expect(page.getByRole("img", { name: "Live updates: on" })).toBeAttached();

  const order = await simulatorOrder(ch, [{ sku: `${sku}-M`, quantity: 1 }]);
  const announced = `You have new order on ${ch.name} with Order ID ${order.code}`;
  const table = page.getByRole("table", { name: "Orders" });
  if (js) {
    // Announced at once, top right; its link opens the order.
    const notice = page.getByText(announced);
    await expect(notice).toBeVisible({ timeout: 3_000 });
    await expect(table.getByRole("link", { name: order.code, exact: true })).toBeVisible();
    await notice.locator("..").getByRole("link", { name: "View Order Page" }).click();
  } else {
    // Without JavaScript nothing pops up; the next load of the list has it.
    await page.reload();
    await expect(page.getByText(announced)).toHaveCount(0);
    await table.getByRole("link", { name: order.code, exact: true }).click();
  }
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: order.code })).toBeVisible();
  await expect(statusOf(page)).toContainText("Waiting Approval");
  await expect(statusOf(page)).toContainText(ch.name);
  await expect(page.getByRole("region", { name: "Customer" })).toContainText(order.customer);
  await hydrated(page, js);

  await act(page, js, "Accept", "Order accepted.");
  expect(await stockOf(variantId)).toEqual({ onHand: 5, reserved: 1 });
  await act(page, js, "Prepare", "Order being prepared.");
  await act(page, js, "Done preparing", "Order prepared.");
  await act(page, js, "Pack", "Order being packed.");
  await act(page, js, "Ready to ship", "Order ready to ship.");
  await expect(statusOf(page)).toContainText("Ready to Ship");

  // Book a courier pick-up in the first window, with the receipt number the seller got.
  const next = page.getByRole("region", { name: "Next step" });
  await next.locator("summary", { hasText: "Book delivery" }).click();
  await next.getByLabel("Courier picks up").check();
  await expect(next.getByLabel("Pick-up time")).not.toHaveValue("");
  await next.getByLabel("Tracking number (optional)").fill(`RESI${id}`);
  await next.getByRole("button", { name: "Book delivery", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Order booked for delivery.");
  await expect(statusOf(page)).toContainText("Waiting to Send");
  await expect(page.getByRole("region", { name: "Shipping" })).toContainText(`RESI${id}`);
  await hydrated(page, js);

  await act(page, js, "Hand to courier", "Order handed to the courier.");
  await expect(statusOf(page)).toContainText("Handed to Courier");
  expect(await stockOf(variantId)).toEqual({ onHand: 4, reserved: 0 });

  // The courier reports through the channel's webhook; with JavaScript the open page follows by
  // itself, without it the next load shows where the parcel is.
  const scans: [string, string, string][] = [
    ["shipment.picked_up", "Paket telah diterima oleh kurir", "Sending"],
    ["shipment.in_transit", `Paket diproses di gudang transit ${order.city}`, "With the Courier"],
    ["shipment.out_for_delivery", "Paket dibawa kurir menuju alamat penerima", "On Delivery"],
    ["shipment.delivered", "Paket telah diterima oleh penerima", "Received"],
  ];
  const tracking = page.getByRole("region", { name: "Tracking" });
  await expect(tracking).toContainText("No courier updates yet.");
  for (const [type, description, status] of scans) {
    const moved = await channelEvent(ch, type, { order_id: order.channelOrderId, description, location: order.city });
    expect(moved.applied).toBe(true);
    if (!js) await page.reload();
    await expect(statusOf(page)).toContainText(status);
    await expect(tracking.getByRole("listitem").first()).toContainText(description);
  }
  await expect(tracking.getByRole("listitem")).toHaveCount(4);
  await hydrated(page, js);

  await act(page, js, "Finish order", "Order finished.");
  await expect(statusOf(page)).toContainText("Finished");
  await expect(page.getByRole("region", { name: "Next step" })).toContainText("Nothing to do on this order right now.");
  expect(await stockOf(variantId)).toEqual({ onHand: 4, reserved: 0 });
  // Who moved it, step by step: the seller on the page, the courier's scans as the system.
  const steps = await queryOne<{ steps: string[] }>(
    "SELECT array_agg(action || ':' || actor ORDER BY id) AS steps FROM order_status_history WHERE order_id = $1", [order.id]);
  expect(steps.steps).toEqual([
    "create:system", "accept:seller", "prepare:seller", "pack:seller", "packing:seller", "ready:seller", "book-delivery:seller",
    "send:seller", "pickup:system", "in-transit:system", "out-for-delivery:system", "deliver:system", "fulfill:seller",
  ]);
});

test("a complaint on a delivered order: return approved, goods back, return finished — the stock is back", async ({ page }) => {
  test.setTimeout(120_000);
  const id = uid();
  const ch = await tokopedia();
  const sku = `JC${id}`;
  const { variantId } = await makeProduct(`Celana Keluhan ${id}`, sku, 2, ch);
  const order = await simulatorOrder(ch, [{ sku: `${sku}-M`, quantity: 1 }]);

  // The day's steps, one tap each on the order's row of the list.
  await page.goto(`/orders?search=${sku}`);
  for (const [step, done] of [
    ["Accept", "accepted"], ["Prepare", "being prepared"], ["Done preparing", "prepared"], ["Pack", "being packed"],
    ["Ready to ship", "ready to ship"], ["Book delivery", "booked for delivery"],
  ]) {
    await page.getByRole("button", { name: `${step}: ${order.code}`, exact: true }).click();
    await expect(page.getByRole("status")).toContainText(`1 order ${done}.`);
  }
  expect(await stockOf(variantId)).toEqual({ onHand: 2, reserved: 1 });

  // The courier scans the parcel at the seller's (the hand-over happens then), with its receipt
  // number, and delivers it; then the customer complains through the channel.
  await channelEvent(ch, "shipment.picked_up", { order_id: order.channelOrderId, description: "Paket telah diterima oleh kurir", tracking_number: `KRR${id}` });
  expect(await stockOf(variantId)).toEqual({ onHand: 1, reserved: 0 });
  await channelEvent(ch, "shipment.delivered", { order_id: order.channelOrderId, description: "Paket telah diterima oleh penerima" });
  const complained = await channelEvent(ch, "order.complaint", { order_id: order.channelOrderId, reason: 3, note: "Kancing kurang satu" });
  expect(complained.status).toBe("complaint");

  await page.getByRole("table", { name: "Orders" }).getByRole("link", { name: order.code, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
  await expect(statusOf(page)).toContainText("Complaint open");
  await expect(page.getByText("Complaint: Product Incomplete — Kancing kurang satu")).toBeVisible();
  await expect(page.getByRole("region", { name: "Shipping" })).toContainText(`KRR${id}`);
  await hydrated(page, true);

  await act(page, true, "Approve return", "Order approved for return.");
  await expect(statusOf(page)).toContainText("Return approved");
  const next = page.getByRole("region", { name: "Next step" });
  await next.locator("summary", { hasText: "Returned goods received" }).click();
  await expect(next.getByLabel("The returned goods are damaged (they are not put back in stock)")).not.toBeChecked();
  await next.getByRole("button", { name: "Returned goods received", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Order received back.");
  await expect(statusOf(page)).toContainText("Returned goods received");
  // Received back is not yet on the shelf: the return's finish puts it there.
  expect(await stockOf(variantId)).toEqual({ onHand: 1, reserved: 0 });
  await hydrated(page, true);
  await act(page, true, "Finish return", "Order returned.");
  await expect(statusOf(page)).not.toContainText("Returned goods received");
  await expect(statusOf(page)).toContainText("Returned");
  await expect(page.getByRole("region", { name: "Next step" })).toContainText("Nothing to do on this order right now.");
  expect(await stockOf(variantId)).toEqual({ onHand: 2, reserved: 0 });
});

test("the invoices and the picklist of ticked orders, printed from the list's bulk bar", async ({ page }) => {
  test.setTimeout(90_000);
  const id = uid();
  const ch = await tokopedia();
  // Two new orders share one SKU: the picklist gathers it once for both.
  const [shirt, hat] = [`JP${id}`, `JP${id}T`];
  await makeProduct(`Kemeja Cetak ${id}`, shirt, 5, ch);
  await makeProduct(`Topi Cetak ${id}`, hat, 5, ch);
  const a = await simulatorOrder(ch, [{ sku: `${shirt}-M`, quantity: 1 }, { sku: `${hat}-M`, quantity: 2 }]);
  const b = await simulatorOrder(ch, [{ sku: `${shirt}-M`, quantity: 1 }]);
  const list = `/orders?search=${shirt}`;
  const bulk = page.getByRole("form", { name: "For the ticked orders" });
  const printTicked = async (what: string) => {
    await page.goto(list);
    await page.getByRole("checkbox", { name: `Select ${a.code}` }).check();
    await page.getByRole("checkbox", { name: `Select ${b.code}` }).check();
    await bulk.getByLabel("For the ticked orders").selectOption({ label: what });
    await bulk.getByRole("button", { name: "Apply" }).click();
  };
  const printed = (column: string) => queryOne<{ marked: number }>(
    `SELECT count(*)::int AS marked FROM orders WHERE id = ANY($1) AND ${column} IS NOT NULL`, [[a.id, b.id]]);

  await printTicked("Print invoice");
  await expect(page).toHaveURL(/\/orders\/print-invoice\?ids=\d+,\d+$/);
  await expect(page.getByRole("heading", { name: "Invoices · 2 orders", level: 1 })).toBeVisible();
  const invoiceA = page.getByRole("article", { name: `Invoice ${a.code}` });
  await expect(invoiceA).toContainText(a.customer);
  await expect(invoiceA.getByRole("table").getByRole("row")).toHaveCount(3);
  await expect(invoiceA.getByRole("row").filter({ hasText: `${hat}-M` })).toContainText("Topi Cetak");
  const invoiceB = page.getByRole("article", { name: `Invoice ${b.code}` });
  await expect(invoiceB).toContainText(b.customer);
  await expect(invoiceB.getByRole("table").getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("status").filter({ hasText: "Marked as printed on these orders." })).toBeVisible();
  expect((await printed("invoice_printed_at")).marked).toBe(2);

  await printTicked("Print picklist");
  await expect(page).toHaveURL(/\/orders\/selected-picklist\?ids=\d+,\d+$/);
  await expect(page.getByRole("heading", { name: "Picklist of selected orders · 2 orders", level: 1 })).toBeVisible();
  const sheet = page.getByRole("article", { name: "Picklist" });
  // Both orders are served from one place: one table, a line per SKU with each order's share.
  await expect(sheet.getByRole("table")).toHaveCount(1);
  const line = (sku: string) => sheet.getByRole("row").filter({ has: page.getByRole("cell", { name: sku, exact: true }) });
  await expect(line(`${shirt}-M`).getByRole("cell").nth(3)).toHaveText("2");
  await expect(line(`${shirt}-M`).getByRole("cell").nth(4)).toContainText(`${a.code} ×1`);
  await expect(line(`${shirt}-M`).getByRole("cell").nth(4)).toContainText(`${b.code} ×1`);
  await expect(line(`${hat}-M`).getByRole("cell").nth(3)).toHaveText("2");
  await expect(line(`${hat}-M`).getByRole("cell").nth(4)).toHaveText(`${a.code} ×2`);
  await expect(sheet).toContainText("Total to pick: 4 pcs in 2 lines");
  expect((await printed("picklist_printed_at")).marked).toBe(2);
});
