/**
 * Inventory reads (spec section 7 "Inventory"): stock availability per variant per location, the
 * stock sources grouped Store / Warehouse, and the cities, brands and categories an inventory
 * filter offers. Read-only: stock changes only through core/stock/stock-ledger.ts.
 *
 * Decisions where the spec is silent:
 * - Availability is one row per stock level (variant × store, or variant × warehouse partition),
 *   with on_hand, reserved and available (= on hand − reserved), newest change first unless sorted
 *   by name; `summary_data` holds the totals of the whole filtered list (not just the page), which
 *   is what a seller asks when filtering one warehouse ("how many pieces are in Surabaya?").
 * - Filters: search (product name, SKU, exact barcode), source_type 1|2 with source_id, city_id
 *   (the location's city), brand_id, category_id (any level), product_id, variant_id, and
 *   in_stock=1 (available > 0). A location's city: a store's city, a warehouse's (overseas
 *   warehouses have none and never match a city filter).
 * - Sources are the business's active stores and warehouses; a warehouse carries its partitions.
 *   An inactive location still shows in availability (its stock is real) but is not offered as a
 *   source to pick.
 * - Cities: where the business has an active store or warehouse. Brands: the business's own brands
 *   and any other brand its products carry (a partner's brand). Categories: the three-level tree
 *   cut down to the categories the business's products use (with their parents), each node with
 *   the number of products under it.
 */
import { allCategories, categoryTree } from "#core/catalog/categories.ts";
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { PgSelect } from "drizzle-orm/pg-core";
import { db as pool, sideBySide, type Exec } from "#db/client.ts";
import {
  brands, cities, products, productVariants, provinces, stockLevels, stores, warehousePartitions, warehouses,
} from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { contains } from "#core/lib/list-query.ts";
import { categoryRange } from "#core/catalog/product-picker.ts";
import { SOURCE_TYPES } from "#core/catalog/product-enums.ts";

export const availabilityQuery = z.object({
  page: z.coerce.number().int().min(1, "invalid").default(1),
  limit: z.coerce.number().int().min(1, "invalid").max(150, "invalid").default(10),
  sort: z.coerce.number().int().min(1, "invalid").max(6, "invalid").default(4),
  search: z.string().trim().max(100, "too_long").optional(),
  source_type: z.coerce.number().int().refine((n) => n === 1 || n === 2, "invalid").optional(),
  source_id: z.coerce.number().int().positive("invalid").optional(),
  city_id: z.coerce.number().int().positive("invalid").optional(),
  brand_id: z.coerce.number().int().positive("invalid").optional(),
  category_id: z.coerce.number().int().positive("invalid").optional(),
  product_id: z.coerce.number().int().positive("invalid").optional(),
  variant_id: z.coerce.number().int().positive("invalid").optional(),
  in_stock: z.enum(["0", "1"], { message: "invalid" }).optional(),
}).refine((q) => q.source_id === undefined || q.source_type !== undefined, { message: "api-inventory:errors.source_type_needed", path: ["source_type"] });
export type AvailabilityQuery = z.infer<typeof availabilityQuery>;

function availabilityWhere(businessId: number, q: AvailabilityQuery): SQL {
  const w: (SQL | undefined)[] = [eq(stockLevels.businessId, businessId)];
  if (q.search) {
    const like = contains(q.search);
    w.push(or(ilike(products.name, like), ilike(productVariants.sku, like), eq(productVariants.barcode, q.search)));
  }
  if (q.source_type === SOURCE_TYPES.store) w.push(q.source_id ? eq(stockLevels.storeId, q.source_id) : isNotNull(stockLevels.storeId));
  if (q.source_type === SOURCE_TYPES.warehouse) w.push(q.source_id ? eq(stockLevels.warehouseId, q.source_id) : isNotNull(stockLevels.warehouseId));
  if (q.city_id) w.push(or(eq(stores.cityId, q.city_id), eq(warehouses.cityId, q.city_id)));
  if (q.brand_id) w.push(eq(products.brandId, q.brand_id));
  if (q.category_id) {
    const [lo, hi] = categoryRange(q.category_id);
    w.push(sql`${products.categoryId} BETWEEN ${lo} AND ${hi}`);
  }
  if (q.product_id) w.push(eq(stockLevels.productId, q.product_id));
  if (q.variant_id) w.push(eq(stockLevels.variantId, q.variant_id));
  if (q.in_stock === "1") w.push(sql`${stockLevels.onHand} - ${stockLevels.reserved} > 0`);
  return and(...w)!;
}

function availabilityOrder(sort: number): SQL[] {
  const byName = [asc(sql`lower(${products.name})`), asc(productVariants.position), asc(stockLevels.id)];
  switch (sort) {
    case 1: return [asc(stockLevels.id)];
    case 2: return [desc(stockLevels.id)];
    case 3: return [asc(stockLevels.timeModified), asc(stockLevels.id)];
    case 5: return byName;
    case 6: return [desc(sql`lower(${products.name})`), asc(productVariants.position), asc(stockLevels.id)];
    default: return [desc(stockLevels.timeModified), desc(stockLevels.id)];
  }
}


