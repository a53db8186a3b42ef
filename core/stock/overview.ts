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
 *   each an index lookup, unioned into a set of variants the levels are then held to.
 * - Pages are numbered (offset) and capped at page 1000 — a seller narrows with filters rather than
 *   paging a million rows; past the cap the query is refused (422), past the end the page is empty.
 *   There is no exact total: counting a million levels per view costs more than the page itself
 *   (docs/decisions/0008); the pager says whether a next page exists (one row more is read).
 * - In transit (engineer B's transfers) is not part of this module: the merger adds it as its own
 *   column from the transfers' data. Nothing is shown for it here.
 */
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "#db/client.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { categoryRange } from "#core/catalog/product-picker.ts";
import { unix } from "#core/lib/time.ts";
import { findInventoryBrands, findInventoryCategories } from "./inventories.ts";
import { findLocations, locationKey, parseLocationKey, type LocationOption } from "./locations.ts";
import type { StockLocation } from "./stock-ledger.ts";

export const OVERVIEW_TABS = ["all", "ready", "low", "out"] as const;
export type OverviewTab = (typeof OVERVIEW_TABS)[number];
export const OVERVIEW_SORTS = ["name", "name_desc", "sku", "on_hand_desc", "available_asc", "updated"] as const;
export type OverviewSort = (typeof OVERVIEW_SORTS)[number];
export const OVERVIEW_PAGE_SIZES = [10, 20, 50, 100, 150] as const;
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

/** Variants matching a search: SKU starts with, exact barcode, product name contains. */
export function searchVariants(businessId: number, search: string): SQL {
  const lower = search.toLowerCase();
  const prefix = `${lower.replace(/[\\%_]/g, "\\$&")}%`;
  const contains = `%${lower.replace(/[\\%_]/g, "\\$&")}%`;
  return sql`(
    SELECT sv.id FROM product_variants sv WHERE sv.business_id = ${businessId} AND lower(sv.sku) LIKE ${prefix}
    UNION SELECT bv.id FROM product_variants bv WHERE bv.business_id = ${businessId} AND bv.barcode = ${search}
    UNION SELECT nv.id FROM products np JOIN product_variants nv ON nv.product_id = np.id
      WHERE np.business_id = ${businessId} AND lower(np.name) LIKE ${contains})`;
}

export function stateCondition(tab: OverviewTab): SQL | undefined {
  switch (tab) {
    case "out": return sql`(l.on_hand - l.reserved) = 0`;
    case "low": return sql`(l.on_hand - l.reserved) > 0 AND (l.on_hand - l.reserved) <= p.min_stock`;
    case "ready": return sql`(l.on_hand - l.reserved) > p.min_stock`;
    default: return undefined;
  }
}

function orderBy(sort: OverviewSort): SQL {
  switch (sort) {
    case "name_desc": return sql`lower(p.name) DESC, p.id DESC, v.position, v.id, l.id`;
    case "sku": return sql`lower(v.sku), l.id`;
    case "on_hand_desc": return sql`l.on_hand DESC, l.id DESC`;
    case "available_asc": return sql`(l.on_hand - l.reserved), l.id`;
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
export type LevelJson = ReturnType<typeof levelJson>;

/** One page of levels for the business (see the header). */
export async function findOverview(db: Db | Tx, businessId: number, q: Scoped, locations?: LocationOption[]) {
  const where: SQL[] = [sql`l.business_id = ${businessId}`];
  if (q.location) where.push(atLocation(q.location));
  if (q.storesOnly) where.push(sql`l.store_id IS NOT NULL`);
  if (q.productId) where.push(sql`l.product_id = ${q.productId}`);
  if (q.brand_id) where.push(sql`p.brand_id = ${q.brand_id}`);
  if (q.category_id) {
    const [lo, hi] = categoryRange(q.category_id);
    where.push(sql`p.category_id BETWEEN ${lo} AND ${hi}`);
  }
  if (q.search) where.push(sql`l.variant_id IN ${searchVariants(businessId, q.search)}`);
  const state = stateCondition(q.tab);
  if (state) where.push(state);
  const { rows } = await db.execute<LevelRow>(sql`
    SELECT l.id, l.product_id, p.name AS product_name, p.min_stock, l.variant_id, v.sku, v.barcode, v.variant_name, v.size_name, v.cost,
           l.store_id, l.warehouse_id, l.partition_id, l.on_hand, l.reserved, l.time_modified
      FROM stock_levels l
      JOIN products p ON p.id = l.product_id
      JOIN product_variants v ON v.id = l.variant_id
     WHERE ${sql.join(where, sql` AND `)}
     ORDER BY ${orderBy(q.sort)}
     LIMIT ${q.limit + 1} OFFSET ${(q.page - 1) * q.limit}`);
  const names = new Map((locations ?? (await findLocations(db, businessId))).map((l) => [l.key, l.name]));
  return { rows: rows.slice(0, q.limit).map((r) => levelJson(r, names)), has_next: rows.length > q.limit };
}

/** The filter choices: locations, the brands on the business's products, the categories they use (flattened, indented by level). */
export async function overviewChoices(db: Db | Tx, businessId: number) {
  const locations = await findLocations(db, businessId);
  const brands = (await findInventoryBrands(businessId, undefined, db)).map((b) => ({ id: b.brand_id, name: b.name }));
  type Node = { id: number; name: string; level: number; childs: Node[] };
  const flat: { id: number; name: string; level: number }[] = [];
  const walk = (nodes: Node[]) => nodes.forEach((n) => { flat.push({ id: n.id, name: n.name, level: n.level }); walk(n.childs); });
  walk((await findInventoryCategories(businessId, db)) as unknown as Node[]);
  return { locations, brands, categories: flat };
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
