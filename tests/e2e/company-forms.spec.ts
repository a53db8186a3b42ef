/**
 * The company form keeps what was typed and says what to fix next to the field; the company list
 * exports to a file in the background, listed in the export history and marked once downloaded.
 * Both run with and without JavaScript, and change no company (other journeys count them).
 */
import { authFile, expect, test } from "./fixtures.ts";

test.use({ storageState: authFile("seller") });

test("a company form with a mistake keeps what was typed and says what to fix @core", async ({ page, checkA11y }) => {
  await page.goto("/profile/company/add");
  await page.getByLabel("Company name").fill("CV Uji Coba Sejahtera");
  await page.getByLabel("Legal type").selectOption("cv");
  await page.getByLabel("Business type").selectOption("2");
  await page.getByLabel("Phone").fill("call me maybe");
  await page.getByLabel("Address").fill("Jl. Kemang Raya No. 7");
  await page.getByLabel("City").selectOption("3174");
  await page.getByLabel("Postcode").fill("12730");
  await page.getByRole("button", { name: "Save" }).click();

  await expect(page.getByText("Enter a valid phone number")).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/company\/add$/);
  await expect(page.getByLabel("Company name")).toHaveValue("CV Uji Coba Sejahtera");
  await expect(page.getByLabel("Address")).toHaveValue("Jl. Kemang Raya No. 7");
  await expect(page.getByLabel("Postcode")).toHaveValue("12730");
  await expect(page.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
  await checkA11y();
});

test("the company list exports to a file listed in the export history @core", async ({ page }) => {
  await page.goto("/profile/company");
  await page.getByRole("button", { name: "Export", exact: true }).click();

  // The file is made by a background job; without JavaScript the page is reloaded until it is ready.
  const history = page.locator("details", { has: page.getByText("Export History") });
  const download = history.getByRole("link", { name: "Download" }).first();
  await expect(async () => {
    if (!(await download.isVisible())) {
      await page.goto("/profile/company?history=open");
      await expect(download).toBeVisible({ timeout: 1000 });
    }
  }).toPass({ timeout: 20_000 });
  await expect(history.getByText(/^Companies_\d{2}-\d{2}-\d{4}_\d{6}\.xlsx$/).first()).toBeVisible();

  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^Companies_.*\.xlsx$/);
  const bytes = await file.path().then((p) => import("node:fs").then((fs) => fs.readFileSync(p)));
  expect(bytes.subarray(0, 2).toString()).toBe("PK"); // an .xlsx is a zip

  await page.goto("/profile/company?history=open");
  await expect(history.getByText("Downloaded", { exact: true }).first()).toBeVisible();
});
