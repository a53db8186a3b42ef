/**
 * Broadcasts (issue 17 item 6): the seller tags three customers (a fourth with the tag opted out),
 * makes a broadcast to that tag — checks the audience (3 to send, 1 skipped) and the preview with
 * the first name filled — sends it, and sees each recipient's status and the delivery log, the
 * opted-out customer shown as skipped. The @core journey runs again with JavaScript off; the pages
 * fit a 390 px phone and have their Indonesian texts under /id.
 */
import { query } from "./db.ts";
import { authFile, expect, test } from "./fixtures.ts";
import { uid } from "./orders.ts";

test.use({ storageState: authFile("seller") });

const fitsPhone = async (page: import("@playwright/test").Page) => {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), new URL(page.url()).pathname).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
};

/** Customers of Toko Demo with `tag`; the last one opted out. */
async function tagged(tag: string, names: string[]) {
  const digits = String(Date.now()).slice(-7);
  await query(`
    INSERT INTO customers (business_id, name, phone, tags, opt_out)
    SELECT (SELECT id FROM businesses WHERE name = 'Toko Demo' ORDER BY id LIMIT 1), n, '+62812' || $2 || i, ARRAY[$1], i = $3
      FROM unnest($4::text[]) WITH ORDINALITY AS x(n, i)`, [tag, digits, names.length, names]);
}

test("send a broadcast to a tag of three customers and read its delivery log; the opted-out one is skipped @core", async ({ page, checkA11y }) => {
  test.setTimeout(120_000);
  const id = uid();
  const tag = `bc${id}`.toLowerCase().slice(0, 30);
  const names = [`Ayu ${id}`, `Bima ${id}`, `Citra ${id}`, `Dodi ${id}`];
  await tagged(tag, names);

  await page.goto("/customer-broadcast");
  await expect(page.getByRole("heading", { level: 1, name: "Broadcasts" })).toBeVisible();
  await page.getByRole("link", { name: "New broadcast" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "New broadcast" })).toBeVisible();
  // From the customer list: the broadcast form takes the list's filters.
  await page.goto(`/customer/data?tag=${tag}`);
  await expect(page.getByRole("link", { name: names[0] })).toBeVisible();
  await page.getByRole("link", { name: "Broadcast to these customers" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New broadcast" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Tag", exact: true })).toHaveValue(tag);
  await page.getByLabel("Broadcast name").fill(`Promo ${id}`);
  await page.getByRole("radio", { name: "WhatsApp" }).check();
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Halo {first_name}, ada promo di {store}!");
  await page.getByRole("button", { name: "Check audience and preview" }).click();
  await expect(page.getByTestId("broadcast-count")).toHaveText("3 customers will get this message");
  await expect(page.getByText("opted out (skipped): 1")).toBeVisible();
  await expect(page.getByTestId("broadcast-preview")).toHaveText("Halo Ayu, ada promo di Toko Demo!");
  await checkA11y();
  await fitsPhone(page);

  await page.getByRole("button", { name: "Send to 3 customers" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Promo ${id}` })).toBeVisible();
  // The job sends in the background; the page refreshes itself (without JavaScript: reload).
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("broadcast-sent")).toHaveText("3", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId("broadcast-skipped")).toHaveText("1");
  const log = page.getByRole("table", { name: "Delivery log" });
  for (const n of names.slice(0, 3)) await expect(log.getByRole("row").filter({ hasText: n })).toContainText("Sent");
  await expect(log.getByRole("row").filter({ hasText: names[3] })).toContainText("Skipped: opted out");
  await checkA11y();
  await fitsPhone(page);

  // The log by status, in the URL.
  await page.getByLabel("Recipient status").selectOption("skipped_opt_out");
  // With JavaScript a changed select applies at once; without, Apply does.
  if (test.info().project.name === "no-js") await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/status=skipped_opt_out/);
  await expect(page.getByRole("table", { name: "Delivery log" }).getByRole("row")).toHaveCount(2);

  await page.goto(`/customer-broadcast?search=${encodeURIComponent(`Promo ${id}`)}`);
  await expect(page.getByRole("link", { name: `Promo ${id}` })).toBeVisible();
  await checkA11y();
  await fitsPhone(page);
});

test("a scheduled broadcast is cancelled after asking", async ({ page }) => {
  const id = uid();
  const tag = `bs${id}`.toLowerCase().slice(0, 30);
  await tagged(tag, [`Eko ${id}`, `Fani ${id}`]);
  await page.goto(`/customer-broadcast/add-broadcast?tag=${tag}`);
  await page.getByLabel("Broadcast name").fill(`Later ${id}`);
  await page.getByRole("radio", { name: "SMS" }).check();
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Hi {name}");
  await page.getByRole("radio", { name: "Send later (WIB)" }).check();
  await page.getByLabel("Send at (WIB)").fill("2099-01-01T10:00");
  await page.getByRole("button", { name: "Check audience and preview" }).click();
  await page.getByRole("button", { name: "Schedule for 1 customer" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Later ${id}` })).toBeVisible();
  await expect(page.getByText("Scheduled", { exact: true }).first()).toBeVisible();
  await page.getByRole("button", { name: "Cancel broadcast" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel broadcast" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Broadcast cancelled" })).toBeVisible();
  await expect(page.getByText("Cancelled", { exact: true }).first()).toBeVisible();
});

test("an unknown placeholder is an error next to the message, with what was typed kept", async ({ page }) => {
  await page.goto("/customer-broadcast/add-broadcast");
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Halo {nama}");
  await page.getByRole("button", { name: "Check audience and preview" }).click();
  await expect(page.getByText(/Unknown placeholder/)).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("Halo {nama}");
});

test("the broadcast pages in Indonesian, under /id", async ({ page, checkA11y }) => {
  await page.goto("/id/customer-broadcast");
  await expect(page.getByRole("heading", { level: 1, name: "Siaran" })).toBeVisible();
  await checkA11y();
  await page.goto("/id/customer-broadcast/add-broadcast");
  await expect(page.getByRole("heading", { level: 1, name: "Siaran baru" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Periksa penerima dan pratinjau" })).toBeVisible();
  await checkA11y();
  await fitsPhone(page);
});
