/**
 * Saving a product from the editor or an API client: the family, its combinations, images,
 * channels and the stock per location, in ONE transaction, stock only through the ledger
 * (reason "initial" when the product is created, "manual" when it is edited), with an
 * update-history row (names, not ids).
 *
 * Decisions where the spec is silent:
 * - Order of work (never a circular wait with orders or transfers, which lock stock levels and
 *   then the product): combinations first, then the ledger (levels, then the product's sums),
 *   then the product's own fields. Two editors saving at once: the later fields win, their stock
 *   changes add up (the editor sends differences, see product-schema.ts).
 * - A combination is kept by its variant_id, else by its (variant, size) names. A combination
 *   left out is removed only when it holds no stock anywhere (on hand and reserved 0); otherwise
 *   the save is refused, naming it: the seller sets its stock to 0 first, so stock never vanishes
 *   without a movement in the ledger.
 * - A combination that is an item of a package cannot be removed either (package_items keeps it,
 *   and the package's stock is derived from it): 422 naming the combination and the package(s),
 *   before anything is written. The seller takes it out of the package first (or keeps it).
 * - Barcodes are unique in the business (a scanner must find one combination).
 * - Images are kept by URL, so an image's id (and set-as-main) survives saves that keep it.
 * - A suspended product stays suspended whatever status is sent (the platform's decision).
 */
import { asc, eq, inArray } from "drizzle-orm";
import type { Tx } from "#db/client.ts";
import {
  brands, packageItems, packages, productCategories, productChannels, productImages, products, productVariants, stockLevels,
} from "#db/schema/index.ts";
import { diff, recordHistory } from "#core/lib/history.ts";
import { GENDER_AUDIENCES, STOCK_TYPES, toGrams, toMm } from "./product-enums.ts";
import { combinationSku, type ProductBody } from "./product-schema.ts";
import { checkReferences, existingUploads, getProduct, HISTORY_REF, productRow, takenBarcodes, takenSkus } from "./products.ts";
import { applyStockChanges, type StockChange } from "#core/stock/stock-ledger.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { DomainError, NotFound, Refused } from "#core/errors.ts";

export { HISTORY_REF };
type Ctx = { businessId: number; userId: number };
type Errors = Record<string, string[]>;
const add = (e: Errors, key: string, msg: string) => void (e[key] ??= []).push(msg);