export async function findAvailability(businessId: number, q: AvailabilityQuery, db: Exec = pool) {
  const where = availabilityWhere(businessId, q);
  const joined = <T extends PgSelect>(qb: T) =>
    qb.innerJoin(productVariants, eq(productVariants.id, stockLevels.variantId))
      .innerJoin(products, eq(products.id, stockLevels.productId))
      .leftJoin(stores, eq(stores.id, stockLevels.storeId))
      .leftJoin(warehouses, eq(warehouses.id, stockLevels.warehouseId))
      .leftJoin(warehousePartitions, eq(warehousePartitions.id, stockLevels.partitionId))
      .leftJoin(cities, eq(cities.id, sql`coalesce(${stores.cityId}, ${warehouses.cityId})`))
      .where(where);
  const [rows, [totals]] = await sideBySide(db,
    () => joined(db.select({
      id: stockLevels.id, productId: products.id, productName: products.name, variantId: productVariants.id, sku: productVariants.sku,
      barcode: productVariants.barcode, variantName: productVariants.variantName, sizeName: productVariants.sizeName,
      storeId: stockLevels.storeId, storeName: stores.name, warehouseId: stockLevels.warehouseId, warehouseName: warehouses.name,
      partitionId: warehousePartitions.id, partitionName: warehousePartitions.name, cityName: cities.name,
      onHand: stockLevels.onHand, reserved: stockLevels.reserved, timeModified: stockLevels.timeModified,
    }).from(stockLevels).$dynamic()).orderBy(...availabilityOrder(q.sort)).limit(q.limit).offset((q.page - 1) * q.limit),
    () => joined(db.select({
      total: count(),
      onHand: sql<number>`coalesce(sum(${stockLevels.onHand}), 0)::bigint`,
      reserved: sql<number>`coalesce(sum(${stockLevels.reserved}), 0)::bigint`,
    }).from(stockLevels).$dynamic()));
  return { rows, total: totals.total, summary: { on_hand: totals.onHand, reserved: totals.reserved, available: totals.onHand - totals.reserved } };
}
export type AvailabilityRow = Awaited<ReturnType<typeof findAvailability>>["rows"][number];

export function availabilityJson(r: AvailabilityRow, t: (k: string) => string) {
  const isStore = r.storeId !== null;
  return {
    stock_level_id: r.id,
    product_id: r.productId,
    product_name: r.productName,
    variant_id: r.variantId,
    sku: r.sku,
    barcode: r.barcode,
    variant_data: { name: r.variantName },
    size_data: { name: r.sizeName },
    source_type: isStore ? SOURCE_TYPES.store : SOURCE_TYPES.warehouse,
    source_type_name: t(isStore ? "api-inventory:source_types.1" : "api-inventory:source_types.2"),
    source_id: isStore ? r.storeId : r.warehouseId,
    source_name: isStore ? r.storeName : r.warehouseName,
    partition_data: r.partitionId ? { id: r.partitionId, name: r.partitionName } : null,
    city_name: r.cityName ?? null,
    on_hand: r.onHand,
    reserved: r.reserved,
    available: r.onHand - r.reserved,
    time_modified: Math.floor(r.timeModified.getTime() / 1000),
  };
}

/** The business's active stores and warehouses as the spec's source groups (empty groups left out). */
export async function findSources(businessId: number, search: string | undefined, t: (k: string) => string, db: Exec = pool) {
  const like = search ? contains(search) : undefined;
  const [storeRows, warehouseRows] = await sideBySide(db,
    () => db.select({ id: stores.id, name: stores.name, cityName: cities.name }).from(stores)
      .leftJoin(cities, eq(cities.id, stores.cityId))
      .where(and(eq(stores.businessId, businessId), eq(stores.status, 1), like ? ilike(stores.name, like) : undefined))
      .orderBy(desc(stores.isDefault), asc(sql`lower(${stores.name})`), asc(stores.id)),
    () => db.select({ id: warehouses.id, name: warehouses.name, cityName: cities.name }).from(warehouses)
      .leftJoin(cities, eq(cities.id, warehouses.cityId))
      .where(and(eq(warehouses.businessId, businessId), eq(warehouses.status, 1), like ? ilike(warehouses.name, like) : undefined))
      .orderBy(desc(warehouses.isDefault), asc(sql`lower(${warehouses.name})`), asc(warehouses.id)));
  const partitions = warehouseRows.length
    ? await db.select({ id: warehousePartitions.id, name: warehousePartitions.name, warehouseId: warehousePartitions.warehouseId })
      .from(warehousePartitions).where(inArray(warehousePartitions.warehouseId, warehouseRows.map((w) => w.id)))
      .orderBy(asc(warehousePartitions.id))
    : [];
  const groups = [
    {
      name: t("api-inventory:source_types.1"), type: SOURCE_TYPES.store,
      datas: storeRows.map((s) => ({ source_id: s.id, name: s.name, type: SOURCE_TYPES.store, city_name: s.cityName ?? null })),
    },
    {
      name: t("api-inventory:source_types.2"), type: SOURCE_TYPES.warehouse,
      datas: warehouseRows.map((w) => ({
        source_id: w.id, name: w.name, type: SOURCE_TYPES.warehouse, city_name: w.cityName ?? null,
        partition_datas: partitions.filter((p) => p.warehouseId === w.id).map((p) => ({ id: p.id, name: p.name })),
      })),
    },
  ];
  return groups.filter((g) => g.datas.length);
}

