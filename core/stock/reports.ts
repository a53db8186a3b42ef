/**
 * Stock reports read from the levels and the ledger: the POS reports of spec section 2 "Omnichannel
 * — POS reports — inventory" (current-stock, beginning-stock, stock-location, store-stock:
 * privilege "omnichannel") and the Mini ERP's /erp/inventory/search and /erp/inventory/warehouse
 * (privilege "erp"). Read-only.
 *
 * Decisions where the spec is silent:
 * - Current stock is the stock overview (core/stock/overview.ts) held to stores, per store.
 * - Beginning stock of a day D is the stock at the start of D in WIB (00:00 Asia/Jakarta): per
 *   level, the after-values of its last ledger movement before that instant, 0 when it had none
 *   (the level did not exist yet). Computed from the ledger, never from a stored snapshot, so
 *   every figure can be traced to the movements behind it. A day after today (WIB) is refused.
 * - Stock per location: each store, each warehouse (its partitions included) and each partition,
 *   with stock lines (levels), on hand, reserved, available, value at cost (variants with a cost) and
 *   how many levels are out / low; locations without stock are listed with zeros.
 * - Store stock: one row per store × product (its variants summed), products in name order.
 * - Totals per location are one aggregate over the business's levels (~0.5 s at a million levels
 *   on a busy 2-core machine): a report opened now and then, not the overview's first page.
 * - Searches go through the overview's bounded variant list (at most 200 variants).
 * - Search by code (scanner): an exact SKU or barcode first; when nothing matches exactly, SKUs
 *   starting with the code (at most 20 variants). Each variant with its levels at every location.
 */
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "#db/client.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { unix, wibDate, WIB_OFFSET_MS } from "#core/lib/time.ts";
import { findLocations, locationKey, type LocationOption } from "./locations.ts";
import {
  atLocation, findOverview, levelJson, withInTransit, levelLocation, limitParam, locationParam, overviewQuery, pageParam, searchParam, stateOf, matchVariants, idList,
  type OverviewQuery,
} from "./overview.ts";

const blank = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());
const storeParam = locationParam.refine((l) => l.sourceType === 1, "inventory-overview:errors.store_only");

// ---- current stock --------------------------------------------------------------------------
export const currentStockQuery = overviewQuery.omit({ location: true }).extend({ store: blank(storeParam) });
export type CurrentStockQuery = z.infer<typeof currentStockQuery>;

export async function currentStock(scope: Scope, q: CurrentStockQuery) {
  const { db, actor } = sellerScope(scope, "omnichannel");
  const businessId = actor.member.businessId;
  const locations = await findLocations(db, businessId);
  const { store, ...rest } = q;
  const page = await findOverview(db, businessId, { ...rest, location: store, storesOnly: true } as OverviewQuery & { storesOnly: true }, locations);
  return { ...page, stores: locations.filter((l) => l.kind === "store") };
}

// ---- beginning stock ------------------------------------------------------------------------
const dateParam = z.string().transform((v, ctx) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!m || !d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v || Number(m[1]) < 2000) {
    ctx.addIssue({ code: "custom", message: "inventory-overview:errors.date" });
    return z.NEVER;
  }
  if (v > wibDate(new Date())) {
    ctx.addIssue({ code: "custom", message: "inventory-overview:errors.date_future" });
    return z.NEVER;
  }
  return v;
});
export const beginningStockQuery = z.object({
  date: blank(dateParam),
  location: blank(locationParam),
  search: searchParam,
  page: blank(pageParam).default(1),
  limit: blank(limitParam).default(50),
});
export type BeginningStockQuery = z.infer<typeof beginningStockQuery>;

/** The instant a WIB calendar day ("YYYY-MM-DD") begins. */
export const wibDayStartOf = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - WIB_OFFSET_MS);

