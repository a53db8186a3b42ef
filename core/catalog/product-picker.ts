/**
 * The product picker (spec section 3 "Product (picker)"): a search over the business's sellable
 * variants — one row per variant × size of a family — in the spec's shape:
 *
 *   { variant_id, product_id, product_name, sku, barcode, price, compare_at_price, status,
 *     size_data{name}, variant_data{name}, image_datas[{image, is_primary}],
 *     brand_data{brand_id, name} | null, category_data{product_category_id, name} | null,
 *     on_hand, available, family_datas[{variant_id, variant_name, size_name, sku}] }
 *
 * Used by barcode labels, packages (bundles) and anything else that picks variants.
 *
 * Decisions where the spec is silent:
 * - The search matches the product's name, the variant's SKU or the family SKU (contains, any case),
 *   or the barcode exactly (a scanner types the whole code). Page size 10 (spec section 9: "product
 *   search page size 10"); the default order is by product name A-Z, then the family's own order,
 *   because a picker is read alphabetically (sort 1-6 as every list is still accepted).
 * - Every stored status is searchable (a seller prints labels for a draft before publishing it);
 *   `status=published,draft` narrows it. Suspended products are left out unless asked for.
 * - `variant_ids=1,2,3` reads given variants (a form re-rendering its selection); ids of another
 *   business are simply not found, so the answer never tells that they exist.
 * - `image_datas` holds the variant's own image first (an image whose `variant` is the variant's
 *   name), else the product's images by position; at most 3 (a picker shows one).
 * - Stock is the variant's sum over every location: on_hand and available (= on hand − reserved).
 */
import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { db as pool, sideBySide, type Db, type Tx } from "#db/client.ts";
import { brands, productCategories, productImages, products, productVariants, stockLevels } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { contains } from "#core/lib/list-query.ts";
import { PRODUCT_STATUSES } from "./product-enums.ts";

/** A comma list of positive ids ("4,7"), at most `max` of them. */
export const idList = (max: number) =>
  z.string().trim().regex(/^\d+(,\d+)*$/, "invalid")
    .transform((s) => [...new Set(s.split(",").map(Number))])
    .refine((ids) => ids.length <= max && ids.every((n) => Number.isSafeInteger(n) && n > 0), "invalid");

/** Category ids are hierarchical (db/reference-data-categories.ts): 1 → 10000-19999, 102 → 10200-10299. */
export function categoryRange(id: number): [number, number] {
  if (id < 100) return [id * 10000, id * 10000 + 9999];
  if (id < 10000) return [id * 100, id * 100 + 99];
  return [id, id];
}

export const pickerQuery = z.object({
  page: z.coerce.number().int().min(1, "invalid").default(1),
  limit: z.coerce.number().int().min(1, "invalid").max(100, "invalid").default(10),
  sort: z.coerce.number().int().min(1, "invalid").max(6, "invalid").default(5),
  search: z.string().trim().max(100, "too_long").optional(),
  brand_id: z.coerce.number().int().positive("invalid").optional(),
  category_id: z.coerce.number().int().positive("invalid").optional(),
  product_id: z.coerce.number().int().positive("invalid").optional(),
  variant_ids: idList(100).optional(),
  status: z.string().trim().optional().refine(
    (s) => !s || s.split(",").every((v) => (PRODUCT_STATUSES as readonly string[]).includes(v)), "invalid",
  ),
});
export type PickerQuery = z.infer<typeof pickerQuery>;

export type PickerItem = {
  variant_id: number;
  product_id: number;
  product_name: string;
  sku: string;
  barcode: string | null;
  price: number;
  compare_at_price: number | null;
  status: string;
  size_data: { name: string };
  variant_data: { name: string };
  image_datas: { image: string; is_primary: boolean }[];
  brand_data: { brand_id: number; name: string } | null;
  category_data: { product_category_id: number; name: string } | null;
  on_hand: number;
  available: number;
  family_datas: { variant_id: number; variant_name: string; size_name: string; sku: string }[];
};

function where(businessId: number, q: PickerQuery): SQL {
  const w: (SQL | undefined)[] = [eq(productVariants.businessId, businessId)];
  const statuses = q.status ? q.status.split(",") : PRODUCT_STATUSES.filter((s) => s !== "suspended");
  w.push(inArray(products.status, statuses));
  if (q.search) {
    const like = contains(q.search);
    w.push(or(ilike(products.name, like), ilike(productVariants.sku, like), ilike(products.sku, like), eq(productVariants.barcode, q.search)));
  }
  if (q.brand_id) w.push(eq(products.brandId, q.brand_id));
  if (q.category_id) {
    const [lo, hi] = categoryRange(q.category_id);
    w.push(sql`${products.categoryId} BETWEEN ${lo} AND ${hi}`);
  }
  if (q.product_id) w.push(eq(products.id, q.product_id));
  if (q.variant_ids) w.push(inArray(productVariants.id, q.variant_ids));
  return and(...w)!;
}

