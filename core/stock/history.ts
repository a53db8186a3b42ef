/**
 * One product's stock: its levels per location (/erp/inventory/all-inventory/:slug/stock), its low
 * stock threshold and its variants' cost (the one small form on that page), and every ledger
 * movement that made those figures (…/:slug/stock-history): who, when, why (the ledger's reason,
 * translated by the page), the reference — linked when it names an order, a count, an adjustment
 * or a transfer — and before → after of on hand and reserved. Reading only, except
 * saveStockSettings, which changes no stock (products.min_stock, product_variants.cost).
 *
 * Decisions where the spec is silent:
 * - The history pages by keyset (`before` = the last movement id shown: Newest / Older), so a
 *   product with years of sales costs the same on any page; filters: location (a warehouse includes
 *   its partitions) and reason.
 * - References: orders write their order code (the link is the order page, found by code in the
 *   business), transfers `TRF-<id>`, counts `OPN-<id>`, adjustments `ADJ-<id>` (issue 14's agreed
 *   names): each links to its page under /erp/inventory. Anything else is shown as text.
 * - The threshold and costs are Mini ERP settings of the product (privilege "erp"): where a seller
 *   looks at stock is where they set "when is it low". Each save is in the product's update
 *   history (what changed, before → after).
 */
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "#db/client.ts";
import { products, productVariants } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { NotFound, Refused } from "#core/errors.ts";
import { diff, recordHistory } from "#core/lib/history.ts";
import { MONEY_SEPARATORS, readRupiah } from "#core/lib/money.ts";
import { unix } from "#core/lib/time.ts";
import { findLocations, locationKey } from "./locations.ts";
import { atLocation, idParam, levelJson, levelLocation, locationParam, withInTransit } from "./overview.ts";
import { STOCK_REASONS } from "./stock-ledger.ts";

/** The ledger's reasons, with the ones issue 14's transfers and adjustments add. */
const blank = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());

async function productOf(db: Db | Tx, businessId: number, productId: number) {
  const [p] = await db.select({
    id: products.id, name: products.name, sku: products.sku, minStock: products.minStock, status: products.status,
    onHand: products.onHand, available: products.available,
  }).from(products).where(and(eq(products.businessId, businessId), eq(products.id, productId)));
  if (!p) throw new NotFound("api:errors.not_found");
  return p;
}

/** The product, its variants (with cost) and its levels per location, with totals. */
export async function productStock(scope: Scope, productId: number) {
  const { db, actor } = sellerScope(scope, "erp");
  const businessId = actor.member.businessId;
  const p = await productOf(db, businessId, productId);
  const variants = await db.select({
    id: productVariants.id, sku: productVariants.sku, barcode: productVariants.barcode, variantName: productVariants.variantName,
    sizeName: productVariants.sizeName, cost: productVariants.cost, price: productVariants.price,
  }).from(productVariants).where(and(eq(productVariants.businessId, businessId), eq(productVariants.productId, productId)))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  const locations = await findLocations(db, businessId);
  const names = new Map(locations.map((l) => [l.key, l.name]));
  const { rows } = await db.execute<Parameters<typeof levelJson>[0]>(sql`
    SELECT l.id, l.product_id, p.name AS product_name, p.min_stock, l.variant_id, v.sku, v.barcode, v.variant_name, v.size_name, v.cost,
           l.store_id, l.warehouse_id, l.partition_id, l.on_hand, l.reserved, l.time_modified
      FROM stock_levels l JOIN products p ON p.id = l.product_id JOIN product_variants v ON v.id = l.variant_id
     WHERE l.business_id = ${businessId} AND l.product_id = ${productId}
     ORDER BY v.position, v.id, l.store_id NULLS LAST, l.warehouse_id, l.partition_id NULLS FIRST`);
  // Levels in the order of the location list (stores, then each warehouse and its partitions).
  const order = new Map(locations.map((l, i) => [l.key, i]));
  const levels = await withInTransit(db, businessId, rows.map((r) => levelJson(r, names)));
  const variantOrder = new Map(variants.map((v, i) => [v.id, i]));
  levels.sort((a, b) => (variantOrder.get(a.variant_id)! - variantOrder.get(b.variant_id)!) || ((order.get(a.location_key) ?? 1e9) - (order.get(b.location_key) ?? 1e9)));
  const sum = (f: (l: (typeof levels)[number]) => number | null) => levels.reduce((n, l) => n + (f(l) ?? 0), 0);
  return {
    product_id: p.id,
    name: p.name,
    sku: p.sku,
    status: p.status,
    min_stock: p.minStock,
    variants: variants.map((v) => ({
      variant_id: v.id, sku: v.sku, barcode: v.barcode, variant_name: [v.variantName, v.sizeName].filter(Boolean).join(" / "),
      cost: v.cost, price: v.price,
    })),
    levels,
    totals: {
      on_hand: sum((l) => l.on_hand), reserved: sum((l) => l.reserved), available: sum((l) => l.available),
      in_transit: sum((l) => l.in_transit), value: sum((l) => l.value),
    },
    locations,
  };
}

