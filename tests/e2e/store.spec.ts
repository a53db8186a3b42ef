/**
 * Offline stores: a seller adds a store, then connects it to every channel it can sell on with
 * "Connect all" (the question lists the channels; with JavaScript a dialog, without a server
 * confirm step) and sees the card's Channel List at n/n — in English, under /id, and with
 * JavaScript off. Also: one channel's switch (cancel keeps it), the inline bank account of the
 * store form (what was typed stays), the edit form, the branch table's status switch, and axe on
 * the list, add, edit and branch pages.
 *
 * Journeys run in parallel on one database (js and no-js projects, other files adding channels to
 * Toko Demo): each creates its own uniquely named store and never relies on counts of the list.
 */
import type { Locator, Page } from "@playwright/test";
import { authFile, expect, test } from "./fixtures.ts";

test.use({ storageState: authFile("seller") });
// Long journeys (a full store form, axe on big pages, several round trips), two at a time.
test.describe.configure({ timeout: 120_000 });

type Labels = {
  path: string; name: string; type: string; phone: string; address: string; city: string; postcode: string; save: string;
  connectAll: RegExp; question: string; confirm: string; details: (name: string) => string;
};
const EN: Labels = {
  path: "", name: "Store name", type: "Store type", phone: "Phone", address: "Address", city: "City", postcode: "Postal code",
  save: "Save Store", connectAll: /^Connect all/, question: "Connect all channels?", confirm: "Yes, connect all",
  details: (name) => `Details of ${name}`,
};
const ID: Labels = {
  path: "/id", name: "Nama toko", type: "Tipe toko", phone: "Telepon", address: "Alamat", city: "Kota/Kabupaten", postcode: "Kode pos",
  save: "Simpan Toko", connectAll: /^Hubungkan semua/, question: "Hubungkan semua channel?", confirm: "Ya, hubungkan semua",
  details: (name) => `Detail ${name}`,
};

/** A store's card on the list, found by its heading. */
const cardOf = (page: Page, name: string) => page.locator("article").filter({ has: page.getByRole("heading", { level: 2, name, exact: true }) });

async function addStore(page: Page, l: Labels, name: string, checkA11y: () => Promise<void>) {
  await page.goto(`${l.path}/profile/store/add`);
  await checkA11y();
  await page.getByLabel(l.name).fill(name);
  await page.getByLabel(l.type).selectOption("2");
  await page.getByLabel(l.phone).fill("0812 7777 1234");
  await page.getByLabel(l.address, { exact: true }).fill("Jl. Riau No. 12, Citarum");
  await page.getByLabel(l.city, { exact: true }).selectOption("3273");
  await page.getByLabel(l.postcode, { exact: true }).fill("40115");
  await page.getByRole("button", { name: l.save }).click();
  await expect(page).toHaveURL(new RegExp(`${l.path}/profile/store\\?open=\\d+`));
  const card = cardOf(page, name);
  await expect(card).toBeVisible();
  return card;
}

/**
 * With JavaScript, waits until the card's body is live: the browser fetches it after the first
 * load (app/components/store-lazy.tsx); until then its forms work as they do without JavaScript.
 */
async function bodyLive(card: Locator, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await expect(card.locator("[data-island]")).toHaveAttribute("data-island", "live");
}

/** Connects every connectable channel of the card's store with "Connect all", answering the question. */
async function connectAll(page: Page, card: Locator, l: Labels, javaScriptEnabled: boolean) {
  // The body comes with the card the URL opens (?open=<id>): its "Details of …" link.
  const toggle = card.getByRole("link", { name: l.details(await card.getByRole("heading", { level: 2 }).innerText()) });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await bodyLive(card, javaScriptEnabled);
  await card.getByRole("button", { name: l.connectAll }).click();
  // With JavaScript a dialog asks; without, the server's confirm step does: both list the channels.
  const question = javaScriptEnabled ? page.getByRole("dialog", { name: l.question }) : page.getByRole("alertdialog", { name: l.question });
  await expect(question).toBeVisible();
  const asked = (await question.innerText()).replace(/\s+/g, " ");
  await question.getByRole("button", { name: l.confirm }).click();
  await expect(question).toBeHidden();
  return asked;
}

