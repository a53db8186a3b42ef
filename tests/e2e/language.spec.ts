/**
 * Two languages: the switch reopens the same page in Indonesian under /id, the `lng` cookie keeps
 * Indonesian on the next visit to an unprefixed page, and English comes back the same way.
 */
import fs from "node:fs";
import { authFile, expect, here, test } from "./fixtures.ts";

const id = (ns: string) => JSON.parse(fs.readFileSync(`locales/id/${ns}.json`, "utf8"));

test.use({ storageState: authFile("seller") });

test("switching to Indonesian keeps the page, and the choice sticks @core", async ({ page, context, checkA11y }) => {
  await page.goto("/profile/company");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Company (4)");

  await page.getByRole("button", { name: "ID", exact: true }).click();
  await expect(page).toHaveURL(/\/id\/profile\/company$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "id");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(id("company").title_count.replace("{{total}}", "4"));
  await expect(page.getByRole("navigation", { name: id("nav").sidebar }).getByRole("link", { name: id("nav").items.dashboard })).toBeVisible();
  await checkA11y();

  // A fresh visit to an English address: the lng cookie sends it to its Indonesian twin.
  const later = await context.newPage();
  await later.goto("/dashboard");
  expect(here(later)).toBe("/id/dashboard");
  await expect(later.getByRole("heading", { level: 1 })).toHaveText(id("dashboard").title);
  await checkA11y(later);

  // And back to English, which sticks too.
  await later.getByRole("button", { name: "EN", exact: true }).click();
  // (/id/dashboard also ends in /dashboard: wait for the path itself to change.)
  await expect.poll(() => here(later)).toBe("/dashboard");
  await expect(later.locator("html")).toHaveAttribute("lang", "en");
  await expect(later.getByRole("heading", { level: 1 })).toHaveText("Dashboard");
  await later.goto("/profile/company");
  expect(here(later)).toBe("/profile/company");
  await expect(later.getByRole("heading", { level: 1 })).toHaveText("Company (4)");
});

test.describe("a browser set to Indonesian, signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] }, locale: "id-ID" });

  test("opens the Indonesian pages until English is chosen", async ({ page }) => {
    await page.goto("/auth");
    expect(here(page)).toBe("/id/auth");
    await expect(page.locator("html")).toHaveAttribute("lang", "id");

    await page.getByRole("button", { name: "EN", exact: true }).click();
    await expect.poll(() => here(page)).toBe("/auth");
    await page.goto("/auth");
    expect(here(page)).toBe("/auth");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });
});
