/**
 * A signed-up user who is not a seller registers a company (with a document), waits in
 * moderation, is approved (demo button) and lands in the back-office of the new company.
 * newbie@indie.test can become a seller once per database, so this runs once per run.
 */
import { makePng } from "./png.ts";
import { DEMO, expect, here, signIn, test } from "./fixtures.ts";

test("a new user registers as a seller, is approved and opens the dashboard", async ({ page, checkA11y }) => {
  await signIn(page, DEMO.newbie);
  expect(here(page)).toBe("/become-seller/form-register");
  await expect(page.getByRole("heading", { name: "Become a Seller" })).toBeVisible();
  await checkA11y();

  const name = "Warung Dewi Sejahtera";
  await page.getByLabel("Company name").fill(name);
  await page.getByLabel("Legal type").selectOption({ label: "Sole proprietorship (Perorangan)" });
  await page.getByLabel("Business type").selectOption({ label: "Food & Beverages" });
  await page.getByLabel("Phone").fill("0812 3456 7890");
  await page.getByLabel("Address").fill("Jl. Braga No. 12");
  await page.getByLabel("City").selectOption({ label: "Kota Bandung" });
  await page.getByLabel("Postcode").fill("40111");
  await page.getByLabel("Document type 1").selectOption("founder_id_card");
  await page.getByLabel("File 1").setInputFiles({ name: "ktp-dewi.png", mimeType: "image/png", buffer: makePng(48) });
  await page.getByRole("button", { name: "Submit registration" }).click();

  await expect(page).toHaveURL(/\/become-seller\/moderation$/);
  await expect(page.getByRole("heading", { name: "Your company is in moderation" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(name);
  await checkA11y();

  // Still waiting: the back-office is not open yet.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/become-seller\/moderation$/);

  await page.getByRole("button", { name: "Approve now (demo)" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("status")).toContainText("Your company is approved. Welcome!");
  await expect(page.getByRole("combobox", { name: "Business", exact: true }).locator("option:checked")).toHaveText(name);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

  // A seller has nothing to do on the become-seller pages any more.
  await page.goto("/become-seller");
  expect(here(page)).toBe("/dashboard");
});
