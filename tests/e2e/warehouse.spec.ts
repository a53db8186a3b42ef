/**
 * Warehouses, factories and store fees (issue 3): a seller adds a warehouse with its partitions and
 * switches it off and on again — with JavaScript through the dialog, without it through the
 * server's confirm step (@core runs both) — in English and under /id; manages partitions; adds and
 * edits a factory (and sees the change in its update history); adds, edits and deletes a store fee.
 *
 * Journeys run in parallel on one database (js and no-js projects): each makes its own uniquely
 * named records and never relies on counts; the demo warehouses are not changed.
 */
import type { Page } from "@playwright/test";
import { queryOne } from "./db.ts";
import { authFile, expect, here, test } from "./fixtures.ts";
import { makePng } from "./png.ts";

test.use({ storageState: authFile("seller") });

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** With JavaScript: waits until React has taken over the form (a file picked before would go unseen). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const input = document.querySelector("input[type=file]");
    return Boolean(input && Object.keys(input).some((k) => k.startsWith("__reactProps")));
  });
}

type Labels = { prefix: string; name: string; type: string; typeOption: string; city: string; address: string; postcode: string; partitions: string; save: string; added: string };
const EN: Labels = {
  prefix: "", name: "Warehouse name", type: "Warehouse type", typeOption: "Branch", city: "City", address: "Address", postcode: "Postcode",
  partitions: "Partitions (optional)", save: "Save", added: "Warehouse added",
};
const ID: Labels = {
  prefix: "/id", name: "Nama gudang", type: "Jenis gudang", typeOption: "Cabang", city: "Kota/Kabupaten", address: "Alamat", postcode: "Kode pos",
  partitions: "Partisi (opsional)", save: "Simpan", added: "Gudang ditambahkan",
};

/** Adds a warehouse through /profile/warehouse/add and lands on the list. */
async function addWarehouse(page: Page, name: string, l: Labels, checkA11y: () => Promise<void>, javaScriptEnabled: boolean) {
  await page.goto(`${l.prefix}/profile/warehouse/add`);
  if (javaScriptEnabled) await hydrated(page);
  await checkA11y();
  await page.getByLabel(l.name, { exact: true }).fill(name);
  await page.getByLabel(l.type, { exact: true }).selectOption({ label: l.typeOption });
  await page.getByLabel(l.address, { exact: true }).fill("Jl. Raya Bekasi Km 18, Pulogadung");
  await page.getByLabel(l.city, { exact: true }).selectOption({ label: "Kota Jakarta Timur" });
  await page.getByLabel(l.postcode, { exact: true }).fill("13920");
  await page.getByLabel(l.partitions).fill("Rak Depan\nRak Belakang");
  await page.getByRole("button", { name: l.save, exact: true }).click();
  await expect(page.getByRole("status")).toContainText(l.added);
  await expect(page).toHaveURL(new RegExp(`${l.prefix}/profile/warehouse$`));
}

/** The warehouse's card, found by searching its name. */
async function cardOf(page: Page, name: string, prefix = "") {
  await page.goto(`${prefix}/profile/warehouse?search=${encodeURIComponent(name)}`);
  const card = page.getByRole("article", { name });
  await expect(card).toBeVisible();
  return card;
}

/** Switches a card's status, confirming in the dialog (JavaScript) or on the confirm step (without). */
async function toggle(page: Page, card: ReturnType<Page["getByRole"]>, opts: {
  switchName: string; title: string; confirm: string; cancel: string; done: string; javaScriptEnabled: boolean; to: boolean;
}) {
  const sw = card.getByRole("switch", { name: opts.switchName });
  await expect(sw).toHaveAttribute("aria-checked", String(!opts.to));
  // First asked and cancelled: nothing changes.
  await sw.click();
  const ask = opts.javaScriptEnabled ? page.getByRole("dialog", { name: opts.title }) : page.getByRole("alertdialog", { name: opts.title });
  await expect(ask).toBeVisible();
  if (opts.javaScriptEnabled) await ask.getByRole("button", { name: opts.cancel }).click();
  else await ask.getByRole("link", { name: opts.cancel }).click();
  await expect(ask).toBeHidden();
  await expect(sw).toHaveAttribute("aria-checked", String(!opts.to));
  // Then confirmed.
  await sw.click();
  await ask.getByRole("button", { name: opts.confirm }).click();
  await expect(page.getByRole("status")).toContainText(opts.done);
  await expect(sw).toHaveAttribute("aria-checked", String(opts.to));
}