/** Whole rupiah, or blank for "no cost entered". */
const costField = z.preprocess((v) => (v === null ? "" : v), z.unknown()).transform((v, ctx) => {
  if (v === undefined || v === "") return null;
  const r = readRupiah(v);
  if ("error" in r) {
    ctx.addIssue({ code: "custom", message: r.error === "separators" ? MONEY_SEPARATORS : "inventory-overview:errors.money" });
    return z.NEVER;
  }
  if (r.value > 1_000_000_000_000) {
    ctx.addIssue({ code: "custom", message: "inventory-overview:errors.money_too_large" });
    return z.NEVER;
  }
  return r.value;
});

/** The product stock page's settings form (and what a REST call would take): the threshold and each variant's cost. */
export const stockSettingsBody = z.object({
  min_stock: z.preprocess((v) => (v === "" || v === null ? undefined : v),
    z.coerce.number({ error: "required" }).refine(Number.isFinite, "invalid").int("inventory-overview:errors.whole_number")
      .min(0, "number_min_zero").max(1_000_000, "inventory-overview:errors.too_large")),
  variants: z.array(z.object({ variant_id: idParam, cost: costField })).max(500, "invalid").default([]),
});
export type StockSettingsBody = z.infer<typeof stockSettingsBody>;

/** Saves the low-stock threshold and the variants' costs (no stock changes); answers what changed. */
export async function saveStockSettings(scope: Scope, productId: number, body: StockSettingsBody) {
  const { db, actor } = sellerScope(scope, "erp");
  const businessId = actor.member.businessId;
  return db.transaction(async (tx) => {
    const [p] = await tx.select({ id: products.id, minStock: products.minStock }).from(products)
      .where(and(eq(products.businessId, businessId), eq(products.id, productId))).for("update");
    if (!p) throw new NotFound("api:errors.not_found");
    const ids = [...new Set(body.variants.map((v) => v.variant_id))];
    const current = ids.length
      ? await tx.select({ id: productVariants.id, sku: productVariants.sku, cost: productVariants.cost }).from(productVariants)
        .where(and(eq(productVariants.businessId, businessId), eq(productVariants.productId, productId), inArray(productVariants.id, ids)))
      : [];
    if (current.length !== ids.length) throw new Refused("inventory-overview:errors.unknown_variant", { variants: ["inventory-overview:errors.unknown_variant"] });
    const before: Record<string, unknown> = { min_stock: p.minStock };
    const after: Record<string, unknown> = { min_stock: body.min_stock };
    if (p.minStock !== body.min_stock) {
      await tx.update(products).set({ minStock: body.min_stock, timeModified: new Date() }).where(eq(products.id, productId));
    }
    for (const v of body.variants) {
      const was = current.find((c) => c.id === v.variant_id)!;
      before[`cost ${was.sku}`] = was.cost;
      after[`cost ${was.sku}`] = v.cost;
      if (was.cost !== v.cost) await tx.update(productVariants).set({ cost: v.cost, timeModified: new Date() }).where(eq(productVariants.id, v.variant_id));
    }
    const changes = diff(before, after);
    if (Object.keys(changes).length) {
      await recordHistory(tx, { businessId, refType: "product", refId: productId, userId: actor.user.id, action: "update", changes });
    }
    return { changed: Object.keys(changes).length };
  });
}

