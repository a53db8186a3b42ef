/**
 * Indie ads (issue 16 item 4): a seller opens the ads page (the deposit they are paid from, the
 * demo's ads), finds a product inside the ad form, is refused a budget below the minimum under its
 * field with everything typed kept, creates the ad, sees it Running in the list, pauses it and ends
 * it (asked first). The @core journey runs again with JavaScript off (the product search is a POST
 * of the whole form, the end's question a page); the pages fit a 390 px phone.
 *
 * Journeys run in parallel on one database: each makes its own ad.
 */
import { expect, authFile, test } from "./fixtures.ts";
import { hydrated, uid } from "./orders.ts";

test.use({ storageState: authFile("seller") });

const fitsPhone = async (page: import("@playwright/test").Page) => {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), new URL(page.url()).pathname).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
};

test("a seller creates an ad for a product and sees it in the list @core", async ({ page, checkA11y, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  const name = `Iklan Kaos ${uid()}`;
  await page.goto("/promotions/indie-ads");
  await expect(page.getByRole("heading", { level: 1, name: "Indie Ads" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Deposit balance" }).getByRole("link", { name: "Top up deposit" })).toHaveAttribute("href", "/income-balance/deposit");
  await expect(page.getByRole("row").filter({ hasText: "Tas Anyaman Pandan — Rekomendasi" })).toContainText("Paused");
  await checkA11y();
  await fitsPhone(page);

  await page.getByRole("link", { name: "Create ad" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Create ad" })).toBeVisible();
  await hydrated(page, javaScriptEnabled);
  await checkA11y();
  await fitsPhone(page);

  // Find the product inside the form: nothing is saved, what was typed stays.
  await page.getByLabel("Ad name").fill(name);
  await page.getByLabel("Find products").fill("kaos katun");
  await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("group", { name: "Products matching “kaos katun”" })).toBeVisible();
  await page.getByRole("checkbox", { name: /KKC-004/ }).check();
  await expect(page.getByLabel("Ad name")).toHaveValue(name);

  // A budget below the minimum: refused under its field, nothing lost.
  await page.getByLabel("Daily budget").fill("5.000");
  await page.getByLabel("Bid per click").fill("400");
  await page.getByRole("textbox", { name: "Keywords" }).fill("kaos katun, kaos hitam");
  await page.getByRole("checkbox", { name: /^Product pages/ }).check();
  await page.getByRole("button", { name: "Create ad", exact: true }).click();
  await expect(page.getByText("The daily budget is at least Rp. 10.000.")).toBeVisible();
  await expect(page.getByLabel("Ad name")).toHaveValue(name);
  await expect(page.getByRole("checkbox", { name: /KKC-004/ })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: /^Product pages/ })).toBeChecked();
  await checkA11y();

  await page.getByLabel("Daily budget").fill("20.000");
  await page.getByRole("button", { name: "Create ad", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Ad created." })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("Running", { exact: true })).toBeVisible();
  await expect(page.getByText("Kaos Katun Combed 30s Hitam (KKC-004)")).toBeVisible();
  await checkA11y();
  await fitsPhone(page);

  // In the list, Running; paused at once, ended after asking.
  await page.goto(`/promotions/indie-ads?search=${encodeURIComponent(name)}`);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Running");
  await expect(row).toContainText("Rp. 20.000");
  await hydrated(page, javaScriptEnabled);
  await row.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Ad paused" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("Paused");
  await page.getByRole("row").filter({ hasText: name }).getByRole("button", { name: "End ad" }).click();
  const ask = javaScriptEnabled ? page.getByRole("dialog") : page.getByRole("alertdialog");
  await expect(ask).toContainText(`End “${name}”?`);
  await ask.getByRole("button", { name: "End ad" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Ad ended." })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("Ended");
});

test("the ads page in Indonesian", async ({ page }) => {
  await page.goto("/id/promotions/indie-ads");
  await expect(page.getByRole("heading", { level: 1, name: "Iklan Indie" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Isi ulang deposit" })).toHaveAttribute("href", "/id/income-balance/deposit");
  await page.getByRole("link", { name: "Kaos Katun Combed — Pencarian" }).click();
  await expect(page.getByRole("heading", { name: "Harian" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Harian" }).getByRole("row").nth(1)).toBeVisible();
});
