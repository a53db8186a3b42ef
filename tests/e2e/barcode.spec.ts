/**
 * Barcode labels (issue 4): a seller finds products with the picker, chooses variants and how many
 * labels each, fixes a wrong number, prints (EAN-13 for the demo's valid EAN-13 barcodes, Code 128
 * when asked) and downloads the label-printer file — with JavaScript and without it (@core), in
 * English and under /id. Nothing is written to the database, so parallel runs cannot collide.
 */
import type { Page } from "@playwright/test";
import { authFile, expect, test } from "./fixtures.ts";

test.use({ storageState: authFile("seller") });

const KEMEJA = "Kemeja Batik Parang Lengan Panjang";
const results = (page: Page, name = "Search results") => page.getByRole("list", { name, exact: true });
const chosen = (page: Page, name = "Chosen products") => page.getByRole("list", { name, exact: true });

test("print barcode labels of chosen variants @core", async ({ page, checkA11y }) => {
  // A long journey (several pages, axe on each): 15–20 s alone, past 30 s beside another worker on two cores.
  test.slow();
  await page.goto("/products/barcode");
  await expect(page.getByRole("heading", { name: "Barcode labels", level: 1 })).toBeVisible();
  await checkA11y();

  // Find the shirt by its family SKU and pick two of its variants with their label counts.
  await page.getByLabel("Product name, SKU or barcode").fill("KBP-001");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(results(page).getByRole("listitem")).toHaveCount(6);
  // A wrong number next to a ticked result refuses the add and comes back as typed.
  await results(page).getByLabel(`Choose ${KEMEJA} Coklat · M`).check();
  await results(page).getByLabel(`Number for ${KEMEJA} Coklat · M`).fill("1000");
  await page.getByRole("button", { name: "Add chosen products" }).click();
  await expect(results(page).getByText("Enter a whole number from 1 to 999")).toBeVisible();
  await expect(results(page).getByLabel(`Choose ${KEMEJA} Coklat · M`)).toBeChecked();
  await expect(results(page).getByLabel(`Number for ${KEMEJA} Coklat · M`)).toHaveValue("1000");
  await expect(page.getByRole("heading", { name: "Chosen (0 products)" })).toBeVisible();
  await results(page).getByLabel(`Number for ${KEMEJA} Coklat · M`).fill("3");
  await results(page).getByLabel(`Choose ${KEMEJA} Biru · L`).check();
  await results(page).getByLabel(`Number for ${KEMEJA} Biru · L`).fill("2");
  await page.getByRole("button", { name: "Add chosen products" }).click();
  await expect(page.getByRole("heading", { name: "Chosen (2 products)" })).toBeVisible();
  await expect(page).toHaveURL(/items=\d+%3A3%2C\d+%3A2/);
  await expect(results(page).getByLabel(`Choose ${KEMEJA} Coklat · M`)).not.toBeChecked();

  // A wrong number is kept, marked and stops the print until fixed.
  const biru = chosen(page).getByLabel(`Number for ${KEMEJA} Biru · L`);
  await biru.fill("0");
  await page.getByRole("button", { name: "Print 5 labels" }).click();
  await expect(page.getByRole("alert")).toHaveText("Fix the numbers marked in red first");
  await expect(chosen(page).getByText("Enter a whole number from 1 to 999")).toBeVisible();
  await expect(chosen(page).getByLabel(`Number for ${KEMEJA} Biru · L`)).toHaveValue("0");
  await chosen(page).getByLabel(`Number for ${KEMEJA} Biru · L`).fill("1");
  await page.getByRole("button", { name: /^Print \d+ labels?$/ }).click();

  // The print page: bare, four labels, EAN-13 (the demo barcodes are valid EAN-13s), with prices.
  await expect(page).toHaveURL(/\/products\/barcode\/print\?items=/);
  await expect(page.getByRole("heading", { name: "Print barcode labels · 4 labels" })).toBeVisible();
  await expect(page.getByRole("navigation")).toHaveCount(0);
  const labels = page.getByRole("article");
  await expect(labels).toHaveCount(4);
  await expect(labels.first()).toContainText(KEMEJA);
  await expect(labels.first()).toContainText("Coklat · M");
  await expect(labels.first()).toContainText("Rp. 289.000");
  await expect(labels.last()).toContainText("Biru · L");
  await expect(labels.first().getByRole("img")).toHaveAttribute("aria-label", /^EAN-13 899\d{10}$/);
  await expect(page.locator("symbol")).toHaveCount(2);
  await checkA11y();

  // Back on the barcode page the choice is still there; Code 128 only, no price, roll paper.
  await page.getByRole("link", { name: "Back to barcode labels" }).click();
  await expect(page.getByRole("heading", { name: "Chosen (2 products)" })).toBeVisible();
  await page.getByLabel("Always Code 128").check();
  await page.getByLabel("Show the price on the label").uncheck();
  await page.getByLabel(/Label printer roll/).check();
  await page.getByRole("button", { name: "Print 4 labels" }).click();
  await expect(page.getByRole("article")).toHaveCount(4);
  await expect(page.getByRole("article").first().getByRole("img")).toHaveAttribute("aria-label", /^Code 128 899\d{10}$/);
  await expect(page.getByRole("article").first()).not.toContainText("Rp.");

  // The label-printer file: one row per label, in the chosen barcode type.
  await page.getByRole("link", { name: "Back to barcode labels" }).click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download for label printer (CSV)" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^barcode-labels_.*\.csv$/);
  const csv = (await (await import("node:fs/promises")).readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "").trim().split("\r\n");
  expect(csv[0]).toBe("sku,barcode,symbology,product_name,variant,size,price,price_text,copy");
  expect(csv).toHaveLength(5);
  expect(csv[1]).toMatch(new RegExp(`^KBP-001-COK-M,899\\d{10},CODE128,${KEMEJA},Coklat,M,289000,Rp. 289.000,1/3$`));

  // Remove a line, then everything.
  await chosen(page).getByRole("button", { name: `Remove ${KEMEJA} Coklat · M` }).click();
  await expect(page.getByRole("heading", { name: "Chosen (1 product)" })).toBeVisible();
  await page.getByRole("button", { name: "Remove all" }).click();
  await expect(page.getByText("Nothing chosen yet")).toBeVisible();
  await page.getByRole("button", { name: "Print labels" }).click();
  await expect(page.getByRole("alert")).toHaveText("Choose at least one product to print");
});

