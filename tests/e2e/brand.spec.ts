/**
 * Brands: adding an owned brand with a logo (the cropper with JavaScript, a plain file input
 * without) and finding its card in the list, in English and under /id; the status switch asking
 * first (a dialog, or the server's confirm step); a section entry added, changed and deleted; the
 * partner brand's read-only view; axe on every brand page.
 *
 * Demo data (core/demo/brands.ts): Toko Demo owns Nusantara Wear (verified, every section filled),
 * Anyaman Pandan, Perak Kotagede and Rumah Wangi, and partners with Batik Sekar Jagad's Sekar
 * Jagad. Journeys run in parallel on one database: each makes its own brand (unique names) and
 * only reads the demo ones.
 */
import type { Page } from "@playwright/test";
import { authFile, expect, test } from "./fixtures.ts";
import { makePng } from "./png.ts";

test.use({ storageState: authFile("seller") });

const unique = (what: string) => `${what} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** With JavaScript: waits until React has taken over the file input (a file picked before would go unseen). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const input = document.querySelector("input[type=file]");
    return Boolean(input && Object.keys(input).some((k) => k.startsWith("__reactProps")));
  });
}

/** Fills the owned-brand form on /profile/brand/add (English) and saves; with a logo when asked. */
async function addOwnedBrand(page: Page, name: string, opts: { logo?: boolean; javaScriptEnabled?: boolean } = {}) {
  await page.goto("/profile/brand/add");
  if (opts.javaScriptEnabled !== false) await hydrated(page);
  if (opts.logo) {
    await page.getByLabel("Brand logo (Optional)").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: makePng(240, [190, 18, 60]) });
    if (opts.javaScriptEnabled !== false) {
      const cropper = page.getByRole("group", { name: "Crop the image" });
      await expect(cropper).toBeVisible();
      await cropper.getByRole("button", { name: "Use this crop" }).click();
      await expect(cropper).toBeHidden();
      await expect(page.getByRole("img", { name: /^Preview of Brand logo/ })).toBeVisible();
    }
  }
  await page.getByLabel("Brand name").fill(name);
  await page.getByLabel("Product category").selectOption({ label: "Kain Tradisional › Batik Tulis" });
  await page.getByLabel("Description (Optional)").fill("Batik tulis halus dari pengrajin Lasem.");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  await expect(page).toHaveURL(/\/profile\/brand\/\d+$/);
}

/** The brand's card on the list, found by searching its name. */
async function cardOf(page: Page, name: string, prefix = "") {
  await page.goto(`${prefix}/profile/brand?search=${encodeURIComponent(name)}`);
  return page.getByRole("article", { name });
}

test("an owned brand with a cropped logo shows as a card in the list", async ({ page, checkA11y }) => {
  test.setTimeout(90_000);
  const name = unique("Batik Lasem");
  await page.goto("/profile/brand/add");
  await checkA11y();
  await addOwnedBrand(page, name, { logo: true });
  await expect(page.getByRole("img", { name: `Logo of ${name}` })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("Brand added");
  await checkA11y();

  const card = await cardOf(page, name);
  await expect(card).toBeVisible();
  await expect(card.getByRole("img", { name: `Logo of ${name}` })).toHaveAttribute("src", /^\/uploads\/[a-f0-9]{32}\.jpg$/);
  await expect(card).toContainText("Batik Tulis");
  await expect(card).toContainText("Owned Brand");
  await expect(card).toContainText("Toko Demo");
  await expect(card.getByRole("switch", { name: `Status of ${name}` })).toHaveAttribute("aria-checked", "true");
  await expect(card.getByRole("link", { name: "Manage Brand" })).toHaveAttribute("href", /\/profile\/brand\/\d+$/);
  await expect(card.getByRole("link", { name: "Holiday" })).toHaveAttribute("href", /\/profile\/brand\/\d+\/holiday$/);
  await checkA11y();
});

test("adding an owned brand with a plain file input shows its card @core", async ({ page, javaScriptEnabled }) => {
  const name = unique("Tenun Sumba");
  await addOwnedBrand(page, name, { logo: true, javaScriptEnabled });
  const card = await cardOf(page, name);
  await expect(card.getByRole("img", { name: `Logo of ${name}` })).toBeVisible();
  await expect(card).toContainText("Owned Brand");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Brand (1)");
});

test("a brand form with a mistake keeps what was typed and says what to fix @core", async ({ page, checkA11y }) => {
  await page.goto("/profile/brand/add");
  await page.getByLabel("Brand name").fill("Nusantara Wear");
  await page.getByLabel("Product category").selectOption({ label: "All of Fashion" });
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("You already have a brand with this name")).toBeVisible();
  await expect(page.getByLabel("Brand name")).toHaveValue("Nusantara Wear");
  await expect(page.getByLabel("Product category")).toHaveValue("1");
  await checkA11y();
});

test("the same journey in Indonesian under /id", async ({ page, checkA11y }) => {
  test.setTimeout(90_000);
  const name = unique("Songket Palembang");
  await page.goto("/id/profile/brand/add");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tambah Brand");
  await hydrated(page);
  await page.getByLabel("Logo brand (Opsional)").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: makePng(120, [22, 101, 52]) });
  const cropper = page.getByRole("group", { name: "Potong gambar" });
  await cropper.getByRole("button", { name: "Pakai potongan ini" }).click();
  await page.getByLabel("Nama brand").fill(name);
  await page.getByLabel("Kategori produk").selectOption({ label: "Kain Tradisional › Songket" });
  await page.getByRole("button", { name: "Simpan", exact: true }).click();
  await expect(page).toHaveURL(/\/id\/profile\/brand\/\d+$/);
  await expect(page.getByRole("status")).toContainText("Brand ditambahkan");
  await checkA11y();

  const card = await cardOf(page, name, "/id");
  await expect(card).toContainText("Brand Sendiri");
  await expect(card).toContainText("Songket");
  await expect(card.getByRole("link", { name: "Kelola Brand" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Brand (1)");
  await checkA11y();
});

test("with JavaScript the brand switch asks in a dialog; cancel puts it back", async ({ page }) => {
  test.setTimeout(90_000);
  const name = unique("Kayu Jati");
  await addOwnedBrand(page, name);
  const card = await cardOf(page, name);
  const toggle = card.getByRole("switch", { name: `Status of ${name}` });
  await expect(toggle).toHaveAttribute("aria-checked", "true");

  await toggle.click();
  const dialog = page.getByRole("dialog", { name: "Deactivate this brand?" });
  await expect(dialog).toContainText(name);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toggle).toHaveAttribute("aria-checked", "true");

  await toggle.click();
  await page.getByRole("dialog").getByRole("button", { name: "Yes, deactivate" }).click();
  await expect(page.getByRole("status")).toContainText("Brand deactivated");
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await page.reload();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  // The Non-Active filter finds it.
  await page.goto(`/profile/brand?status=3&search=${encodeURIComponent(name)}`);
  await expect(page.getByRole("article", { name })).toBeVisible();

  // The brand's own page has the switch too.
  await page.getByRole("article", { name }).getByRole("link", { name: "Manage Brand" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  const own = page.getByRole("switch", { name: `Status of ${name}` });
  await expect(own).toHaveAttribute("aria-checked", "false");
  await own.click();
  await page.getByRole("dialog", { name: "Activate this brand?" }).getByRole("button", { name: "Yes, activate" }).click();
  await expect(page.getByRole("status")).toContainText("Brand activated");
  await expect(own).toHaveAttribute("aria-checked", "true");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the brand switch asks on a confirm step; cancel keeps it", async ({ page }) => {
    test.setTimeout(90_000);
    const name = unique("Gerabah Kasongan");
    await addOwnedBrand(page, name, { javaScriptEnabled: false });
    const card = await cardOf(page, name);
    const toggle = card.getByRole("switch", { name: `Status of ${name}` });
    await toggle.click();
    const step = page.getByRole("alertdialog", { name: "Deactivate this brand?" });
    await expect(step).toContainText(name);
    await step.getByRole("link", { name: "Cancel" }).click();
    await expect(step).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-checked", "true");

    await toggle.click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Yes, deactivate" }).click();
    await expect(page.getByRole("status")).toContainText("Brand deactivated");
    await expect(toggle).toHaveAttribute("aria-checked", "false");

    // The brand's own page has the switch too, with the same confirm step.
    await card.getByRole("link", { name: "Manage Brand" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
    const own = page.getByRole("switch", { name: `Status of ${name}` });
    await own.click();
    await page.getByRole("alertdialog", { name: "Activate this brand?" }).getByRole("button", { name: "Yes, activate" }).click();
    await expect(page.getByRole("status")).toContainText("Brand activated");
    await expect(own).toHaveAttribute("aria-checked", "true");
    await expect(page).toHaveURL(/\/profile\/brand\/\d+$/);
  });
});

test("a note is added, changed and deleted (asked first) @core", async ({ page, checkA11y, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  const name = unique("Lurik Klaten");
  await addOwnedBrand(page, name, { javaScriptEnabled });
  await page.getByRole("navigation", { name: "Brand sections" }).getByRole("link", { name: "Notes" }).click();
  await expect(page).toHaveURL(/\/profile\/brand\/\d+\/notes$/);
  await expect(page.getByText("Nothing here yet.")).toBeVisible();

  // A mistake first (a note of spaces only; the browser's own checks pass it, the server's do not):
  // the message is under the field, what was typed stays.
  await page.getByLabel("Title").fill("Panduan ukuran");
  await page.getByLabel("Note", { exact: true }).fill("   ");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText("This field is required")).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("Panduan ukuran");
  await checkA11y();

  await page.getByLabel("Note", { exact: true }).fill("S 100 cm, M 106 cm, L 112 cm");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Saved");
  const entry = page.getByRole("listitem").filter({ hasText: "Panduan ukuran" });
  await expect(entry).toContainText("S 100 cm");

  await entry.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByLabel("Title")).toHaveValue("Panduan ukuran");
  await page.getByLabel("Note", { exact: true }).fill("S 100 cm, M 106 cm, L 112 cm, XL 118 cm");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Changes saved");
  await expect(entry).toContainText("XL 118 cm");

  await entry.getByRole("button", { name: "Delete" }).click();
  const ask = javaScriptEnabled ? page.getByRole("dialog", { name: "Delete this entry?" }) : page.getByRole("alertdialog", { name: "Delete this entry?" });
  await expect(ask).toContainText("Panduan ukuran");
  await ask.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.getByRole("status")).toContainText("Removed");
  await expect(page.getByText("Nothing here yet.")).toBeVisible();

  // The history tells each step.
  await page.getByRole("navigation", { name: "Brand sections" }).getByRole("link", { name: "Brand Detail" }).click();
  await page.getByRole("link", { name: "View Update History" }).click();
  const history = page.getByRole("dialog", { name: "Update History" });
  await expect(history).toContainText("Entry removed");
  await expect(history).toContainText("Entry changed");
  await expect(history).toContainText("Brand added");
  await checkA11y();
});

test("a partner brand is read-only: switch disabled, only Brand Detail and Holiday @core", async ({ page, checkA11y }) => {
  const card = await cardOf(page, "Sekar Jagad");
  await expect(card).toContainText("Partner Brand");
  await expect(card).toContainText("Batik Sekar Jagad");
  await expect(card.getByRole("switch", { name: "Status of Sekar Jagad" })).toBeDisabled();
  await card.getByRole("link", { name: "Manage Brand" }).click();
  const tabs = page.getByRole("navigation", { name: "Brand sections" });
  await expect(tabs.getByRole("link")).toHaveText(["Brand Detail", "Holiday"]);
  await expect(page.getByText("Connected", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Disconnect" })).toBeVisible();
  await checkA11y();
  await tabs.getByRole("link", { name: "Holiday" }).click();
  await expect(page.getByText("Only Batik Sekar Jagad can change this.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add", exact: true })).toHaveCount(0);
  await checkA11y();
  const notes = await page.goto(page.url().replace(/\/holiday$/, "/notes"));
  expect(notes?.status()).toBe(404);
});

test("the brand list and add pages pass axe", async ({ page, checkA11y }) => {
  test.setTimeout(90_000);
  await page.goto("/profile/brand");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Brand \(\d+\)$/);
  await checkA11y();
  await page.goto("/profile/brand?history=open");
  await checkA11y();
  await page.goto("/profile/brand?search=tidak-ada-brand");
  await expect(page.getByText("Empty Table Now")).toBeVisible();
  await checkA11y();
  await page.goto("/profile/brand/add/partnership");
  await checkA11y();
  await page.getByRole("link", { name: "Show its brands" }).first().click();
  await expect(page.getByRole("heading", { name: "2. Choose one of its brands" })).toBeVisible();
  await checkA11y();
});

test("every tab of a brand passes axe", async ({ page, checkA11y }) => {
  test.setTimeout(120_000);
  const card = await cardOf(page, "Nusantara Wear");
  await expect(card.getByRole("img", { name: "Verified brand" })).toBeVisible();
  await card.getByRole("link", { name: "Manage Brand" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Brand Info" })).toBeVisible();
  await checkA11y();
  const tabs = page.getByRole("navigation", { name: "Brand sections" });
  for (const tab of ["Social Media", "Banner", "Pickup Line", "Notes", "Response", "Holiday"]) {
    await tabs.getByRole("link", { name: tab, exact: true }).click();
    await expect(page.getByRole("heading", { level: 2, name: tab, exact: true })).toBeVisible();
    await checkA11y();
  }
  await page.getByRole("listitem").filter({ hasText: "Libur Natal" }).getByRole("link", { name: "Edit" }).click();
  await expect(page.getByLabel("Reason")).toHaveValue("Libur Natal");
  await checkA11y();
  await tabs.getByRole("link", { name: "Brand Detail" }).click();
  await page.getByRole("link", { name: "Edit Brand" }).click();
  await expect(page.getByLabel("Brand name")).toHaveValue("Nusantara Wear");
  await checkA11y();
  await page.getByRole("link", { name: "Cancel" }).click();
  await page.getByRole("link", { name: "View Update History" }).click();
  await expect(page.getByRole("dialog", { name: "Update History" })).toBeVisible();
  await checkA11y();
});
