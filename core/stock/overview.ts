/**
 * The stock overview (issue 14 item 1, spec section 2 "Mini ERP — Inventory: all-inventory"): every
 * stock level — one variant at one location (a store, a warehouse, a warehouse partition) — with on
 * hand, reserved, available and value at cost; filters, search, sort and pages all from the URL.
 * Read-only: stock changes only through core/stock/stock-ledger.ts. The POS report "current stock"
 * (core/stock/reports.ts) is the same list held to stores.
 *
 * Decisions where the spec is silent:
 * - A row is a level row: a variant shows at each location where it has (or once had) stock. A
 *   variant never stocked anywhere has no row (its product page says "no stock yet").
 * - Stock state tabs compare a level's available (on hand − reserved) with its product's minimum
 *   (products.min_stock, the threshold the ledger's low_stock notice and the dashboard use):
 *   out = 0 available; low = 1 … minimum; ready = above the minimum. Per level, not per product
 *   sum: a store that runs low is what a seller acts on, even when the warehouse is full.
 *   "Negative" never exists (the ledger refuses it, the table checks it), so there is no tab for it.
 * - Value at cost = on hand × the variant's cost (HPP, product_variants.cost, integer rupiah, set on
 *   the product's stock page). The catalogue had no cost before this issue; a variant without one
 *   shows "—" rather than a value made up from its selling price.
 * - Search: the variant's SKU (starts with), its exact barcode, or the product's name (contains) —
 *   each an index lookup, unioned into a list of variants the levels are then held to. A search
 *   matching more than 200 variants ("kemeja" in a big catalogue) shows the stock of the first
 *   200 found and says so (`search_capped`): a seller refines it; 10,000 variants × their
 *   locations sorted per view would cost more than the page. The levels of the matched variants
 *   are gathered first and then sorted (a fenced CTE), never found by walking the whole catalogue
 *   in name order.
 * - "Least available" breaks ties by on hand (then id); out of stock sorted by "most on hand"
 *   reads the available index (available 0, on hand descending) rather than walking the on-hand
 *   index from the top, where no out level is.
 * - Pages are numbered (offset) and capped at page 1000 — a seller narrows with filters rather than
 *   paging a million rows; past the cap the query is refused (422), past the end the page is empty.
 *   There is no exact total: counting a million levels per view costs more than the page itself
 *   (docs/decisions/0008); the pager says whether a next page exists (one row more is read).
 * - In transit is what sent transfers carry to a level's location and has not arrived (nor been
 *   written off or sent back): read from the transfer lines (core/stock/transfers.ts, decision
 *   0015) for the page's variants only, and shown beside the level it is headed for. A
 *   location that has never held the variant has no level yet, so what travels there shows on
 *   the transfer until it is received.
 */
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "#db/client.ts";
import { allCategories } from "#core/catalog/categories.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { categoryRange } from "#core/catalog/product-picker.ts";
import { unix } from "#core/lib/time.ts";
import { findLocations, locationKey, parseLocationKey, type LocationOption } from "./locations.ts";
import { inTransitByLevel } from "./transfers.ts";
import type { StockLocation } from "./stock-ledger.ts";

import { OVERVIEW_PAGE_SIZES, OVERVIEW_SORTS, OVERVIEW_TABS, type OverviewSort, type OverviewTab } from "./inventory-options.ts";
export { OVERVIEW_PAGE_SIZES, OVERVIEW_SORTS, OVERVIEW_TABS, type OverviewSort, type OverviewTab };
export const MAX_PAGE = 1000;
const MAX_ID = 2_147_483_647;

/** Empty form fields (a GET form without JavaScript sends them) are "not given". */
const blank = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());
export const idParam = z.coerce.number({ error: "invalid" }).int("invalid").min(1, "invalid").max(MAX_ID, "invalid");
export const locationParam = z.string().transform((v, ctx) => {
  const l = parseLocationKey(v);
  if (!l) {
    ctx.addIssue({ code: "custom", message: "inventory-overview:errors.location" });
    return z.NEVER;
  }
  return l;
});
export const pageParam = z.coerce.number({ error: "invalid" }).int("invalid").min(1, "invalid").max(MAX_PAGE, "inventory-overview:errors.page_too_far").default(1);
export const limitParam = z.coerce.number({ error: "invalid" }).int("invalid")
  .refine((n) => (OVERVIEW_PAGE_SIZES as readonly number[]).includes(n), "invalid").default(50);
export const searchParam = blank(z.string().trim().max(100, "too_long"));