export async function findBeginningStock(db: Db | Tx, businessId: number, q: BeginningStockQuery, locations: LocationOption[]) {
  const date = q.date ?? wibDate(new Date());
  const at = wibDayStartOf(date);
  const where: SQL[] = [sql`l.business_id = ${businessId}`, sql`p.business_id = ${businessId}`, sql`v.business_id = ${businessId}`];
  let capped = false;
  if (q.location) where.push(atLocation(q.location));
  if (q.search) {
    const m = await matchVariants(db, businessId, q.search);
    if (!m.ids.length) return { date, as_of: unix(at), rows: [], has_next: false, search_capped: false };
    where.push(sql`l.variant_id IN ${idList(m.ids)}`);
    capped = m.capped;
  }
  const { rows } = await db.execute<Parameters<typeof levelJson>[0] & { on_hand_then: number | null; reserved_then: number | null }>(sql`
    SELECT l.id, l.product_id, p.name AS product_name, p.min_stock, l.variant_id, v.sku, v.barcode, v.variant_name, v.size_name, v.cost,
           l.store_id, l.warehouse_id, l.partition_id, l.on_hand, l.reserved, l.time_modified,
           b.on_hand_after AS on_hand_then, b.reserved_after AS reserved_then
      FROM stock_levels l
      JOIN products p ON p.id = l.product_id
      JOIN product_variants v ON v.id = l.variant_id
      LEFT JOIN LATERAL (
        SELECT sm.on_hand_after, sm.reserved_after FROM stock_movements sm
         WHERE sm.stock_level_id = l.id AND sm.time_created < ${at.toISOString()}
         ORDER BY sm.id DESC LIMIT 1) b ON true
     WHERE ${sql.join(where, sql` AND `)}
     ORDER BY lower(p.name), p.id, v.position, v.id, l.id
     LIMIT ${q.limit + 1} OFFSET ${(q.page - 1) * q.limit}`);
  const names = new Map(locations.map((l) => [l.key, l.name]));
  return {
    date,
    as_of: unix(at),
    rows: rows.slice(0, q.limit).map((r) => ({
      ...levelJson(r, names),
      beginning_on_hand: r.on_hand_then ?? 0,
      beginning_reserved: r.reserved_then ?? 0,
      beginning_available: (r.on_hand_then ?? 0) - (r.reserved_then ?? 0),
    })),
    has_next: rows.length > q.limit,
    search_capped: capped,
  };
}

export async function beginningStock(scope: Scope, q: BeginningStockQuery) {
  const { db, actor } = sellerScope(scope, "omnichannel");
  const businessId = actor.member.businessId;
  const locations = await findLocations(db, businessId);
  return { ...(await findBeginningStock(db, businessId, q, locations)), locations };
}

// ---- stock per location ---------------------------------------------------------------------
type Totals = { levels: number; on_hand: number; reserved: number; available: number; value: number; out: number; low: number };
const zero = (): Totals => ({ levels: 0, on_hand: 0, reserved: 0, available: 0, value: 0, out: 0, low: 0 });
const add = (a: Totals, b: Totals) => {
  for (const k of Object.keys(a) as (keyof Totals)[]) a[k] += b[k];
};

/** Totals per location (warehouses include their partitions) and the business's grand total. */
export async function findStockByLocation(db: Db | Tx, businessId: number, locations: LocationOption[]) {
  const { rows } = await db.execute<{
    store_id: number | null; warehouse_id: number | null; partition_id: number | null; levels: number;
    on_hand: string; reserved: string; value: string; out: number; low: number;
  }>(sql`
    SELECT l.store_id, l.warehouse_id, l.partition_id, count(*)::int AS levels,
           sum(l.on_hand)::bigint AS on_hand, sum(l.reserved)::bigint AS reserved, coalesce(sum(l.on_hand * v.cost), 0)::bigint AS value,
           (count(*) FILTER (WHERE l.on_hand - l.reserved = 0))::int AS out,
           (count(*) FILTER (WHERE l.on_hand - l.reserved > 0 AND l.on_hand - l.reserved <= p.min_stock))::int AS low
      FROM stock_levels l JOIN product_variants v ON v.id = l.variant_id JOIN products p ON p.id = l.product_id
     WHERE l.business_id = ${businessId}
     GROUP BY l.store_id, l.warehouse_id, l.partition_id`);
  const byKey = new Map<string, Totals>();
  const grand = zero();
  for (const r of rows) {
    const t: Totals = {
      levels: r.levels, on_hand: Number(r.on_hand), reserved: Number(r.reserved),
      available: Number(r.on_hand) - Number(r.reserved), value: Number(r.value), out: r.out, low: r.low,
    };
    add(grand, t);
    const own = locationKey(levelLocation(r));
    const keys = r.partition_id ? [own, locationKey({ sourceType: 2, warehouseId: r.warehouse_id!, partitionId: null })] : [own];
    for (const k of keys) {
      const sum = byKey.get(k) ?? zero();
      add(sum, t);
      byKey.set(k, sum);
    }
  }
  return { rows: locations.map((l) => ({ ...l, ...(byKey.get(l.key) ?? zero()) })), total: grand };
}

