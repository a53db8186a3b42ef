/**
 * The orders list (issue 5): orders come in the way a channel sends them (the signed webhook), a
 * seller finds them by search, follows them across the tabs and stages with their counts, accepts
 * two at once from the bulk bar, moves one on with its row's button and sends ticked orders to
 * print — with and without JavaScript (@core runs both) — and, with JavaScript, sees a new order
 * pop up as it arrives while the list and the counts follow by themselves. Also the list under /id.
 *
 * Journeys run in parallel on one database: each makes its own product (with stock where the
 * channel takes its orders from) and its own orders, found by a unique customer name, and never
 * relies on totals.
 */
import { createHmac } from "node:crypto";
import type { Page } from "@playwright/test";
import { queryOne } from "./db.ts";
import { authFile, expect, test } from "./fixtures.ts";
import { type Channel, channel as channelOn, hydrated, makeProduct, uid } from "./orders.ts";

test.use({ storageState: authFile("seller") });

/** An active channel of Toko Demo (its Indie Marketplace shop), and where its orders take their stock. */
const channel = () => channelOn("IDM");

/** Delivers one event as the channel would: signed with the channel's secret (core/orders/webhooks.ts). */
async function deliver(page: Page, ch: Channel, event: { type: string; data: Record<string, unknown> }) {
  const body = JSON.stringify({ id: `${event.type}-${uid()}`, ...event });
  const signature = `sha256=${createHmac("sha256", ch.secret).update(body, "utf8").digest("hex")}`;
  const res = await page.request.post(`/api/webhooks/channels/${ch.code}/orders`, {
    data: body, headers: { "Content-Type": "application/json", "X-Indie-Signature": signature },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()).data as { sys_order_id: number; order_id: string; status: string };
}

const newOrder = (channelOrderId: string, customer: string, sku: string, paid: boolean) => ({
  type: "order.created",
  data: {
    order_id: channelOrderId,
    customer: { name: customer, phone: "+6281200001111" },
    shipping: { address: "Jl. Braga No. 10", city: "Bandung", province: "Jawa Barat", postcode: "40111" },
    courier: { code: "jne", service: "REG" },
    paid,
    items: [{ sku: `${sku}-M`, quantity: 1 }],
    shipping_cost: 12000,
  },
});

async function search(page: Page, text: string, apply = "Apply") {
  await page.getByRole("search").getByRole("searchbox").fill(text);
  await page.getByRole("search").getByRole("button", { name: apply, exact: true }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get("search")).toBe(text);
}

const statusOf = async (id: number) => (await queryOne<{ status: string }>("SELECT status FROM orders WHERE id = $1", [id])).status;

test("finds new orders, accepts two at once, moves one on with its row button and prints the ticked @core", async ({ page, checkA11y }) => {
  test.setTimeout(90_000);
  const id = uid();
  const ch = await channel();
  await makeProduct(`Kemeja Uji ${id}`, `OL${id}`, 10, ch);
  const customer = `Pelanggan ${id}`;
  const a = await deliver(page, ch, newOrder(`A-${id}`, `${customer} Satu`, `OL${id}`, true));
  const b = await deliver(page, ch, newOrder(`B-${id}`, `${customer} Dua`, `OL${id}`, true));

  await page.goto("/orders");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/^Orders \(/);
  await checkA11y();

  // The customer's name finds both; the tabs count what the search finds.
  await search(page, customer);
  const table = page.getByRole("table", { name: "Orders" });
  await expect(table.getByRole("link", { name: a.order_id, exact: true })).toBeVisible();
  await expect(table.getByRole("link", { name: b.order_id, exact: true })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Order status" });
  await expect(tabs.getByRole("link", { name: /^All\s*2$/ })).toBeVisible();
  await tabs.getByRole("link", { name: /^Waiting Approval\s*2$/ }).click();
  await expect(page).toHaveURL(/tab=waiting-approval/);
  // The order id from its start finds one.
  await search(page, a.order_id);
  await expect(table.getByRole("link", { name: a.order_id, exact: true })).toBeVisible();
  await expect(table.getByRole("link", { name: b.order_id, exact: true })).toBeHidden();
  await search(page, customer);

  // Tick both, accept them from the bulk bar.
  await page.getByRole("checkbox", { name: `Select ${a.order_id}` }).check();
  await page.getByRole("checkbox", { name: `Select ${b.order_id}` }).check();
  const bulk = page.getByRole("form", { name: "For the ticked orders" });
  await bulk.getByLabel("For the ticked orders").selectOption({ label: "Accept" });
  await bulk.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("status")).toContainText("2 orders accepted.");
  expect(await statusOf(a.sys_order_id)).toBe("wait-to-prepare");
  expect(await statusOf(b.sys_order_id)).toBe("wait-to-prepare");
  // Their stock is held for them.
  const held = await queryOne<{ reserved: number }>(
    "SELECT sum(reserved)::int AS reserved FROM stock_levels l JOIN product_variants v ON v.id = l.variant_id WHERE v.sku = $1", [`OL${id}-M`]);
  expect(held.reserved).toBe(2);

  // They moved to Process Order, stage Prepare; one goes on with its own button.
  await expect(tabs.getByRole("link", { name: /^Waiting Approval\s*0$/ })).toBeVisible();
  await tabs.getByRole("link", { name: /^Process Order\s*2$/ }).click();
  const stages = page.getByRole("navigation", { name: "Process stage" });
  await stages.getByRole("link", { name: /^Prepare\s*2$/ }).click();
  await expect(page).toHaveURL(/stage=prepare/);
  await page.getByRole("button", { name: `Prepare: ${a.order_id}` }).click();
  await expect(page.getByRole("status")).toContainText("1 order being prepared.");
  expect(await statusOf(a.sys_order_id)).toBe("preparing");
  await expect(page.getByRole("button", { name: `Done preparing: ${a.order_id}` })).toBeVisible();
  await checkA11y();

  // Printing the ticked ones opens the print page with their ids.
  await page.getByRole("checkbox", { name: `Select ${b.order_id}` }).check();
  await bulk.getByLabel("For the ticked orders").selectOption({ label: "Print invoice" });
  await bulk.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/print-invoice\\?ids=${b.sys_order_id}$`));
});

test("filters by channel, date and courier, and says when nothing matches @core", async ({ page, javaScriptEnabled }) => {
  const id = uid();
  const ch = await channel();
  await makeProduct(`Celana Uji ${id}`, `OF${id}`, 5, ch);
  const o = await deliver(page, ch, newOrder(`F-${id}`, `Pembeli ${id}`, `OF${id}`, false));

  await page.goto(`/orders?search=${encodeURIComponent(`Pembeli ${id}`)}`);
  const table = page.getByRole("table", { name: "Orders" });
  await expect(table.getByRole("link", { name: o.order_id })).toBeVisible();
  // A chosen option applies at once only once the page's JavaScript has taken over (before, Apply does).
  await hydrated(page, javaScriptEnabled);
  const filters = page.getByRole("search");
  const apply = () => filters.getByRole("button", { name: "Apply", exact: true }).click();
  // With JavaScript a chosen option applies at once; without, Apply sends them all.
  const choose = async (label: string, option: string, inUrl: RegExp) => {
    await filters.getByLabel(label, { exact: true }).selectOption({ label: option });
    if (javaScriptEnabled) await expect(page).toHaveURL(inUrl);
  };
  await choose("Channel", ch.name, new RegExp(`channel_id=${ch.id}`));
  await choose("Date", "Today", /date=today/);
  await choose("Courier", "JNE", /courier=jne/);
  await apply();
  await expect(page).toHaveURL(/date=today/);
  await expect(page).toHaveURL(/courier=jne/);
  await expect(table.getByRole("link", { name: o.order_id })).toBeVisible();

  // Set Date asks for the days; yesterday alone finds nothing of today's.
  await choose("Date", "Set Date", /date=custom/);
  if (!javaScriptEnabled) await apply();
  const yesterday = new Date(Date.now() + 7 * 3600_000 - 86400_000).toISOString().slice(0, 10);
  await filters.getByLabel("From", { exact: true }).fill(yesterday);
  await filters.getByLabel("To", { exact: true }).fill(yesterday);
  await apply();
  await expect(page).toHaveURL(new RegExp(`date_from=${yesterday}`));
  await expect(page.getByRole("heading", { name: "No orders match" })).toBeVisible();
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).not.toHaveURL(/date=/);
  await expect(table).toBeVisible();
});

test("pages through the list by keyset: next, previous and back to the first @core", async ({ page }) => {
  await page.goto("/orders?limit=10");
  const links = page.getByRole("table", { name: "Orders" }).getByRole("link");
  await expect(links).toHaveCount(10);
  const first = await links.first().textContent();
  const tenth = await links.last().textContent();
  const pages = page.getByRole("navigation", { name: "Pages" });
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/cursor=/);
  await expect(links).toHaveCount(10);
  await expect(links.first()).not.toHaveText(first!);
  // Page two starts right after page one ended.
  const afterTenth = await links.first().textContent();
  await pages.getByRole("link", { name: "Previous" }).click();
  await expect(links.last()).toHaveText(tenth!);
  await expect(links.first()).toHaveText(first!);
  expect(afterTenth).not.toBe(tenth);
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(links.first()).toHaveText(afterTenth!);
  await pages.getByRole("link", { name: "First" }).click();
  await expect(page).not.toHaveURL(/cursor=/);
});

test("a new order pops up as it arrives, and the list and its counts follow without a reload", async ({ page }) => {
  test.setTimeout(60_000);
  const id = uid();
  const ch = await channel();
  await makeProduct(`Rok Uji ${id}`, `OR${id}`, 5, ch);
  const customer = `Tamu ${id}`;

  await page.goto(`/orders?search=${encodeURIComponent(customer)}`);
  await expect(page.getByRole("heading", { name: "No orders match" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Live updates: on" })).toBeAttached();

  const o = await deliver(page, ch, newOrder(`R-${id}`, customer, `OR${id}`, false));
  const notice = page.getByText(`You have new order on ${ch.name} with Order ID ${o.order_id}`);
  await expect(notice).toBeVisible({ timeout: 3_000 });
  const tabs = page.getByRole("navigation", { name: "Order status" });
  const table = page.getByRole("table", { name: "Orders" });
  await expect(table.getByRole("link", { name: o.order_id })).toBeVisible();
  await expect(tabs.getByRole("link", { name: /^Waiting Payment\s*1$/ })).toBeVisible();

  // The payment comes in: the order moves tab on every open list.
  await deliver(page, ch, { type: "order.paid", data: { order_id: `R-${id}` } });
  await expect(tabs.getByRole("link", { name: /^Waiting Approval\s*1$/ })).toBeVisible();
  await expect(tabs.getByRole("link", { name: /^Waiting Payment\s*0$/ })).toBeVisible();
  await expect(table.getByRole("button", { name: `Accept: ${o.order_id}` })).toBeVisible();

  // The notice goes by itself after 7 s; a second order's notice opens its page.
  await expect(notice).toBeHidden({ timeout: 9_000 });
  const second = await deliver(page, ch, newOrder(`S-${id}`, customer, `OR${id}`, true));
  // Its own notice (another test's order may announce itself at the same time).
  await page.locator("div").filter({ has: page.getByText(`with Order ID ${second.order_id}`, { exact: false }) })
    .filter({ has: page.getByRole("link", { name: "View Order Page" }) }).last()
    .getByRole("link", { name: "View Order Page" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${second.sys_order_id}$`));
});

