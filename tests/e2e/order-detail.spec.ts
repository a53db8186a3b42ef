/**
 * The order page (/orders/:slug, issue 5): a seller runs one order from acceptance to finished
 * with the page's buttons alone (booking the delivery with a drop-off and the courier's receipt
 * number) and leaves feedback; cancels another after a refusal that keeps what was typed (no
 * reason given) and a hold with its note; cancels one item of a two-item order and restores it
 * (in Indonesian, under /id); takes a complaint to the end of the return; and sees "already"
 * when someone else accepted the order first. @core runs both with JavaScript off too (the
 * confirm step is then the server's page instead of a dialog).
 *
 * Journeys run in parallel on one database: each makes its own product (stock in Toko Demo's
 * default warehouse) and its own order straight into the e2e database (as the intake writes one:
 * the order, its lines, the "create" history row), and checks the stock the ledger moved.
 */
import type { Page } from "@playwright/test";
import { queryOne } from "./db.ts";
import { authFile, expect, test } from "./fixtures.ts";
import { act, hydrated, statusOf, stockOf, uid } from "./orders.ts";

test.use({ storageState: authFile("seller") });

type Made = { productId: number; variantId: number; warehouseId: number };

/**
 * A published product of Toko Demo with one variant and `stock` pieces in the default warehouse. Not
 * orders.ts's: this one is priced, its variant is named (the page shows "Hitam, M") and makeOrder needs its ids.
 */
async function makeProduct(name: string, sku: string, stock: number, price: number): Promise<Made> {
  return queryOne<Made>(`
    WITH biz AS (SELECT id FROM businesses WHERE name = 'Toko Demo' ORDER BY id LIMIT 1),
         wh AS (SELECT w.id FROM warehouses w, biz WHERE w.business_id = biz.id AND w.is_default LIMIT 1),
         p AS (INSERT INTO products (business_id, name, sku, status, category_id, price_min, price_max, on_hand, available)
               SELECT biz.id, $1, $2, 'published', 10203, $4, $4, $3, $3 FROM biz RETURNING id, business_id),
         v AS (INSERT INTO product_variants (business_id, product_id, sku, variant_name, size_name, price)
               SELECT p.business_id, p.id, $2 || '-M', 'Hitam', 'M', $4 FROM p RETURNING id, product_id, business_id),
         l AS (INSERT INTO stock_levels (business_id, product_id, variant_id, warehouse_id, on_hand)
               SELECT v.business_id, v.product_id, v.id, wh.id, $3 FROM v, wh RETURNING *),
         m AS (INSERT INTO stock_movements (business_id, stock_level_id, product_id, variant_id, warehouse_id, on_hand_before, on_hand_after,
                                            reserved_before, reserved_after, reason, note)
               SELECT l.business_id, l.id, l.product_id, l.variant_id, l.warehouse_id, 0, l.on_hand, 0, 0, 'initial', 'Stok awal' FROM l)
    SELECT l.product_id AS "productId", l.variant_id AS "variantId", l.warehouse_id AS "warehouseId" FROM l`,
  [name, sku, stock, price]);
}

type Line = { name: string; sku: string; stock: number; price: number };

/**
 * An order of Toko Demo's first channel for these lines (one piece each), served from the default
 * warehouse, in `status` (default: paid, waiting for approval). `held` = the stock it holds.
 */
async function makeOrder(lines: Line[], opts: { status?: string; returnStage?: string; held?: "none" | "deducted" } = {}) {
  const made = [];
  for (const l of lines) made.push({ ...l, ...(await makeProduct(l.name, l.sku, l.stock, l.price)) });
  const code = `E2E/${uid()}`;
  const subtotal = lines.reduce((s, l) => s + l.price, 0);
  const { id } = await queryOne<{ id: number }>(`
    WITH biz AS (SELECT id FROM businesses WHERE name = 'Toko Demo' ORDER BY id LIMIT 1),
         ch AS (SELECT c.id, c.name FROM channels c, biz WHERE c.business_id = biz.id AND c.status = 1 ORDER BY c.id LIMIT 1)
    INSERT INTO orders (business_id, order_code, channel_id, channel_name, channel_order_id, warehouse_id, status, return_stage,
                        previous_status, stock_state, customer_name, customer_phone, recipient_name, recipient_phone, shipping_address,
                        shipping_city, shipping_province, shipping_postcode, courier_code, courier_service, payment_method, paid_at,
                        subtotal, shipping_cost, total_amount)
    SELECT biz.id, $1, ch.id, ch.name, $1, $2, $3, $4, CASE WHEN $3 = 'complaint' THEN 'received' END, $5, 'Dewi Lestari', '+6281299990000',
           'Dewi Lestari', '+6281299990000', 'Jl. Braga No. 10', 'Bandung', 'Jawa Barat', '40111', 'jne', 'REG', 3, now(),
           $6::bigint, 15000, $6::bigint + 15000
      FROM biz, ch RETURNING id`,
  [code, made[0].warehouseId, opts.status ?? "waiting-approval", opts.returnStage ?? null, opts.held ?? "none", subtotal]);
  for (const m of made) {
    await queryOne(`
      INSERT INTO order_items (order_id, business_id, product_id, variant_id, product_name, variant_name, size_name, sku, quantity, price,
                               warehouse_id)
      SELECT o.id, o.business_id, $2, $3, $4, 'Hitam', 'M', $5, 1, $6, CASE WHEN $7 = 'deducted' THEN o.warehouse_id END FROM orders o WHERE o.id = $1`,
    [id, m.productId, m.variantId, m.name, `${m.sku}-M`, m.price, opts.held ?? "none"]);
  }
  await queryOne(`INSERT INTO order_status_history (order_id, business_id, action, actor, to_status)
                  SELECT id, business_id, 'create', 'system', status FROM orders WHERE id = $1`, [id]);
  return { id, code, variants: made.map((m) => m.variantId) };
}

