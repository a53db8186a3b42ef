/**
 * Bulk add and mass update (issue 4): a seller downloads the bulk template, fills it with one good
 * product (two sizes) and one bad row, uploads it, sees the bad row's message, and publishes the
 * draft after confirming; then mass-updates that product's prices from a downloaded file, checks
 * the preview (before → after) and applies it. @core runs both with JavaScript off too: the job's
 * progress page refreshes itself, and confirming is the server's confirm step.
 *
 * Journeys run in parallel on one database (js and no-js projects): each makes its own uniquely
 * named products (SKUs with a random tag) and never relies on counts.
 */
import ExcelJS from "exceljs";
import fs from "node:fs/promises";
import type { Page } from "@playwright/test";
import { queryOne } from "./db.ts";
import { authFile, expect, test } from "./fixtures.ts";

test.use({ storageState: authFile("seller") });

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();

/** Clicks a download link and answers the workbook it gave. */
async function downloadWorkbook(page: Page, linkName: string) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: linkName }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await fs.readFile(await download.path())) as unknown as ArrayBuffer);
  return wb;
}

/** Writes rows (by column key) into the data sheet from row 3 on. */
async function fill(wb: ExcelJS.Workbook, rows: Record<string, string | number>[]) {
  const ws = wb.getWorksheet("Data")!;
  const keys = ws.getRow(1).values as string[];
  rows.forEach((r, i) => keys.forEach((k, col) => {
    if (k && k in r) ws.getCell(3 + i, col).value = r[k];
  }));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function uploadFile(page: Page, label: string, buffer: Buffer, name: string) {
  await page.getByLabel(label).setInputFiles({ name, mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
}

/** Confirms in the dialog (JavaScript) or on the server's confirm step (without). */
async function confirm(page: Page, title: string, button: string, javaScriptEnabled: boolean) {
  const ask = javaScriptEnabled ? page.getByRole("dialog", { name: title }) : page.getByRole("alertdialog", { name: title });
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: button }).click();
}

/** Bulk-adds one product (sizes M and L at Rp 150.000) plus one bad row; publishes it; answers its id and parent SKU. */
async function bulkAdd(page: Page, javaScriptEnabled: boolean, checkA11y: () => Promise<void>) {
  const sku = `E2E-${tag()}`;
  await page.goto("/products/add/bulk");
  await expect(page.getByRole("heading", { name: "Bulk add products" })).toBeVisible();
  await checkA11y();
  const wb = await downloadWorkbook(page, "Download template (.xlsx)");
  const file = await fill(wb, [
    { product_name: `Kemeja Uji ${sku}`, parent_sku: sku, brand: "Nusantara Wear", category: "Fashion › Pakaian Pria › Kemeja Pria [10201]", size: "M", sku: `${sku}-M`, price: 150000, stock: 4 },
    { parent_sku: sku, size: "L", sku: `${sku}-L`, price: "150.000", stock: 2 },
    { product_name: `Rusak ${sku}`, parent_sku: `${sku}-X`, category: "10201", sku: `${sku}-X1`, price: "seratus ribu" },
  ]);
  await uploadFile(page, "Filled template (.xlsx)", file, `bulk-${sku}.xlsx`);

  // The result page follows the job until it is done, then lists the rows.
  await expect(page).toHaveURL(/\/products\/add\/\d+\/view-bulk$/);
  await expect(page.getByText("Done", { exact: true })).toBeVisible({ timeout: 20_000 });
  await checkA11y();
  const bad = page.getByRole("row").filter({ hasText: "Row 5" });
  await expect(bad).toContainText("Error");
  await expect(bad).toContainText("Price: Must be a whole number of 0 or more");
  await expect(page.getByRole("row").filter({ hasText: "Row 3" })).toContainText("Valid");

  // The good product is a draft: publish it after confirming.
  await page.getByRole("link", { name: "Review drafts" }).click();
  await expect(page.getByRole("heading", { name: "Drafts from bulk upload" })).toBeVisible();
  await checkA11y();
  await page.getByLabel(`Kemeja Uji ${sku}`).check();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await confirm(page, "Publish products?", "Publish", javaScriptEnabled);
  await expect(page.getByRole("status").filter({ hasText: "Products published" })).toBeVisible();
  const row = await queryOne<{ id: number; status: string }>("SELECT id, status FROM products WHERE sku = $1", [sku]);
  expect(row.status).toBe("published");
  return { id: row.id, sku };
}

test("@core bulk add: one bad row shows its error, the good product is published, then its prices are mass-updated with a preview", async ({ page, javaScriptEnabled, checkA11y }) => {
  test.setTimeout(90_000);
  const js = javaScriptEnabled !== false;
  const product = await bulkAdd(page, js, checkA11y);

  // Mass update of the chosen product's prices: download, edit, upload.
  await page.goto(`/products/mass-update?product_ids=${product.id}`);
  await expect(page.getByText("1 product chosen in the product list.")).toBeVisible();
  await checkA11y();
  await page.getByRole("link", { name: /^Prices/ }).click();
  await expect(page.getByRole("heading", { name: "Mass update: Prices" })).toBeVisible();
  const wb = await downloadWorkbook(page, "Download (.xlsx)");
  const ws = wb.getWorksheet("Data")!;
  expect(ws.getCell("A3").value).toBe(`${product.sku}-M`);
  expect(ws.getCell("E3").value).toBe(150000);
  ws.getCell("E3").value = 175000;
  await uploadFile(page, "Edited file (.xlsx)", Buffer.from(await wb.xlsx.writeBuffer()), `prices-${product.sku}.xlsx`);

  // The preview: before → after, nothing changed yet.
  await expect(page).toHaveURL(/\/products\/mass-update\/price\/\d+\/all$/);
  await expect(page.getByText("Preview ready", { exact: true })).toBeVisible({ timeout: 20_000 });
  await checkA11y();
  const changed = page.getByRole("row").filter({ hasText: `${product.sku}-M` });
  await expect(changed).toContainText("Rp. 150.000");
  await expect(changed).toContainText("Rp. 175.000");
  await expect(page.getByRole("row").filter({ hasText: `${product.sku}-L` })).toContainText("No change");
  expect((await queryOne<{ price: number }>("SELECT price::int AS price FROM product_variants WHERE sku = $1", [`${product.sku}-M`])).price).toBe(150000);

  await page.getByRole("button", { name: "Apply changes" }).click();
  await confirm(page, "Apply the changes?", "Apply changes", js);
  await expect(page.getByText("Done", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("row").filter({ hasText: `${product.sku}-M` })).toContainText("Applied");
  expect((await queryOne<{ price: number }>("SELECT price::int AS price FROM product_variants WHERE sku = $1", [`${product.sku}-M`])).price).toBe(175000);
});

test("bulk add under /id speaks Indonesian, and a file that is not .xlsx is refused under the field", async ({ page, checkA11y }) => {
  await page.goto("/id/products/add/bulk");
  await expect(page.getByRole("heading", { name: "Tambah produk massal" })).toBeVisible();
  await page.getByLabel("Template yang sudah diisi (.xlsx)").setInputFiles({ name: "produk.csv", mimeType: "text/csv", buffer: Buffer.from("nama,sku\nA,B\n") });
  await page.getByRole("button", { name: "Unggah", exact: true }).click();
  await expect(page.getByText("Pilih file .xlsx (workbook Excel)")).toBeVisible();
  await checkA11y();
  await page.goto("/id/products/mass-update");
  await expect(page.getByRole("heading", { name: "Ubah massal", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Stok/ })).toBeVisible();
});
