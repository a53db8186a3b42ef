/**
 * Packages (bundles; spec section 2: /products/package, add, :slug/edit): a price for a set of
 * variants, e.g. "Paket Lebaran" = Kemeja Batik L × 1 + Hijab Sage × 2.
 *
 * A package has no stock of its own, and none is ever stored: what can be sold is the smallest
 * "component available ÷ quantity" (rounded down) over its items, where a component's available is
 * its variant's on hand − reserved summed over every location (the stock ledger's numbers). The
 * same rule is one SQL expression (`derivedStock`) for the list's stock filter and sort-free reads.
 *
 * Shape: package_id, name, sku, description, image, price, items_total_price (what the items cost
 * one by one at their current prices), stock (derived), is_out_of_stock, item_count,
 * item_datas[variant_id, product_id, product_name, sku, variant_name, size_name, image, price,
 * quantity, available, product_status, makes (= floor(available ÷ quantity))], status (1|0),
 * status_name, time_created, time_modified.
 *
 * Decisions where the spec is silent:
 * - A component whose product is not published (draft, archived, suspended) cannot be sold, so it
 *   makes 0 and the package's stock is 0 until it is published again.
 * - Stock counts every location together (a bundle is put together where it is packed; transfers
 *   are the seller's business); per-location bundle stock is left for the order flow.
 * - 1–30 items, each a different variant of the business (422 on `items` otherwise), quantities
 *   1–999. The package SKU is unique per business (422 on `sku`).
 * - The price is the seller's; items_total_price is shown next to it so the saving is visible.
 *
 * The service functions (list, get, create, update, status, history) come from offering-crud.ts.
 */
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { TFunction } from "i18next";
import { z } from "zod";
import { db, sideBySide, type Db, type Tx } from "#db/client.ts";
import { packageItems, packages, products, productVariants } from "#db/schema/index.ts";
import { Refused } from "#core/errors.ts";
import { diff } from "#core/lib/history.ts";
import { unix } from "#core/lib/time.ts";
import { contains, orderBy } from "#core/lib/list-query.ts";
import { MAX_ITEM_QUANTITY, MAX_PACKAGE_ITEMS } from "./offering-enums.ts";
import { offeringService, pageQuery, type Page } from "./offering-crud.ts";
import { blank, descriptionField, imageField, intField, moneyField, nameField, offeringFilters, skuField, statusKey } from "./offerings-shared.ts";

const itemBody = z.object({
  variant_id: z.coerce.number({ error: "required" }).int("invalid").positive("invalid"),
  quantity: intField(1, MAX_ITEM_QUANTITY),
});

export const packageBody = z.object({
  name: nameField(100),
  sku: skuField,
  description: descriptionField,
  image: imageField,
  price: moneyField(),
  items: z.array(itemBody, { error: "offering:errors.items_required" })
    .min(1, "offering:errors.items_required")
    .max(MAX_PACKAGE_ITEMS, "offering:errors.items_too_many")
    .refine((items) => new Set(items.map((i) => i.variant_id)).size === items.length, "offering:errors.items_duplicate"),
});
export type PackageBody = z.infer<typeof packageBody>;

export const packageFilters = offeringFilters.extend({
  stock: blank(z.enum(["in_stock", "out_of_stock"], { error: "invalid" })),
});
export type PackageFilters = z.infer<typeof packageFilters>;
export const packageListQuery = pageQuery.extend(packageFilters.shape);
export type PackageListQuery = z.infer<typeof packageListQuery>;

/** The derived stock of the package row in scope (see the header): one correlated subquery. */
// Explicit table names throughout: Drizzle leaves columns of a one-table query unqualified.
export const derivedStock = sql<number>`(SELECT COALESCE(MIN(CASE WHEN p.status = 'published'
    THEN COALESCE((SELECT SUM(sl.on_hand - sl.reserved) FROM stock_levels sl WHERE sl.variant_id = pi.variant_id), 0) / pi.quantity
    ELSE 0 END), 0)
  FROM package_items pi
  JOIN product_variants v ON v.id = pi.variant_id
  JOIN products p ON p.id = v.product_id
  WHERE pi.package_id = "packages"."id")`.mapWith(Number);

/** The same rule in code, for one package's items (tested against the SQL). */
export const stockOf = (items: { available: number; quantity: number; productStatus: string }[]) =>
  items.length ? Math.min(...items.map((i) => (i.productStatus === "published" ? Math.floor(Math.max(0, i.available) / i.quantity) : 0))) : 0;

