/**
 * Inventory mutations and the last stock priority (issue 14 items 5 and 6), in Chromium, with
 * JavaScript and without (@core):
 * - all mutations: a product's movements (its opening stock, a count, a transfer in) found by its
 *   SKU, the Count tab shows only the count with its link to the count's page, a location filter;
 *   the same page in Indonesian once;
 * - the last stock priority: the seller adds two locations and moves the second up, then a new
 *   order from the channel, accepted on its page, takes its stock from the new first location and
 *   the page names it.
 * Journeys run in parallel on one database and Toko Demo has one priority list, so the priority
 * journey holds a lock in the e2e database while it uses the list (the JS and no-JS runs take
 * turns) and starts from an empty list.
 */
import pg from "pg";
import { sendOneOrder } from "#scripts/simulate-orders.ts";
import { query, queryOne } from "./db.ts";
import { E2E_PORT, e2eDatabaseUrl } from "./env.ts";
import { authFile, expect, test } from "./fixtures.ts";
import { act, channel, hydrated, makeProduct, uid } from "./orders.ts";

test.use({ storageState: authFile("seller") });

const APP = `http://localhost:${E2E_PORT}`;

/** A movement of the variant's level, as the ledger writes it (the count and transfer pages are other journeys'). */
async function addMovement(variantId: number, reason: string, delta: number, reference: string) {
  await query(`
    WITH l AS (UPDATE stock_levels SET on_hand = on_hand + $3 WHERE variant_id = $1 RETURNING *),
         -- The product's sums move with its levels, as the ledger keeps them (other journeys pick products by them).
         p AS (UPDATE products SET on_hand = on_hand + $3, available = available + $3 WHERE id = (SELECT product_id FROM l))
    INSERT INTO stock_movements (business_id, stock_level_id, product_id, variant_id, store_id, warehouse_id, partition_id,
                                 on_hand_before, on_hand_after, reserved_before, reserved_after, reason, reference)
    SELECT l.business_id, l.id, l.product_id, l.variant_id, l.store_id, l.warehouse_id, l.partition_id, l.on_hand - $3, l.on_hand, 0, 0, $2, $4 FROM l`,
  [variantId, reason, delta, reference]);
}

test("all mutations: a product's movements by SKU, the Count tab, a location filter @core", async ({ page, javaScriptEnabled: js, checkA11y }) => {
  const id = uid();
  const ch = await channel("TKP");
  const sku = `MUT${id}`;
  const { variantId } = await makeProduct(`Kain Mutasi ${id}`, sku, 8, ch);
  await addMovement(variantId, "opname", -1, "OPN-7");
  await addMovement(variantId, "transfer_in", 3, "TRF-11");

  await page.goto(`/erp/inventory/all-mutation?search=${sku}`);
  await expect(page.getByRole("heading", { level: 1, name: "All mutations" })).toBeVisible();
  const table = page.getByRole("table", { name: "Stock movements" });
  await expect(table.getByRole("row")).toHaveCount(4); // the header and three movements
  await expect(table).toContainText("Transfer in");
  await expect(table).toContainText("+3");
  await checkA11y();

  await page.getByRole("navigation", { name: "Mutation types" }).getByRole("link", { name: /^Count/ }).click();
  await expect(page).toHaveURL(/type=count/);
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("Stock count");
  await expect(table).toContainText("−1");
  await expect(table.getByRole("link", { name: "OPN-7" })).toHaveAttribute("href", "/erp/inventory/opname/7");

  // Back to All, then only the location the channel's orders are served from (the filter form).
  await page.getByRole("navigation", { name: "Mutation types" }).getByRole("link", { name: /^All/ }).click();
  await expect(table.getByRole("row")).toHaveCount(4);
  if (js) {
    // The filter form is React's (its select applies on change).
    await page.waitForFunction(() => {
      const form = document.querySelector("form[role=search]");
      return Boolean(form && Object.keys(form).some((k) => k.startsWith("__reactProps")));
    });
  }
  const place = ch.storeId ? `store-${ch.storeId}` : `warehouse-${ch.warehouseId}`;
  await page.getByLabel("Location").selectOption(place);
  if (!js) await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`location=${place}`));
  await expect(table.getByRole("row")).toHaveCount(4);

  // On a 390 px phone: rows become cards, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1366, height: 900 });

  // The one date filter of every list: Today keeps the movements just made, Yesterday has none.
  await page.goto(`/erp/inventory/all-mutation?search=${sku}&date=today`);
  await expect(page.getByLabel("Date", { exact: true })).toHaveValue("today");
  await expect(table.getByRole("row")).toHaveCount(4);
  await page.goto(`/erp/inventory/all-mutation?search=${sku}&date=yesterday`);
  await expect(page.getByText("No movements match")).toBeVisible();
  // A day the calendar lacks (a hand-edited link) is no filter: the list is still shown.
  await page.goto(`/erp/inventory/all-mutation?search=${sku}&date_from=2026-02-31`);
  await expect(table.getByRole("row")).toHaveCount(4);
});