/** Cities where the business has an active store or warehouse. */
export async function findCities(businessId: number, search?: string, db: Exec = pool) {
  const located = sql`${cities.id} IN (
    SELECT ${stores.cityId} FROM ${stores} WHERE ${stores.businessId} = ${businessId} AND ${stores.status} = 1
    UNION SELECT ${warehouses.cityId} FROM ${warehouses} WHERE ${warehouses.businessId} = ${businessId} AND ${warehouses.status} = 1 AND ${warehouses.cityId} IS NOT NULL)`;
  const rows = await db.select({ id: cities.id, name: cities.name, province: provinces.name }).from(cities)
    .innerJoin(provinces, eq(provinces.id, cities.provinceId))
    .where(and(located, search ? ilike(cities.name, contains(search)) : undefined))
    .orderBy(asc(cities.name), asc(cities.id));
  return rows.map((r) => ({ city_id: r.id, city_name: r.name, province_name: r.province }));
}

/** The business's own brands and any other brand on its products. */
export async function findInventoryBrands(businessId: number, search?: string, db: Exec = pool) {
  const onProducts = sql`${brands.id} IN (SELECT ${products.brandId} FROM ${products} WHERE ${products.businessId} = ${businessId} AND ${products.brandId} IS NOT NULL)`;
  const rows = await db.select({ id: brands.id, name: brands.name, own: sql<boolean>`${brands.businessId} = ${businessId}` }).from(brands)
    .where(and(or(eq(brands.businessId, businessId), onProducts), search ? ilike(brands.name, contains(search)) : undefined))
    .orderBy(asc(sql`lower(${brands.name})`), asc(brands.id));
  return rows.map((r) => ({ brand_id: r.id, name: r.name, is_partner: !r.own }));
}

/** The category tree cut down to the categories the business's products use, with product counts. */
export async function findInventoryCategories(businessId: number, db: Exec = pool) {
  const used = await db.select({ id: products.categoryId, n: count() }).from(products)
    .where(and(eq(products.businessId, businessId), isNotNull(products.categoryId)))
    .groupBy(products.categoryId);
  if (!used.length) return [];
  const byId = new Map((await allCategories()).map((c) => [c.id, c]));
  const totals = new Map<number, number>();
  for (const u of used) {
    // The count goes to the category and each of its parents.
    for (let c = byId.get(u.id!); c; c = c.parentId === null ? undefined : byId.get(c.parentId)) {
      totals.set(c.id, (totals.get(c.id) ?? 0) + u.n);
    }
  }
  return categoryTree((c) => (totals.get(c.id) ? { total_product: totals.get(c.id)! } : null));
}

// ---------------------------------------------------------------------------------------------
// The service: the inventory reads for the actor's business (privilege "products": stock is part
// of the catalogue).
// ---------------------------------------------------------------------------------------------
export const inventorySearch = z.object({ search: z.string().trim().max(100, "too_long").optional() });

/** One page of availability with the totals of the whole filtered list (`summary`). */
export async function inventoryAvailability(scope: Scope, q: AvailabilityQuery) {
  const { db, actor } = sellerScope(scope, "products");
  const { rows, total, summary } = await findAvailability(actor.member.businessId, q, db);
  return { rows: rows.map((r) => availabilityJson(r, actor.t)), total, summary };
}

export async function inventorySources(scope: Scope, search?: string) {
  const { db, actor } = sellerScope(scope, "products");
  return findSources(actor.member.businessId, search, actor.t, db);
}

export async function inventoryCities(scope: Scope, search?: string) {
  const { db, actor } = sellerScope(scope, "products");
  return findCities(actor.member.businessId, search, db);
}

export async function inventoryBrands(scope: Scope, search?: string) {
  const { db, actor } = sellerScope(scope, "products");
  return findInventoryBrands(actor.member.businessId, search, db);
}

export async function inventoryCategories(scope: Scope) {
  const { db, actor } = sellerScope(scope, "products");
  return findInventoryCategories(actor.member.businessId, db);
}
