/**
 * Offerings (issue 4 slice C): a seller adds a service (a refused price first, typed values kept),
 * finds it and switches it off, asked first; adds a gift voucher and redeems one of its codes on
 * its view page; adds a percentage voucher in Indonesian; builds a package with the product picker
 * and sees its derived stock. The @core journeys run again with JavaScript off.
 *
 * Journeys run in parallel on one database: each makes uniquely named records and never relies on
 * counts.
 */
import type { Page } from "@playwright/test";
import { queryOne } from "./db.ts";
import { authFile, expect, test } from "./fixtures.ts";

test.use({ storageState: authFile("seller") });

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const skuOf = (name: string) => name.replace(/\s+/g, "-").toUpperCase().slice(-20);

/** With JavaScript: waits until React has taken over the page (a click before would be a plain post). */
async function hydrated(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  await page.waitForFunction(() => {
    const form = document.querySelector("form[method=post]");
    return Boolean(form && Object.keys(form).some((k) => k.startsWith("__react")));
  });
}

/** Confirms a change: the dialog with JavaScript, the server's confirm step without. */
async function confirm(page: Page, title: string, button: string, javaScriptEnabled: boolean) {
  const ask = javaScriptEnabled ? page.getByRole("dialog", { name: title }) : page.getByRole("alertdialog", { name: title });
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: button }).click();
}