export const overviewQuery = z.object({
  tab: blank(z.enum(OVERVIEW_TABS, { error: "invalid" })).default("all"),
  location: blank(locationParam),
  brand_id: blank(idParam),
  category_id: blank(idParam),
  search: searchParam,
  sort: blank(z.enum(OVERVIEW_SORTS, { error: "invalid" })).default("name"),
  page: blank(pageParam).default(1),
  limit: blank(limitParam).default(50),
});
export type OverviewQuery = z.infer<typeof overviewQuery>;

/** Internal restrictions the reports add (current stock: stores only). */
type Scoped = OverviewQuery & { storesOnly?: boolean; productId?: number };

/** The SQL condition "level l is at location" (a warehouse includes its partitions). */
export function atLocation(l: StockLocation, alias: "l" | "m" = "l"): SQL {
  const a = sql.raw(alias);
  if (l.sourceType === 1) return sql`${a}.store_id = ${l.storeId}`;
  return l.partitionId
    ? sql`(${a}.warehouse_id = ${l.warehouseId} AND ${a}.partition_id = ${l.partitionId})`
    : sql`${a}.warehouse_id = ${l.warehouseId}`;
}

/** How many variants a search may match; past it the page says "refine the search" (see the header). */
export const SEARCH_CAP = 200;

function likePatterns(search: string) {
  const lower = search.toLowerCase().replace(/[\\%_]/g, "\\$&");
  return { prefix: `${lower}%`, contains: `%${lower}%` };
}

/** Variants matching a search (SKU starts with, exact barcode, product name contains), as a subquery; each branch bounded by `cap`. */
export function searchVariants(businessId: number, search: string, cap = 1_000_000): SQL {
  const { prefix, contains } = likePatterns(search);
  // The SKU branch reads the prefix index in its own order (USING ~<~, the text_pattern_ops order),
  // so LIMIT stops after `cap` entries wherever in the table they are. The name branch goes
  // product → its variants through a LATERAL join, so the planner looks the
  // variants up by product (an index) instead of hashing every variant of the business.
  return sql`(
    (SELECT sv.id FROM product_variants sv WHERE sv.business_id = ${businessId} AND lower(sv.sku) LIKE ${prefix}
      ORDER BY lower(sv.sku) USING ~<~ LIMIT ${cap})
    UNION (SELECT bv.id FROM product_variants bv WHERE bv.business_id = ${businessId} AND bv.barcode = ${search} LIMIT ${cap})
    UNION (SELECT nv.id FROM (SELECT np.id FROM products np WHERE np.business_id = ${businessId} AND lower(np.name) LIKE ${contains} LIMIT ${cap}) np
      CROSS JOIN LATERAL (SELECT id FROM product_variants WHERE product_id = np.id) nv LIMIT ${cap}))`;
}

/**
 * The variants a search matches, at most SEARCH_CAP (+1 to know there are more): each kind of
 * match is one index lookup (SKU prefix, barcode, name trigrams), so the page's query then starts
 * from a short list of variants instead of filtering a million levels.
 */
export async function matchVariants(db: Db | Tx, businessId: number, search: string) {
  const { rows } = await db.execute<{ id: number }>(sql`SELECT id FROM ${searchVariants(businessId, search, SEARCH_CAP + 1)} m LIMIT ${SEARCH_CAP + 1}`);
  const ids = rows.map((r) => Number(r.id));
  return { ids: ids.slice(0, SEARCH_CAP), capped: ids.length > SEARCH_CAP };
}

export const idList = (ids: number[]) => sql`(${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`;

export function stateCondition(tab: OverviewTab): SQL | undefined {
  switch (tab) {
    case "out": return sql`(l.on_hand - l.reserved) = 0`;
    case "low": return sql`(l.on_hand - l.reserved) > 0 AND (l.on_hand - l.reserved) <= p.min_stock`;
    case "ready": return sql`(l.on_hand - l.reserved) > p.min_stock`;
    default: return undefined;
  }
}

function orderBy(sort: OverviewSort, tab: OverviewTab): SQL {
  switch (sort) {
    case "name_desc": return sql`lower(p.name) DESC, p.id DESC, v.position, v.id, l.id`;
    case "sku": return sql`lower(v.sku), l.id`;
    // Out levels all have available 0: leading with it lets the available index (business,
    // available, on hand, id) serve the order backwards, instead of walking the on-hand index from
    // the top, where no out level is (header).
    case "on_hand_desc": return tab === "out" ? sql`(l.on_hand - l.reserved) DESC, l.on_hand DESC, l.id DESC` : sql`l.on_hand DESC, l.id DESC`;
    case "available_asc": return sql`(l.on_hand - l.reserved), l.on_hand, l.id`;
    case "updated": return sql`l.time_modified DESC, l.id DESC`;
    default: return sql`lower(p.name), p.id, v.position, v.id, l.id`;
  }
}

