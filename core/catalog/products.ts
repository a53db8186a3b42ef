/**
 * One product as the editor and API clients see it (GET /v0.0.0/products/{id} and /{id}/update):
 * the family, its combinations (family_datas) with stock per location, its images (the spec's
 * image list item) and its video, and the choices the form offers (brands, the category tree,
 * stock locations, channels). Every query is scoped by the business (tenant key).
 *
 * Decisions where the spec is silent:
 * - status_name shows "Out of stock" for a published product with nothing available (derived,
 *   never stored), else the stored status.
 * - Stock locations are the business's active stores and active warehouses, each warehouse also
 *   with its partitions as places of their own; an inactive one still shows where this product
 *   has stock, so no stock is ever hidden from the seller.
 * - Stock in family_datas is on hand, reserved and available (on hand − reserved) per location and
 *   summed per combination.
 */
import { categoryTree } from "./categories.ts";
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { TFunction } from "i18next";
import { z } from "zod";
import { db, type Exec, type Tx } from "#db/client.ts";
import {
  brands, channels, productCategories, productChannels, productImages, products, productVariants, stockMovements, stores, users,
  warehousePartitions, warehouses,
} from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { NotFound } from "#core/errors.ts";
import { historyPage } from "#core/lib/history.ts";
import { listQuery, offsetOf } from "#core/lib/list-query.ts";
import { unix } from "#core/lib/time.ts";
import { GENDER_AUDIENCES, videoIdOf, videoThumbnailOf } from "./product-enums.ts";
import { stockOf } from "#core/stock/stock-ledger.ts";

/** The history rows of a product (core/lib/history.ts ref_type). */
export const HISTORY_REF = "product";


export type Location = { key: string; source_type: 1 | 2; source_id: number; partition_id: number | null; name: string; group: string; active: boolean };

export const locationKey = (l: { source_type: number; source_id: number; partition_id?: number | null }) =>
  l.source_type === 1 ? `s${l.source_id}` : `w${l.source_id}${l.partition_id ? `p${l.partition_id}` : ""}`;

/** The places stock can be kept (stores, warehouses, partitions); inactive ones only when `keep` names them. */
export async function stockLocations(businessId: number, keep: Set<string> = new Set(), exec: Exec = db): Promise<Location[]> {
  // One after the other: `exec` may be a transaction, whose connection runs one query at a time.
  const storeRows = await exec.select({ id: stores.id, name: stores.name, status: stores.status }).from(stores)
    .where(eq(stores.businessId, businessId)).orderBy(sql`${stores.isDefault} DESC`, asc(stores.id));
  const warehouseRows = await exec.select({ id: warehouses.id, name: warehouses.name, status: warehouses.status }).from(warehouses)
    .where(eq(warehouses.businessId, businessId)).orderBy(sql`${warehouses.isDefault} DESC`, asc(warehouses.id));
  const partitionRows = await exec.select({ id: warehousePartitions.id, name: warehousePartitions.name, warehouseId: warehousePartitions.warehouseId })
    .from(warehousePartitions).where(eq(warehousePartitions.businessId, businessId)).orderBy(asc(warehousePartitions.id));
  const out: Location[] = [];
  for (const s of storeRows) {
    const l: Location = { key: `s${s.id}`, source_type: 1, source_id: s.id, partition_id: null, name: s.name, group: s.name, active: s.status === 1 };
    if (l.active || keep.has(l.key)) out.push(l);
  }
  for (const w of warehouseRows) {
    const active = w.status === 1;
    const whole: Location = { key: `w${w.id}`, source_type: 2, source_id: w.id, partition_id: null, name: w.name, group: w.name, active };
    if (active || keep.has(whole.key)) out.push(whole);
    for (const p of partitionRows.filter((r) => r.warehouseId === w.id)) {
      const l: Location = { key: `w${w.id}p${p.id}`, source_type: 2, source_id: w.id, partition_id: p.id, name: `${w.name} › ${p.name}`, group: w.name, active };
      if (active || keep.has(l.key)) out.push(l);
    }
  }
  return out;
}

/** What the add and edit forms choose from. */
export async function formOptions(businessId: number, keep?: Set<string>, exec: Exec = db) {
  const brandRows = await exec.select({ brand_id: brands.id, name: brands.name, status: brands.status }).from(brands)
    .where(eq(brands.businessId, businessId)).orderBy(sql`lower(${brands.name})`);
  const channelRows = await exec.select({ channel_id: channels.id, name: channels.name, platform_code: channels.platformCode, status: channels.status })
    .from(channels).where(eq(channels.businessId, businessId)).orderBy(sql`lower(${channels.name})`);
  const categories = await categoryTree();
  const locations = await stockLocations(businessId, keep, exec);
  return { brands: brandRows, channels: channelRows, categories, locations };
}
export type ProductFormOptions = Awaited<ReturnType<typeof formOptions>>;

