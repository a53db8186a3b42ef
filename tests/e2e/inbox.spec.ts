/**
 * The inbox (issue 17): a buyer's question comes in from a shop (signed, as the channel sends it)
 * and the seller answers it from /inbox/discussion; a buyer's 2-star review of an order comes in
 * and the seller replies publicly, adds an internal note and rates the buyer from /inbox/review;
 * the catalogue shows the product's stars; the question journey again in Indonesian under /id.
 * The @core journeys run again with JavaScript off (plain forms).
 *
 * Journeys run in parallel on one database: each makes its own product, order and messages.
 */
import { sendOneOrder } from "#scripts/simulate-orders.ts";
import { signBody } from "#core/orders/webhook-signing.ts";
import { E2E_PORT } from "./env.ts";
import { authFile, expect, test } from "./fixtures.ts";
import { channel, hydrated, makeProduct, uid, type Channel } from "./orders.ts";

test.use({ storageState: authFile("seller") });

const APP = `http://localhost:${E2E_PORT}`;

/** Delivers one inbox event as the channel does (core/inbox/webhooks.ts). */
async function inbox(ch: Channel, type: string, data: Record<string, unknown>) {
  const body = JSON.stringify({ id: `E2E-${uid()}`, type, data });
  const r = await fetch(`${APP}/api/webhooks/channels/${ch.code}/inbox`, {
    method: "POST", headers: { "Content-Type": "application/json", "X-Indie-Signature": signBody(ch.secret, body) }, body,
  });
  expect(r.status, await r.clone().text()).toBe(201);
  return ((await r.json()) as { data: { review_id: number | null; discussion_id: number | null } }).data;
}

test("a seller answers a buyer's product question @core", async ({ page, checkA11y, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  const shop = await channel("TKP");
  const tag = uid();
  const sku = `QA-${tag}`;
  await makeProduct(`Kemeja Tanya ${tag}`, sku, 5, shop);
  const question = `Kak, ukuran L untuk tinggi 175 cm muat? ${tag}`;
  await inbox(shop, "question.created", { message_id: `Q-${tag}`, sku: `${sku}-M`, text: question, buyer_name: "Rizky Maulana" });

  await page.goto(`/inbox/discussion?tab=unanswered&search=${tag}`);
  await checkA11y();
  await expect(page.getByRole("link", { name: question })).toBeVisible();
  await page.getByRole("link", { name: question }).click();
  await expect(page.getByRole("heading", { name: `Kemeja Tanya ${tag}` })).toBeVisible();
  await expect(page.getByText("Unanswered", { exact: true })).toBeVisible();
  await hydrated(page, javaScriptEnabled);
  await checkA11y();
  await page.getByLabel("Your reply").fill("Muat kak, ukuran L cocok untuk tinggi 170–180 cm.");
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByRole("status")).toContainText("Reply sent");
  await expect(page.getByText("Muat kak, ukuran L cocok untuk tinggi 170–180 cm.")).toBeVisible();
  await expect(page.getByText("Answered", { exact: true })).toBeVisible();

  // Answered: no longer in Unanswered, in Answered.
  await page.goto(`/inbox/discussion?tab=unanswered&search=${tag}`);
  await expect(page.getByRole("link", { name: question })).toHaveCount(0);
  await page.goto(`/inbox/discussion?tab=answered&search=${tag}`);
  await expect(page.getByRole("link", { name: question })).toBeVisible();
});

test("a seller replies to a low review, notes it and rates the buyer @core", async ({ page, checkA11y, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  const shop = await channel("SHP");
  const tag = uid();
  const sku = `RV-${tag}`;
  await makeProduct(`Kaos Ulasan ${tag}`, sku, 5, shop);
  const sent = await sendOneOrder(APP, shop, { skus: [{ sku: `${sku}-M` }] }, { paid: true, items: [{ sku: `${sku}-M`, quantity: 1 }] });
  expect(sent.status).toBe(201);
  const text = `Warnanya beda dengan foto ${tag}`;
  const { review_id } = await inbox(shop, "review.created", { review_id: `R-${tag}`, order_id: sent.data.order_id, sku: `${sku}-M`, rating: 2, text, buyer_name: "Dewi Anggraini" });

  await page.goto(`/inbox/review?rating=1&rating=2&replied=no&search=${tag}`);
  await checkA11y();
  await expect(page.getByText(text)).toBeVisible();
  await page.locator(`#review-${review_id}`).click();
  await expect(page.getByRole("heading", { name: `Kaos Ulasan ${tag}` })).toBeVisible();
  await hydrated(page, javaScriptEnabled);
  await checkA11y();

  await page.getByLabel("Reply", { exact: true }).fill("Mohon maaf kak, kami kirimkan penggantinya hari ini.");
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByRole("status")).toContainText("Reply saved");
  await expect(page.getByText(/Sent .* editable until/)).toBeVisible();

  await hydrated(page, javaScriptEnabled);
  await page.getByLabel("Note", { exact: true }).fill("Cek QC warna batch ini");
  await page.getByRole("button", { name: "Save note" }).click();
  await expect(page.getByRole("status")).toContainText("Note saved");
  await expect(page.getByLabel("Note", { exact: true })).toHaveValue("Cek QC warna batch ini");

  await hydrated(page, javaScriptEnabled);
  await page.getByLabel("Buyer rating").selectOption("4");
  await page.getByRole("button", { name: "Save rating" }).click();
  await expect(page.getByRole("status")).toContainText("Buyer rating saved");
  await expect(page.getByLabel("Buyer rating")).toHaveValue("4");

  // Replied now; and the catalogue shows the product's stars.
  await page.goto(`/inbox/review?replied=yes&search=${tag}`);
  await expect(page.getByText(text)).toBeVisible();
  await page.goto(`/products/listing?search=${sku}`);
  await expect(page.getByText("★ 2.0 (1)")).toBeVisible();
});

test("in Indonesian, a seller answers a question under /id", async ({ page, checkA11y, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  const shop = await channel("TKP");
  const tag = uid();
  const sku = `QID-${tag}`;
  await makeProduct(`Hijab Tanya ${tag}`, sku, 5, shop);
  const question = `Warna sage masih ada kak? ${tag}`;
  const { discussion_id } = await inbox(shop, "question.created", { message_id: `QI-${tag}`, sku: `${sku}-M`, text: question, buyer_name: "Nur Aisyah" });

  await page.goto(`/id/inbox/discussion?search=${tag}`);
  await expect(page.getByRole("heading", { name: "Diskusi" })).toBeVisible();
  await expect(page.getByRole("tab", { name: /Belum dijawab/ }).or(page.getByRole("link", { name: /Belum dijawab/ })).first()).toBeVisible();
  await page.goto(`/id/inbox/discussion/${discussion_id}`);
  await hydrated(page, javaScriptEnabled);
  await checkA11y();
  await page.getByLabel("Balasan Anda").fill("Masih ada kak, silakan diorder.");
  await page.getByRole("button", { name: "Kirim balasan" }).click();
  await expect(page.getByRole("status")).toContainText("Balasan terkirim");
  await expect(page.getByText("Sudah dijawab", { exact: true })).toBeVisible();
  // Hidden from the channel, still here, marked.
  await hydrated(page, javaScriptEnabled);
  await page.getByRole("button", { name: "Sembunyikan pertanyaan" }).click();
  await expect(page.getByRole("status")).toContainText("Disembunyikan dari channel");
  await expect(page.getByText("Pertanyaan ini disembunyikan dari channel.", { exact: false })).toBeVisible();
});
