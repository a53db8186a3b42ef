/**
 * What the order journeys share (order-detail, order-journey and orders-list): unique ids, Toko
 * Demo's channels and products made straight in the e2e database, the stock of a variant, and the
 * order page's status and "Next step" buttons.
 */
import type { Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { webhookSecret } from "#core/orders/webhook-signing.ts";
import { queryOne } from "./db.ts";
import { E2E_PG_DATA_DIR } from "./env.ts";
import { expect } from "./fixtures.ts";

/** A short id no other journey running at the same time has, for names, SKUs and codes. */
export const uid = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();

/** The server secret the e2e server signs with (core/lib/secret.ts): SESSION_SECRET, else the file next to its database. */
export function serverSecret() {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  return fs.readFileSync(path.join(path.dirname(path.resolve(E2E_PG_DATA_DIR)), "session-secret"), "utf8").trim();
}

/** Where an order of a channel takes its stock: the channel's store, else the default warehouse. */
export type StockPlace = { storeId: number | null; warehouseId: number | null };
export type Channel = StockPlace & { id: number; code: string; name: string; secret: string };

/**
 * Toko Demo's first active shop on `platform` (e.g. "TKP", "IDM"), its webhook code and secret, and
 * where its courier orders take their stock (as the intake chooses).
 */
export async function channel(platform: string): Promise<Channel> {
  const ch = await queryOne<Omit<Channel, "secret">>(`
    WITH biz AS (SELECT id FROM businesses WHERE name = 'Toko Demo' ORDER BY id LIMIT 1),
         ch AS (SELECT c.id, lower(c.platform_code) || '-' || c.id AS code, c.name FROM channels c, biz
                 WHERE c.business_id = biz.id AND c.status = 1 AND c.platform_code = $1 ORDER BY c.id LIMIT 1)
    SELECT ch.id, ch.code, ch.name,
           (SELECT s.id FROM store_channels sc JOIN stores s ON s.id = sc.store_id WHERE sc.channel_id = ch.id AND s.status = 1 ORDER BY s.id LIMIT 1) AS "storeId",
           (SELECT w.id FROM warehouses w, biz WHERE w.business_id = biz.id AND w.is_default) AS "warehouseId"
      FROM ch`,
  [platform]);
  return { ...ch, secret: webhookSecret(ch.code, serverSecret()) };
}

/** A published product of Toko Demo (one variant, SKU `<sku>-M`) with `stock` pieces where the channel's orders are served from. */
export async function makeProduct(name: string, sku: string, stock: number, at: StockPlace): Promise<{ variantId: number }> {
  const [storeId, warehouseId] = at.storeId ? [at.storeId, null] : [null, at.warehouseId];
  return queryOne(`
    WITH biz AS (SELECT id FROM businesses WHERE name = 'Toko Demo' ORDER BY id LIMIT 1),
         p AS (INSERT INTO products (business_id, name, sku, status, category_id, price_min, price_max, on_hand, available)
               SELECT biz.id, $1, $2, 'published', 10203, 85000, 85000, $3, $3 FROM biz RETURNING id, business_id),
         v AS (INSERT INTO product_variants (business_id, product_id, sku, size_name, price)
               SELECT p.business_id, p.id, $2 || '-M', 'M', 85000 FROM p RETURNING id, product_id, business_id),
         l AS (INSERT INTO stock_levels (business_id, product_id, variant_id, store_id, warehouse_id, on_hand)
               SELECT v.business_id, v.product_id, v.id, $4::int, $5::int, $3 FROM v RETURNING *),
         m AS (INSERT INTO stock_movements (business_id, stock_level_id, product_id, variant_id, store_id, warehouse_id, on_hand_before,
                                            on_hand_after, reserved_before, reserved_after, reason, note)
               SELECT l.business_id, l.id, l.product_id, l.variant_id, l.store_id, l.warehouse_id, 0, l.on_hand, 0, 0, 'initial', 'Stok awal' FROM l)
    SELECT l.variant_id AS "variantId" FROM l`,
  [name, sku, stock, storeId, warehouseId]);
}

/** On hand and reserved of a variant, summed over all its levels. */
export const stockOf = (variantId: number) => queryOne<{ onHand: number; reserved: number }>(
  `SELECT coalesce(sum(on_hand), 0)::int AS "onHand", coalesce(sum(reserved), 0)::int AS reserved FROM stock_levels WHERE variant_id = $1`,
  [variantId]);

/** Waits until React handles the page's forms (a click before that would be a plain POST). */
export async function hydrated(page: Page, js: boolean) {
  if (!js) return;
  await page.waitForFunction(() => {
    const form = document.querySelector("main form");
    return Boolean(form && Object.keys(form).some((k) => k.startsWith("__reactProps")));
  });
}

/** The status shown next to the order's code on its page. */
export const statusOf = (page: Page) => page.getByRole("main").locator("header").first();

/** Presses one of the order page's "Next step" buttons (`region` in another language) and waits for its notice. */
export async function act(page: Page, js: boolean, button: string, notice: string, region = "Next step") {
  await page.getByRole("region", { name: region }).getByRole("button", { name: button, exact: true }).click();
  await expect(page.getByRole("status")).toContainText(notice);
  await hydrated(page, js);
}