/**
 * The product row of the business, or undefined (the caller answers 404), read through `exec`
 * (inside a transaction: its `tx`). `lock`: the row stays locked until that transaction ends.
 */
export async function productRow(businessId: number, id: number, exec: Exec = db, lock = false) {
  const q = exec.select().from(products).where(and(eq(products.businessId, businessId), eq(products.id, id))).limit(1);
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

/** The full product (spec shapes: family_datas, image list, video, dimensions), labels in `t`'s language. */
export async function productDetail(businessId: number, id: number, t: TFunction, exec: Exec = db) {
  const [p] = await exec
    .select({ product: products, brandName: brands.name, categoryName: productCategories.name, categoryParent: productCategories.parentId })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(and(eq(products.businessId, businessId), eq(products.id, id)))
    .limit(1);
  if (!p) return undefined;
  // One after the other: `exec` may be a transaction, whose connection runs one query at a time.
  const variantRows = await exec.select().from(productVariants).where(eq(productVariants.productId, id))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  const imageRows = await exec.select().from(productImages).where(eq(productImages.productId, id))
    .orderBy(asc(productImages.position), asc(productImages.id));
  const channelRows = await exec.select({ id: productChannels.channelId }).from(productChannels).where(eq(productChannels.productId, id));
  const path = p.product.categoryId ? await categoryPath(p.product.categoryId, exec) : [];
  const levels = await stockOf(exec as Tx, businessId, variantRows.map((v) => v.id));
  const keep = new Set(levels.map((l) => locationKey({ source_type: l.storeId ? 1 : 2, source_id: (l.storeId ?? l.warehouseId)!, partition_id: l.partitionId })));
  const locations = await stockLocations(businessId, keep, exec);
  const name = new Map(locations.map((l) => [l.key, l.name]));
  const r = p.product;
  const videoId = r.videoUrl ? videoIdOf(r.videoUrl) : null;
  const status = r.status === "published" && r.available === 0 ? "out_of_stock" : r.status;
  return {
    product_id: r.id,
    product_name: r.name,
    sku: r.sku,
    description: r.description,
    status: r.status,
    status_name: t(`api-product:status.${status}`),
    is_out_of_stock: r.available === 0,
    brand_data: r.brandId ? { brand_id: r.brandId, name: p.brandName } : null,
    category_data: r.categoryId ? { product_category_id: r.categoryId, name: p.categoryName, path } : null,
    gender: r.genderAudience,
    gender_name: t(`api-product:gender.${GENDER_AUDIENCES[r.genderAudience] ?? "all"}`),
    stock_type: r.stockType,
    stock_type_name: t(`api-product:stock_type.${r.stockType}`, { defaultValue: "-" }),
    preorder_days: r.preorderDays,
    dimension: { length: r.lengthMm, width: r.widthMm, height: r.heightMm, unit: "mm" },
    weight: r.weightGr,
    min_stock: r.minStock,
    video_data: videoId ? { video_url: r.videoUrl, thumbnail_url: videoThumbnailOf(videoId), title: r.videoTitle, description: r.videoDescription } : null,
    image_datas: imageRows.map((i) => ({ image_id: i.id, name: i.name, url: i.url, image: i.url, is_primary: i.isPrimary, variant: i.variantName })),
    channel_ids: channelRows.map((c) => c.id),
    family_datas: variantRows.map((v) => {
      const mine = levels.filter((l) => l.variantId === v.id);
      const stock_datas = mine.map((l) => {
        const key = locationKey({ source_type: l.storeId ? 1 : 2, source_id: (l.storeId ?? l.warehouseId)!, partition_id: l.partitionId });
        return {
          key, source_type: l.storeId ? 1 : 2, source_id: (l.storeId ?? l.warehouseId)!, partition_id: l.partitionId, name: name.get(key) ?? "-",
          on_hand: l.onHand, reserved: l.reserved, available: l.onHand - l.reserved,
        };
      });
      const sum = (k: "on_hand" | "reserved" | "available") => stock_datas.reduce((a, s) => a + s[k], 0);
      return {
        variant_id: v.id, variant_name: v.variantName, size_name: v.sizeName, variant_data: { name: v.variantName }, size_data: { name: v.sizeName },
        sku: v.sku, barcode: v.barcode, price: v.price, compare_at_price: v.compareAtPrice,
        on_hand: sum("on_hand"), reserved: sum("reserved"), available: sum("available"), stock_datas,
      };
    }),
    on_hand: r.onHand,
    available: r.available,
    price_min: r.priceMin,
    price_max: r.priceMax,
    source: r.source,
    time_created: unix(r.timeCreated),
    time_modified: unix(r.timeModified),
  };
}
export type ProductDetail = NonNullable<Awaited<ReturnType<typeof productDetail>>>;

/** Level 1 › 2 › 3 names of a category. */
async function categoryPath(id: number, exec: Exec) {
  const res = await exec.execute<{ id: number; name: string }>(sql`
    WITH RECURSIVE up AS (SELECT id, parent_id, name, level FROM product_categories WHERE id = ${id}
      UNION ALL SELECT c.id, c.parent_id, c.name, c.level FROM product_categories c JOIN up ON c.id = up.parent_id)
    SELECT id, name FROM up ORDER BY level`);
  return res.rows.map((r) => ({ product_category_id: Number(r.id), name: r.name }));
}

/** Which of the given brand, category (a level-3 one) and channels the business may use; the bad ones by field. */
export async function checkReferences(tx: Tx, businessId: number, b: { brand_id?: number; category_id?: number; channel_ids: number[] }) {
  const errors: Record<string, string[]> = {};
  if (b.brand_id) {
    const [row] = await tx.select({ id: brands.id }).from(brands).where(and(eq(brands.businessId, businessId), eq(brands.id, b.brand_id))).limit(1);
    if (!row) errors.brand_id = ["api-product:errors.brand"];
  }
  if (b.category_id) {
    const [row] = await tx.select({ level: productCategories.level }).from(productCategories).where(eq(productCategories.id, b.category_id)).limit(1);
    if (!row || row.level !== 3) errors.category_id = ["api-product:errors.category"];
  }
  if (b.channel_ids.length) {
    const rows = await tx.select({ id: channels.id }).from(channels)
      .where(and(eq(channels.businessId, businessId), inArray(channels.id, b.channel_ids)));
    if (rows.length !== new Set(b.channel_ids).size) errors.channel_ids = ["api-product:errors.channel"];
  }
  return errors;
}

/** SKUs (family or combination, any case) already used in the business by another product. */
export async function takenSkus(tx: Tx, businessId: number, skus: string[], exceptProduct?: number) {
  const lower = [...new Set(skus.map((s) => s.toLowerCase()))];
  if (!lower.length) return new Set<string>();
  const other = exceptProduct ? sql` AND product_id <> ${exceptProduct}` : sql``;
  const otherP = exceptProduct ? sql` AND id <> ${exceptProduct}` : sql``;
  const list = sql.join(lower.map((s) => sql`${s}`), sql`, `);
  const res = await tx.execute<{ sku: string }>(sql`
    SELECT lower(sku) AS sku FROM product_variants WHERE business_id = ${businessId} AND lower(sku) IN (${list})${other}
    UNION SELECT lower(sku) FROM products WHERE business_id = ${businessId} AND lower(sku) IN (${list})${otherP}`);
  return new Set(res.rows.map((r) => r.sku));
}

/** Barcodes already on another product's combinations in the business. */
export async function takenBarcodes(tx: Tx, businessId: number, codes: string[], exceptProduct?: number) {
  if (!codes.length) return new Set<string>();
  const rows = await tx.select({ barcode: productVariants.barcode }).from(productVariants).where(and(
    eq(productVariants.businessId, businessId), inArray(productVariants.barcode, codes),
    exceptProduct ? sql`${productVariants.productId} <> ${exceptProduct}` : undefined,
  ));
  return new Set(rows.map((r) => r.barcode!));
}

/**
 * The public images among `urls` that someone of the business uploaded (an image URL must be a
 * picture we stored for this business: not another business's file, not a private document).
 */
export async function existingUploads(tx: Tx, businessId: number, urls: string[]) {
  if (!urls.length) return new Set<string>();
  const names = urls.map((u) => u.replace(/^\/uploads\//, ""));
  const res = await tx.execute<{ name: string }>(sql`
    SELECT u.name FROM uploads u
     WHERE u.name IN (${sql.join(names.map((n) => sql`${n}`), sql`, `)})
       AND NOT u.private AND u.content_type LIKE 'image/%'
       AND EXISTS (SELECT 1 FROM business_members m WHERE m.business_id = ${businessId} AND m.user_id = u.user_id)`);
  return new Set(res.rows.map((r) => `/uploads/${r.name}`));
}


// ---------------------------------------------------------------------------------------------
// The service: what the product pages and the REST calls read, for the actor's business
// (privilege "products"). Another business's product is NotFound, exactly like an unknown id.
// ---------------------------------------------------------------------------------------------

/** The choices of the add form (brands, category tree, stock locations, channels). */
export async function productFormOptions(scope: Scope) {
  const { db, actor } = sellerScope(scope, "products");
  return formOptions(actor.member.businessId, undefined, db);
}

/** NotFound unless the product is the actor's business's. */
export async function assertProduct(scope: Scope, id: number) {
  const { db, actor } = sellerScope(scope, "products");
  if (!(await productRow(actor.member.businessId, id, db))) throw new NotFound();
}

export async function getProduct(scope: Scope, id: number) {
  const { db, actor } = sellerScope(scope, "products");
  const d = await productDetail(actor.member.businessId, id, actor.t, db);
  if (!d) throw new NotFound();
  return d;
}

/** The product plus form_data: what its edit form offers (an inactive location still holding its stock included). */
export async function getProductForEdit(scope: Scope, id: number) {
  const d = await getProduct(scope, id);
  const { db, actor } = sellerScope(scope, "products");
  const keep = new Set(d.family_datas.flatMap((f) => f.stock_datas.map((s) => locationKey(s))));
  return { ...d, form_data: await formOptions(actor.member.businessId, keep, db) };
}
export type ProductForEdit = Awaited<ReturnType<typeof getProductForEdit>>;

export const stockHistoryQuery = listQuery.pick({ page: true, limit: true }).extend({
  variant_id: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().positive("invalid").optional()),
});
export type StockHistoryQuery = z.infer<typeof stockHistoryQuery>;

/** The ledger's movements of a product (of one combination with variant_id), newest first. */
export async function productStockHistory(scope: Scope, productId: number, q: StockHistoryQuery) {
  const { db, actor } = sellerScope(scope, "products");
  const businessId = actor.member.businessId;
  if (!(await productRow(businessId, productId, db))) throw new NotFound();
  const where = and(
    eq(stockMovements.businessId, businessId), eq(stockMovements.productId, productId),
    q.variant_id ? eq(stockMovements.variantId, q.variant_id) : undefined,
  );
  const rows = await db.select({
    m: stockMovements, sku: productVariants.sku, variantName: productVariants.variantName, sizeName: productVariants.sizeName,
    storeName: stores.name, warehouseName: warehouses.name, partitionName: warehousePartitions.name, userName: users.name,
  })
    .from(stockMovements)
    .innerJoin(productVariants, eq(productVariants.id, stockMovements.variantId))
    .leftJoin(stores, eq(stores.id, stockMovements.storeId))
    .leftJoin(warehouses, eq(warehouses.id, stockMovements.warehouseId))
    .leftJoin(warehousePartitions, eq(warehousePartitions.id, stockMovements.partitionId))
    .leftJoin(users, eq(users.id, stockMovements.userId))
    .where(where)
    .orderBy(desc(stockMovements.id))
    .limit(q.limit)
    .offset(offsetOf(q));
  const [{ total }] = await db.select({ total: count() }).from(stockMovements).where(where);
  return {
    total,
    rows: rows.map((r) => ({
      stock_movement_id: r.m.id,
      variant_id: r.m.variantId,
      sku: r.sku,
      variant_name: r.variantName,
      size_name: r.sizeName,
      source_type: r.m.storeId ? 1 : 2,
      source_name: r.storeName ?? [r.warehouseName, r.partitionName].filter(Boolean).join(" › "),
      reason: r.m.reason,
      reason_name: actor.t(`api-product:reasons.${r.m.reason}`, { defaultValue: r.m.reason }),
      reference: r.m.reference,
      note: r.m.note,
      on_hand_before: r.m.onHandBefore,
      on_hand_after: r.m.onHandAfter,
      change: r.m.onHandAfter - r.m.onHandBefore,
      reserved_before: r.m.reservedBefore,
      reserved_after: r.m.reservedAfter,
      user_name: r.userName ?? "-",
      time_created: unix(r.m.timeCreated)!, // a movement always has its time
    })),
  };
}
export type StockMovementJson = Awaited<ReturnType<typeof productStockHistory>>["rows"][number];

/** A product's update history, newest first. */
export async function productHistory(scope: Scope, productId: number, q: { page: number; limit: number }) {
  const { db, actor } = sellerScope(scope, "products");
  if (!(await productRow(actor.member.businessId, productId, db))) throw new NotFound();
  return historyPage(db, { businessId: actor.member.businessId, refType: HISTORY_REF, refId: productId }, q);
}
