/**
 * The shared widgets on their own: the update-history modal is a link (?history=<id>) that the
 * server renders open, so it works without JavaScript; with JavaScript it is a modal dialog that
 * Escape closes, giving focus back. (The cropper, the pin-point picker and the card maps are used
 * in the brand, store and warehouse journeys.) Nothing here changes data.
 */
import { authFile, expect, test } from "./fixtures.ts";

test.use({ storageState: authFile("seller") });

test("the update history opens from the URL as a dialog and closes back to the page @core", async ({ page, checkA11y, javaScriptEnabled }) => {
  await page.goto("/profile/company");
  const href = await page.getByRole("link", { name: "Toko Demo", exact: true }).getAttribute("href");
  const id = href!.split("/").pop();
  await page.goto(`${href}?history=${id}`);

  const dialog = page.getByRole("dialog", { name: "Update History" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Toko Demo", { exact: true })).toBeVisible();
  await expect(dialog.getByText("No changes recorded yet.")).toBeVisible();
  await checkA11y();

  if (javaScriptEnabled) {
    // A real modal: focus is inside it, Escape closes it and the URL loses the param.
    await expect.poll(() => dialog.evaluate((d) => d.matches(":modal") && d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
  } else {
    await dialog.getByRole("link", { name: "Close" }).click();
  }
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/profile/company/${id}(#history-link-${id})?$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Toko Demo");
});

test("the update history speaks Indonesian under /id", async ({ page, checkA11y }) => {
  await page.goto("/id/profile/company");
  const href = await page.getByRole("link", { name: "Toko Demo", exact: true }).getAttribute("href");
  const id = href!.split("/").pop();
  await page.goto(`${href}?history=${id}`);
  const dialog = page.getByRole("dialog", { name: "Riwayat Perubahan" });
  await expect(dialog.getByText("Belum ada perubahan yang tercatat.")).toBeVisible();
  await checkA11y();
  await dialog.getByRole("link", { name: "Tutup" }).click();
  await expect(dialog).toHaveCount(0);
});

test("an unknown or foreign record's history is just empty, and ?history=open is not a record", async ({ page }) => {
  await page.goto("/profile/company");
  const href = await page.getByRole("link", { name: "Toko Demo", exact: true }).getAttribute("href");
  // Another record id than the page's is not loaded at all on a detail page.
  await page.goto(`${href}?history=999999`);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.goto(`${href}?history=open`);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
