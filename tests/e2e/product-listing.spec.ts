/**
 * The product listing (issue 4): a seller finds products by name and by SKU, moves between the
 * tabs, deactivates two at once through the bulk bar and switches one back on — asked first each
 * time (a dialog with JavaScript, the server's confirm step without: @core runs both) — and deletes
 * one from the Indonesian listing under /id.
 *
 * Journeys run in parallel on one database: each makes its own uniquely named products (straight
 * into the e2e database, with their opening stock written as the ledger writes it: a level and an
 * "initial" movement, and the product's sums) and never relies on totals.
 */
import type { Page } from "@playwright/test";
import { queryOne } from "./db.ts";
import { authFile, expect, test } from "./fixtures.ts";

test.use({ storageState: authFile("seller") });

const uid = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();

/** A published product of Toko Demo with one variant and `stock` pieces in the default warehouse. */
async function makeProduct(name: string, sku: string, stock: number) {
  await queryOne(`
    WITH biz AS (SELECT id FROM businesses WHERE name = 'Toko Demo' ORDER BY id LIMIT 1),
         wh AS (SELECT w.id FROM warehouses w, biz WHERE w.business_id = biz.id AND w.is_default LIMIT 1),
         p AS (INSERT INTO products (business_id, name, sku, status, category_id, price_min, price_max, on_hand, available)
               SELECT biz.id, $1, $2, 'published', 10203, 99000, 99000, $3, $3 FROM biz RETURNING id, business_id),
         v AS (INSERT INTO product_variants (business_id, product_id, sku, size_name, price)
               SELECT p.business_id, p.id, $2 || '-M', 'M', 99000 FROM p RETURNING id, product_id, business_id),
         l AS (INSERT INTO stock_levels (business_id, product_id, variant_id, warehouse_id, on_hand)
               SELECT v.business_id, v.product_id, v.id, wh.id, $3 FROM v, wh RETURNING *)
    INSERT INTO stock_movements (business_id, stock_level_id, product_id, variant_id, warehouse_id, on_hand_before, on_hand_after,
                                 reserved_before, reserved_after, reason, note)
    SELECT l.business_id, l.id, l.product_id, l.variant_id, l.warehouse_id, 0, l.on_hand, 0, 0, 'initial', 'Stok awal' FROM l`,
  [name, sku, stock]);
}

/** Answers the question: in the dialog (JavaScript) or on the server's confirm step (without). */
async function confirm(page: Page, js: boolean, title: string, button: string) {
  const ask = js ? page.getByRole("dialog", { name: title }) : page.getByRole("alertdialog", { name: title });
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: button }).click();
}

async function search(page: Page, text: string, apply = "Apply") {
  await page.getByRole("searchbox").fill(text);
  await page.getByRole("button", { name: apply, exact: true }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get("search")).toBe(text);
}

