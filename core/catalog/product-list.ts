/**
 * The product listing's queries (spec section 2 "Products" listing, section 7 GET /v0.0.1/products):
 * filters shared by the list call and the product-listing export, the tab conditions, the bounded
 * tab counts and the row shape, and the service the listing page and GET /v0.0.1/products share,
 * with the product-listing export. Every query is scoped by the business (tenant key).
 *
 * Decisions where the spec is silent (and why):
 * - Tabs: All (every product, drafts included), Active (published with something available),
 *   Not Active (archived), Out Of Stock (published with nothing available: derived from the ledger's
 *   `available` sum, never stored), Blocked (suspended).
 * - Category filter takes an id of any level of the tree: level 1 X (1-5) covers X*10000..X*10000+9999,
 *   level 2 Y (100-599) covers Y*100..Y*100+99, level 3 is exact. One index range either way.
 * - Date shortcuts 7/14/30 (spec section 9) filter on when the product was added.
 * - Search: every word must be in the name (so "kemeja coklat" finds "Kemeja Batik Coklat"), or the
 *   family SKU or a variant's SKU starts with the text (sellers type SKUs from the start; a
 *   "contains" match on SKUs that share a long prefix costs a scan of most of the trigram index), or
 *   the text is a variant's barcode (a scanned label). Case does not matter.
 * - Counts are bounded at COUNT_CAP (1.000) per tab: the seller sees "1.000+" instead of an exact
 *   figure when more match. Counting every row of every tab on each page view costs more than the
 *   page itself on a 100k catalogue (≈30 ms here against ≈1 ms bounded). The pages stay reachable:
 *   past the cap the list offers one more page while pages come back full. A search counts its
 *   matches once for all tabs (see tabCounts).
 */
