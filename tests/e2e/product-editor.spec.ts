/**
 * The product editor (issue 4): a seller adds a product with two variants × two sizes, stock in a
 * store and an image — first refused for a missing price with everything typed kept — publishes
 * it, changes a stock figure on the edit page and sees the change in the combination's stock
 * history. @core: also with JavaScript off (the grid is made by the "Make combinations" button).
 * Each run makes its own uniquely named product; nothing relies on counts.
 */
import type { Page } from "@playwright/test";
import { queryOne } from "./db.ts";
import { authFile, expect, test } from "./fixtures.ts";
import { makePng } from "./png.ts";

test.use({ storageState: authFile("seller") });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();
const STORE = "Toko Demo Senopati";

async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const input = document.querySelector("input[type=file]");
    return Boolean(input && Object.keys(input).some((k) => k.startsWith("__reactProps")));
  });
}

test("add a product with 2 variants × 2 sizes and an image, then edit its stock @core", async ({ page, checkA11y, javaScriptEnabled }) => {
  test.setTimeout(120_000);
  const sku = `E2E-${unique()}`;
  const name = `Kemeja Uji ${sku}`;

  await page.goto("/products/add");
  await page.getByLabel("One product").check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/products\/add\/single$/);
  if (javaScriptEnabled) await hydrated(page);

  await page.getByLabel("Product name").fill(name);
  await page.getByLabel("Product SKU").fill(sku);
  await page.getByLabel("Category").selectOption("10202");
  await page.getByLabel("Variants", { exact: true }).fill("Merah, Biru");
  await page.getByLabel("Sizes", { exact: true }).fill("M, L");
  await page.getByRole("button", { name: "Make combinations" }).click();
  for (const combo of ["Merah / M", "Merah / L", "Biru / M", "Biru / L"]) await expect(page.getByRole("group", { name: combo })).toBeVisible();
  await checkA11y();

  // Publishing without prices is refused; what was typed stays.
  await page.getByLabel(`Stock of Merah / M at ${STORE}`).fill("5");
  await page.getByLabel("Add images").setInputFiles({ name: "kemeja-merah.png", mimeType: "image/png", buffer: makePng(60, [200, 30, 30]) });
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("group", { name: "Biru / L" }).getByText("This field is required")).toBeVisible();
  await expect(page.getByLabel("Product name")).toHaveValue(name);
  await expect(page.getByLabel(`Stock of Merah / M at ${STORE}`)).toHaveValue("5");
  // The photo was uploaded with that press: it is in the form now, as the main image.
  await expect(page.getByRole("img", { name: "kemeja-merah.png" })).toBeVisible();

  for (const combo of ["Merah / M", "Merah / L", "Biru / M", "Biru / L"]) await page.getByLabel(`Price (Rp) ${combo}`, { exact: true }).fill("150.000");
  await page.getByLabel(`Stock of Biru / L at ${STORE}`).fill("3");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Product published" })).toBeVisible();
  await expect(page).toHaveURL(/\/products\/\d+\/edit$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit product");
  await expect(page.getByLabel("Product name")).toHaveValue(name);
  await expect(page.getByLabel("SKU Biru / L", { exact: true })).toHaveValue(`${sku}-BIR-L`);
  await expect(page.getByRole("img", { name: "kemeja-merah.png" })).toBeVisible();
  const saved = await queryOne<{ on_hand: number; price_min: string; images: string }>(
    "SELECT on_hand, price_min, (SELECT count(*) FROM product_images i WHERE i.product_id = p.id) AS images FROM products p WHERE sku = $1", [sku],
  );
  expect(saved).toMatchObject({ on_hand: 8, price_min: "150000", images: "1" });
  await checkA11y();

  // Edit: Merah / M at the store from 5 to 7, seen in its stock history.
  await page.getByRole("group", { name: "Merah / M" }).getByText(/Stock per location/).click();
  await page.getByLabel(`Stock of Merah / M at ${STORE}`).fill("7");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Product saved" })).toBeVisible();
  await page.getByRole("link", { name: "Stock history Merah / M" }).click();
  const history = page.getByRole("region", { name: "Stock history" });
  await expect(history.getByRole("row").filter({ hasText: "Edited by hand" })).toContainText("+2 (5 → 7)");
  await expect(history.getByRole("row").filter({ hasText: "Opening stock" }).first()).toContainText(STORE);
  await checkA11y();
});

test("the add page in Indonesian, under /id @core", async ({ page }) => {
  await page.goto("/id/products/add");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tambah produk");
  await page.getByLabel("Satu produk").check();
  await page.getByRole("button", { name: "Lanjut" }).click();
  await expect(page).toHaveURL(/\/id\/products\/add\/single$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tambah satu produk");
  await expect(page.getByRole("button", { name: "Buat kombinasi" })).toBeVisible();
  await page.getByRole("button", { name: "Simpan sebagai draf" }).click();
  await expect(page.getByText("Kolom ini wajib diisi").first()).toBeVisible();
});

test("a blocked product's other fields still save, and it stays blocked @core", async ({ page }) => {
  // The platform blocks products; the seller cannot make one, so the test writes it as the platform would.
  const sku = `BLK-${unique()}`;
  const { business_id } = await queryOne<{ business_id: number }>("SELECT business_id FROM products WHERE sku = 'KKC-004'");
  const { id } = await queryOne<{ id: number }>(
    `INSERT INTO products (business_id, name, sku, status, category_id, price_min, price_max) VALUES ($1, $2, $3, 'suspended', 10202, 50000, 50000) RETURNING id`,
    [business_id, `Diblokir ${sku}`, sku],
  );
  await queryOne("INSERT INTO product_variants (business_id, product_id, sku, price) VALUES ($1, $2, $3, 50000)", [business_id, id, sku]);

  await page.goto(`/products/${id}/edit`);
  await page.getByLabel("Product name").fill(`Diblokir ${sku} Baru`);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Product saved" })).toBeVisible();
  await expect(page.getByLabel("Product name")).toHaveValue(`Diblokir ${sku} Baru`);
  expect(await queryOne("SELECT name, status FROM products WHERE id = $1", [id])).toEqual({ name: `Diblokir ${sku} Baru`, status: "suspended" });
});
