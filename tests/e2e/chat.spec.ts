/**
 * Chat and the order inbox (issue 17 items 1 and 2): a buyer writes in through the signed chat
 * webhook (as a channel, or `npm run simulate:chat`, sends it), the seller sees it — live with
 * JavaScript, after a reload without — and answers; the answer goes out through the outbox and is
 * shown delivered. A buyer's message about an order is reachable from the order's page and links
 * back. The list again in Indonesian under /id. The @core journeys run again with JavaScript off.
 *
 * Journeys run in parallel on one database: each has its own buyer and order.
 */
import { sendOneOrder } from "#scripts/simulate-orders.ts";
import { signBody } from "#core/orders/webhook-signing.ts";
import { queryOne } from "./db.ts";
import { E2E_PORT } from "./env.ts";
import { authFile, expect, test } from "./fixtures.ts";
import { channel, hydrated, makeProduct, uid, type Channel } from "./orders.ts";

test.use({ storageState: authFile("seller") });

const APP = `http://localhost:${E2E_PORT}`;

/** A buyer's chat message, delivered as the channel does (core/chat/webhooks.ts). */
async function buyerWrites(ch: Channel, buyer: string, text: string, extra: Record<string, unknown> = {}) {
  const body = JSON.stringify({ id: `E2E-${uid()}`, type: "message.created", data: { message_id: `M-${uid()}`, buyer_id: buyer, buyer_name: buyer, text, ...extra } });
  const r = await fetch(`${APP}/api/webhooks/channels/${ch.code}/chat`, {
    method: "POST", headers: { "Content-Type": "application/json", "X-Indie-Signature": signBody(ch.secret, body) }, body,
  });
  expect(r.status, await r.clone().text()).toBe(201);
  return ((await r.json()) as { data: { conversation_id: number } }).data;
}

test("a buyer writes in, the seller sees it and answers through the outbox @core", async ({ page, context, checkA11y, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  const shop = await channel("TKP");
  const tag = uid();
  const buyer = `Rina ${tag}`;
  const { conversation_id } = await buyerWrites(shop, buyer, `Halo kak, kemeja batik ukuran M ready? ${tag}`);

  await page.goto(`/inbox/chat?show=unread&search=${encodeURIComponent(buyer)}`);
  await checkA11y();
  await expect(page.getByRole("link", { name: buyer })).toBeVisible();
  await expect(page.getByText("1 unread").first()).toBeVisible();
  await page.getByRole("link", { name: buyer }).click();
  await expect(page.getByRole("heading", { level: 1, name: buyer })).toBeVisible();
  await expect(page.getByText(`Halo kak, kemeja batik ukuran M ready? ${tag}`)).toBeVisible();
  await hydrated(page, javaScriptEnabled);
  await checkA11y();

  // The buyer writes again while the page is open: live with JavaScript, on the next load without.
  if (javaScriptEnabled) await expect(page.getByRole("img", { name: "Live updates: on" })).toBeAttached();
  await buyerWrites(shop, buyer, `Kalau warna navy ada juga? ${tag}`);
  if (!javaScriptEnabled) await page.reload();
  await expect(page.getByText(`Kalau warna navy ada juga? ${tag}`)).toBeVisible();

  await hydrated(page, javaScriptEnabled);
  const answer = `Ada kak, navy dan marun ready semua ukuran. ${tag}`;
  await page.getByLabel("Message", { exact: true }).fill(answer);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Message sent" })).toBeVisible();
  await expect(page.locator("li").filter({ hasText: answer }).getByText("Delivered")).toBeVisible();
  // A reply reads the conversation.
  await page.goto(`/inbox/chat?show=unread&search=${encodeURIComponent(buyer)}`);
  await expect(page.getByRole("link", { name: buyer })).toHaveCount(0);

  // Out through the outbox (the demo's delivery, listed on /outbox for this machine).
  const outbox = await context.newPage();
  await outbox.goto("/outbox");
  await expect(outbox.getByText(answer).first()).toBeVisible();
  await outbox.close();
  expect(conversation_id).toBeGreaterThan(0);
});

test("a buyer's message about an order is reachable from the order and back @core", async ({ page, checkA11y, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  const shop = await channel("SHP");
  const tag = uid();
  const sku = `CH-${tag}`;
  await makeProduct(`Kaos Chat ${tag}`, sku, 5, shop);
  const sent = await sendOneOrder(APP, shop, { skus: [{ sku: `${sku}-M` }] }, { paid: true, items: [{ sku: `${sku}-M`, quantity: 1 }] });
  expect(sent.status).toBe(201);
  const orderId = sent.body.data!.sys_order_id!;
  const { channelOrderId } = await queryOne<{ channelOrderId: string }>(`SELECT channel_order_id AS "channelOrderId" FROM orders WHERE id = $1`, [orderId]);
  const buyer = `Agus ${tag}`;
  const question = `Kak, pesanan saya bisa dibatalkan? ${tag}`;
  await buyerWrites(shop, buyer, question, { order_id: channelOrderId });

  await page.goto(`/orders/${orderId}`);
  const card = page.getByRole("region", { name: "Messages about this order" });
  await expect(card).toBeVisible();
  await card.getByRole("link", { name: new RegExp(buyer) }).click();
  await expect(page.getByRole("heading", { level: 1, name: buyer })).toBeVisible();
  await expect(page.getByText(question)).toBeVisible();
  await hydrated(page, javaScriptEnabled);
  await checkA11y();
  // Answer with the order's card.
  await page.getByLabel("Message", { exact: true }).fill("Bisa kak, kami proses pembatalannya.");
  await page.getByLabel("This order").check();
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Message sent" })).toBeVisible();
  await expect(page.locator("li").filter({ hasText: "Bisa kak, kami proses pembatalannya." }).getByText("Order", { exact: true })).toBeVisible();
  // Back to the order.
  await page.locator("#conversation-order").click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
  // And the order inbox lists it, linking to the order.
  await page.goto(`/inbox/order?search=${encodeURIComponent(buyer)}`);
  await checkA11y();
  await expect(page.getByRole("link", { name: buyer })).toBeVisible();
  await expect(page.getByRole("link", { name: String(sent.body.data!.order_id) }).or(page.locator(`a[href$="/orders/${orderId}"]`)).first()).toBeVisible();
});

test("in Indonesian, the chat list and a conversation under /id", async ({ page, checkA11y, javaScriptEnabled }) => {
  test.setTimeout(60_000);
  const shop = await channel("TKP");
  const tag = uid();
  const buyer = `Nur ${tag}`;
  const { conversation_id } = await buyerWrites(shop, buyer, `Bisa COD kak? ${tag}`);
  await page.goto(`/id/inbox/chat?search=${encodeURIComponent(buyer)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Chat" })).toBeVisible();
  await expect(page.getByText("1 belum dibaca").first()).toBeVisible();
  await checkA11y();
  await page.goto(`/id/inbox/chat/${conversation_id}`);
  await hydrated(page, javaScriptEnabled);
  await checkA11y();
  await page.getByLabel("Pesan", { exact: true }).fill("Bisa kak.");
  await page.getByRole("button", { name: "Kirim", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Pesan terkirim" })).toBeVisible();
  await expect(page.getByText("Terkirim", { exact: true }).first()).toBeVisible();
});