/** After "Connect all": every channel the question named is connected, and the count says n/n. */
async function expectAllConnected(card: Locator, asked: string) {
  const count = card.getByTestId("channel-count");
  const switches = card.getByTestId("online-channels").getByRole("switch");
  await expect(async () => {
    const n = await switches.count();
    expect(n).toBeGreaterThan(0);
    const open: string[] = [];
    for (let i = 0; i < n; i++) {
      const s = switches.nth(i);
      if ((await s.getAttribute("aria-checked")) !== "true") open.push((await s.getAttribute("aria-label")) ?? "");
    }
    // Only a channel another journey added after the question may still be open.
    for (const label of open) expect(asked).not.toContain(label.replace(/^(Connect|Hubungkan) (.+) (with|dengan) .+$/, "$2"));
    const [connected, total] = (await count.innerText()).split("/").map(Number);
    if (!open.length) expect(connected).toBe(total);
    expect(connected).toBeGreaterThan(0);
  }).toPass({ timeout: 10_000 });
}

test("a new store is connected to every channel with Connect all @core", async ({ page, checkA11y, javaScriptEnabled }) => {
  const name = `Toko Riau ${Date.now()}`;
  const card = await addStore(page, EN, name, checkA11y);
  await expect(page.getByRole("status").filter({ hasText: "Store added" })).toBeVisible();
  // The new store's card is open: its details, nothing connected yet but the marketplace.
  await expect(card.getByText("Kota Bandung").first()).toBeVisible();
  await expect(card.getByText("Flagship")).toBeVisible();
  await checkA11y();

  const asked = await connectAll(page, card, EN, javaScriptEnabled);
  expect(asked).toContain(name);
  expect(asked).toContain("Toko Demo Official Tokopedia");
  expect(asked).not.toContain("WhatsApp Order Toko Demo"); // inactive: read-only
  await expect(page.getByRole("status").filter({ hasText: `connected to ${name}` })).toBeVisible();
  await expectAllConnected(cardOf(page, name), asked);
  await checkA11y();

  // The update history names the channels.
  await cardOf(page, name).getByRole("link", { name: `View Update History — ${name}` }).click();
  const history = page.getByRole("dialog", { name: "Update History" }).or(page.locator("dialog[open]"));
  await expect(history.getByText("Channels connected")).toBeVisible();
  await expect(history.getByText("Toko Demo Official Tokopedia").first()).toBeVisible();
});

test("the same journey in Indonesian @core", async ({ page, checkA11y, javaScriptEnabled }) => {
  const name = `Toko Riau ID ${Date.now()}`;
  const card = await addStore(page, ID, name, checkA11y);
  await expect(card.getByText("Offline · Toko Mal").first()).toBeVisible();
  const asked = await connectAll(page, card, ID, javaScriptEnabled);
  expect(asked).toContain("akan dihubungkan ke");
  await expect(page.getByRole("status").filter({ hasText: `channel terhubung dengan ${name}` })).toBeVisible();
  await expectAllConnected(cardOf(page, name), asked);
  await checkA11y();
});

