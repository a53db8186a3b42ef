/**
 * Promotions (issue 16): a seller makes a flash sale for two products on their Tokopedia shop with
 * a quota of two orders; the platform's demo approval and the clock make it On Going; an order from
 * the simulator gets the flash price and its page shows the regular price and the promotion; the
 * second order takes the last of the quota and the promotion is Empty, in Indonesian too. The @core
 * journey runs again with JavaScript off (the form's kind fields are CSS, the confirm step a page).
 *
 * Journeys run in parallel on one database: each makes its own products and promotion.
 */
import { sendOneOrder } from "#scripts/simulate-orders.ts";
import { queryOne } from "./db.ts";
import { E2E_PORT } from "./env.ts";
import { authFile, expect, test } from "./fixtures.ts";
import { channel, hydrated, makeProduct, uid } from "./orders.ts";

test.use({ storageState: authFile("seller") });

const APP = `http://localhost:${E2E_PORT}`;
/** Now + minutes as the form's WIB "YYYY-MM-DDTHH:mm". */
const wib = (minutes: number) => new Date(Date.now() + 7 * 3600_000 + minutes * 60_000).toISOString().slice(0, 16);

test("a flash sale runs, prices a simulator order and runs out of quota @core", async ({ page, checkA11y, javaScriptEnabled }) => {
  test.setTimeout(120_000);
  const tokopedia = await channel("TKP");
  const tag = uid();
  const skus = [`FS-${tag}-A`, `FS-${tag}-B`];
  for (const sku of skus) await makeProduct(`Kaos Flash ${sku}`, sku, 20, tokopedia);
  const name = `Flash Sale ${tag}`;

  await page.goto("/promotions/create");
  await hydrated(page, javaScriptEnabled);
  await checkA11y();
  await page.getByLabel("Promotion name").fill(name);
  await page.getByRole("radio", { name: /^Discount Time/ }).check();
  await page.getByRole("radio", { name: "Amount", exact: true }).check();
  await page.getByLabel("Discount (Rp)").fill("15.000");
  await page.getByLabel("Starts").fill(wib(-1));
  await page.getByLabel("Ends").fill(wib(120));
  await page.getByLabel("Quota (orders) (optional)").fill("2");
  await page.getByLabel("Promo stock (units) (optional)").fill("10");
  await page.getByLabel("Variants (optional)").fill(skus.map((s) => `${s}-M`).join("\n"));
  await page.getByRole("checkbox", { name: tokopedia.name }).check();
  // Fields of other kinds are out of the way.
  await expect(page.getByLabel("Buy (units)")).toBeHidden();
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Promotion created");
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByText("In Moderation", { exact: true })).toBeVisible();

  // The demo platform approves it within seconds, and it has started: On Going.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText("On Going", { exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await checkA11y();

  // An order from the simulator on that shop gets 15.000 off each unit.
  const order = async () => {
    const items = [{ sku: `${skus[0]}-M`, quantity: 1 }, { sku: `${skus[1]}-M`, quantity: 2 }];
    const sent = await sendOneOrder(APP, tokopedia, { skus: items.map((i) => ({ sku: i.sku, price: 85_000, available: 20 })) }, { paid: true, items });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    return sent.body.data!.sys_order_id!;
  };
  const first = await order();
  await page.goto(`/orders/${first}`);
  const items = page.getByRole("region", { name: "Products" }).or(page.locator("section[aria-labelledby=order-items]"));
  await expect(items.getByText("2 × Rp. 70.000")).toBeVisible();
  await expect(items.getByText("Regular price Rp. 85.000").first()).toBeVisible();
  await expect(items.getByText(`Discount Time: ${name}`).first()).toBeVisible();
  const saved = await queryOne<{ total_amount: string; discount: string }>("SELECT total_amount, discount FROM orders WHERE id = $1", [first]);
  expect(Number(saved.total_amount) - Number(saved.discount)).toBeGreaterThan(0);

  // The second order takes the last use of the quota: Empty, and the third pays the regular price.
  await order();
  const id = (await queryOne<{ id: number }>("SELECT id FROM promotions WHERE name = $1", [name])).id;
  await page.goto(`/promotions/detail/${id}`);
  await expect(page.getByText("Empty", { exact: true })).toBeVisible();
  await expect(page.getByRole("table", { name: "Orders that got it" }).getByRole("row")).toHaveCount(3);
  const third = await order();
  const line = await queryOne<{ price: string }>("SELECT price FROM order_items WHERE order_id = $1 ORDER BY id LIMIT 1", [third]);
  expect(Number(line.price)).toBe(85_000);

  // In Indonesian.
  await page.goto(`/id/promotions/detail/${id}`);
  await expect(page.getByText("Habis", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Kinerja" })).toBeVisible();
});

test("a promotion that has not started is cancelled from the list, asked first @core", async ({ page, javaScriptEnabled }) => {
  const name = `Gratis Ongkir ${uid()}`;
  await page.goto("/id/promotions/create");
  await hydrated(page, javaScriptEnabled);
  await page.getByLabel("Nama promosi").fill(name);
  await page.getByRole("radio", { name: /^Pengiriman/ }).check();
  await page.getByLabel("Gratis ongkir sampai (Rp)").fill("20.000");
  await page.getByLabel("Mulai").fill(wib(600));
  await page.getByLabel("Berakhir").fill(wib(1200));
  await page.getByRole("button", { name: "Buat", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Promosi dibuat");

  await page.goto(`/id/promotions/listing?search=${encodeURIComponent(name)}`);
  const row = page.getByRole("row").filter({ hasText: name });
  await row.getByRole("button", { name: "Batalkan promosi" }).click();
  const ask = javaScriptEnabled ? page.getByRole("dialog") : page.getByRole("alertdialog");
  await ask.getByRole("button", { name: "Batalkan promosi" }).click();
  await expect(page.getByRole("status")).toContainText("Promosi dibatalkan");
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("Dibatalkan");
});