/** Creates (no `id`) or updates a product; answers its id. Refusals are 422 with messages per field. */
export async function saveProduct(tx: Tx, ctx: Ctx, body: ProductBody, id?: number): Promise<number> {
  const { businessId, userId } = ctx;
  // Read through the transaction's own connection: a read through the pool here waited for a
  // second connection while this one was held, and twenty saves at once took every connection and
  // hung the app. Not locked: the product row is locked last (see the order of work above).
  const before = id ? await productRow(businessId, id, tx) : undefined;
  if (id && !before) throw new NotFound("api:errors.not_found");
  const errors: Errors = await checkReferences(tx, businessId, body);

  // Combination SKUs: blank ones are made from the family SKU (a number added if two would meet).
  const combos = body.variants.map((c) => ({ ...c }));
  const used = new Set(combos.flatMap((c) => (c.sku ? [c.sku.toLowerCase()] : [])));
  for (const c of combos) {
    if (c.sku) continue;
    let sku = combinationSku(body.sku, c);
    for (let n = 2; used.has(sku.toLowerCase()); n++) sku = `${combinationSku(body.sku, c)}-${n}`;
    used.add(sku.toLowerCase());
    c.sku = sku;
  }
  const taken = await takenSkus(tx, businessId, [body.sku, ...combos.map((c) => c.sku!)], id);
  if (taken.has(body.sku.toLowerCase())) add(errors, "sku", "api-product:errors.sku_taken");
  combos.forEach((c, i) => { if (taken.has(c.sku!.toLowerCase())) add(errors, `variants.${i}.sku`, "api-product:errors.sku_taken"); });
  const codes = combos.flatMap((c) => (c.barcode ? [c.barcode] : []));
  const takenCodes = await takenBarcodes(tx, businessId, codes, id);
  combos.forEach((c, i) => {
    if (c.barcode && (takenCodes.has(c.barcode) || codes.filter((x) => x === c.barcode).length > 1)) {
      add(errors, `variants.${i}.barcode`, "api-product:errors.barcode_taken");
    }
  });
  const stored = await existingUploads(tx, businessId, body.images.map((i) => i.url));
  if (body.images.some((i) => !stored.has(i.url))) add(errors, "images", "api-product:errors.image_missing");

  // Existing combinations: matched by id, else by names.
  const current = id ? await tx.select().from(productVariants).where(eq(productVariants.productId, id)) : [];
  const nameKey = (v: { variant_name?: string; variantName?: string; size_name?: string; sizeName?: string }) =>
    `${(v.variant_name ?? v.variantName ?? "").toLowerCase()}|${(v.size_name ?? v.sizeName ?? "").toLowerCase()}`;
  const matched = combos.map((c, i) => {
    const hit = c.variant_id ? current.find((v) => v.id === c.variant_id) : current.find((v) => nameKey(v) === nameKey(c));
    if (c.variant_id && !hit) add(errors, `variants.${i}.variant_id`, "invalid");
    return hit;
  });
  const removed = current.filter((v) => !matched.some((m) => m?.id === v.id));
  if (removed.length) {
    await refuseRemovingPackaged(tx, removed);
    const levels = await tx.select({ variantId: stockLevels.variantId, onHand: stockLevels.onHand, reserved: stockLevels.reserved })
      .from(stockLevels).where(inArray(stockLevels.variantId, removed.map((v) => v.id)));
    const holding = removed.filter((v) => levels.some((l) => l.variantId === v.id && (l.onHand > 0 || l.reserved > 0)));
    if (holding.length) {
      throw new Refused("api-product:errors.remove_with_stock", { variants: ["api-product:errors.remove_with_stock"] }, {
        names: holding.map(comboName).join(", "),
      });
    }
  }
  if (Object.keys(errors).length) throw new Refused("api:errors.validation", errors);

  const now = new Date();
  const prices = combos.map((c) => c.price);
  const status = before?.status === "suspended" ? "suspended" : body.status;
  const fields = {
    name: body.name,
    sku: body.sku,
    description: body.description ?? "",
    brandId: body.brand_id ?? null,
    categoryId: body.category_id ?? null,
    genderAudience: body.gender,
    stockType: body.stock_type,
    preorderDays: body.stock_type === STOCK_TYPES.pre_order ? body.preorder_days ?? null : null,
    status,
    lengthMm: toMm(body.length ?? 0, body.dimension_unit),
    widthMm: toMm(body.width ?? 0, body.dimension_unit),
    heightMm: toMm(body.height ?? 0, body.dimension_unit),
    weightGr: toGrams(body.weight ?? 0, body.weight_unit),
    minStock: body.min_stock,
    videoUrl: body.video_url ? `https://www.youtube.com/watch?v=${body.video_url.match(/v=([A-Za-z0-9_-]{11})/)![1]}` : null,
    videoTitle: body.video_url ? body.video_title ?? null : null,
    videoDescription: body.video_url ? body.video_description ?? null : null,
    priceMin: Math.min(...prices),
    priceMax: Math.max(...prices),
  };

  let productId = id;
  if (!productId) {
    const [row] = await tx.insert(products).values({ ...fields, businessId, timeCreated: now, timeModified: now }).returning({ id: products.id });
    productId = row.id;
  }

  // Combinations: removed ones go, changed SKUs pass through a temporary value (two may swap).
  if (removed.length) await tx.delete(productVariants).where(inArray(productVariants.id, removed.map((v) => v.id)));
  const renamed = matched.filter((m, i) => m && m.sku.toLowerCase() !== combos[i].sku!.toLowerCase());
  for (const m of renamed) await tx.update(productVariants).set({ sku: `~${m!.id}~` }).where(eq(productVariants.id, m!.id));
  const variantIds: number[] = [];
  for (const [i, c] of combos.entries()) {
    const values = {
      variantName: c.variant_name, sizeName: c.size_name, sku: c.sku!, barcode: c.barcode ?? null, price: c.price,
      compareAtPrice: c.compare_at_price ?? null, position: i,
    };
    const m = matched[i];
    if (m) {
      await tx.update(productVariants).set({ ...values, timeModified: now }).where(eq(productVariants.id, m.id));
      variantIds.push(m.id);
    } else {
      const [row] = await tx.insert(productVariants).values({ ...values, businessId, productId }).returning({ id: productVariants.id });
      variantIds.push(row.id);
    }
  }

  // Stock through the ledger: the seller's edit of what the editor showed (see StockChange.edit), else "set to".
  const changes: StockChange[] = combos.flatMap((c, i) => c.stocks.flatMap((s): StockChange[] => {
    const location = s.source_type === 1
      ? { sourceType: 1 as const, storeId: s.source_id }
      : { sourceType: 2 as const, warehouseId: s.source_id, partitionId: s.partition_id ?? null };
    const isNew = !matched[i];
    if (isNew && s.stock === 0) return [];
    if (!isNew && s.stock_before !== undefined) {
      return s.stock !== s.stock_before ? [{ variantId: variantIds[i], location, edit: { from: s.stock_before, to: s.stock } }] : [];
    }
    return [{ variantId: variantIds[i], location, set: s.stock }];
  }));
  try {
    await applyStockChanges(tx, { businessId, userId, reason: id ? "manual" : "initial", reference: `product:${productId}` }, changes);
  } catch (err) {
    // Put the refusal on the combination whose stock it is.
    if (err instanceof DomainError && err.message === "api:stock.negative") {
      const i = combos.findIndex((c) => c.sku === err.vars?.sku);
      throw new Refused("api:stock.negative", { [i >= 0 ? `variants.${i}.stocks` : "variants"]: ["api:stock.negative"] }, err.vars);
    }
    throw err;
  }

  if (id) await tx.update(products).set({ ...fields, timeModified: now }).where(eq(products.id, id));

  // Images, kept by URL; the first is the main one.
  const images = await tx.select().from(productImages).where(eq(productImages.productId, productId));
  const keepUrls = new Set(body.images.map((i) => i.url));
  const gone = images.filter((i) => !keepUrls.has(i.url));
  if (gone.length) await tx.delete(productImages).where(inArray(productImages.id, gone.map((i) => i.id)));
  const variantNames = new Set(combos.map((c) => c.variant_name.toLowerCase()).filter(Boolean));
  for (const [n, img] of body.images.entries()) {
    const values = {
      name: img.name || img.url.split("/").pop()!.slice(0, 30), position: n, isPrimary: n === 0,
      variantName: img.variant && variantNames.has(img.variant.toLowerCase()) ? img.variant : null,
    };
    const have = images.find((i) => i.url === img.url);
    if (have) await tx.update(productImages).set(values).where(eq(productImages.id, have.id));
    else await tx.insert(productImages).values({ ...values, url: img.url, businessId, productId });
  }

  await tx.delete(productChannels).where(eq(productChannels.productId, productId));
  if (body.channel_ids.length) {
    await tx.insert(productChannels).values([...new Set(body.channel_ids)].map((channelId) => ({ productId: productId!, channelId, businessId })));
  }

  const names = await namesOf(tx, [before?.brandId, fields.brandId], [before?.categoryId, fields.categoryId]);
  const after = snapshot(names, { ...fields, variants: combos.map((c) => ({ variantName: c.variant_name, sizeName: c.size_name, sku: c.sku!, price: c.price })), images: body.images.length });
  if (!before) await recordHistory(tx, { businessId, refType: HISTORY_REF, refId: productId, userId, action: "create" });
  else {
    const old = snapshot(names, { ...before, variants: current.sort((a, b) => a.position - b.position), images: images.length });
    const changes = diff(old, after);
    if (Object.keys(changes).length) await recordHistory(tx, { businessId, refType: HISTORY_REF, refId: productId, userId, action: "update", changes });
  }
  return productId;
}