test("the barcode page in Indonesian, with a search that finds nothing and paging", async ({ page }) => {
  await page.goto("/id/products/barcode");
  await expect(page.getByRole("heading", { name: "Label Barcode", level: 1 })).toBeVisible();
  await expect(page.getByText("Halaman 1 dari")).toBeVisible();
  await page.getByRole("button", { name: "Berikutnya" }).click();
  await expect(page.getByText("Halaman 2 dari")).toBeVisible();
  await page.getByLabel("Nama produk, SKU atau barcode").fill("tidak ada produk ini");
  await page.getByLabel("Nama produk, SKU atau barcode").press("Enter");
  await expect(page.getByText("Tidak ada produk yang cocok dengan “tidak ada produk ini”")).toBeVisible();
  await page.getByLabel("Nama produk, SKU atau barcode").fill("Sabun Sereh");
  await page.getByRole("button", { name: "Cari", exact: true }).click();
  await results(page, "Hasil pencarian").getByLabel("Pilih Sabun Sereh Wangi Handmade").check();
  await page.getByRole("button", { name: "Tambahkan produk terpilih" }).click();
  await expect(page.getByRole("heading", { name: "Dipilih (1 produk)" })).toBeVisible();

  // The same labels as an Excel file in the export history (a background job).
  await page.getByRole("button", { name: "Simpan sebagai Excel di riwayat ekspor" }).click();
  const history = page.locator("details", { has: page.getByText("Riwayat Ekspor") });
  await expect(history).toHaveAttribute("open", "");
  await expect(history.getByText(/^label-barcode_\d{2}-\d{2}-\d{4}_\d{6}\.xlsx$/).first()).toBeVisible();
  await expect(history.getByRole("link", { name: "Unduh" }).first()).toBeVisible({ timeout: 15_000 });

  await page.getByRole("button", { name: "Cetak 1 label" }).click();
  await expect(page).toHaveURL(/\/id\/products\/barcode\/print\?/);
  await expect(page.getByRole("heading", { name: "Cetak label barcode · 1 label" })).toBeVisible();
  await expect(page.getByRole("article")).toContainText("Rp. 28.000");
});