export async function stockByLocation(scope: Scope) {
  const { db, actor } = sellerScope(scope, "omnichannel");
  const businessId = actor.member.businessId;
  return findStockByLocation(db, businessId, await findLocations(db, businessId));
}

/** /erp/inventory/warehouse: the same totals, warehouses and their partitions only. */
export async function warehouseStock(scope: Scope) {
  const { db, actor } = sellerScope(scope, "erp");
  const businessId = actor.member.businessId;
  const locations = (await findLocations(db, businessId)).filter((l) => l.kind !== "store");
  const all = await findStockByLocation(db, businessId, locations);
  const warehouses = all.rows.filter((r) => r.kind === "warehouse").map((w) => ({
    ...w,
    partitions: all.rows.filter((p) => p.kind === "partition" && p.key.startsWith(`${w.key}-`)),
  }));
  const total = zero();
  for (const w of warehouses) add(total, w);
  return { warehouses, total };
}

// ---- stock per store per product ------------------------------------------------------------
export const storeStockQuery = z.object({
  store: blank(storeParam),
  search: searchParam,
  page: blank(pageParam).default(1),
  limit: blank(limitParam).default(50),
});
export type StoreStockQuery = z.infer<typeof storeStockQuery>;

export async function storeStock(scope: Scope, q: StoreStockQuery) {
  const { db, actor } = sellerScope(scope, "omnichannel");
  const businessId = actor.member.businessId;
  const locations = await findLocations(db, businessId);
  const stores = locations.filter((l) => l.kind === "store");
  // Products in name order, each with its stores' sums (a LATERAL per product): the first page
  // reads 50-odd products, never a GROUP BY over every store level of the business.
  const inLevels: SQL[] = [sql`l.product_id = p.id`, sql`l.business_id = ${businessId}`, sql`l.store_id IS NOT NULL`];
  if (q.store) inLevels.push(atLocation(q.store));
  const onProducts: SQL[] = [sql`p.business_id = ${businessId}`];
  let capped = false;
  if (q.search) {
    const m = await matchVariants(db, businessId, q.search);
    if (!m.ids.length) return { rows: [], has_next: false, search_capped: false, stores };
    inLevels.push(sql`l.variant_id IN ${idList(m.ids)}`);
    onProducts.push(sql`p.id IN (SELECT product_id FROM product_variants WHERE business_id = ${businessId} AND id IN ${idList(m.ids)})`);
    capped = m.capped;
  }
  const { rows } = await db.execute<{
    store_id: number; product_id: number; name: string; sku: string; min_stock: number; variants: number;
    on_hand: string; reserved: string; value: string | null; costed: number;
  }>(sql`
    SELECT x.store_id, p.id AS product_id, p.name, p.sku, p.min_stock, x.variants, x.on_hand, x.reserved, x.value, x.costed
      FROM products p
      CROSS JOIN LATERAL (
        SELECT l.store_id, count(*)::int AS variants, sum(l.on_hand)::bigint AS on_hand, sum(l.reserved)::bigint AS reserved,
               sum(l.on_hand * v.cost)::bigint AS value, count(v.cost)::int AS costed
          FROM stock_levels l JOIN product_variants v ON v.id = l.variant_id
         WHERE ${sql.join(inLevels, sql` AND `)}
         GROUP BY l.store_id) x
     WHERE ${sql.join(onProducts, sql` AND `)}
     ORDER BY lower(p.name), p.id, x.store_id
     LIMIT ${q.limit + 1} OFFSET ${(q.page - 1) * q.limit}`);
  const names = new Map(stores.map((s) => [s.key, s.name]));
  return {
    rows: rows.slice(0, q.limit).map((r) => {
      const key = locationKey({ sourceType: 1, storeId: r.store_id });
      const onHand = Number(r.on_hand);
      const available = onHand - Number(r.reserved);
      return {
        store_key: key, store_name: names.get(key) ?? key, product_id: r.product_id, product_name: r.name, sku: r.sku, variants: r.variants,
        on_hand: onHand, reserved: Number(r.reserved), available, state: stateOf(available, r.min_stock),
        // A value only when every variant there has a cost (a partial sum would look complete).
        value: r.costed === r.variants && r.value !== null ? Number(r.value) : null,
      };
    }),
    has_next: rows.length > q.limit,
    search_capped: capped,
    stores,
  };
}

