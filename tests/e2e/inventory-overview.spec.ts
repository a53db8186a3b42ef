/**
 * The stock overview (issue 14 part A): a seller finds a product's stock by its SKU, filters to low
 * stock, and opens its stock history — with JavaScript and without it (@core runs both) — and the
 * Indonesian page under /id.
 *
 * Setup: one demo variant stocked at a store is made "low" by raising its product's minimum to
 * that level's available stock (both projects set the same value, so running in parallel is fine).
 */
import { query, queryOne } from "./db.ts";
import { authFile, expect, test } from "./fixtures.ts";

test.use({ storageState: authFile("seller") });

type Picked = { product_id: number; name: string; sku: string; available: number };

/** A Toko Demo variant with stock at a store and a movement in its ledger, made low stock. */
async function lowStockVariant(): Promise<Picked> {
  const p = await queryOne<Picked>(`
    SELECT p.id AS product_id, p.name, v.sku, (l.on_hand - l.reserved) AS available
      FROM stock_levels l JOIN products p ON p.id = l.product_id JOIN product_variants v ON v.id = l.variant_id
      JOIN businesses b ON b.id = l.business_id
     WHERE b.name = 'Toko Demo' AND l.store_id IS NOT NULL AND l.on_hand - l.reserved > 0 AND v.sku ~ '^[A-Za-z0-9-]+$'
       AND EXISTS (SELECT 1 FROM stock_movements m WHERE m.stock_level_id = l.id)
     ORDER BY v.sku LIMIT 1`);
  await query("UPDATE products SET min_stock = greatest(min_stock, $2) WHERE id = $1", [p.product_id, p.available]);
  return p;
}

test("a seller finds a product's stock, filters to low stock and opens its history @core", async ({ page, checkA11y, javaScriptEnabled }) => {
  // A long journey (several pages, axe on each): 15–20 s alone, past 30 s beside another worker on two cores.
  test.slow();
  const v = await lowStockVariant();
  await page.goto("/erp/inventory");
  await expect(page).toHaveURL(/\/erp\/inventory\/all-inventory$/);
  await expect(page.getByRole("heading", { name: "All Inventory", level: 1 })).toBeVisible();
  await checkA11y();

  // Search by SKU: the GET form, in the URL.
  await page.getByLabel("Search", { exact: true }).fill(v.sku);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(v.sku)}`));
  const table = page.getByRole("table");
  await expect(table.getByText(v.sku, { exact: false }).first()).toBeVisible();

  // The Low tab keeps the search and shows the same variant.
  await page.getByRole("link", { name: "Low", exact: true }).click();
  await expect(page).toHaveURL(/tab=low/);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(v.sku)}`));
  const row = page.getByRole("row").filter({ hasText: v.sku }).first();
  await expect(row.getByText("Low", { exact: true })).toBeVisible();
  if (javaScriptEnabled) await checkA11y();

  // Its history: who, why, before → after.
  await row.getByRole("link", { name: "Stock history" }).click();
  await expect(page.getByRole("heading", { name: `Stock history of ${v.name}`, level: 1 })).toBeVisible();
  await expect(page.getByRole("table").getByRole("row").nth(1)).toContainText("→");
  await checkA11y();

  // The product's stock page shows the threshold it is low against.
  await page.getByRole("link", { name: "Product stock" }).click();
  await expect(page.getByLabel("Minimum stock (low-stock threshold)")).toHaveValue(/^\d+$/);
});

test("the overview in Indonesian, and a bad filter is answered under its field @core", async ({ page }) => {
  await page.goto("/id/erp/inventory/all-inventory?location=gudang-x&search=kemeja");
  await expect(page.getByRole("heading", { name: "Semua Inventaris", level: 1 })).toBeVisible();
  await expect(page.getByText("Pilih lokasi dari daftar")).toBeVisible();
  await expect(page.getByLabel("Cari", { exact: true })).toHaveValue("kemeja");
  await page.goto("/id/omnichannel/pos-report/inventory/beginning-stock");
  await expect(page.getByRole("heading", { name: "Stok Awal", level: 1 })).toBeVisible();
});
