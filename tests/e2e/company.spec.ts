/**
 * The company list: filters live in the URL (and the back button brings the previous list back),
 * a company's page opens from its row, and the status switch asks first — a dialog with
 * JavaScript, a server-rendered confirm step without — and stays as it was when cancelled.
 *
 * Demo data (core/demo/seed.ts): seller@indie.test owns Toko Demo (the active business), Toko Demo
 * Bandung, Konveksi Maju Jaya (Active) and Kopi Senja Nusantara (Non-Active). Journeys run in
 * parallel on one database, so each switch journey uses its own company and puts it back.
 */
import type { Page } from "@playwright/test";
import { authFile, expect, here, test } from "./fixtures.ts";

test.use({ storageState: authFile("seller") });

const company = (page: Page, name: string) => page.getByRole("link", { name, exact: true });

/** Changes a filter select; without JavaScript the form needs its Apply button. */
async function chooseFilter(page: Page, label: string, option: string, javaScriptEnabled: boolean) {
  const select = page.getByRole("combobox", { name: label, exact: true });
  if (javaScriptEnabled) {
    const before = page.url();
    await Promise.all([page.waitForURL((url) => url.href !== before), select.selectOption({ label: option })]);
  } else {
    await select.selectOption({ label: option });
    await page.getByRole("button", { name: "Apply" }).click();
  }
}

test("filtering the company list changes the URL, and back restores the previous list @core", async ({ page, checkA11y, javaScriptEnabled }) => {
  await page.goto("/profile/company");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Company (4)");
  await expect(company(page, "Toko Demo")).toBeVisible();
  await expect(company(page, "Kopi Senja Nusantara")).toBeVisible();
  await checkA11y();

  await chooseFilter(page, "Status", "Non-Active", javaScriptEnabled);
  await expect(page).toHaveURL(/\/profile\/company\?(.+&)?status=3(&|$)/);
  const nonActive = here(page);
  await expect(company(page, "Kopi Senja Nusantara")).toBeVisible();
  await expect(company(page, "Toko Demo")).toHaveCount(0);

  const search = page.getByRole("searchbox", { name: "Search" });
  await search.fill("tidak ada");
  await search.press("Enter");
  await expect(page).toHaveURL(/[?&]search=tidak(\+|%20)ada/);
  expect(new URL(page.url()).searchParams.get("status")).toBe("3");
  await expect(page.getByText("Empty Table Now")).toBeVisible();
  await expect(page.getByText("Create some data and input into system as soon as possible")).toBeVisible();
  await checkA11y();

  await page.goBack();
  expect(here(page)).toBe(nonActive);
  await expect(search).toHaveValue("");
  await expect(page.getByRole("combobox", { name: "Status", exact: true })).toHaveValue("3");
  await expect(company(page, "Kopi Senja Nusantara")).toBeVisible();
  await expect(company(page, "Toko Demo")).toHaveCount(0);

  await page.goBack();
  expect(here(page)).toBe("/profile/company");
  await expect(page.getByRole("combobox", { name: "Status", exact: true })).toHaveValue("");
  await expect(company(page, "Toko Demo")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Company (4)");
});

test("a company's page opens from the list @core", async ({ page, checkA11y }) => {
  await page.goto("/profile/company");
  await company(page, "Konveksi Maju Jaya").click();
  await expect(page).toHaveURL(/\/profile\/company\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Konveksi Maju Jaya");
  await checkA11y();

  await page.goto("/profile/company/add");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add Company");
  await checkA11y();
});

test("with JavaScript the switch asks in a dialog; cancel puts it back", async ({ page, checkA11y }) => {
  await page.goto("/profile/company");
  const toggle = page.getByRole("switch", { name: "Status of Konveksi Maju Jaya" });
  const wasOn = (await toggle.getAttribute("aria-checked")) === "true";
  const [title, confirm, done] = wasOn
    ? ["Deactivate this company?", "Yes, deactivate", "Company deactivated"]
    : ["Activate this company?", "Yes, activate", "Company activated"];

  await toggle.click();
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog.getByRole("heading", { name: title })).toBeVisible();
  await expect(dialog).toContainText("Konveksi Maju Jaya");
  await checkA11y();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toggle).toHaveAttribute("aria-checked", String(wasOn));

  await toggle.click();
  await dialog.getByRole("button", { name: confirm }).click();
  await expect(page.getByRole("status")).toContainText(done);
  await expect(toggle).toHaveAttribute("aria-checked", String(!wasOn));
  await page.reload();
  await expect(toggle).toHaveAttribute("aria-checked", String(!wasOn));

  // Back as it was.
  await toggle.click();
  await page.getByRole("dialog").getByRole("button", { name: wasOn ? "Yes, activate" : "Yes, deactivate" }).click();
  await expect(toggle).toHaveAttribute("aria-checked", String(wasOn));
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the switch asks on a confirm page; cancel keeps it as it was", async ({ page }) => {
    await page.goto("/profile/company");
    const toggle = page.getByRole("switch", { name: "Status of Toko Demo Bandung" });
    const wasOn = (await toggle.getAttribute("aria-checked")) === "true";
    const [title, confirm, done] = wasOn
      ? ["Deactivate this company?", "Yes, deactivate", "Company deactivated"]
      : ["Activate this company?", "Yes, activate", "Company activated"];

    await toggle.click();
    const step = page.getByRole("alertdialog", { name: title });
    await expect(step).toBeVisible();
    await expect(step).toContainText("Toko Demo Bandung");
    await expect(toggle).toHaveAttribute("aria-checked", String(wasOn));
    await step.getByRole("link", { name: "Cancel" }).click();
    await expect(step).toBeHidden();
    expect(here(page)).toBe("/profile/company");
    await expect(toggle).toHaveAttribute("aria-checked", String(wasOn));

    await toggle.click();
    await step.getByRole("button", { name: confirm }).click();
    await expect(page.getByRole("status")).toContainText(done);
    await expect(step).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-checked", String(!wasOn));

    // Back as it was.
    await toggle.click();
    await page.getByRole("alertdialog").getByRole("button", { name: wasOn ? "Yes, activate" : "Yes, deactivate" }).click();
    await expect(toggle).toHaveAttribute("aria-checked", String(wasOn));
  });
});