function order(sort: number): SQL[] {
  const family = [asc(products.id), asc(productVariants.position), asc(productVariants.id)];
  const first = {
    1: asc(products.timeCreated), 2: desc(products.timeCreated), 3: asc(products.timeModified), 4: desc(products.timeModified),
    5: asc(sql`lower(${products.name})`), 6: desc(sql`lower(${products.name})`),
  }[sort] ?? asc(sql`lower(${products.name})`);
  return [first, ...family];
}

/** One page of picker items and the total. */
export async function findPickerItems(businessId: number, q: PickerQuery, db: Db | Tx = pool): Promise<{ rows: PickerItem[]; total: number }> {
  const w = where(businessId, q);
  // Stock per variant as correlated sums: computed only for the page's rows (the unique key of
  // stock_levels starts with variant_id), never a GROUP BY over the whole business's stock.
  const stockSum = (expr: SQL) => sql<number>`(SELECT coalesce(sum(${expr}), 0)::bigint FROM ${stockLevels} WHERE ${stockLevels.variantId} = ${productVariants.id})`;
  const [rows, [{ total }]] = await sideBySide(db, () => db
      .select({
        id: productVariants.id, productId: products.id, productName: products.name, sku: productVariants.sku,
        barcode: productVariants.barcode, price: productVariants.price, compareAtPrice: productVariants.compareAtPrice,
        status: products.status, variantName: productVariants.variantName, sizeName: productVariants.sizeName,
        brandId: brands.id, brandName: brands.name, categoryId: productCategories.id, categoryName: productCategories.name,
        onHand: stockSum(sql`${stockLevels.onHand}`), available: stockSum(sql`${stockLevels.onHand} - ${stockLevels.reserved}`),
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .leftJoin(brands, eq(brands.id, products.brandId))
      .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
      .where(w)
      .orderBy(...order(q.sort))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    () => db.select({ total: sql<number>`count(*)::int` }).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId)).where(w));
  if (!rows.length) return { rows: [], total };

  const productIds = [...new Set(rows.map((r) => r.productId))];
  const [family, images] = await sideBySide(db,
    () => db.select({
      id: productVariants.id, productId: productVariants.productId, variantName: productVariants.variantName, sizeName: productVariants.sizeName, sku: productVariants.sku,
    }).from(productVariants).where(inArray(productVariants.productId, productIds))
      .orderBy(asc(productVariants.position), asc(productVariants.id)),
    () => db.select({ productId: productImages.productId, url: productImages.url, isPrimary: productImages.isPrimary, variantName: productImages.variantName })
      .from(productImages).where(and(inArray(productImages.productId, productIds), ne(productImages.url, "")))
      .orderBy(asc(productImages.position), asc(productImages.id)));

  return {
    total,
    rows: rows.map((r) => {
      const own = images.filter((i) => i.productId === r.productId);
      const sorted = [...own.filter((i) => r.variantName && i.variantName === r.variantName), ...own.filter((i) => !r.variantName || i.variantName !== r.variantName)];
      return {
        variant_id: r.id,
        product_id: r.productId,
        product_name: r.productName,
        sku: r.sku,
        barcode: r.barcode,
        price: r.price,
        compare_at_price: r.compareAtPrice,
        status: r.status,
        size_data: { name: r.sizeName },
        variant_data: { name: r.variantName },
        image_datas: sorted.slice(0, 3).map((i) => ({ image: i.url, is_primary: i.isPrimary })),
        brand_data: r.brandId ? { brand_id: r.brandId, name: r.brandName! } : null,
        category_data: r.categoryId ? { product_category_id: r.categoryId, name: r.categoryName! } : null,
        on_hand: r.onHand,
        available: r.available,
        family_datas: family.filter((f) => f.productId === r.productId)
          .map((f) => ({ variant_id: f.id, variant_name: f.variantName, size_name: f.sizeName, sku: f.sku })),
      };
    }),
  };
}

/**
 * The service: one page of the actor's business's variants for a picker. The privilege is the
 * feature's that picks them: "products" for the catalogue's own pages and the REST call,
 * "promotion" for a campaign entry (a staff member who runs promotions picks what to promote).
 */
export async function pickProducts(scope: Scope, q: PickerQuery, privilege: "products" | "promotion" = "products") {
  const { db, actor } = sellerScope(scope, privilege);
  return findPickerItems(actor.member.businessId, q, db);
}