test("a new warehouse is switched off and on again, asked first @core", async ({ page, checkA11y, javaScriptEnabled }) => {
  test.setTimeout(120_000);
  const name = unique("Gudang Uji");
  await addWarehouse(page, name, EN, checkA11y, javaScriptEnabled);

  const card = await cardOf(page, name);
  await expect(card.getByText("Rak Depan")).toBeVisible();
  await expect(card.getByText("Rak Belakang")).toBeVisible();
  await expect(card).toContainText("Branch · Domestic · Kota Jakarta Timur");
  await checkA11y();
  const common = { switchName: `Status of ${name}`, cancel: "Cancel", javaScriptEnabled };
  await toggle(page, card, { ...common, title: "Deactivate this warehouse?", confirm: "Yes, deactivate", done: "Warehouse deactivated", to: false });
  if (!javaScriptEnabled) expect(new URL(page.url()).searchParams.get("confirm")).toBeNull();
  await page.reload();
  await expect(card.getByRole("switch", { name: `Status of ${name}` })).toHaveAttribute("aria-checked", "false");
  const row = await queryOne<{ status: number }>("SELECT status FROM warehouses WHERE name = $1", [name]);
  expect(row.status).toBe(0);
  await toggle(page, card, { ...common, title: "Activate this warehouse?", confirm: "Yes, activate", done: "Warehouse activated", to: true });

  // The history lists both changes.
  await card.getByRole("link", { name: "View Update History" }).click();
  const modal = page.getByRole("dialog", { name: "Update History" });
  await expect(modal).toBeVisible();
  await expect(modal.getByText("Deactivated")).toBeVisible();
  await expect(modal.getByText("Activated", { exact: true })).toBeVisible();
  await checkA11y();
});