// ---------------------------------------------------------------------------------------------
// The service: create and update for the actor's business (privilege "products"); each answers
// the saved product as GET /products/{id} shows it, read after the transaction committed.
// ---------------------------------------------------------------------------------------------

export async function createProduct(scope: Scope, body: ProductBody) {
  const { db, actor } = sellerScope(scope, "products");
  const ctx = { businessId: actor.member.businessId, userId: actor.user.id };
  const id = await db.transaction((tx) => saveProduct(tx, ctx, body));
  return getProduct(scope, id);
}

/** Saves `body` over the product (NotFound for another business's). */
export async function updateProduct(scope: Scope, id: number, body: ProductBody) {
  const { db, actor } = sellerScope(scope, "products");
  const ctx = { businessId: actor.member.businessId, userId: actor.user.id };
  await db.transaction((tx) => saveProduct(tx, ctx, body, id));
  return getProduct(scope, id);
}

/** The message key of a save (the API's answer and the web's notice). */
export const savedMessage = (body: Pick<ProductBody, "status">, created: boolean) =>
  created ? (body.status === "draft" ? "api-product:draft_saved" : "api-product:created") : "api-product:updated";

const comboName = (v: { variantName: string; sizeName: string; sku: string }) => [v.variantName, v.sizeName].filter(Boolean).join(" / ") || v.sku;