/** Answers the question: in the dialog (JavaScript) or on the server's confirm step (without). */
async function confirm(page: Page, js: boolean, title: string, button: string) {
  const ask = js ? page.getByRole("dialog", { name: title }) : page.getByRole("alertdialog", { name: title });
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: button }).click();
}

test("an order from acceptance to finished, booked as a drop-off, then the seller's feedback @core", async ({ page, checkA11y, javaScriptEnabled: js }) => {
  test.setTimeout(120_000);
  const id = uid();
  const order = await makeOrder([{ name: `Kaos Uji ${id}`, sku: `OD${id}`, stock: 5, price: 99000 }]);

  await page.goto(`/orders/${order.id}`);
  await expect(page.getByRole("heading", { level: 1, name: order.code })).toBeVisible();
  await expect(statusOf(page)).toContainText("Waiting Approval");
  const items = page.getByRole("region", { name: "Items" });
  await expect(items).toContainText(`Kaos Uji ${id}`);
  await expect(items).toContainText("Hitam, M");
  await expect(items).toContainText("Rp. 114.000");
  await expect(page.getByRole("region", { name: "Customer" })).toContainText("Dewi Lestari");
  await expect(page.getByRole("region", { name: "Shipping" })).toContainText("Jl. Braga No. 10");
  const prints = page.getByRole("navigation", { name: "Print" });
  await expect(prints.getByRole("link", { name: "Print invoice" })).toHaveAttribute("href", `/orders/print-invoice?ids=${order.id}`);
  await expect(prints.getByRole("link", { name: "Print label" })).toHaveAttribute("href", `/orders/print-label?ids=${order.id}`);
  await checkA11y();
  await hydrated(page, js);

  await act(page, js, "Accept", "Order accepted.");
  await expect(statusOf(page)).toContainText("Waiting to Prepare");
  expect(await stockOf(order.variants[0])).toEqual({ onHand: 5, reserved: 1 });

  await act(page, js, "Prepare", "Order being prepared.");
  await act(page, js, "Done preparing", "Order prepared.");
  await act(page, js, "Pack", "Order being packed.");
  await act(page, js, "Ready to ship", "Order ready to ship.");
  await expect(statusOf(page)).toContainText("Ready to Ship");

  // Booking: the courier's hand-over and receipt number.
  const next = page.getByRole("region", { name: "Next step" });
  await next.locator("summary", { hasText: "Book delivery" }).click();
  await next.getByLabel("Drop off at the courier").check();
  await next.getByLabel("Tracking number (optional)").fill(`JNE${id}`);
  await checkA11y();
  await next.getByRole("button", { name: "Book delivery", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Order booked for delivery.");
  await expect(statusOf(page)).toContainText("Waiting to Send");
  await expect(page.getByRole("region", { name: "Shipping" })).toContainText(`JNE${id}`);
  await hydrated(page, js);

  await act(page, js, "Hand to courier", "Order handed to the courier.");
  expect(await stockOf(order.variants[0])).toEqual({ onHand: 4, reserved: 0 });
  await act(page, js, "Picked up by courier", "Order picked up by the courier.");
  // The courier's updates (as its webhook writes them) show as the tracking timeline, newest first.
  const tracking = page.getByRole("region", { name: "Tracking" });
  await expect(tracking).toContainText("No courier updates yet.");
  await queryOne(`INSERT INTO order_tracking (order_id, description, location, time_created) VALUES
    ($1, 'Paket diterima di gudang sortir', 'Jakarta', now() - interval '1 hour'), ($1, 'Paket dibawa kurir', 'Bandung', now())`, [order.id]);
  await page.reload();
  await expect(tracking.getByRole("listitem").first()).toContainText("Paket dibawa kurir");
  await expect(tracking.getByRole("listitem").last()).toContainText("Paket diterima di gudang sortir");
  await hydrated(page, js);
  await act(page, js, "Mark delivered", "Order delivered.");
  await expect(statusOf(page)).toContainText("Received");
  await act(page, js, "Finish order", "Order finished.");
  await expect(statusOf(page)).toContainText("Finished");
  await expect(page.getByRole("region", { name: "Next step" })).toContainText("Nothing to do on this order right now.");

  // Every step is in the history, newest first, with who did it.
  const history = page.getByRole("region", { name: "Status history" }).getByRole("listitem");
  await expect(history).toHaveCount(11);
  await expect(history.first()).toContainText("Finish order");
  await expect(history.last()).toContainText("Order received");

  // Feedback, once.
  const feedback = page.getByRole("region", { name: "Seller feedback" });
  await feedback.getByLabel("Rating").selectOption({ label: "5 stars" });
  await feedback.getByRole("button", { name: "Save feedback" }).click();
  await expect(feedback.getByText("This field is required")).toBeVisible();
  await expect(feedback.getByLabel("Rating")).toHaveValue("5");
  await feedback.getByLabel("Feedback").fill("Pembeli ramah, terima kasih!");
  await feedback.getByRole("button", { name: "Save feedback" }).click();
  await expect(feedback.getByText("Pembeli ramah, terima kasih!")).toBeVisible();
  await expect(feedback.getByRole("button", { name: "Save feedback" })).toBeHidden();
  const row = await queryOne<{ status: string; feedback: string; rating: number }>(
    "SELECT status, seller_feedback AS feedback, seller_rating AS rating FROM orders WHERE id = $1", [order.id]);
  expect(row).toEqual({ status: "finish", feedback: "Pembeli ramah, terima kasih!", rating: 5 });
});

test("hold with a note, resume, then cancel: refused without a reason (what was typed stays), asked first @core", async ({ page, checkA11y, javaScriptEnabled: js }) => {
  test.setTimeout(90_000);
  const id = uid();
  const order = await makeOrder([{ name: `Celana Uji ${id}`, sku: `OC${id}`, stock: 3, price: 150000 }]);
  await page.goto(`/orders/${order.id}`);
  await hydrated(page, js);
  await act(page, js, "Accept", "Order accepted.");

  const next = page.getByRole("region", { name: "Next step" });
  await next.locator("summary", { hasText: "Hold" }).click();
  await next.getByRole("button", { name: "Hold", exact: true }).click();
  // The refusal names its field: the message stands under the note.
  await expect(next.locator("p").filter({ hasText: /^Write a note$/ })).toBeVisible();
  await next.getByLabel("Note", { exact: true }).fill("Menunggu warna dari pembeli");
  await next.getByRole("button", { name: "Hold", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Order on hold.");
  await expect(statusOf(page)).toContainText("On Hold");
  await expect(page.getByText("On hold: Menunggu warna dari pembeli")).toBeVisible();
  await hydrated(page, js);
  await act(page, js, "Resume", "Order resumed.");
  await expect(statusOf(page)).toContainText("Waiting to Prepare");

  // No reason: refused next to the form, the note kept.
  await next.locator("summary", { hasText: "Cancel order" }).click();
  await next.getByLabel("Note (optional)").fill("Pembeli minta batal lewat chat");
  await next.getByRole("button", { name: "Cancel order", exact: true }).click();
  await confirm(page, js, `Cancel order ${order.code}?`, "Yes, cancel the order");
  await expect(next.locator("p").filter({ hasText: /^Choose a reason$/ })).toBeVisible();
  await expect(next.getByLabel("Note (optional)")).toHaveValue("Pembeli minta batal lewat chat");
  await expect(statusOf(page)).toContainText("Waiting to Prepare");
  await checkA11y();

  await hydrated(page, js);
  await next.getByLabel("Reason").selectOption({ label: "Customer Request" });
  await next.getByRole("button", { name: "Cancel order", exact: true }).click();
  await confirm(page, js, `Cancel order ${order.code}?`, "Yes, cancel the order");
  await expect(page.getByRole("status")).toContainText("Order cancelled.");
  await expect(statusOf(page)).toContainText("Cancelled");
  await expect(page.getByText("Cancelled: Customer Request — Pembeli minta batal lewat chat")).toBeVisible();
  expect(await stockOf(order.variants[0])).toEqual({ onHand: 3, reserved: 0 });
  const row = await queryOne<{ reason: number }>("SELECT cancel_reason AS reason FROM orders WHERE id = $1", [order.id]);
  expect(row.reason).toBe(2);
});

test("in Indonesian: one item of two is cancelled, then restored @core", async ({ page, checkA11y, javaScriptEnabled: js }) => {
  test.setTimeout(90_000);
  const id = uid();
  const order = await makeOrder([
    { name: `Topi Uji ${id}`, sku: `OT${id}`, stock: 4, price: 50000 },
    { name: `Tas Uji ${id}`, sku: `OS${id}`, stock: 4, price: 120000 },
  ]);
  await page.goto(`/id/orders/${order.id}`);
  await hydrated(page, js);
  await act(page, js, "Terima", "Pesanan diterima.", "Langkah berikutnya");
  expect(await stockOf(order.variants[0])).toEqual({ onHand: 4, reserved: 1 });

  const items = page.getByRole("region", { name: "Produk" });
  await items.getByRole("checkbox", { name: `Pilih Topi Uji ${id} · Hitam, M` }).check();
  await items.getByLabel("Alasan").selectOption({ label: "Produk Dibatalkan" });
  await items.getByRole("button", { name: "Batalkan produk", exact: true }).click();
  await confirm(page, js, `Batalkan produk terpilih dari ${order.code}?`, "Ya, batalkan produk");
  await expect(page.getByRole("status")).toContainText("Pesanan diubah.");
  await expect(items.getByText("Dibatalkan", { exact: true })).toBeVisible();
  await expect(items).toContainText("Rp. 135.000"); // 120.000 + 15.000 ongkos kirim
  expect(await stockOf(order.variants[0])).toEqual({ onHand: 4, reserved: 0 });
  await checkA11y();

  await hydrated(page, js);
  await items.getByRole("button", { name: `Pulihkan produk Topi Uji ${id} · Hitam, M` }).click();
  await expect(page.getByRole("status")).toContainText("Pesanan diubah.");
  await expect(items.getByText("Dibatalkan", { exact: true })).toBeHidden();
  await expect(items).toContainText("Rp. 185.000");
  expect(await stockOf(order.variants[0])).toEqual({ onHand: 4, reserved: 1 });
});

test("a complaint taken to the end of the return: the goods come back into stock", async ({ page, javaScriptEnabled: js }) => {
  test.setTimeout(90_000);
  const id = uid();
  const order = await makeOrder([{ name: `Kemeja Uji ${id}`, sku: `OK${id}`, stock: 2, price: 210000 }],
    { status: "complaint", returnStage: "open", held: "deducted" });
  await queryOne("UPDATE orders SET complaint_reason = 3, complaint_note = 'Kancing kurang satu' WHERE id = $1", [order.id]);

  await page.goto(`/orders/${order.id}`);
  await expect(statusOf(page)).toContainText("Complaint open");
  await expect(page.getByText("Complaint: Product Incomplete — Kancing kurang satu")).toBeVisible();
  await hydrated(page, js);
  await act(page, js, "Approve return", "Order approved for return.");
  await expect(statusOf(page)).toContainText("Return approved");

  const next = page.getByRole("region", { name: "Next step" });
  await next.locator("summary", { hasText: "Returned goods received" }).click();
  await expect(next.getByLabel("The returned goods are damaged (they are not put back in stock)")).not.toBeChecked();
  await next.getByRole("button", { name: "Returned goods received", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Order received back.");
  await hydrated(page, js);
  await act(page, js, "Finish return", "Order returned.");
  await expect(statusOf(page)).toContainText("Returned");
  expect(await stockOf(order.variants[0])).toEqual({ onHand: 3, reserved: 0 });
});

test("someone else accepted first: the page says so and shows the order as it now is", async ({ page, browser }) => {
  const id = uid();
  const order = await makeOrder([{ name: `Sarung Uji ${id}`, sku: `OR${id}`, stock: 2, price: 80000 }]);
  // A colleague's page, opened at the same time (no JavaScript: it stays as it was loaded).
  const other = await browser.newContext({ storageState: authFile("seller"), javaScriptEnabled: false });
  const theirs = await other.newPage();
  await theirs.goto(`/orders/${order.id}`);
  await page.goto(`/orders/${order.id}`);
  await hydrated(page, true);
  await act(page, true, "Accept", "Order accepted.");

  await theirs.getByRole("button", { name: "Accept", exact: true }).click();
  await expect(theirs.getByRole("region", { name: "Next step" }).getByRole("alert")).toContainText(`Order ${order.code} was already accepted`);
  await expect(statusOf(theirs)).toContainText("Waiting to Prepare");
  expect(await stockOf(order.variants[0])).toEqual({ onHand: 2, reserved: 1 });
  await other.close();
});