function filtered(businessId: number, f: Partial<PackageFilters>) {
  const where: SQL[] = [eq(packages.businessId, businessId)];
  if (f.search) where.push(or(ilike(packages.name, contains(f.search)), ilike(packages.sku, contains(f.search)))!);
  if (f.status !== undefined) where.push(eq(packages.status, f.status));
  if (f.stock === "in_stock") where.push(sql`${derivedStock} > 0`);
  if (f.stock === "out_of_stock") where.push(sql`${derivedStock} = 0`);
  return and(...where)!;
}

export type PackageItem = {
  variantId: number; productId: number; productName: string; sku: string; variantName: string; sizeName: string; price: number;
  quantity: number; available: number; productStatus: string; image: string | null;
};
export type PackageRow = typeof packages.$inferSelect & { items: PackageItem[] };

/** The items of some packages, with their variant, product, first image and available stock. */
export async function itemsOf(ids: number[], exec: Db | Tx = db) {
  const out = new Map<number, PackageItem[]>();
  if (!ids.length) return out;
  const rows = await exec
    .select({
      packageId: packageItems.packageId, variantId: packageItems.variantId, quantity: packageItems.quantity,
      productId: products.id, productName: products.name, productStatus: products.status,
      sku: productVariants.sku, variantName: productVariants.variantName, sizeName: productVariants.sizeName, price: productVariants.price,
      available: sql<number>`COALESCE((SELECT SUM(sl.on_hand - sl.reserved) FROM stock_levels sl WHERE sl.variant_id = "package_items"."variant_id"), 0)`.mapWith(Number),
      image: sql<string | null>`(SELECT pim.url FROM product_images pim WHERE pim.product_id = "products"."id" ORDER BY pim.position, pim.id LIMIT 1)`,
    })
    .from(packageItems)
    .innerJoin(productVariants, eq(productVariants.id, packageItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(packageItems.packageId, ids))
    .orderBy(asc(products.name), asc(productVariants.position), asc(productVariants.id));
  for (const { packageId, ...item } of rows) out.set(packageId, [...(out.get(packageId) ?? []), item]);
  return out;
}

export async function findPackages(businessId: number, f: PackageFilters, page: Page, exec: Db | Tx = db) {
  const where = filtered(businessId, f);
  const [rows, [{ total }]] = await sideBySide(exec,
    () => exec.select().from(packages).where(where)
      .orderBy(...orderBy(f.sort, { created: packages.timeCreated, modified: packages.timeModified, name: packages.name, id: packages.id }))
      .limit(page.limit).offset(page.offset),
    () => exec.select({ total: count() }).from(packages).where(where),
  );
  const items = await itemsOf(rows.map((r) => r.id), exec);
  return { rows: rows.map((r) => ({ ...r, items: items.get(r.id) ?? [] })), total };
}

/** One package of the business, or undefined; `lock`: the row stays locked until `exec` (a transaction) ends. */
export async function findPackage(businessId: number, id: number, exec: Db | Tx = db, lock = false): Promise<PackageRow | undefined> {
  const q = exec.select().from(packages).where(and(eq(packages.businessId, businessId), eq(packages.id, id))).limit(1);
  const [row] = lock ? await q.for("update") : await q;
  if (!row) return undefined;
  return { ...row, items: (await itemsOf([id], exec)).get(id) ?? [] };
}

/**
 * The first package (by name) holding a variant of one of the products `productIds`, with that
 * product's name, or undefined. Such a product cannot be deleted (package_items.variant_id is ON
 * DELETE RESTRICT, and the package's stock is derived from it): the caller answers 422 naming both.
 */
export async function packageHolding(exec: Db | Tx, productIds: number[]) {
  if (!productIds.length) return undefined;
  const [row] = await exec
    .select({ product: products.name, package: packages.name })
    .from(packageItems)
    .innerJoin(productVariants, eq(productVariants.id, packageItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(packages, eq(packages.id, packageItems.packageId))
    .where(inArray(productVariants.productId, productIds))
    .orderBy(asc(packages.name), asc(products.name))
    .limit(1);
  return row;
}

/** The variants among `ids` that belong to the business, with their SKU (for the history). */
export async function businessVariants(exec: Db | Tx, businessId: number, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const rows = await exec.select({ id: productVariants.id, sku: productVariants.sku }).from(productVariants)
    .where(and(eq(productVariants.businessId, businessId), inArray(productVariants.id, ids)));
  return new Map(rows.map((r) => [r.id, r.sku]));
}

export function packageJson(r: PackageRow, t: TFunction) {
  const stock = stockOf(r.items);
  return {
    package_id: r.id,
    name: r.name,
    sku: r.sku,
    description: r.description,
    image: r.image,
    price: r.price,
    items_total_price: r.items.reduce((sum, i) => sum + i.price * i.quantity, 0),
    stock,
    is_out_of_stock: stock === 0,
    item_count: r.items.length,
    item_datas: r.items.map((i) => ({
      variant_id: i.variantId,
      product_id: i.productId,
      product_name: i.productName,
      sku: i.sku,
      variant_name: i.variantName,
      size_name: i.sizeName,
      image: i.image,
      price: i.price,
      quantity: i.quantity,
      available: i.available,
      product_status: i.productStatus,
      makes: i.productStatus === "published" ? Math.floor(Math.max(0, i.available) / i.quantity) : 0,
    })),
    status: r.status,
    status_name: t(statusKey(r.status)),
    time_created: unix(r.timeCreated),
    time_modified: unix(r.timeModified),
  };
}
export type PackageJson = ReturnType<typeof packageJson>;

/** What the update history shows of a package: the items as "SKU × qty" in SKU order. */
export function packageSnapshot(v: { name: string; sku: string; description: string; image: string | null; price: number; items: { sku: string; quantity: number }[] }) {
  return {
    name: v.name, sku: v.sku, description: v.description, image: v.image, price: v.price,
    items: [...v.items].sort((a, b) => a.sku.localeCompare(b.sku)).map((i) => `${i.sku} × ${i.quantity}`).join(", "),
  };
}

// ---------------------------------------------------------------------------------------------
// The service: what the web's pages and the REST calls do, for the actor's business ("products").
// ---------------------------------------------------------------------------------------------

const valuesOf = (b: PackageBody) => ({ name: b.name, sku: b.sku, description: b.description ?? "", image: b.image ?? null, price: b.price });

/** The items with their SKUs; Refused on `items` when a variant is not the business's. */
async function checkedItems(tx: Tx, businessId: number, body: PackageBody) {
  const skus = await businessVariants(tx, businessId, body.items.map((i) => i.variant_id));
  if (skus.size !== body.items.length) throw new Refused("api:errors.validation", { items: ["offering:errors.variant_unknown"] });
  return body.items.map((i) => ({ variantId: i.variant_id, quantity: i.quantity, sku: skus.get(i.variant_id)! }));
}

export const packageOffering = offeringService({
  refType: "package",
  table: packages,
  find: findPackage,
  findMany: findPackages,
  json: packageJson,
  unique: { field: "sku", message: "offering:errors.sku_taken" },
  messages: {
    created: "api-offering:package.created",
    updated: "api-offering:package.updated",
    status: (activate, n) => `api-offering:package.${activate ? "activated" : "inactivated"}${n === 1 ? "" : "_many"}`,
  },
  async create(tx, { businessId }, body: PackageBody) {
    const items = await checkedItems(tx, businessId, body);
    const [row] = await tx.insert(packages).values({ ...valuesOf(body), businessId }).returning({ id: packages.id });
    await tx.insert(packageItems).values(items.map((i) => ({ packageId: row.id, variantId: i.variantId, quantity: i.quantity })));
    return row.id;
  },
  async update(tx, { businessId }, before, body) {
    const items = await checkedItems(tx, businessId, body);
    const values = valuesOf(body);
    const changes = diff(packageSnapshot(before), packageSnapshot({ ...values, items }));
    if (!Object.keys(changes).length) return changes;
    await tx.update(packages).set({ ...values, timeModified: new Date() }).where(eq(packages.id, before.id));
    await tx.delete(packageItems).where(eq(packageItems.packageId, before.id));
    await tx.insert(packageItems).values(items.map((i) => ({ packageId: before.id, variantId: i.variantId, quantity: i.quantity })));
    return changes;
  },
});

export const {
  list: listPackages, get: getPackage, create: createPackage, update: updatePackage, setStatus: setPackageStatus, history: packageHistory,
} = packageOffering;