test("the same journey in Indonesian, under /id @core", async ({ page, checkA11y, javaScriptEnabled }) => {
  test.setTimeout(120_000);
  const name = unique("Gudang Uji ID");
  await addWarehouse(page, name, ID, checkA11y, javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/^Gudang \(/);
  const card = await cardOf(page, name, "/id");
  await expect(card).toContainText("Cabang · Domestik · Kota Jakarta Timur");
  await expect(card.getByText("Milik sendiri", { exact: true }).first()).toBeVisible();
  await checkA11y();
  const common = { switchName: `Status ${name}`, cancel: "Batal", javaScriptEnabled };
  await toggle(page, card, { ...common, title: "Nonaktifkan gudang ini?", confirm: "Ya, nonaktifkan", done: "Gudang dinonaktifkan", to: false });
  expect(here(page)).toMatch(/^\/id\/profile\/warehouse/);
  await toggle(page, card, { ...common, title: "Aktifkan gudang ini?", confirm: "Ya, aktifkan", done: "Gudang diaktifkan", to: true });
});

test("the default warehouse's switch is locked, and the ownership filter is shown disabled @core", async ({ page, checkA11y }) => {
  await page.goto("/profile/warehouse?type=1");
  const card = page.getByRole("article", { name: "Gudang Pusat Pulogadung" });
  await expect(card.getByText("Company Default Warehouse")).toBeVisible();
  await expect(card.getByRole("switch", { name: "Status of Gudang Pusat Pulogadung" })).toBeDisabled();
  await expect(card.getByText("The default warehouse stays active.")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Ownership" })).toBeDisabled();
  await expect(page.getByRole("combobox", { name: "Warehouse type" })).toHaveValue("1");
  await checkA11y();
});

test("partitions are added, renamed and removed on the edit page, removing asks first @core", async ({ page, checkA11y, javaScriptEnabled }) => {
  test.setTimeout(120_000);
  const name = unique("Gudang Partisi");
  await addWarehouse(page, name, EN, checkA11y, javaScriptEnabled);
  const card = await cardOf(page, name);
  await card.getByRole("link", { name: `Edit Warehouse ${name}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit Warehouse");
  await checkA11y();

  const partitions = page.getByRole("region", { name: "Partitions" });
  await partitions.getByLabel("New partition").fill("Rak Depan");
  await partitions.getByRole("button", { name: "Add partition" }).click();
  await expect(partitions.getByText("This warehouse already has a partition with this name")).toBeVisible();
  await expect(partitions.getByLabel("New partition")).toHaveValue("Rak Depan");
  await partitions.getByLabel("New partition").fill("Karantina");
  await partitions.getByRole("button", { name: "Add partition" }).click();
  await expect(page.getByRole("status")).toContainText("Partition added");
  await expect(partitions.getByLabel("Name of partition Karantina")).toBeVisible();

  await partitions.getByLabel("Name of partition Rak Belakang").fill("Rak Belakang Atas");
  await partitions.getByRole("listitem").filter({ has: page.getByLabel("Name of partition Rak Belakang") }).getByRole("button", { name: "Rename" }).click();
  await expect(page.getByRole("status")).toContainText("Partition renamed");
  await expect(partitions.getByLabel("Name of partition Rak Belakang Atas")).toHaveValue("Rak Belakang Atas");

  await partitions.getByRole("button", { name: "Remove Karantina" }).click();
  const ask = javaScriptEnabled ? page.getByRole("dialog", { name: "Remove this partition?" }) : page.getByRole("alertdialog", { name: "Remove this partition?" });
  await expect(ask).toContainText(`Karantina will be removed from ${name}`);
  await checkA11y();
  await ask.getByRole("button", { name: "Yes, remove" }).click();
  await expect(page.getByRole("status")).toContainText("Partition removed");
  await expect(partitions.getByLabel("Name of partition Karantina")).toHaveCount(0);

  const again = await cardOf(page, name);
  await expect(again.getByRole("list", { name: `Partitions of ${name}` }).getByRole("listitem")).toHaveText(["Rak Depan", "Rak Belakang Atas"]);
});

test("a factory is added with an image, edited, and the change shows in its history @core", async ({ page, checkA11y, javaScriptEnabled }) => {
  test.setTimeout(120_000);
  const name = unique("Konveksi Uji");
  await page.goto("/profile/factory");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Factory \(\d+\)$/);
  await checkA11y();
  await page.getByRole("link", { name: "Add Factory" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add Factory");
  if (javaScriptEnabled) await hydrated(page);
  await checkA11y();

  // A first try without the required fields keeps what was typed and says what is missing.
  await page.getByLabel("Factory name").fill(name);
  await page.getByLabel("Monthly capacity (optional)").fill("1500");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  // Stopped (by the browser's required check, or answered by the server): nothing typed is lost.
  await expect(page.getByLabel("Factory name")).toHaveValue(name);
  await expect(page.getByLabel("Monthly capacity (optional)")).toHaveValue("1500");

  await page.getByLabel("Image (optional)").setInputFiles({ name: "konveksi.png", mimeType: "image/png", buffer: makePng(200, [22, 101, 52]) });
  if (javaScriptEnabled) {
    const cropper = page.getByRole("group", { name: "Crop the image" });
    await expect(cropper).toBeVisible();
    await cropper.getByRole("button", { name: "Use this crop" }).click();
    await expect(cropper).toBeHidden();
  }
  await page.getByLabel("Contact person (optional)").fill("Ibu Ratna");
  await page.getByLabel("Phone (optional)").fill("0812 7777 8888");
  await page.getByLabel("Address", { exact: true }).fill("Jl. Cigondewah Hilir No. 12");
  await page.getByLabel("City", { exact: true }).selectOption({ label: "Kota Bandung" });
  await page.getByLabel("Postcode (optional)").fill("402");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Postcode is 5 digits")).toBeVisible();
  await expect(page.getByLabel("Factory name")).toHaveValue(name);
  await page.getByLabel("Postcode (optional)").fill("40215");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Factory added");

  await page.goto(`/profile/factory?search=${encodeURIComponent(name)}`);
  const card = page.getByRole("article", { name });
  await expect(card).toContainText("1.500 pieces a month");
  await expect(card).toContainText("Ibu Ratna");
  await expect(card.getByRole("img", { name, exact: true })).toBeVisible();
  await checkA11y();
  const stored = await queryOne<{ image: string; phone: string }>("SELECT image, phone FROM factories WHERE name = $1", [name]);
  expect(stored.image).toMatch(/^\/uploads\//);
  expect(stored.phone).toBe("+6281277778888");

  await card.getByRole("link", { name: `Edit Factory ${name}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit Factory");
  await checkA11y();
  await page.getByLabel("Monthly capacity (optional)").fill("2000");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Factory saved");

  const again = page.getByRole("article", { name });
  await page.goto(`/profile/factory?search=${encodeURIComponent(name)}`);
  await expect(again).toContainText("2.000 pieces a month");
  await again.getByRole("link", { name: "View Update History" }).click();
  const modal = page.getByRole("dialog", { name: "Update History" });
  await expect(modal).toContainText("Monthly capacity");
  await expect(modal).toContainText("1.500 pieces a month");
  await expect(modal).toContainText("2.000 pieces a month");
  await checkA11y();
});

test("a store fee is added, edited and deleted; the percentage and rupiah are read exactly @core", async ({ page, checkA11y, javaScriptEnabled }) => {
  test.setTimeout(120_000);
  // A store of its own (stores are another page's journey), so parallel runs never share a store + channel.
  const storeName = unique("Toko Uji Fee");
  await queryOne(
    "INSERT INTO stores (business_id, name, type, address, city_id) SELECT id, $1, 3, 'Jl. Uji No. 1', 3174 FROM businesses WHERE name = 'Toko Demo' RETURNING id",
    [storeName],
  );
  await page.goto("/profile/store-fee");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Store Fee \(\d+\)$/);
  await checkA11y();
  await page.getByRole("link", { name: "Add Store Fee" }).first().click();
  const form = page.getByRole("region", { name: "Add Store Fee" });
  await expect(form).toBeVisible();
  await checkA11y();

  await form.getByLabel("Store", { exact: true }).selectOption({ label: `${storeName} · Street Store` });
  await expect(form.getByLabel("Channel", { exact: true })).toHaveValue("");
  await form.getByLabel("Percentage of the sale").fill("2,555");
  await form.getByLabel("Fixed fee per transaction").fill("1.000,50");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("Use at most 2 decimals")).toBeVisible();
  await expect(form.getByText("Use dots for thousands only, e.g. 1.250.000 (no spaces, and dots and commas not mixed)")).toBeVisible();
  await expect(form.getByLabel("Percentage of the sale")).toHaveValue("2,555");

  await form.getByLabel("Percentage of the sale").fill("12,5");
  await form.getByLabel("Fixed fee per transaction").fill("1.500");
  await form.getByLabel("Note (optional)").fill("Sewa konsinyasi");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toContainText("Store fee added");
  await expect(form).toBeHidden();
  const stored = await queryOne<{ id: number; percent_bp: number; fixed_amount: number }>(
    "SELECT f.id, f.percent_bp, f.fixed_amount::int AS fixed_amount FROM store_fees f JOIN stores s ON s.id = f.store_id WHERE s.name = $1", [storeName]);
  expect([stored.percent_bp, stored.fixed_amount]).toEqual([1250, 1500]);

  await page.goto(`/profile/store-fee?search=${encodeURIComponent(storeName)}`);
  const row = page.getByRole("row").filter({ hasText: storeName });
  await expect(row).toContainText("All channels");
  await expect(row).toContainText("12.5%");
  await expect(row).toContainText("Rp. 1.500");
  await checkA11y();

  await row.getByRole("link", { name: `Edit ${storeName} · All channels` }).click();
  const edit = page.getByRole("region", { name: `Edit store fee: ${storeName} · All channels` });
  await expect(edit.getByLabel("Percentage of the sale")).toHaveValue("12.5");
  await expect(edit.getByLabel("Fixed fee per transaction")).toHaveValue("1.500");
  await edit.getByLabel("Percentage of the sale").fill("10");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toContainText("Store fee saved");
  await expect(row).toContainText("10%");

  // The Indonesian list writes the percentage the Indonesian way.
  await page.goto(`/id/profile/store-fee?search=${encodeURIComponent(storeName)}`);
  await expect(page.getByRole("row").filter({ hasText: storeName })).toContainText("10 %");
  await checkA11y();

  await page.goto(`/profile/store-fee?search=${encodeURIComponent(storeName)}`);
  await row.getByRole("button", { name: `Delete ${storeName} · All channels` }).click();
  const ask = javaScriptEnabled ? page.getByRole("dialog", { name: "Delete this store fee?" }) : page.getByRole("alertdialog", { name: "Delete this store fee?" });
  await expect(ask).toContainText(`${storeName} · All channels`);
  await ask.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.getByRole("status")).toContainText("Store fee deleted");
  await expect(page.getByText("Empty Table Now")).toBeVisible();
  const gone = await queryOne<{ n: number }>("SELECT count(*)::int AS n FROM store_fees WHERE id = $1", [stored.id]);
  expect(gone.n).toBe(0);
});