test("finds products by name and SKU, moves between tabs, deactivates two at once and switches one back @core", async ({ page, checkA11y, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  const id = uid();
  const alpha = `Kaos Uji ${id} Alpha`;
  const beta = `Kaos Uji ${id} Beta`;
  await makeProduct(alpha, `UJ${id}-A`, 12);
  await makeProduct(beta, `UJ${id}-B`, 3);

  await page.goto("/products/listing");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/^Products \(/);
  await checkA11y();

  // Every word of the name, in any order and case.
  await search(page, `uji ${id.toLowerCase()} kaos`);
  const table = page.getByRole("table", { name: "Products" });
  await expect(table.getByRole("link", { name: alpha, exact: true })).toBeVisible();
  await expect(table.getByRole("link", { name: beta, exact: true })).toBeVisible();
  await expect(table.getByText("12 of 12")).toBeVisible();
  // A variant's SKU from its start.
  await search(page, `UJ${id}-B-M`);
  await expect(table.getByRole("link", { name: beta, exact: true })).toBeVisible();
  await expect(table.getByRole("link", { name: alpha, exact: true })).toBeHidden();

  // Tabs keep the search; nothing of ours is Not Active yet.
  await search(page, id);
  const tabs = page.getByRole("navigation", { name: "Product status" });
  await expect(tabs.getByRole("link", { name: /^Active\s*2$/ })).toBeVisible();
  await tabs.getByRole("link", { name: /^Not Active/ }).click();
  await expect(page.getByRole("heading", { name: "No products match" })).toBeVisible();
  await tabs.getByRole("link", { name: /^All/ }).click();

  // Bulk: tick both, deactivate, asked first.
  await page.getByRole("checkbox", { name: `Select ${alpha}` }).check();
  await page.getByRole("checkbox", { name: `Select ${beta}` }).check();
  await page.getByLabel("Bulk action").selectOption({ label: "Deactivate" });
  await page.getByRole("button", { name: "Apply to selected" }).click();
  await confirm(page, javaScriptEnabled, "Deactivate 2 products?", "Yes, deactivate");
  await expect(page.getByRole("status")).toContainText("2 products deactivated.");
  await expect(tabs.getByRole("link", { name: /^Not Active\s*2$/ })).toBeVisible();
  const row = await queryOne<{ n: number }>("SELECT count(*)::int AS n FROM products WHERE sku LIKE $1 AND status = 'archived'", [`UJ${id}-%`]);
  expect(row.n).toBe(2);

  // The switch of one row, asked first too.
  await tabs.getByRole("link", { name: /^Not Active/ }).click();
  await page.getByRole("switch", { name: `Status of ${alpha}` }).click();
  await confirm(page, javaScriptEnabled, "Activate this product?", "Yes, activate");
  await expect(page.getByRole("status")).toContainText(`${alpha} is active`);
  await expect(tabs.getByRole("link", { name: /^Active\s*1$/ })).toBeVisible();
  await expect(tabs.getByRole("link", { name: /^Not Active\s*1$/ })).toBeVisible();
  await checkA11y();
});

test("the listing in Indonesian under /id: a product is deleted after the question @core", async ({ page, checkA11y, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  const id = uid();
  const name = `Sarung Uji ${id}`;
  await makeProduct(name, `SU${id}`, 0);

  await page.goto("/id/products/listing");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/^Produk \(/);
  await search(page, id, "Terapkan");
  const tabs = page.getByRole("navigation", { name: "Status produk" });
  // Published with nothing available: Out Of Stock, derived from the stock.
  await expect(tabs.getByRole("link", { name: /^Stok Habis\s*1$/ })).toBeVisible();
  await expect(page.getByRole("table", { name: "Produk" }).getByText("Stok Habis")).toBeVisible();
  await checkA11y();

  await page.getByRole("button", { name: `Hapus ${name}` }).click();
  // The question names the product of the row whose button asked.
  const ask = javaScriptEnabled ? page.getByRole("dialog") : page.getByRole("alertdialog");
  await expect(ask).toContainText(name);
  await confirm(page, javaScriptEnabled, "Hapus 1 produk?", "Ya, hapus");
  await expect(page.getByRole("status")).toContainText(`${name} dihapus`);
  await expect(page.getByRole("heading", { name: "Tidak ada produk yang cocok" })).toBeVisible();
  const row = await queryOne<{ n: number }>("SELECT count(*)::int AS n FROM products WHERE sku = $1", [`SU${id}`]);
  expect(row.n).toBe(0);
});

test("a bulk action with nothing ticked asks for a product first", async ({ page, javaScriptEnabled }) => {
  const id = uid();
  await makeProduct(`Topi Uji ${id}`, `TU${id}`, 5);
  await page.goto(`/products/listing?search=${id}`);
  await page.getByRole("button", { name: "Apply to selected" }).click();
  if (javaScriptEnabled) await expect(page.getByRole("alert")).toContainText("Tick at least one product first");
  else await expect(page.getByRole("status")).toContainText("Tick at least one product first");
});

test("what a seller types before the page's JavaScript has loaded stays in the search box", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "about the page waking up");
  // A slow phone: the scripts arrive after the seller has started typing.
  let release!: () => void;
  const loaded = new Promise<void>((r) => (release = r));
  await page.route("**/assets/*.js", async (route) => {
    await loaded;
    await route.continue();
  });
  await page.goto("/products/listing", { waitUntil: "domcontentloaded" });
  await page.getByRole("searchbox").fill("kaos merah");
  release();
  // React has taken the field over (hydrated).
  await page.waitForFunction(() => {
    const input = document.querySelector("input[type=search]");
    return Boolean(input && Object.keys(input).some((k) => k.startsWith("__reactProps")));
  });
  await expect(page.getByRole("searchbox")).toHaveValue("kaos merah");
});
