/**
 * Resellers, suppliers and margins (issue 17): a seller adds a reseller with a contact, address,
 * bank account and terms, finds it in the list by searching, edits it, then sets the reseller's
 * margin and sees the preview price change — with JavaScript and without (@core runs both). The
 * same for a supplier in Indonesian under /id, switched off and on again (asked first).
 *
 * Journeys run in parallel on one database (js and no-js projects): each makes its own uniquely
 * named records (and its margin rule is its own reseller's), never relying on counts.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { authFile } from "./fixtures.ts";

test.use({ storageState: authFile("seller") });

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** The reseller price of "Dompet Kulit Pria" (Rp 149.000, no brand) in the preview for a reseller. */
async function previewPrice(page: Page, partnerId: string) {
  await page.goto(`/margin?partner_id=${partnerId}&search=DKP-017`);
  const row = page.getByRole("row").filter({ hasText: "Dompet Kulit Pria" });
  await expect(row).toBeVisible();
  return (await row.getByTestId("reseller-price").textContent())?.trim();
}

test("a reseller is added, found, edited, and its margin changes the preview price @core", async ({ page, checkA11y, javaScriptEnabled }) => {
  test.setTimeout(180_000); // a long journey, on two CPUs shared with the server
  const name = unique("UD Sinar Reseller");
  await page.goto("/reseller/add");
  await checkA11y();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Contact name").first().fill("Bu Ratna");
  await page.getByLabel("Role").first().fill("Pemilik");
  await page.getByLabel("Phone").first().fill("0812 7777 3210");
  await page.getByLabel("E-mail").first().fill("ratna@sinar.id");
  await page.getByLabel("Address (optional)").fill("Jl. Pemuda No. 5");
  await page.getByLabel("City (optional)").selectOption({ label: "Kota Surabaya" });
  await page.getByLabel("Postcode (optional)").fill("60271");
  await page.getByLabel("Bank", { exact: true }).selectOption({ label: "PT Bank Central Asia Tbk" });
  await page.getByLabel("Account name").fill("Ratna Sari");
  await page.getByLabel("Account number").fill("8800112233");
  await page.getByLabel("Payment terms").fill("30");
  await page.getByLabel("Credit limit").fill("25000000");
  await page.getByRole("checkbox", { name: "Toko Demo Senopati" }).check();
  await page.getByRole("button", { name: "Save", exact: true }).click();

  await expect(page.getByRole("status")).toContainText("Reseller added");
  await expect(page).toHaveURL(/\/reseller\/data-detail\/\d+$/);
  const partnerId = page.url().match(/data-detail\/(\d+)$/)![1];
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  await expect(page.getByRole("link", { name: "+6281277773210" })).toBeVisible();
  await expect(page.getByText("Rp. 25.000.000")).toBeVisible();
  await checkA11y();

  // Found in the list by searching (the filter bar is a GET form: the search is in the URL).
  await page.goto("/reseller/data");
  await page.getByRole("searchbox").fill(name);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/search=/);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText("+6281277773210");
  await checkA11y();

  // Edited: a new credit limit, in the update history.
  await row.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  await page.getByLabel("Credit limit").fill("30000000");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Reseller saved");
  await expect(page.getByText("Rp. 30.000.000")).toBeVisible();
  await expect(page.getByText("Credit limit: 25000000 → 30000000")).toBeVisible();

  // The preview: the default 10 % first; after a 25 % reseller margin, 149 000 − 37 250.
  expect(await previewPrice(page, partnerId)).toBe("Rp. 134.100");
  await page.goto(`/margin/add/reseller?partner_id=${partnerId}`);
  await checkA11y();
  await expect(page.getByLabel("Reseller")).toHaveValue(partnerId);
  await page.getByRole("radio", { name: "Percent off the sell price" }).check();
  await page.getByLabel("Margin", { exact: true }).fill("25");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Margin saved");
  await expect(page).toHaveURL(/\/margin\/other$/);
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("25 %");
  expect(await previewPrice(page, partnerId)).toBe("Rp. 111.750");
  void javaScriptEnabled;
});

test("a supplier in Indonesian under /id, switched off and on again, asked first @core", async ({ page, checkA11y, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  const name = unique("PT Pemasok Kain");
  await page.goto("/id/supplier/add");
  await expect(page.getByRole("heading", { name: "Tambah pemasok" })).toBeVisible();
  await page.getByLabel("Nama", { exact: true }).fill(name);
  await page.getByLabel("Nama narahubung").first().fill("Pak Hadi");
  await page.getByLabel("Telepon").first().fill("+62 813 2000 1111");
  await page.getByLabel("Tempo pembayaran").fill("45");
  await page.getByRole("button", { name: "Simpan", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Pemasok ditambahkan");
  await expect(page).toHaveURL(/\/id\/supplier\/data-detail\/\d+$/);
  await expect(page.getByText("45 hari")).toBeVisible();
  await checkA11y();

  await page.goto(`/id/supplier/data?search=${encodeURIComponent(name)}`);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toBeVisible();
  const sw = row.getByRole("switch", { name: `Status ${name}` });
  await expect(sw).toHaveAttribute("aria-checked", "true");
  await sw.click();
  const ask = javaScriptEnabled ? page.getByRole("dialog", { name: "Nonaktifkan pemasok ini?" }) : page.getByRole("alertdialog", { name: "Nonaktifkan pemasok ini?" });
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Nonaktifkan" }).click();
  await expect(page.getByRole("status")).toContainText("Pemasok dinonaktifkan");
  await expect(row.getByRole("switch", { name: `Status ${name}` })).toHaveAttribute("aria-checked", "false");
  await row.getByRole("switch", { name: `Status ${name}` }).click();
  const again = javaScriptEnabled ? page.getByRole("dialog", { name: "Aktifkan pemasok ini?" }) : page.getByRole("alertdialog", { name: "Aktifkan pemasok ini?" });
  await again.getByRole("button", { name: "Aktifkan" }).click();
  await expect(page.getByRole("status")).toContainText("Pemasok diaktifkan");
  await expect(row.getByRole("switch", { name: `Status ${name}` })).toHaveAttribute("aria-checked", "true");
});

test("the older margin-v0 pages open the margin page", async ({ page }) => {
  await page.goto("/id/margin-v0/default");
  await expect(page).toHaveURL(/\/id\/margin$/);
  await expect(page.getByRole("heading", { name: "Margin", level: 1 })).toBeVisible();
});