type LevelRow = {
  id: number; product_id: number; product_name: string; min_stock: number; variant_id: number; sku: string; barcode: string | null;
  variant_name: string; size_name: string; cost: string | number | null; store_id: number | null; warehouse_id: number | null;
  partition_id: number | null; on_hand: number; reserved: number; time_modified: Date | string;
};

export const levelLocation = (r: { store_id: number | null; warehouse_id: number | null; partition_id: number | null }): StockLocation =>
  r.store_id !== null ? { sourceType: 1, storeId: r.store_id } : { sourceType: 2, warehouseId: r.warehouse_id!, partitionId: r.partition_id };

export function stateOf(available: number, minStock: number): Exclude<OverviewTab, "all"> {
  return available <= 0 ? "out" : available <= minStock ? "low" : "ready";
}

/** A level as the pages and the API show it (snake_case; money integer rupiah; unix seconds). */
export function levelJson(r: LevelRow, names: Map<string, string>) {
  const key = locationKey(levelLocation(r));
  const available = r.on_hand - r.reserved;
  const cost = r.cost === null ? null : Number(r.cost);
  return {
    stock_level_id: r.id,
    product_id: r.product_id,
    product_name: r.product_name,
    variant_id: r.variant_id,
    sku: r.sku,
    barcode: r.barcode,
    variant_name: [r.variant_name, r.size_name].filter(Boolean).join(" / "),
    location_key: key,
    location_name: names.get(key) ?? key,
    on_hand: r.on_hand,
    reserved: r.reserved,
    available,
    min_stock: r.min_stock,
    state: stateOf(available, r.min_stock),
    cost,
    value: cost === null ? null : cost * r.on_hand,
    time_modified: unix(new Date(r.time_modified)),
  };
}
/** A level as the overview pages show it: with what is on its way to it (withInTransit). */
export type LevelJson = ReturnType<typeof levelJson> & { in_transit: number };

/** One page of levels for the business (see the header). */
export async function findOverview(db: Db | Tx, businessId: number, q: Scoped, locations?: LocationOption[]) {
  // The tenant key on all three tables: each one's index leads with it (products by name, variants
  // by SKU), which is what lets a first page walk an index instead of sorting a million rows.
  const where: SQL[] = [sql`l.business_id = ${businessId}`, sql`p.business_id = ${businessId}`, sql`v.business_id = ${businessId}`];
  if (q.location) where.push(atLocation(q.location));
  if (q.storesOnly) where.push(sql`l.store_id IS NOT NULL`);
  if (q.productId) where.push(sql`l.product_id = ${q.productId}`);
  if (q.brand_id) where.push(sql`p.brand_id = ${q.brand_id}`);
  if (q.category_id) {
    const [lo, hi] = categoryRange(q.category_id);
    where.push(sql`p.category_id BETWEEN ${lo} AND ${hi}`);
  }
  let capped = false;
  let searchIds: number[] | null = null;
  if (q.search) {
    const m = await matchVariants(db, businessId, q.search);
    if (!m.ids.length) return { rows: [], has_next: false, search_capped: false };
    searchIds = m.ids;
    capped = m.capped;
  }
  const state = stateCondition(q.tab);
  if (state) where.push(state);
  const columns = sql`l.id, l.product_id, p.name AS product_name, p.min_stock, l.variant_id, v.sku, v.barcode, v.variant_name, v.size_name, v.cost,
           l.store_id, l.warehouse_id, l.partition_id, l.on_hand, l.reserved, l.time_modified`;
  const page = sql`ORDER BY ${orderBy(q.sort, q.tab)} LIMIT ${q.limit + 1} OFFSET ${(q.page - 1) * q.limit}`;
  const { rows } = await db.execute<LevelRow>(searchIds
    // A short list of variants: their levels first (fenced), then sorted — see the header.
    ? sql`WITH l AS MATERIALIZED (SELECT * FROM stock_levels WHERE business_id = ${businessId} AND variant_id IN ${idList(searchIds)})
          SELECT ${columns} FROM l JOIN products p ON p.id = l.product_id JOIN product_variants v ON v.id = l.variant_id
           WHERE ${sql.join(where, sql` AND `)} ${page}`
    : sql`SELECT ${columns} FROM stock_levels l JOIN products p ON p.id = l.product_id JOIN product_variants v ON v.id = l.variant_id
           WHERE ${sql.join(where, sql` AND `)} ${page}`);
  const names = new Map((locations ?? (await findLocations(db, businessId))).map((l) => [l.key, l.name]));
  const shown = await withInTransit(db, businessId, rows.slice(0, q.limit).map((r) => levelJson(r, names)));
  return { rows: shown, has_next: rows.length > q.limit, search_capped: capped };
}