export const HISTORY_PAGE = 50;
export const historyQuery = z.object({
  location: blank(locationParam),
  reason: blank(z.string().refine((r) => (STOCK_REASONS as readonly string[]).includes(r), "invalid")),
  before: blank(z.coerce.number({ error: "invalid" }).int("invalid").min(1, "invalid").max(Number.MAX_SAFE_INTEGER, "invalid")),
});
export type HistoryQuery = z.infer<typeof historyQuery>;

/** Where a reference leads: an order (by code), a transfer, a count or an adjustment; else nothing. */
export function referenceLink(reason: string, reference: string | null, orderId: number | null) {
  if (!reference) return null;
  if (orderId) return { type: "order" as const, id: orderId };
  const m = /^(TRF|OPN|ADJ)-(\d{1,10})$/.exec(reference);
  if (!m || Number(m[2]) > 2_147_483_647) return null;
  return { type: ({ TRF: "transfer", OPN: "opname", ADJ: "adjustment" } as const)[m[1] as "TRF" | "OPN" | "ADJ"], id: Number(m[2]) };
}

type MovementRow = {
  id: number | string; variant_id: number; sku: string; variant_name: string; size_name: string;
  store_id: number | null; warehouse_id: number | null; partition_id: number | null;
  on_hand_before: number; on_hand_after: number; reserved_before: number; reserved_after: number;
  reason: string; reference: string | null; note: string | null; user_name: string | null; order_id: number | null; time_created: Date | string;
};

/** One page of the product's movements, newest first (see the header). */
export async function productStockHistory(scope: Scope, productId: number, q: HistoryQuery, limit = HISTORY_PAGE) {
  const { db, actor } = sellerScope(scope, "erp");
  const businessId = actor.member.businessId;
  const p = await productOf(db, businessId, productId);
  const where: SQL[] = [sql`m.business_id = ${businessId}`, sql`m.product_id = ${productId}`];
  if (q.location) where.push(atLocation(q.location, "m"));
  if (q.reason) where.push(sql`m.reason = ${q.reason}`);
  if (q.before) where.push(sql`m.id < ${q.before}`);
  const { rows } = await db.execute<MovementRow>(sql`
    SELECT m.id, m.variant_id, v.sku, v.variant_name, v.size_name, m.store_id, m.warehouse_id, m.partition_id,
           m.on_hand_before, m.on_hand_after, m.reserved_before, m.reserved_after, m.reason, m.reference, m.note,
           u.name AS user_name, o.id AS order_id, m.time_created
      FROM stock_movements m
      JOIN product_variants v ON v.id = m.variant_id
      LEFT JOIN users u ON u.id = m.user_id
      LEFT JOIN orders o ON m.reason = 'order' AND o.business_id = m.business_id AND o.order_code = m.reference
     WHERE ${sql.join(where, sql` AND `)}
     ORDER BY m.id DESC
     LIMIT ${limit + 1}`);
  const names = new Map((await findLocations(db, businessId)).map((l) => [l.key, l.name]));
  const page = rows.slice(0, limit).map((r) => {
    const key = locationKey(levelLocation(r));
    return {
      movement_id: Number(r.id),
      variant_id: r.variant_id,
      sku: r.sku,
      variant_name: [r.variant_name, r.size_name].filter(Boolean).join(" / "),
      location_key: key,
      location_name: names.get(key) ?? key,
      on_hand_before: r.on_hand_before,
      on_hand_after: r.on_hand_after,
      reserved_before: r.reserved_before,
      reserved_after: r.reserved_after,
      reason: r.reason,
      reference: r.reference,
      reference_link: referenceLink(r.reason, r.reference, r.order_id),
      note: r.note,
      user_name: r.user_name,
      time_created: unix(new Date(r.time_created)),
    };
  });
  return {
    product: { product_id: p.id, name: p.name, sku: p.sku },
    rows: page,
    next_before: rows.length > limit && page.length ? page[page.length - 1].movement_id : null,
    locations: [...names].map(([key, name]) => ({ key, name })),
  };
}