test("one channel's switch asks first; cancel keeps it, confirm changes it", async ({ page }) => {
  const name = `Toko Saklar ${Date.now()}`;
  const card = await addStore(page, EN, name, async () => {});
  await bodyLive(card, true);
  const toggle = card.getByRole("switch", { name: `Connect Toko Demo Shopee Mall with ${name}` });
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await toggle.click();
  const dialog = page.getByRole("dialog", { name: "Connect this channel?" });
  await expect(dialog).toContainText(`${name} will sell its stock on Toko Demo Shopee Mall.`);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await toggle.click();
  await dialog.getByRole("button", { name: "Yes, connect" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Toko Demo Shopee Mall connected to ${name}` })).toBeVisible();
  await expect(cardOf(page, name).getByRole("switch", { name: `Connect Toko Demo Shopee Mall with ${name}` })).toHaveAttribute("aria-checked", "true");
  // Read-only channels have no switch.
  await expect(cardOf(page, name).getByRole("switch", { name: /WhatsApp Order Toko Demo/ })).toHaveCount(0);
  await expect(cardOf(page, name).getByText("The channel is Non-Active")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("one channel's switch goes through the confirm step", async ({ page }) => {
    const name = `Toko Tanpa JS ${Date.now()}`;
    await addStore(page, EN, name, async () => {});
    await cardOf(page, name).getByRole("switch", { name: `Connect Toko Demo Official Tokopedia with ${name}` }).click();
    const step = page.getByRole("alertdialog", { name: "Connect this channel?" });
    await expect(step).toContainText(`${name} will sell its stock on Toko Demo Official Tokopedia.`);
    await step.getByRole("link", { name: "Cancel" }).click();
    await expect(step).toBeHidden();
    await expect(cardOf(page, name).getByRole("switch", { name: `Connect Toko Demo Official Tokopedia with ${name}` })).toHaveAttribute("aria-checked", "false");
    await cardOf(page, name).getByRole("switch", { name: `Connect Toko Demo Official Tokopedia with ${name}` }).click();
    await step.getByRole("button", { name: "Yes, connect" }).click();
    await expect(cardOf(page, name).getByRole("switch", { name: `Connect Toko Demo Official Tokopedia with ${name}` })).toHaveAttribute("aria-checked", "true");
  });
});

test("the store form adds a bank account inline and keeps what was typed; editing saves and shows on the card @core", async ({ page, checkA11y }) => {
  const name = `Toko Bank ${Date.now()}`;
  await page.goto("/profile/store/add");
  await page.getByLabel("Store name").fill(name);
  await page.getByLabel("Store type").selectOption("3");
  await page.getByLabel("Phone").fill("0812 5555 0000");
  await page.getByLabel("Address", { exact: true }).fill("Jl. Kemang Raya No. 8");
  await page.getByLabel("City", { exact: true }).selectOption("3174");
  await page.getByLabel("Postal code", { exact: true }).fill("12730");
  const number = String(Date.now()).slice(-10);
  const addBank = page.locator("details").filter({ hasText: "Add a bank account" });
  if (!(await addBank.evaluate((d: HTMLDetailsElement) => d.open))) await addBank.getByText("Add a bank account").click();
  await page.getByLabel("Bank", { exact: true }).selectOption("014");
  await page.getByLabel("Account number").fill(number);
  await page.getByLabel("Account holder name").fill("PT Toko Demo");
  await page.getByRole("button", { name: "Check account" }).click();
  await expect(page.getByText("its holder could not be verified: no bank inquiry service is connected")).toBeVisible();
  await page.getByRole("button", { name: "Add bank account" }).click();
  await expect(page.getByText("Bank account added and chosen for this store.")).toBeVisible();
  await expect(page.getByLabel("Store name")).toHaveValue(name);
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("Jl. Kemang Raya No. 8");
  await expect(page.getByLabel("Bank account (Optional)")).toHaveValue(/\d+/);
  await page.getByRole("checkbox", { name: "Layanan Reguler" }).check();
  await page.getByRole("button", { name: "Save Store" }).click();

  const card = cardOf(page, name);
  await expect(card.getByText(number)).toBeVisible();
  await expect(card.getByText("JNE Layanan Reguler")).toBeVisible();

  await card.getByRole("link", { name: `Edit Store — ${name}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Edit Store");
  await checkA11y();
  await page.getByLabel("Processing days").fill("40");
  await page.getByRole("button", { name: "Save Store" }).click();
  await expect(page.getByText("Processing days is a whole number from 0 to 30")).toBeVisible();
  await page.getByLabel("Processing days").fill("3");
  await page.getByLabel("Message for finished orders").fill("Terima kasih sudah mampir!");
  await page.getByRole("checkbox", { name: "Send this message" }).first().check();
  await page.getByRole("button", { name: "Save Store" }).click();
  const edited = cardOf(page, name);
  await expect(edited.getByText("3 days")).toBeVisible();
  await expect(edited.getByText("Terima kasih sudah mampir!")).toBeVisible();
});

test("the branch table lists the stores and switches a store's status @core", async ({ page, checkA11y, javaScriptEnabled }) => {
  const name = `Toko Cabang ${Date.now()}`;
  await addStore(page, EN, name, async () => {});
  await page.goto(`/profile/branch?search=${encodeURIComponent(name)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Store Branches (1)");
  await checkA11y();
  const toggle = page.getByRole("switch", { name: `Status of ${name}` });
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await toggle.click();
  if (javaScriptEnabled) {
    await page.getByRole("dialog", { name: "Deactivate this store?" }).getByRole("button", { name: "Yes, deactivate" }).click();
  } else {
    await page.getByRole("alertdialog", { name: "Deactivate this store?" }).getByRole("button", { name: "Yes, deactivate" }).click();
  }
  await expect(page.getByRole("status").filter({ hasText: "Store deactivated" })).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  // The default store's row says so; the card list filters by status.
  await page.goto(`/profile/store?status=0&search=${encodeURIComponent(name)}`);
  await expect(cardOf(page, name)).toBeVisible();
});