/**
 * 422 when a combination about to be removed is an item of a package (the database would refuse
 * the delete anyway: package_items.variant_id is ON DELETE RESTRICT). Names the combination and
 * its packages; with several, lists each as "Merah / L (Paket A)".
 */
async function refuseRemovingPackaged(tx: Tx, removed: (typeof productVariants.$inferSelect)[]) {
  // Locked first: a package saved meanwhile (its foreign key check shares the variant's key lock)
  // either is seen below or waits for this save, so the delete never fails at the database.
  await tx.select({ id: productVariants.id }).from(productVariants).where(inArray(productVariants.id, removed.map((v) => v.id))).for("update");
  const rows = await tx.select({ variantId: packageItems.variantId, name: packages.name }).from(packageItems)
    .innerJoin(packages, eq(packages.id, packageItems.packageId))
    .where(inArray(packageItems.variantId, removed.map((v) => v.id)))
    .orderBy(asc(packages.name));
  if (!rows.length) return;
  const held = removed.filter((v) => rows.some((r) => r.variantId === v.id))
    .map((v) => ({ name: comboName(v), packages: [...new Set(rows.filter((r) => r.variantId === v.id).map((r) => r.name))].join(", ") }));
  // Two keys rather than plural forms: Indonesian has one plural form, but the sentence differs.
  const key = held.length === 1 ? "api-product:errors.remove_in_package" : "api-product:errors.remove_in_package_many";
  const vars = { name: held[0].name, package: held[0].packages, items: held.map((h) => `${h.name} (${h.packages})`).join(", ") };
  throw new Refused(key, { variants: [key] }, vars);
}

/** What the history shows: readable values (combinations as "Merah / L: SKU @ price"). */
function snapshot(names: Map<string, string>, p: {
  name: string; sku: string; status: string; description: string | null; genderAudience: number; stockType: number; preorderDays: number | null;
  weightGr: number; lengthMm: number; widthMm: number; heightMm: number; videoUrl: string | null; minStock: number; brandId: number | null;
  categoryId: number | null; variants: { variantName: string; sizeName: string; sku: string; price: number }[]; images: number;
}) {
  return {
    name: p.name, sku: p.sku, status: p.status, description: p.description ?? "", gender: GENDER_AUDIENCES[p.genderAudience] ?? null,
    stock_type: p.stockType, preorder_days: p.preorderDays, weight_gr: p.weightGr,
    dimensions_mm: `${p.lengthMm} × ${p.widthMm} × ${p.heightMm}`, video_url: p.videoUrl, min_stock: p.minStock,
    brand: p.brandId ? names.get(`b${p.brandId}`) ?? null : null, category: p.categoryId ? names.get(`c${p.categoryId}`) ?? null : null, images: p.images,
    combinations: p.variants.map((v) => `${[v.variantName, v.sizeName].filter(Boolean).join(" / ") || "-"}: ${v.sku} @ ${v.price}`).join("; "),
  };
}


/** Brand and category names by "b<id>" / "c<id>", for the history. */
async function namesOf(tx: Tx, brandIds: (number | null | undefined)[], categoryIds: (number | null | undefined)[]) {
  const out = new Map<string, string>();
  const b = brandIds.filter((x): x is number => !!x);
  const c = categoryIds.filter((x): x is number => !!x);
  if (b.length) for (const r of await tx.select({ id: brands.id, name: brands.name }).from(brands).where(inArray(brands.id, b))) out.set(`b${r.id}`, r.name);
  if (c.length) for (const r of await tx.select({ id: productCategories.id, name: productCategories.name }).from(productCategories).where(inArray(productCategories.id, c))) out.set(`c${r.id}`, r.name);
  return out;
}
