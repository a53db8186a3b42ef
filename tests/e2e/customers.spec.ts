/**
 * The customer centre (issue 17 item 5): a buyer orders twice through the simulator, the second
 * time with the phone written another way; the seller opens the customer from the order page and
 * sees one customer with both orders and their lifetime value, tags them, and finds them in the
 * list by the phone as typed. The @core journey runs again with JavaScript off; the pages fit a
 * 390 px phone and have their Indonesian texts under /id.
 */
import { sendOneOrder } from "#scripts/simulate-orders.ts";
import { queryOne } from "./db.ts";
import { E2E_PORT } from "./env.ts";
import { authFile, expect, test } from "./fixtures.ts";
import { channel, makeProduct, uid } from "./orders.ts";
import { formatRupiah } from "#core/lib/format.ts";

test.use({ storageState: authFile("seller") });
const APP = `http://localhost:${E2E_PORT}`;

const fitsPhone = async (page: import("@playwright/test").Page) => {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), new URL(page.url()).pathname).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
};

test("find a customer from an order, see their lifetime value, tag them and find them by phone @core", async ({ page, checkA11y }) => {
  test.setTimeout(120_000);
  const id = uid();
  const ch = await channel("TKP");
  const sku = `CU${id}`;
  await makeProduct(`Kain Tenun ${id}`, sku, 10, ch);
  const digits = String(Date.now()).slice(-8);
  const name = `Wulan ${id}`;
  const orders = [];
  for (const phone of [`0813${digits}`, `+62 813-${digits.slice(0, 4)}-${digits.slice(4)}`]) {
    const sent = await sendOneOrder(APP, ch, { skus: [{ sku: `${sku}-M` }] }, {
      paid: true, items: [{ sku: `${sku}-M`, quantity: 1 }], customer: { name, phone, email: null }, shipping_cost: 0, discount: 0,
      delivery_method: "courier", pickup_store_id: null,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    orders.push(sent.body.data!.sys_order_id!);
  }
  const { total } = await queryOne<{ total: string }>(`SELECT sum(total_amount)::text AS total FROM orders WHERE id = ANY($1::int[])`, [orders]);

  await page.goto(`/orders/${orders[1]}`);
  await page.getByRole("region", { name: "Customer" }).getByRole("link", { name: "Customer's page: all their orders" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText(formatRupiah(Number(total)), { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("table", { name: "Orders" }).getByRole("row")).toHaveCount(3); // header + 2 orders
  await expect(page.getByText(`+62813${digits}`).first()).toBeVisible();
  await checkA11y();
  await fitsPhone(page);

  await page.getByRole("textbox", { name: "Tags", exact: true }).fill("vip, langganan");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Customer saved" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Tags", exact: true })).toHaveValue("vip, langganan");

  await page.goto("/customer/data");
  await page.getByRole("search").getByLabel("Search").fill(`0813${digits.slice(0, 5)}`);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("link", { name })).toBeVisible();
  await page.getByRole("search").getByLabel("Tag").fill("langganan");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("link", { name })).toBeVisible();
  await checkA11y();
  await fitsPhone(page);
});

test("the customer pages in Indonesian, under /id", async ({ page, checkA11y }) => {
  await page.goto("/id/customer/data");
  await expect(page.getByRole("heading", { level: 1, name: /^Pelanggan/ })).toBeVisible();
  await page.getByRole("table", { name: "Pelanggan" }).getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 2, name: "HP dan e-mail" })).toBeVisible();
  await checkA11y();
  await page.goto("/id/customer/performance");
  await expect(page.getByRole("heading", { level: 1, name: "Performa pelanggan" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Segmen" })).toBeVisible();
  await checkA11y();
  await fitsPhone(page);
});