test("all mutations in Indonesian", async ({ page }) => {
  const id = uid();
  const ch = await channel("TKP");
  const sku = `MID${id}`;
  const { variantId } = await makeProduct(`Kain Mutasi ${id}`, sku, 4, ch);
  await addMovement(variantId, "adjustment", 2, "ADJ-3");
  await page.goto(`/id/erp/inventory/all-mutation?search=${sku}&type=adjustment`);
  await expect(page.getByRole("heading", { level: 1, name: "Semua mutasi" })).toBeVisible();
  const table = page.getByRole("table", { name: "Pergerakan stok" });
  await expect(table).toContainText("Penyesuaian");
  await expect(table.getByRole("link", { name: "ADJ-3" })).toHaveAttribute("href", "/id/erp/inventory/adjustment/3");
});

test("last stock priority: the seller moves a location first and the next order takes its stock there @core", async ({ page, javaScriptEnabled: js, checkA11y }) => {
  test.setTimeout(90_000);
  // One priority list per business: the JS and no-JS runs take turns (a session lock in the e2e database).
  const lock = new pg.Client({ connectionString: e2eDatabaseUrl() });
  lock.on("error", () => {});
  await lock.connect();
  await lock.query("SELECT pg_advisory_lock(914014)");
  try {
    const id = uid();
    const ch = await channel("TKP");
    const sku = `PRI${id}`;
    const { variantId } = await makeProduct(`Kain Prioritas ${id}`, sku, 5, ch);
    // Stock in a partition of another warehouse too.
    const other = await queryOne<{ warehouse_id: number; partition_id: number; name: string }>(`
      SELECT w.id AS warehouse_id, p.id AS partition_id, w.name || ' › ' || p.name AS name
        FROM warehouses w JOIN warehouse_partitions p ON p.warehouse_id = w.id
       WHERE w.business_id = (SELECT business_id FROM channels WHERE id = $1) AND w.status = 1 AND w.id <> coalesce($2, 0)
       ORDER BY w.id, p.id LIMIT 1`, [ch.id, ch.warehouseId]);
    // As the ledger writes it: the level, its movement and the product's sums (another journey
    // picking this product to move stock would otherwise find sums the ledger cannot keep).
    await query(`
      WITH l AS (INSERT INTO stock_levels (business_id, product_id, variant_id, warehouse_id, partition_id, on_hand)
                 SELECT business_id, product_id, id, $2, $3, 6 FROM product_variants WHERE id = $1 RETURNING *),
           p AS (UPDATE products SET on_hand = on_hand + 6, available = available + 6 WHERE id = (SELECT product_id FROM l))
      INSERT INTO stock_movements (business_id, stock_level_id, product_id, variant_id, warehouse_id, partition_id,
                                   on_hand_before, on_hand_after, reserved_before, reserved_after, reason)
      SELECT business_id, id, product_id, variant_id, warehouse_id, partition_id, 0, 6, 0, 0, 'initial' FROM l`, [variantId, other.warehouse_id, other.partition_id]);
    await query(`DELETE FROM stock_priorities WHERE business_id = (SELECT business_id FROM channels WHERE id = $1)`, [ch.id]);
    const sourceKey = ch.storeId ? `store-${ch.storeId}` : `warehouse-${ch.warehouseId}`;
    const otherKey = `warehouse-${other.warehouse_id}-${other.partition_id}`;

    await page.goto("/omnichannel/pos-report/inventory/last-stock-priority");
    await expect(page.getByRole("heading", { level: 1, name: "Last stock priority" })).toBeVisible();
    await expect(page.getByText("No priority set")).toBeVisible();
    await checkA11y();
    const unused = page.getByRole("list", { name: "Not in the priority" });
    const order = page.getByRole("list", { name: "Priority order" });
    await unused.locator(`[data-location="${sourceKey}"]`).getByRole("button").click();
    await expect(order.locator(`[data-location="${sourceKey}"]`)).toBeVisible();
    await unused.locator(`[data-location="${otherKey}"]`).getByRole("button").click();
    await expect(order.locator("li")).toHaveCount(2);
    await expect(order.locator("li").nth(1)).toHaveAttribute("data-location", otherKey);
    await order.getByRole("button", { name: `Move ${other.name} up` }).click();
    await expect(order.locator("li").first()).toHaveAttribute("data-location", otherKey);
    await expect(page.getByRole("status")).toContainText("Stock priority saved");

    // On a 390 px phone the list fits (its buttons wrap under the names).
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1366, height: 900 });

    // A new order from the channel, accepted on its page: its stock comes from the partition.
    const sent = await sendOneOrder(APP, ch, { skus: [{ sku: `${sku}-M` }] }, { paid: true, items: [{ sku: `${sku}-M`, quantity: 2 }] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await page.goto(`/orders/${sent.body.data!.sys_order_id}`);
    await expect(page.getByTestId("line-source")).toContainText("chosen on acceptance");
    await hydrated(page, js);
    await act(page, js, "Accept", "Order accepted.");
    await expect(page.getByTestId("line-source")).toHaveText(`Stock from ${other.name}`);
    const level = await queryOne<{ reserved: number }>(`SELECT reserved FROM stock_levels WHERE variant_id = $1 AND partition_id = $2`, [variantId, other.partition_id]);
    expect(level.reserved).toBe(2);
  } finally {
    await query(`DELETE FROM stock_priorities WHERE business_id = (SELECT id FROM businesses WHERE name = 'Toko Demo' ORDER BY id LIMIT 1)`);
    await lock.end();
  }
});