test("a service is added (a bad price first), found and switched off, asked first @core", async ({ page, checkA11y, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  const name = unique("Jahit Permak");
  await page.goto("/products/service/add");
  await hydrated(page, javaScriptEnabled);
  await checkA11y();
  await page.getByLabel("Service name").fill(name);
  await page.getByLabel("SKU", { exact: true }).fill(skuOf(name));
  await page.getByLabel("Price").fill("35.000,50");
  await page.getByLabel("Duration", { exact: true }).fill("2");
  await page.getByLabel("Duration unit").selectOption({ label: "Hours" });
  await page.getByLabel("Toko Demo Braga").check();
  await page.getByRole("button", { name: "Save" }).click();
  // Dots and a comma mixed: refused, not guessed (issue 12).
  await expect(page.getByText("Use dots for thousands only, e.g. 1.250.000 (no spaces, and dots and commas not mixed)")).toBeVisible();
  // What was typed is still there.
  await expect(page.getByLabel("Service name")).toHaveValue(name);
  await expect(page.getByLabel("Duration unit")).toHaveValue("hour");
  await expect(page.getByLabel("Toko Demo Braga")).toBeChecked();
  await page.getByLabel("Price").fill("35.000");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toContainText("Service added");
  await expect(page).toHaveURL(/\/products\/service$/);

  await page.goto(`/products/service?search=${encodeURIComponent(name)}`);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("2 hours");
  await expect(row).toContainText("Rp. 35.000");
  await expect(row).toContainText("Toko Demo Braga");
  await checkA11y();
  const sw = row.getByRole("switch", { name: `Status of ${name}` });
  await sw.click();
  await confirm(page, "Deactivate this service?", "Yes, deactivate", javaScriptEnabled);
  await expect(page.getByRole("status")).toContainText("Service deactivated");
  await expect(page.getByRole("row").filter({ hasText: name }).getByRole("switch")).toHaveAttribute("aria-checked", "false");
  const saved = await queryOne<{ status: number; price: string; duration_minutes: number }>(
    "SELECT status, price, duration_minutes FROM services WHERE name = $1", [name]);
  expect(saved).toMatchObject({ status: 0, duration_minutes: 120 });
  expect(Number(saved.price)).toBe(35000);

  // The edit page shows it as saved; the update history lists the change.
  await page.getByRole("row").filter({ hasText: name }).getByRole("link", { name: `History ${name}` }).click();
  await expect(page.getByRole("dialog", { name: "Update History" }).getByText("Deactivated")).toBeVisible();
});

test("a gift voucher is added and one of its codes redeemed on its view page @core", async ({ page, checkA11y, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  const name = unique("Voucher Belanja");
  await page.goto("/products/gift-voucher/add");
  await hydrated(page, javaScriptEnabled);
  await page.getByLabel("Gift voucher name").fill(name);
  await page.getByLabel("Value").fill("100.000");
  await page.getByLabel("Selling price").fill("90.000");
  await page.getByLabel("Number of codes").fill("3");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toContainText("Gift voucher added");

  await page.goto(`/products/gift-voucher?search=${encodeURIComponent(name)}`);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("0 of 3 redeemed");
  await expect(row).toContainText("Ongoing");
  await row.getByRole("link", { name: `View ${name}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await checkA11y();
  const codes = page.getByRole("table", { name: "Codes" });
  await expect(codes.getByRole("row")).toHaveCount(4);
  const first = (await codes.getByRole("row").nth(1).locator("td").first().innerText()).trim();
  expect(first).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await codes.getByRole("button", { name: `Redeem ${first}` }).click();
  await confirm(page, "Redeem this code?", "Yes, redeem", javaScriptEnabled);
  await expect(page.getByRole("status")).toContainText("Code redeemed");
  await expect(page.getByText("1 of 3 redeemed")).toBeVisible();
  // Search the code as a cashier types it: no dashes, small letters.
  await page.getByLabel("Search").fill(first.replace(/-/g, "").toLowerCase());
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(codes.getByRole("row")).toHaveCount(2);
  await expect(codes.getByRole("row").nth(1)).toContainText("Redeemed");
});

test("a percentage voucher is added in Indonesian; a taken code is refused", async ({ page, checkA11y }) => {
  const name = unique("Diskon Gajian");
  const code = `GJ${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
  await page.goto("/id/products/voucher/add");
  await hydrated(page, true);
  await page.getByLabel("Nama voucher").fill(name);
  await page.getByLabel("Kode voucher").fill(code.toLowerCase());
  await page.getByLabel("Persentase").check();
  await page.getByLabel("Diskon (%)").fill("12,5");
  await page.getByLabel("Diskon maksimal (opsional)").fill("50.000");
  await page.getByLabel("Kuota").fill("100");
  await page.getByRole("button", { name: "Simpan" }).click();
  await expect(page.getByRole("status")).toContainText("Voucher ditambahkan");
  await page.goto(`/id/products/voucher?search=${code}`);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText(code);
  await expect(row).toContainText("Diskon 12,5 %");
  await expect(row).toContainText("maks. Rp. 50.000");
  await expect(row).toContainText("0 dari 100 terpakai");
  await checkA11y();

  await page.goto("/id/products/voucher/add");
  await page.getByLabel("Nama voucher").fill(`${name} 2`);
  await page.getByLabel("Kode voucher").fill(code);
  await page.getByLabel("Diskon (%)").fill("10");
  await page.getByLabel("Kuota").fill("5");
  await page.getByRole("button", { name: "Simpan" }).click();
  await expect(page.getByText("Kode ini sudah dipakai voucher lain di bisnis Anda")).toBeVisible();
  await expect(page.getByLabel("Nama voucher")).toHaveValue(`${name} 2`);
});

test("a package is built with the product picker and shows its derived stock @core", async ({ page, checkA11y, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  const name = unique("Paket Kaos");
  await page.goto("/products/package/add");
  await hydrated(page, javaScriptEnabled);
  await page.getByLabel("Package name").fill(name);
  await page.getByLabel("SKU", { exact: true }).fill(skuOf(name));
  await page.getByLabel("Package price").fill("150.000");
  // Save with nothing picked: refused, typed values kept.
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Add at least one product to the package")).toBeVisible();
  await expect(page.getByLabel("Package name")).toHaveValue(name);

  await page.getByLabel("Product name, SKU or barcode").fill("KKC-004");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const results = page.getByRole("list", { name: "Search results" });
  // The search has answered (with JavaScript the old results stay until it does).
  await expect(results.getByRole("listitem").first()).toContainText("Kaos Katun Combed 30s Hitam");
  await results.getByRole("checkbox").first().check();
  await results.getByRole("spinbutton").first().fill("2");
  await page.getByRole("button", { name: "Add chosen products" }).click();
  const chosen = page.getByRole("list", { name: "Chosen products" });
  await expect(chosen.getByRole("listitem")).toHaveCount(1);
  await expect(chosen.getByRole("spinbutton")).toHaveValue("2");
  await expect(page.getByLabel("Package name")).toHaveValue(name);
  await checkA11y();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toContainText("Package added");

  await page.goto(`/products/package?search=${encodeURIComponent(name)}`);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("2 × Kaos Katun Combed 30s Hitam");
  // The stock is what the ledger says: floor(available of the variant ÷ 2).
  const { available } = await queryOne<{ available: number }>(
    `SELECT COALESCE(SUM(sl.on_hand - sl.reserved), 0)::int AS available FROM package_items pi JOIN packages p ON p.id = pi.package_id
     JOIN stock_levels sl ON sl.variant_id = pi.variant_id WHERE p.name = $1`, [name]);
  const stock = Math.floor(available / 2);
  await expect(row).toContainText(stock ? `${stock} available` : "Out of stock");
  await checkA11y();
});
