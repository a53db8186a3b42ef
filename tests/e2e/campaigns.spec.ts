/**
 * Indie campaign (issue 16): the platform opens a campaign; the seller finds it under "Open for
 * registration", picks a product with the picker, gives a campaign price that breaks the terms and
 * is told so under that line, fixes it and submits; the demo platform approves the entry within
 * seconds, and the seller withdraws it, asked first. @core: again with JavaScript off (the picker's
 * buttons post the form, the confirm step is a page).
 */
import { queryOne } from "./db.ts";
import { expect, authFile, test } from "./fixtures.ts";
import { channel, hydrated, makeProduct, uid } from "./orders.ts";

test.use({ storageState: authFile("seller") });

test("a seller enters a platform campaign at a campaign price, then withdraws @core", async ({ page, checkA11y, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  const tag = uid();
  const name = `Kampanye ${tag}`;
  const sku = `CMP-${tag}`;
  await makeProduct(`Kaos Kampanye ${tag}`, sku, 10, await channel("TKP"));
  // The platform's campaign: 20 % off at least, registration open for a day.
  const { id } = await queryOne<{ id: number }>(`
    INSERT INTO campaigns (name, promo_type, description, min_discount_bp, max_products, registration_ends_at, starts_at, ends_at)
    VALUES ($1, 'seasonal', 'An e2e campaign.', 2000, 5, now() + interval '1 day', now() + interval '2 days', now() + interval '3 days') RETURNING id`, [name]);

  await page.goto(`/promotions/indie-campaign?search=${encodeURIComponent(name)}`);
  await hydrated(page, javaScriptEnabled);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Campaign price at least 20% below the regular price");
  await row.getByRole("link", { name: "Join" }).click();
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await checkA11y();

  await page.getByLabel("Product name, SKU or barcode").fill(sku);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.getByRole("checkbox", { name: `Choose Kaos Kampanye ${tag} M` }).check();
  await page.getByRole("button", { name: "Add chosen products" }).click();
  const price = page.getByLabel(`Campaign price of Kaos Kampanye ${tag} M`);
  // 85.000 regular: 70.000 is not 20 % off.
  await price.fill("70.000");
  await page.getByRole("button", { name: "Submit for approval" }).click();
  await expect(page.getByText("Too high for this campaign's discount")).toBeVisible();
  await expect(price).toHaveValue("70.000");
  await price.fill("65.000");
  await page.getByRole("button", { name: "Submit for approval" }).click();
  await expect(page.getByRole("status")).toContainText("Your entry was sent for approval");
  await expect(page.getByText("In Moderation", { exact: true })).toBeVisible();
  const entry = await queryOne<{ id: number }>("SELECT id FROM promotions WHERE campaign_id = $1", [id]);
  expect(await queryOne("SELECT price::int AS price FROM promotion_targets WHERE promotion_id = $1", [entry.id])).toEqual({ price: 65_000 });

  // The demo platform approves it within seconds: Upcoming, its products fixed at their prices.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText("Upcoming", { exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole("table", { name: "Products at campaign prices" })).toContainText("Rp. 65.000");
  await checkA11y();

  // Withdrawn, asked first; the campaign can be entered again.
  await page.getByRole("button", { name: "Withdraw entry" }).click();
  const ask = javaScriptEnabled ? page.getByRole("dialog") : page.getByRole("alertdialog");
  await ask.getByRole("button", { name: "Withdraw entry" }).click();
  await expect(page.getByRole("status")).toContainText("Your entry was withdrawn");
  await expect(page.getByRole("heading", { name: "Join this campaign" })).toBeVisible();

  await page.goto(`/id/promotions/indie-campaign/${id}`);
  await expect(page.getByRole("heading", { name: "Ikuti kampanye ini" })).toBeVisible();
});
