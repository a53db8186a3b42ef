/**
 * Income (issue 15): a seller finishes an order and follows its money — the order's settlement in
 * the income list (found by its code, linking back to the order) and in the day's settlement
 * page — in English and in Indonesian, with and without JavaScript (@core).
 *
 * The order is made straight in the e2e database, delivered ("received") from Toko Demo's
 * Tokopedia shop and sent from the warehouse (no store fee): Rp 150.000 − 5 % commission =
 * Rp 142.500 net. Totals of the demo business are never asserted (other journeys add to them).
 */
import { queryOne } from "./db.ts";
import { authFile, expect, test } from "./fixtures.ts";
import { act, channel, hydrated, uid } from "./orders.ts";

test.use({ storageState: authFile("seller") });

/** WIB "YYYY-MM-DD" of now (the settlement period of an order finished now). */
const wibToday = () => new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);

async function receivedOrder() {
  const ch = await channel("TKP");
  const code = `INV/E2E/${uid()}`;
  const { id } = await queryOne<{ id: number }>(`
    WITH o AS (
      INSERT INTO orders (business_id, order_code, channel_id, channel_name, warehouse_id, status, stock_state, customer_name,
                          subtotal, shipping_cost, discount, total_amount, paid_at)
      SELECT c.business_id, $1, c.id, c.name, $2::int, 'received', 'deducted', 'Putri Lestari', 150000, 12000, 0, 162000, now()
        FROM channels c WHERE c.id = $3 RETURNING id, business_id)
    INSERT INTO order_items (order_id, business_id, product_name, sku, quantity, price)
    SELECT o.id, o.business_id, 'Kemeja Settlement', 'SET-' || o.id, 1, 150000 FROM o RETURNING order_id AS id`,
  [code, ch.warehouseId, ch.id]);
  return { id, code };
}

test("a finished order's settlement shows in the income list and on its day's settlement page @core", async ({ page, javaScriptEnabled: js }) => {
  const order = await receivedOrder();
  await page.goto(`/orders/${order.id}`);
  await hydrated(page, js);
  await act(page, js, "Finish order", "Order finished.");

  // The income list, searched by the order's code: its settlement, held, with the net.
  await page.goto(`/income-balance/income?search=${encodeURIComponent(order.code)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Income" })).toBeVisible();
  const list = page.getByRole("table", { name: "Settlements" });
  const row = list.getByRole("row").filter({ hasText: order.code });
  await expect(row).toContainText("Rp. 142.500");
  await expect(row).toContainText("Holding");
  await expect(page.getByText("Income on hold")).toBeVisible();

  // The filters live in the URL: the status filter applied from the form keeps the search.
  await page.getByLabel("Status").selectOption("released");
  if (!js) await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/status=released/);
  await expect(page.getByRole("heading", { name: "No settlements match" })).toBeVisible();

  // Today's settlement period lists it; its line opens the order.
  await page.goto(`/income-balance/settlement`);
  await page.getByRole("link", { name: wibToday().split("-").reverse().join("-") }).click();
  await expect(page).toHaveURL(new RegExp(`/income-balance/settlement/${wibToday()}$`));
  await page.getByRole("table", { name: "Settlements" }).getByRole("link", { name: order.code }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));

  // In Indonesian.
  await page.goto(`/id/income-balance/income?search=${encodeURIComponent(order.code)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Pendapatan" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Settlement" }).getByRole("row").filter({ hasText: order.code })).toContainText("Ditahan");

  // The POS transaction detail finds it by its code.
  await page.goto(`/omnichannel/pos-report/transaction/transaction-detail?order=${encodeURIComponent(order.code)}`);
  await expect(page.getByRole("heading", { name: order.code })).toBeVisible();
  await expect(page.getByText("Commission (5%)")).toBeVisible();
});

test("the income pages' layout holds at phone width", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/income-balance/income", "/income-balance/settlement", "/omnichannel/pos-report/transaction/consolidation-settlement",
    "/omnichannel/pos-report/transaction/daily-settlement-list"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(1);
  }
});

test("channel commissions: a rate typed as a seller types it, a wrong one refused under its field @core", async ({ page, javaScriptEnabled: js }) => {
  // Platforms no demo channel sells on, one per run (the two runs go side by side), so no other
  // journey's settlement depends on them.
  const [platform, code, typed, bp] = js ? ["SMS", "SMS", "1,25", 125] : ["LINE", "LNE", "1,5", 150];
  await page.goto("/id/income-balance/commissions");
  await expect(page.getByRole("heading", { level: 1, name: "Komisi channel" })).toBeVisible();
  await hydrated(page, js);
  await page.getByLabel(platform, { exact: true }).fill("abc");
  await page.getByLabel("Shopify").fill("0,5");
  await page.getByRole("button", { name: "Simpan tarif" }).click();
  await expect(page.getByText("Persentase 0 sampai 100 dengan paling banyak dua desimal, mis. 2,5")).toBeVisible();
  await expect(page.getByLabel(platform, { exact: true })).toHaveValue("abc");
  await expect(page.getByLabel("Shopify")).toHaveValue("0,5");

  await page.getByLabel("Shopify").fill("0");
  await page.getByLabel(platform, { exact: true }).fill(typed);
  await page.getByRole("button", { name: "Simpan tarif" }).click();
  await expect(page.getByText("Tarif komisi disimpan.")).toBeVisible();
  await expect(page.getByLabel(platform, { exact: true })).toHaveValue(typed);
  const stored = await queryOne<{ rate_bp: number }>(
    "SELECT rate_bp FROM channel_commissions WHERE platform_code = $1 AND business_id = (SELECT id FROM businesses WHERE name = 'Toko Demo')", [code]);
  expect(stored.rate_bp).toBe(bp);
});

test("settle a day: finished orders without a settlement are counted, then settled in the background @core", async ({ page, javaScriptEnabled: js }) => {
  test.setTimeout(60_000);
  // An order taken over from elsewhere: finished on a day of its own (one per run), never settled.
  const day = js ? "2021-03-04" : "2021-03-05";
  const ch = await channel("TKP");
  const code = `INV/OLD/${uid()}`;
  await queryOne(`
    INSERT INTO orders (business_id, order_code, channel_id, channel_name, warehouse_id, status, stock_state, customer_name,
                        subtotal, shipping_cost, discount, total_amount, paid_at, time_created, time_modified)
    SELECT c.business_id, $1, c.id, c.name, $2::int, 'finish', 'deducted', 'Budi Santoso', 80000, 0, 0, 80000,
           $3::timestamptz, $3::timestamptz, $3::timestamptz
      FROM channels c WHERE c.id = $4 RETURNING id`, [code, ch.warehouseId, `${day}T10:00:00+07:00`, ch.id]);

  await page.goto(`/income-balance/settlement/${day}`);
  const notice = page.getByRole("region", { name: "Unsettled orders" });
  await expect(notice).toContainText(/finished orders? of this day ha(s|ve) no settlement yet/);
  await hydrated(page, js);
  await notice.getByRole("button", { name: "Settle them now" }).click();
  await expect(page.getByText("The day is being settled in the background.")).toBeVisible();

  // The job settles it: the page follows by itself with JavaScript; without, the seller reloads.
  const settled = page.getByRole("table", { name: "Settlements" }).getByRole("row").filter({ hasText: code });
  if (js) await expect(settled).toContainText("Rp. 76.000", { timeout: 30_000 });
  else await expect.poll(async () => { await page.reload(); return settled.count(); }, { timeout: 30_000, intervals: [1000] }).toBe(1);
  await expect(notice).toHaveCount(0);
});