import { and, asc, eq, gte, inArray, lte, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { z } from "zod";
import { db, prepared, preparedSql, type Db, type Tx } from "#db/client.ts";
import { brands, productCategories, productChannels, productImages, products, productVariants, channels, productRatings } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { defineExport } from "#core/jobs/exports.ts";
import { unix } from "#core/lib/time.ts";
import { allCategories, categoryTree } from "./categories.ts";
import { contains, listQuery, offsetOf, orderBy } from "#core/lib/list-query.ts";
import { PRODUCT_DATE_SHORTCUTS, PRODUCT_TABS, STOCK_TYPES, type ProductTab } from "./product-enums.ts";
import { blank } from "#core/profile/warehouses-shared.ts";

/** Tab counts stop at this many (the page shows "10.000+"). */
export const COUNT_CAP = 1_000;

const id = blank(z.coerce.number({ error: "invalid" }).int("invalid").positive("invalid").max(2_147_483_647, "invalid"));

export const productFilters = z.object({
  tab: blank(z.enum(PRODUCT_TABS, { error: "invalid" })),
  search: z.string().trim().max(100, "too_long").optional(),
  brand_id: id,
  category_id: id,
  channel_id: id,
  stock_type: blank(z.coerce.number().int().refine((v) => Object.values(STOCK_TYPES).includes(v as 1), "invalid")),
  date: blank(z.coerce.number().int().refine((v) => (PRODUCT_DATE_SHORTCUTS as readonly number[]).includes(v), "invalid")),
  sort: z.coerce.number().int().min(1, "invalid").max(6, "invalid").default(2),
});
export type ProductFilters = z.infer<typeof productFilters>;

/** The condition of a tab (spec section 2 tabs; out of stock derived from `available`). */
export function tabCondition(tab: ProductTab | undefined): SQL | undefined {
  switch (tab) {
    case "active": return and(eq(products.status, "published"), sql`${products.available} > 0`);
    case "not_active": return eq(products.status, "archived");
    case "out_of_stock": return and(eq(products.status, "published"), eq(products.available, 0));
    case "blocked": return eq(products.status, "suspended");
    default: return undefined;
  }
}

/** [from, to] of the category ids a category of any level covers (see the header). */
export function categoryRange(categoryId: number): [number, number] {
  if (categoryId < 100) return [categoryId * 10_000, categoryId * 10_000 + 9_999];
  if (categoryId < 10_000) return [categoryId * 100, categoryId * 100 + 99];
  return [categoryId, categoryId];
}

/**
 * The filters other than the tab (the tab counts share them). `search` says how the search is
 * written, for the plan PostgreSQL can make of it (see findProducts); "none" leaves it out.
 */
export function filterConditions(businessId: number | SQLWrapper, f: Omit<Partial<ProductFilters>, "tab">, search: "dense" | "sparse" | "none" = "dense"): SQL[] {
  const where: SQL[] = [eq(products.businessId, businessId)];
  if (f.brand_id) where.push(eq(products.brandId, f.brand_id));
  if (f.category_id) {
    const [from, to] = categoryRange(f.category_id);
    where.push(from === to ? eq(products.categoryId, from) : and(gte(products.categoryId, from), lte(products.categoryId, to))!);
  }
  if (f.channel_id) {
    where.push(sql`EXISTS (SELECT 1 FROM ${productChannels} WHERE ${productChannels.productId} = ${products.id} AND ${productChannels.channelId} = ${f.channel_id})`);
  }
  if (f.stock_type) where.push(eq(products.stockType, f.stock_type));
  if (f.date) where.push(sql`${products.timeCreated} >= now() - make_interval(days => ${f.date})`);
  if (f.search && search !== "none") {
    const { own, variantIds } = searchParts(businessId, f.search);
    where.push(search === "dense"
      // Many matches: walking the sort's index and testing each row finds a page quickly.
      ? sql`(${own} OR ${products.id} IN (${variantIds}))`
      // Few matches: collect them through the trigram and prefix indexes first, then sort those.
      : sql`${products.id} IN (SELECT ${products.id} FROM ${products} WHERE ${products.businessId} = ${businessId} AND ${own} UNION ALL ${variantIds})`);
  }
  return where;
}

/**
 * Whether a filter other than the tab is set. The listing as it opens (a tab, a sort, a page) is
 * read by prepared queries (db/client.ts); a filter writes its own text.
 */
const filtered = (f: Omit<Partial<ProductFilters>, "tab">) => Boolean(f.search || f.brand_id || f.category_id || f.channel_id || f.stock_type || f.date);

/** LIKE text that starts with `text` (wildcards in it escaped). */
const startsWith = (text: string) => `${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * The search's two halves: the product's own (every word in the name, or the family SKU starts
 * with the text) and the ids of products with a variant whose SKU starts with the text or whose
 * barcode is the text (a scanned label).
 */
function searchParts(businessId: number | SQLWrapper, text: string) {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  const prefix = startsWith(text.toLowerCase());
  const nameHas = and(...words.map((w) => sql`lower(${products.name}) LIKE ${contains(w)}`))!;
  const skuPrefix = sql`lower(${products.sku}) LIKE ${prefix}`;
  return {
    nameHas,
    skuPrefix,
    own: sql`(${nameHas} OR ${skuPrefix})`,
    variantIds: sql`SELECT ${productVariants.productId} FROM ${productVariants} WHERE ${productVariants.businessId} = ${businessId}
                     AND (lower(${productVariants.sku}) LIKE ${prefix} OR ${productVariants.barcode} = ${text})`,
  };
}

/**
 * Every tab's count under the same filters, each counted up to COUNT_CAP + 1, in one round trip;
 * `capped` tabs show "N+" (at least N).
 *
 * Without a search each tab is counted on its own index (index-only, stops at the cap). With a
 * search, counting tab by tab costs a walk of the catalogue per tab (25–60 ms at 100k products for
 * a common word), so the matches are collected once instead, through the trigram and SKU-prefix
 * indexes, at most COUNT_CAP + 1 of them, and every tab is counted from that set. When the search
 * matches more than that, the counts of the set are lower bounds and every tab that has some is
 * shown "N+".
 */
export async function tabCounts(businessId: number, f: Omit<Partial<ProductFilters>, "tab">, exec: typeof db | Tx = db) {
  if (f.search) return searchTabCounts(businessId, f, exec);
  // The listing as it opens (no filter) is prepared (db/client.ts); a filter writes its own text.
  const rows = await preparedSql<Record<ProductTab, number>>(exec, filtered(f) ? null : "product_tab_counts", (value) => {
    const base = filterConditions(value("business"), f, "none");
    const parts = PRODUCT_TABS.map((tab) => sql`(SELECT count(*) FROM (SELECT 1 FROM ${products} WHERE ${and(...base, tabCondition(tab))} LIMIT ${COUNT_CAP + 1}) s)`);
    return sql`SELECT ${sql.join(PRODUCT_TABS.map((tab, i) => sql`${parts[i]}::int AS ${sql.identifier(tab)}`), sql`, `)}`;
  }).execute({ business: businessId });
  const counts = { ...rows[0] } as Record<ProductTab, number>;
  const capped = PRODUCT_TABS.filter((tab) => counts[tab] > COUNT_CAP);
  for (const tab of capped) counts[tab] = COUNT_CAP;
  return { counts, capped };
}

async function searchTabCounts(businessId: number, f: Omit<Partial<ProductFilters>, "tab">, exec: typeof db | Tx) {
  const base = and(...filterConditions(businessId, f, "none"))!;
  const { nameHas, skuPrefix, variantIds } = searchParts(businessId, f.search!);
  // Three index-friendly halves, read only as far as the cap; a product found twice counts once.
  const { rows } = await exec.execute<{ id: number; status: string; available: number }>(sql`
    (SELECT ${products.id}, ${products.status}, ${products.available} FROM ${products} WHERE ${base} AND ${nameHas})
    UNION ALL
    (SELECT ${products.id}, ${products.status}, ${products.available} FROM ${products} WHERE ${base} AND ${skuPrefix})
    UNION ALL
    (SELECT ${products.id}, ${products.status}, ${products.available} FROM ${products} WHERE ${base} AND ${products.id} IN (${variantIds}))
    LIMIT ${COUNT_CAP + 1}`);
  const truncated = rows.length > COUNT_CAP;
  const seen = new Set<number>();
  const counts = Object.fromEntries(PRODUCT_TABS.map((tab) => [tab, 0])) as Record<ProductTab, number>;
  for (const r of rows) {
    if (seen.has(r.id)) continue;
    seen.add(r.id);
    counts.all += 1;
    const tab = tabOf(r);
    if (tab) counts[tab] += 1;
  }
  const capped = truncated ? PRODUCT_TABS.filter((tab) => counts[tab] > 0) : [];
  for (const tab of capped) counts[tab] = Math.min(counts[tab], COUNT_CAP);
  return { counts, capped };
}

/** The tab (other than All) a product is listed under; drafts are only under All. */
function tabOf(r: { status: string; available: number }): ProductTab | null {
  if (r.status === "published") return r.available > 0 ? "active" : "out_of_stock";
  if (r.status === "archived") return "not_active";
  if (r.status === "suspended") return "blocked";
  return null;
}

const rowColumns = {
  id: products.id,
  name: products.name,
  sku: products.sku,
  status: products.status,
  stockType: products.stockType,
  preorderDays: products.preorderDays,
  onHand: products.onHand,
  available: products.available,
  priceMin: products.priceMin,
  priceMax: products.priceMax,
  source: products.source,
  masterSyncedAt: products.masterSyncedAt,
  timeCreated: products.timeCreated,
  timeModified: products.timeModified,
  brandId: products.brandId,
  brandName: brands.name,
  categoryId: products.categoryId,
  categoryName: productCategories.name,
  // The buyers' reviews: the stored per-product count and sum (core/inbox/reviews.ts keeps them), joined by key.
  ratingReviews: productRatings.reviews,
  ratingSum: productRatings.ratingSum,
  // Per row of the page only (≤ 150 index lookups each): the main image, the variant count and
  // the channels by name (in the same round trip as the rows).
  image: sql<string | null>`(SELECT ${productImages.url} FROM ${productImages} WHERE ${productImages.productId} = ${products.id}
                              ORDER BY ${productImages.position}, ${productImages.id} LIMIT 1)`,
  variantCount: sql<number>`(SELECT count(*)::int FROM ${productVariants} WHERE ${productVariants.productId} = ${products.id})`,
  channels: sql<{ id: number; name: string }[]>`(
    SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY c.name), '[]'::json)
      FROM ${productChannels} pc JOIN ${channels} c ON c.id = pc.channel_id WHERE pc.product_id = ${products.id})`,
};

export type ProductListRow = Awaited<ReturnType<typeof findProducts>>[number];

/**
 * One page of the list: the tab and filters, sorted (spec sorts 1-6), `limit` rows from `offset`.
 * `matches` is what the tab's bounded count found: with a search that matches few rows (under the
 * cap) the matches are collected first and sorted; with many, the sort's index is walked.
 */
export async function findProducts(
  businessId: number, f: Partial<ProductFilters>, page: { limit: number; offset: number; matches?: number }, exec: typeof db | Tx = db,
) {
  const sparse = page.matches !== undefined && page.matches <= COUNT_CAP;
  const sort = f.sort ?? 2;
  const name = filtered(f) ? null : `product_page_${f.tab ?? "all"}_${sort}`;
  return prepared(exec, name, (e, name) => e
    .select(rowColumns)
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .leftJoin(productRatings, eq(productRatings.productId, products.id))
    .where(and(...filterConditions(sql.placeholder("business"), f, sparse ? "sparse" : "dense"), tabCondition(f.tab)))
    .orderBy(...orderBy(sort, { created: products.timeCreated, modified: products.timeModified, name: products.name, id: products.id }))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare(name)).execute({ business: businessId, limit: page.limit, offset: page.offset });
}

/** The state a seller sees: the stored status, or out_of_stock for a published product with nothing available. */
export const shownStatus = (r: { status: string; available: number }) =>
  r.status === "published" && r.available <= 0 ? "out_of_stock" : r.status;

/** The list row as the API answers it. */
export function productListJson(r: ProductListRow, t: (key: string) => string) {
  const status = shownStatus(r);
  return {
    product_id: r.id,
    name: r.name,
    sku: r.sku,
    status: r.status,
    state: status,
    status_name: t(`api-product-list:state.${status}`),
    image: r.image,
    // A set brand or category always has its row (foreign keys): its name is there.
    brand_data: r.brandId ? { brand_id: r.brandId, name: r.brandName! } : null,
    category_data: r.categoryId ? { product_category_id: r.categoryId, name: r.categoryName! } : null,
    channel_datas: r.channels.map((c) => ({ channel_id: c.id, name: c.name })),
    stock_type: r.stockType,
    preorder_days: r.preorderDays,
    price_min: r.priceMin,
    price_max: r.priceMax,
    on_hand: r.onHand,
    available: r.available,
    variant_count: r.variantCount,
    // The average of the buyers' ratings (one decimal) and how many; null before the first review.
    rating: r.ratingReviews ? { average: Math.round((r.ratingSum! / r.ratingReviews) * 10) / 10, reviews: r.ratingReviews } : null,
    source: r.source,
    time_synced: unix(r.masterSyncedAt),
    time_created: unix(r.timeCreated)!,
    time_modified: unix(r.timeModified),
  };
}
export type ProductListItem = ReturnType<typeof productListJson>;

/** The products of the business among `ids`, locked in id order (bulk actions). */
export async function lockProducts(tx: Tx, businessId: number, ids: number[]) {
  return tx
    .select({ id: products.id, name: products.name, sku: products.sku, status: products.status, available: products.available, masterSyncedAt: products.masterSyncedAt })
    .from(products)
    .where(and(eq(products.businessId, businessId), inArray(products.id, ids)))
    .orderBy(asc(products.id))
    .for("update");
}

/**
 * The filter choices of the listing, in one round trip: the business's brands and channels, and
 * the category tree: whole (the REST call), or with `inUse` (the listing page) only the categories
 * the business's products are in, with their parents, and `inUse.keep` (the URL's choice). A
 * category no product is in can only filter to an empty list, and the whole tree is 141 options
 * in a phone's select. The categories in use are read by skipping through the (business,
 * category) index, one probe per category, not by reading every product.
 */
export async function listingFilters(businessId: number, exec: Db | Tx = db, inUse?: { keep?: number }) {
  const used = inUse
    ? sql`ARRAY(WITH RECURSIVE c(id) AS (
        (SELECT category_id FROM ${products} WHERE business_id = ${businessId} AND category_id IS NOT NULL ORDER BY category_id LIMIT 1)
        UNION ALL
        SELECT (SELECT p.category_id FROM ${products} p WHERE p.business_id = ${businessId} AND p.category_id > c.id ORDER BY p.category_id LIMIT 1)
          FROM c WHERE c.id IS NOT NULL)
      SELECT id FROM c WHERE id IS NOT NULL)`
    : sql`NULL::int[]`;
  const { rows: [row] } = await exec.execute<{
    brands: { brand_id: number; name: string }[]; channels: { channel_id: number; name: string }[]; used: number[] | null;
  }>(sql`SELECT
    (SELECT coalesce(json_agg(json_build_object('brand_id', id, 'name', name) ORDER BY name), '[]'::json) FROM ${brands} WHERE business_id = ${businessId}) AS brands,
    (SELECT coalesce(json_agg(json_build_object('channel_id', id, 'name', name) ORDER BY name), '[]'::json) FROM ${channels} WHERE business_id = ${businessId}) AS channels,
    ${used} AS used`);
  return { brands: row.brands, channels: row.channels, categories: row.used ? await usedCategoryTree([...row.used, inUse?.keep ?? 0]) : await categoryTree() };
}

/** The tree cut down to the categories `ids` and their parents. */
async function usedCategoryTree(ids: number[]) {
  const parentOf = new Map((await allCategories()).map((r) => [r.id, r.parentId]));
  const keep = new Set<number>();
  for (const id of ids) {
    for (let at: number | null | undefined = id; at && parentOf.has(at) && !keep.has(at); at = parentOf.get(at)) keep.add(at);
  }
  return categoryTree((r) => (keep.has(r.id) ? {} : null));
}
export type ListingFilters = Awaited<ReturnType<typeof listingFilters>>;

// ---------------------------------------------------------------------------------------------
// The service: the listing's reads for the actor's business (privilege "products"). The status
// switch, delete and bulk actions are product-actions.ts.
// ---------------------------------------------------------------------------------------------
export const productListQuery = listQuery.extend(productFilters.shape);
export type ProductListQuery = z.infer<typeof productListQuery>;
export type TabSummary = { tabs: Record<ProductTab, number>; capped: ProductTab[]; cap: number };

/**
 * One page of the listing with every tab's count under the same filters (`summary`); `total` is
 * the tab's count, or past a capped count what is known so far (one more page is offered while
 * pages come back full).
 */
export async function listProducts(scope: Scope, q: ProductListQuery) {
  const { db, actor } = sellerScope(scope, "products");
  const businessId = actor.member.businessId;
  const tab = q.tab ?? "all";
  // The counts first: how many the tab holds decides how the page is best read (see findProducts).
  const { counts, capped } = await tabCounts(businessId, q, db);
  const rows = counts[tab] === 0 && !capped.includes(tab)
    ? []
    : await findProducts(businessId, q, { limit: q.limit, offset: offsetOf(q), matches: capped.includes(tab) ? COUNT_CAP + 1 : counts[tab] }, db);
  const total = capped.includes(tab)
    ? Math.max(counts[tab], offsetOf(q) + rows.length + (rows.length === q.limit ? 1 : 0))
    : counts[tab];
  const summary: TabSummary = { tabs: counts, capped, cap: COUNT_CAP };
  return { rows: rows.map((r) => productListJson(r, actor.t)), total, summary };
}

/** The tab counts alone, under the same filters. */
export async function productTabCounts(scope: Scope, f: Omit<Partial<ProductFilters>, "tab">): Promise<TabSummary> {
  const { db, actor } = sellerScope(scope, "products");
  const { counts, capped } = await tabCounts(actor.member.businessId, f, db);
  return { tabs: counts, capped, cap: COUNT_CAP };
}

export async function productListingFilters(scope: Scope, inUse?: { keep?: number }) {
  const { db, actor } = sellerScope(scope, "products");
  return listingFilters(actor.member.businessId, db, inUse);
}

// ---------------------------------------------------------------------------------------------
// Export kind "product-listing": the listing with its tab and filters, as an .xlsx
// ---------------------------------------------------------------------------------------------
defineExport("product-listing", {
  privilege: "products",
  filename: "api-product-list:export.filename",
  sheet: "api-product-list:export.sheet",
  filters: productFilters,
  columns: [
    { key: "name", header: "api-product-list:export.name", width: 40 },
    { key: "sku", header: "api-product-list:export.sku", width: 18 },
    { key: "status", header: "api-product-list:export.status", width: 14 },
    { key: "brand", header: "api-product-list:export.brand", width: 20 },
    { key: "category", header: "api-product-list:export.category", width: 24 },
    { key: "stock_type", header: "api-product-list:export.stock_type", width: 12 },
    { key: "variants", header: "api-product-list:export.variants", width: 10 },
    { key: "price_min", header: "api-product-list:export.price_min", width: 14 },
    { key: "price_max", header: "api-product-list:export.price_max", width: 14 },
    { key: "on_hand", header: "api-product-list:export.on_hand", width: 10 },
    { key: "available", header: "api-product-list:export.available", width: 10 },
    { key: "channels", header: "api-product-list:export.channels", width: 30 },
    { key: "time_created", header: "api-product-list:export.time_created", date: true },
    { key: "time_modified", header: "api-product-list:export.time_modified", date: true },
  ],
  async page(job, filters, offset, limit, t) {
    // The export writes every matching row, so it counts exactly (it is not on a page view's clock).
    const [rows, total] = await Promise.all([findProducts(job.businessId, filters, { limit, offset }), exportTotal(job, filters)]);
    return {
      total,
      rows: rows.map((r) => {
        const p = productListJson(r, t);
        return {
          name: p.name, sku: p.sku, status: p.status_name, brand: p.brand_data?.name ?? null, category: p.category_data?.name ?? null,
          stock_type: t(`api-product-list:stock_type.${p.stock_type}`), variants: p.variant_count, price_min: p.price_min, price_max: p.price_max,
          on_hand: p.on_hand, available: p.available, channels: p.channel_datas.map((ch) => ch.name).join(", "),
          time_created: r.timeCreated, time_modified: r.timeModified,
        };
      }),
    };
  },
});

/** The export's exact total, counted once per job (the job object is the same on every page). */
const totals = new WeakMap<object, Promise<number>>();
function exportTotal(job: { businessId: number }, f: ProductFilters) {
  let total = totals.get(job);
  if (!total) {
    const where = and(...filterConditions(job.businessId, f), tabCondition(f.tab));
    total = db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM ${products} WHERE ${where}`).then((r) => r.rows[0].total);
    totals.set(job, total);
  }
  return total;
}