/** The levels with what is on its way to each (see the header): one query for all of them. */
export async function withInTransit<L extends { variant_id: number; location_key: string }>(db: Db | Tx, businessId: number, levels: L[]) {
  if (!levels.length) return levels.map((l) => ({ ...l, in_transit: 0 }));
  const coming = await inTransitByLevel(db, businessId, { variantIds: [...new Set(levels.map((l) => l.variant_id))] });
  const by = new Map(coming.map((c) => [`${c.variantId}:${c.key}`, c.quantity]));
  return levels.map((l) => ({ ...l, in_transit: by.get(`${l.variant_id}:${l.location_key}`) ?? 0 }));
}

/**
 * The distinct values of an indexed products column for the business, by a loose index scan (one
 * index probe per distinct value): a GROUP BY over 100 000 products costs ~20 ms, this well under 1.
 */
async function distinctOnProducts(db: Db | Tx, businessId: number, column: "category_id") {
  const c = sql.raw(column);
  const { rows } = await db.execute<{ v: number | null }>(sql`
    WITH RECURSIVE d AS (
      (SELECT ${c} AS v FROM products WHERE business_id = ${businessId} AND ${c} IS NOT NULL ORDER BY ${c} LIMIT 1)
      UNION ALL
      SELECT (SELECT ${c} FROM products WHERE business_id = ${businessId} AND ${c} > d.v ORDER BY ${c} LIMIT 1) FROM d WHERE d.v IS NOT NULL)
    SELECT v FROM d WHERE v IS NOT NULL`);
  return rows.map((r) => Number(r.v));
}

/** The filter choices: locations, the business's brands and those on its products, the categories its products use (with their parents), flattened in tree order. */
export async function overviewChoices(db: Db | Tx, businessId: number) {
  const locations = await findLocations(db, businessId);
  // The business's own brands and any other brand its products carry (a partner's), in one query.
  const { rows: brandRows } = await db.execute<{ id: number; name: string }>(sql`
    WITH RECURSIVE d AS (
      (SELECT brand_id AS v FROM products WHERE business_id = ${businessId} AND brand_id IS NOT NULL ORDER BY brand_id LIMIT 1)
      UNION ALL
      SELECT (SELECT brand_id FROM products WHERE business_id = ${businessId} AND brand_id > d.v ORDER BY brand_id LIMIT 1) FROM d WHERE d.v IS NOT NULL)
    SELECT b.id, b.name FROM brands b WHERE b.business_id = ${businessId} OR b.id IN (SELECT v FROM d WHERE v IS NOT NULL)
     ORDER BY lower(b.name), b.id`);
  const used = await distinctOnProducts(db, businessId, "category_id");
  const all = await allCategories();
  const byId = new Map(all.map((c) => [c.id, c]));
  const keep = new Set<number>();
  for (const id of used) for (let c = byId.get(id); c && !keep.has(c.id); c = c.parentId === null ? undefined : byId.get(c.parentId)) keep.add(c.id);
  // Tree order: each category followed by its children (allCategories is by level, then sort order).
  const children = new Map<number | null, typeof all>();
  for (const c of all) if (keep.has(c.id)) children.set(c.parentId, [...(children.get(c.parentId) ?? []), c]);
  const categories: { id: number; name: string; level: number }[] = [];
  const walk = (parent: number | null) => (children.get(parent) ?? []).forEach((c) => { categories.push({ id: c.id, name: c.name, level: c.level }); walk(c.id); });
  walk(null);
  return { locations, brands: brandRows.map((b) => ({ id: Number(b.id), name: b.name })), categories };
}

/** The overview for the actor's business (Mini ERP: privilege "erp"), with the filter choices. */
export async function stockOverview(scope: Scope, q: OverviewQuery) {
  const { db, actor } = sellerScope(scope, "erp");
  const businessId = actor.member.businessId;
  const choices = await overviewChoices(db, businessId);
  const page = await findOverview(db, businessId, q, choices.locations);
  return { ...page, choices };
}

/** Only the filter choices (a page whose query was refused still shows its filters). */
export async function stockOverviewChoices(scope: Scope) {
  const { db, actor } = sellerScope(scope, "erp");
  return overviewChoices(db, actor.member.businessId);
}