test("the list in Indonesian under /id @core", async ({ page, checkA11y }) => {
  const id = uid();
  const ch = await channel();
  await makeProduct(`Batik Uji ${id}`, `OI${id}`, 5, ch);
  const o = await deliver(page, ch, newOrder(`I-${id}`, `Ibu ${id}`, `OI${id}`, false));

  await page.goto("/id/orders");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/^Pesanan \(/);
  await search(page, `Ibu ${id}`, "Terapkan");
  const tabs = page.getByRole("navigation", { name: "Status pesanan" });
  await expect(tabs.getByRole("link", { name: /^Menunggu Pembayaran\s*1$/ })).toBeVisible();
  const table = page.getByRole("table", { name: "Pesanan" });
  await expect(table.getByText("Menunggu Pembayaran")).toBeVisible();
  await expect(table.getByRole("link", { name: o.order_id })).toHaveAttribute("href", `/id/orders/${o.sys_order_id}`);
  await checkA11y();
});

test("an order's link and the sidebar's links open their page in the app with JavaScript, as plain links without @core", async ({ page, javaScriptEnabled: js }) => {
  await page.goto("/orders");
  await hydrated(page, js);
  // A mark on the window survives a navigation in the app, not a page load.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  const stayed = () => page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true);

  const first = page.getByRole("table", { name: "Orders" }).getByRole("row").nth(1).getByRole("link");
  const code = (await first.textContent())!;
  await first.click();
  await expect(page.getByRole("heading", { name: code })).toBeVisible();
  expect(await stayed()).toBe(js);

  const sidebar = page.getByRole("navigation", { name: "Main menu" });
  await sidebar.getByRole("link", { name: "Dashboard", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(sidebar.getByRole("link", { name: "Dashboard", exact: true })).toHaveAttribute("aria-current", "page");
  expect(await stayed()).toBe(js);
  // Back returns to the order, as after any link.
  await page.goBack();
  await expect(page.getByRole("heading", { name: code })).toBeVisible();
});
