/**
 * Online channels: adding a channel checks what its platform needs (the mistake is told next to
 * the field, everything typed stays), the new channel's card shows it, its update history opens in
 * the modal and records the edit; the switch asks first; the filters hold the channel type, and
 * the sort offers the first four options only. The core journeys run with JavaScript off too, and
 * one runs in Indonesian.
 *
 * Journeys run in parallel on one database: each makes its own uniquely named channel and finds it
 * by searching; none changes the demo channels.
 */
import type { Page } from "@playwright/test";
import { authFile, expect, test } from "./fixtures.ts";

test.use({ storageState: authFile("seller") });

const card = (page: Page, name: string) => page.getByRole("article", { name, exact: true });
const unique = (what: string) => `${what} ${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** Adds an Indie Marketplace channel (it needs nothing but a name) through the form. */
async function addIndieChannel(page: Page, name: string) {
  await page.goto("/profile/channel/add");
  await page.getByLabel("Platform").selectOption({ label: "Indie Marketplace" });
  await page.getByLabel("Channel name").fill(name);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/profile\/channel$/);
  await expect(page.getByRole("status")).toContainText("Online channel added");
}

test("adding an Instagram channel asks for its username, then its card and update history show it @core", async ({ page, checkA11y, javaScriptEnabled }) => {
  test.slow(); // three submits, a search, the modal and four accessibility checks
  const name = unique("IG Uji");
  await page.goto("/profile/channel/add");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add Online Channel");
  await checkA11y();

  await page.getByLabel("Platform").selectOption({ label: "Instagram" });
  // With JavaScript only what Instagram needs shows; without it every field does, saying who needs it.
  if (javaScriptEnabled) {
    await expect(page.getByText("What Instagram needs:")).toBeVisible();
    await expect(page.getByLabel("Phone number")).toBeHidden();
  } else {
    await expect(page.getByLabel("Phone number")).toBeVisible();
    await expect(page.getByText("Needed for: WhatsApp, SMS, LINE.", { exact: false })).toBeVisible();
  }
  await page.getByLabel("Channel name").fill(name);
  await page.getByLabel("Shop URL").fill("https://www.instagram.com/ig.uji");
  await page.getByLabel("Email (optional)").fill("ig@uji.id");
  await page.getByRole("button", { name: "Save" }).click();

  // Told next to the missing field; what was typed is still there.
  const username = page.getByLabel("Username");
  await expect(username).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("This platform needs the account username")).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/channel\/add$/);
  await expect(page.getByLabel("Platform")).toHaveValue("IGM");
  await expect(page.getByLabel("Channel name")).toHaveValue(name);
  await expect(page.getByLabel("Shop URL")).toHaveValue("https://www.instagram.com/ig.uji");
  await expect(page.getByLabel("Email (optional)")).toHaveValue("ig@uji.id");
  await expect(page.getByLabel("Shop URL")).not.toHaveAttribute("aria-invalid", "true");
  await checkA11y();

  await username.fill("toko uji");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Use letters, numbers, dots and underscores only, without spaces")).toBeVisible();
  await username.fill("@ig.uji");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/profile\/channel$/);
  await expect(page.getByRole("status")).toContainText("Online channel added");

  // Its card: found by searching, header first, the rest in the collapsible body.
  const search = page.getByRole("searchbox", { name: "Search" });
  await search.fill(name);
  await search.press("Enter");
  await expect(page).toHaveURL(/search=/);
  const mine = card(page, name);
  await expect(mine).toContainText("Social Media · Instagram");
  await expect(mine).toContainText("Company: Toko Demo");
  await expect(mine.getByRole("switch", { name: `Status of ${name}` })).toHaveAttribute("aria-checked", "true");
  await expect(mine.getByText("@ig.uji")).toBeHidden();
  await mine.getByText(`Details of ${name}`).click();
  await expect(mine.getByText("@ig.uji")).toBeVisible();
  await expect(mine.getByRole("link", { name: "https://www.instagram.com/ig.uji" })).toBeVisible();
  await expect(mine.getByText("ig@uji.id")).toBeVisible();
  await checkA11y();

  await mine.getByRole("link", { name: /View Update History/ }).click();
  await expect(page).toHaveURL(/[?&]history=\d+/);
  const dialog = page.getByRole("dialog", { name: "Update History" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(name);
  await expect(dialog).toContainText("Added");
  await expect(dialog).toContainText("by Sari Wulandari");
  await checkA11y();
  await dialog.getByRole("link", { name: /Close/ }).click();
  await expect(dialog).toHaveCount(0);
  expect(new URL(page.url()).searchParams.get("history")).toBeNull();
});

test("editing a channel keeps its platform and records the change in its history @core", async ({ page, checkA11y }) => {
  test.slow(); // four submits and two searches
  const name = unique("Tokopedia Uji");
  await page.goto("/profile/channel/add");
  await page.getByLabel("Platform").selectOption({ label: "Tokopedia" });
  await page.getByLabel("Channel name").fill(name);
  await page.getByLabel("Shop URL").fill("https://www.tokopedia.com/uji-lama");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toContainText("Online channel added");

  const search = page.getByRole("searchbox", { name: "Search" });
  await search.fill(name);
  await search.press("Enter");
  await expect(page).toHaveURL(/search=/);
  const mine = card(page, name);
  await mine.getByText(`Details of ${name}`).click();
  await mine.getByRole("link", { name: /Edit Online Channel/ }).click();
  await expect(page).toHaveURL(/\/profile\/channel\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit Online Channel");
  await expect(page.getByText("The platform cannot be changed once the channel is added.", { exact: false })).toBeVisible();
  await expect(page.getByLabel("Shop URL")).toHaveValue("https://www.tokopedia.com/uji-lama");
  // Only what Tokopedia needs, with or without JavaScript.
  await expect(page.getByLabel("Username")).toBeHidden();
  await expect(page.getByLabel("LINE ID")).toBeHidden();
  await checkA11y();

  await page.getByLabel("Shop URL").fill("tokopedia.com/uji-baru");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Enter a full web address starting with http:// or https://")).toBeVisible();
  await expect(page.getByLabel("Shop URL")).toHaveValue("tokopedia.com/uji-baru");
  await page.getByLabel("Shop URL").fill("https://www.tokopedia.com/uji-baru");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/profile\/channel$/);
  await expect(page.getByRole("status")).toContainText("Online channel saved");

  await search.fill(name);
  await search.press("Enter");
  await expect(page).toHaveURL(/search=/);
  await mine.getByText(`Details of ${name}`).click();
  await expect(mine.getByRole("link", { name: "https://www.tokopedia.com/uji-baru" })).toBeVisible();
  await mine.getByRole("link", { name: /View Update History/ }).click();
  const dialog = page.getByRole("dialog", { name: "Update History" });
  await expect(dialog).toContainText("Details changed");
  await expect(dialog).toContainText("Shop URL");
  await expect(dialog).toContainText("https://www.tokopedia.com/uji-lama");
  await expect(dialog).toContainText("https://www.tokopedia.com/uji-baru");
});

test("the switch asks first; cancel keeps the channel as it was @core", async ({ page, javaScriptEnabled }) => {
  const name = unique("Indie Uji");
  await addIndieChannel(page, name);
  await page.goto(`/profile/channel?search=${encodeURIComponent(name)}`);
  const toggle = card(page, name).getByRole("switch", { name: `Status of ${name}` });
  await expect(toggle).toHaveAttribute("aria-checked", "true");

  await toggle.click();
  const ask = javaScriptEnabled
    ? page.getByRole("dialog", { name: "Deactivate this channel?" })
    : page.getByRole("alertdialog", { name: "Deactivate this channel?" });
  await expect(ask).toContainText(name);
  await ask.getByRole(javaScriptEnabled ? "button" : "link", { name: "Cancel" }).click();
  await expect(ask).toHaveCount(0);
  await expect(toggle).toHaveAttribute("aria-checked", "true");

  await toggle.click();
  await ask.getByRole("button", { name: "Yes, deactivate" }).click();
  await expect(page.getByRole("status")).toContainText("Channel deactivated");
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await page.reload();
  await expect(toggle).toHaveAttribute("aria-checked", "false");

  const activate = javaScriptEnabled
    ? page.getByRole("dialog", { name: "Activate this channel?" })
    : page.getByRole("alertdialog", { name: "Activate this channel?" });
  await toggle.click();
  await activate.getByRole("button", { name: "Yes, activate" }).click();
  await expect(toggle).toHaveAttribute("aria-checked", "true");
});

test("the filters keep the channel type in the URL and the sort offers four options @core", async ({ page, checkA11y, javaScriptEnabled }) => {
  await page.goto("/profile/channel");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Online Channel \(\d+\)$/);
  await expect(page.getByRole("combobox", { name: "Sort" }).locator("option")).toHaveText(["Oldest", "Newest", "Edited ASC", "Edited DESC"]);
  await expect(page.getByRole("combobox", { name: "Channel type" }).locator("option"))
    .toHaveText(["All", "Indie Marketplace", "Marketplace", "Social Media", "Online Store"]);
  // The default channel cannot be switched off.
  await expect(card(page, "Toko Demo Indie").getByText("Company Default Channel")).toBeVisible();
  await expect(card(page, "Toko Demo Indie").getByRole("switch")).toBeDisabled();

  const type = page.getByRole("combobox", { name: "Channel type" });
  if (javaScriptEnabled) {
    await Promise.all([page.waitForURL(/type=2/), type.selectOption({ label: "Marketplace" })]);
  } else {
    await type.selectOption({ label: "Marketplace" });
    await page.getByRole("button", { name: "Apply" }).click();
  }
  await expect(page).toHaveURL(/\/profile\/channel\?(.+&)?type=2(&|$)/);
  await expect(card(page, "Toko Demo Official Tokopedia")).toBeVisible();
  await expect(card(page, "Instagram @tokodemo.id")).toHaveCount(0);
  await checkA11y();

  await page.goto("/profile/channel?type=4&search=tidak%20ada%20channel");
  await expect(page.getByText("Empty Table Now")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Channel type" })).toHaveValue("4");
});

test("Indonesian: the form says what LINE needs @core", async ({ page, checkA11y }) => {
  test.slow(); // two pages and two axe runs: well over 30 s on a loaded two-core machine
  await page.goto("/id/profile/channel/add");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tambah Channel Online");
  await page.getByLabel("Platform").selectOption({ label: "LINE" });
  await page.getByLabel("Nama channel").fill(unique("LINE Uji"));
  await page.getByRole("button", { name: "Simpan" }).click();
  await expect(page.getByText("Platform ini memerlukan nomor telepon")).toBeVisible();
  await expect(page.getByText("LINE memerlukan LINE ID")).toBeVisible();
  await expect(page.getByLabel("Nomor telepon")).toHaveAttribute("aria-invalid", "true");
  await checkA11y();
  await page.getByLabel("Nomor telepon").fill("0812 7777 1234");
  await page.getByLabel("LINE ID").fill("@lineuji");
  await page.getByRole("button", { name: "Simpan" }).click();
  await expect(page).toHaveURL(/\/id\/profile\/channel$/);
  await expect(page.getByRole("status")).toContainText("Channel online ditambahkan");
  await checkA11y();
});