// ---- search by code -------------------------------------------------------------------------
export const codeSearchQuery = z.object({ code: blank(z.string().trim().max(100, "too_long")) });

export async function findStockByCode(scope: Scope, code: string | undefined) {
  const { db, actor } = sellerScope(scope, "erp");
  const businessId = actor.member.businessId;
  if (!code) return { exact: false, variants: [] };
  const lower = code.toLowerCase();
  const pick = async (cond: SQL) => (await db.execute<{ id: number }>(sql`
    SELECT v.id FROM product_variants v WHERE v.business_id = ${businessId} AND (${cond}) ORDER BY lower(v.sku), v.id LIMIT 20`)).rows;
  let ids = await pick(sql`lower(v.sku) = ${lower} OR v.barcode = ${code}`);
  const exact = ids.length > 0;
  if (!exact) ids = await pick(sql`lower(v.sku) LIKE ${`${lower.replace(/[\\%_]/g, "\\$&")}%`}`);
  if (!ids.length) return { exact, variants: [] };
  const variantIds = ids.map((r) => r.id);
  const { rows: variants } = await db.execute<{
    id: number; product_id: number; product_name: string; min_stock: number; sku: string; barcode: string | null; variant_name: string; size_name: string;
  }>(sql`
    SELECT v.id, v.product_id, p.name AS product_name, p.min_stock, v.sku, v.barcode, v.variant_name, v.size_name
      FROM product_variants v JOIN products p ON p.id = v.product_id
     WHERE v.business_id = ${businessId} AND v.id IN ${sql`(${sql.join(variantIds.map((i) => sql`${i}`), sql`, `)})`}
     ORDER BY lower(v.sku), v.id`);
  const { rows: levels } = await db.execute<Parameters<typeof levelJson>[0]>(sql`
    SELECT l.id, l.product_id, p.name AS product_name, p.min_stock, l.variant_id, v.sku, v.barcode, v.variant_name, v.size_name, v.cost,
           l.store_id, l.warehouse_id, l.partition_id, l.on_hand, l.reserved, l.time_modified
      FROM stock_levels l JOIN products p ON p.id = l.product_id JOIN product_variants v ON v.id = l.variant_id
     WHERE l.business_id = ${businessId} AND l.variant_id IN ${sql`(${sql.join(variantIds.map((i) => sql`${i}`), sql`, `)})`}`);
  const locations = await findLocations(db, businessId);
  const names = new Map(locations.map((l) => [l.key, l.name]));
  const order = new Map(locations.map((l, i) => [l.key, i]));
  const shown = await withInTransit(db, businessId, levels.map((l) => levelJson(l, names)));
  return {
    exact,
    variants: variants.map((v) => {
      const mine = shown.filter((l) => l.variant_id === v.id)
        .sort((a, b) => (order.get(a.location_key) ?? 1e9) - (order.get(b.location_key) ?? 1e9));
      const onHand = mine.reduce((n, l) => n + l.on_hand, 0);
      const available = mine.reduce((n, l) => n + l.available, 0);
      return {
        variant_id: v.id, product_id: v.product_id, product_name: v.product_name, sku: v.sku, barcode: v.barcode,
        variant_name: [v.variant_name, v.size_name].filter(Boolean).join(" / "),
        levels: mine, on_hand: onHand, available, state: stateOf(available, v.min_stock),
      };
    }),
  };
}

