/**
 * The listing's changes (spec section 2 "Products" listing, section 7 "Products"): the status
 * switch, delete and the bulk actions, one engine for one product and for many.
 *
 * Decisions where the spec is silent:
 * - Privilege "products"; deleting is "products.delete" too (core/auth/privileges.ts), checked
 *   before anything is read. Scope the caller's business. Any id that is not the business's makes the
 *   whole call NotFound and nothing changes.
 * - Activate publishes an archived product; deactivate archives a published one (out-of-stock
 *   products are published, so they can be archived too). Drafts are finished in the editor (or
 *   published from their bulk upload), and blocked (suspended) products are not the seller's to
 *   switch: a single switch on one is refused with the reason; a bulk action skips them and says
 *   how many and which. Activating checks the publishing rule (product-publish.ts: a category and
 *   a price above 0 on every combination) and refuses or skips a product without them the same
 *   way. Repeating the current status changes nothing and writes no history row.
 * - Delete removes the product, its variants, stock levels and their movements (the ledger of a
 *   product that no longer exists has nothing left to explain); the history keeps a "delete" row
 *   with the name, SKU and stock on hand at that moment. A product whose variant is in a package
 *   cannot be deleted (refused naming the package): remove it from the package first. Nor can
 *   one with stock set aside for orders (release or send it first).
 * - Sync to master copies what the product is now (name, SKU, status, prices, variants) into a
 *   sync task snapshot, the master catalogue the omnichannel pages read, and stamps the product
 *   `time_synced`: type New Product (0) the first time, Product Attribute Update (4) after that.
 *   It is done in the same transaction, so the task is recorded as Success. Drafts are skipped.
 * - "Update" of the spec's bulk actions is not a change here: the web sends the selection to the
 *   mass update page (/products/mass-update?product_ids=…).
 */
import { and, eq, inArray } from "drizzle-orm";
import type { TFunction } from "i18next";
import { z } from "zod";
import type { Tx } from "#db/client.ts";
import { products, productSyncTasks, productVariants } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { requireRecentAuth } from "#core/auth/reauth.ts";
import { NotFound, Refused } from "#core/errors.ts";
import { recordHistory } from "#core/lib/history.ts";
import { packageHolding } from "./packages.ts";
import { SYNC_TASK_TYPES } from "./product-enums.ts";
import { lockProducts, shownStatus } from "./product-list.ts";
import { publishProblems } from "./product-publish.ts";
import { HISTORY_REF } from "./products.ts";

export const MAX_BULK = 150;
export const PRODUCT_ACTIONS = ["activate", "deactivate", "sync_to_master", "delete"] as const;
export type ProductAction = (typeof PRODUCT_ACTIONS)[number];

const idList = z.preprocess(
  (v) => {
    if (Array.isArray(v)) return v.flatMap((x) => String(x).split(","));
    if (typeof v === "number") return [String(v)];
    if (typeof v === "string") return v.split(",").filter((x) => x.trim() !== "");
    return v;
  },
  z.array(z.string().trim().regex(/^[1-9]\d{0,9}$/, "invalid").transform(Number), { error: "api-product-list:bulk.none_selected" })
    .min(1, "api-product-list:bulk.none_selected").max(MAX_BULK, "api-product-list:bulk.too_many"),
);
/** PUT /v0.0.1/products/bulk: an action and "4,7" or [4, 7]. */
export const productBulkBody = z.object({
  action: z.enum(PRODUCT_ACTIONS, { error: "api-product-list:bulk.action" }),
  product_ids: idList,
});
export type ProductBulkBody = z.infer<typeof productBulkBody>;

type Locked = Awaited<ReturnType<typeof lockProducts>>[number];
export type ProductSkip = { product_id: number; name: string; code: string; reason: string };
/** What an action did: the answer's data, and the message (translated) the API and the web show. */
export type ProductActionResult = { action: ProductAction; product_ids: number[]; skipped: ProductSkip[]; message: string };

/** Why a product is left out of an action, or null when it takes part. */
function skipReason(p: Locked, action: ProductAction): string | null {
  if (action === "delete") return null;
  if (p.status === "suspended") return "blocked";
  if (p.status === "draft") return "draft";
  return null;
}

/** Applies `action` to the business's products `ids` (skipping those it does not fit, named with the reason). */
export async function applyProductAction(scope: Scope, ids: number[], action: ProductAction): Promise<ProductActionResult> {
  const { db, actor } = sellerScope(scope, action === "delete" ? "products.delete" : "products");
  if (action === "delete") await requireRecentAuth(scope); // the password again when the business asks (core/auth/reauth.ts)
  const ctx = { businessId: actor.member.businessId, userId: actor.user.id };
  const wanted = [...new Set(ids)];
  const { done, skipped } = await db.transaction(async (tx) => {
    const rows = await lockProducts(tx, ctx.businessId, wanted);
    if (rows.length !== wanted.length) throw new NotFound();
    const done: Locked[] = [];
    const skipped: ProductSkip[] = [];
    // Activating publishes: the publishing rule on the locked rows (one already published stays).
    const problems = action === "activate"
      ? await publishProblems(tx, ctx.businessId, rows.filter((p) => p.status !== "published").map((p) => p.id))
      : new Map();
    for (const p of rows) {
      const reason = skipReason(p, action) ?? (problems.has(p.id) ? "incomplete" : null);
      if (reason) skipped.push({ product_id: p.id, name: p.name, code: reason, reason: actor.t(`api-product-list:skip.${reason}`) });
      else done.push(p);
    }
    if (action === "activate" || action === "deactivate") await changeStatus(tx, ctx, done, action);
    if (action === "sync_to_master") await syncToMaster(tx, ctx, done);
    if (action === "delete") await deleteProducts(tx, ctx, done);
    return { done, skipped };
  });
  return { action, product_ids: done.map((p) => p.id), skipped, message: message(actor.t, action, done, skipped) };
}

/**
 * The switch of one product: activate or deactivate it, a skip being a refusal with its reason
 * (a draft, a blocked product, one without a category or a price).
 */
export async function setProductStatus(scope: Scope, id: number, activate: boolean) {
  const result = await applyProductAction(scope, [id], activate ? "activate" : "deactivate");
  const [skip] = result.skipped;
  if (skip) throw new Refused("api-product-list:refused", { status: [`api-product-list:skip.${skip.code}`] }, { reason: skip.reason });
  return result;
}

type Ctx = { businessId: number; userId: number };

async function changeStatus(tx: Tx, { businessId, userId }: Ctx, rows: Locked[], action: "activate" | "deactivate") {
  const to = action === "activate" ? "published" : "archived";
  const changing = rows.filter((p) => p.status !== to);
  if (!changing.length) return;
  await tx.update(products).set({ status: to, timeModified: new Date() }).where(inArray(products.id, changing.map((p) => p.id)));
  for (const p of changing) {
    await recordHistory(tx, {
      businessId, refType: HISTORY_REF, refId: p.id, userId, action: action === "activate" ? "activate" : "inactivate",
      changes: { status: { from: p.status, to } },
    });
  }
}

async function syncToMaster(tx: Tx, { businessId, userId }: Ctx, rows: Locked[]) {
  if (!rows.length) return;
  const ids = rows.map((p) => p.id);
  const now = new Date();
  // One after the other: a transaction's connection runs one query at a time.
  const full = await tx.select({
    id: products.id, name: products.name, sku: products.sku, status: products.status, available: products.available,
    priceMin: products.priceMin, priceMax: products.priceMax, categoryId: products.categoryId, brandId: products.brandId,
  }).from(products).where(inArray(products.id, ids));
  const variants = await tx.select({
    productId: productVariants.productId, sku: productVariants.sku, barcode: productVariants.barcode, variantName: productVariants.variantName,
    sizeName: productVariants.sizeName, price: productVariants.price, compareAtPrice: productVariants.compareAtPrice,
  }).from(productVariants).where(inArray(productVariants.productId, ids)).orderBy(productVariants.productId, productVariants.position);
  await tx.insert(productSyncTasks).values(full.map((p) => ({
    businessId, productId: p.id, userId, status: "success",
    type: rows.find((r) => r.id === p.id)!.masterSyncedAt ? SYNC_TASK_TYPES.attribute_update : SYNC_TASK_TYPES.new_product,
    snapshot: {
      name: p.name, sku: p.sku, status: shownStatus(p), brand_id: p.brandId, category_id: p.categoryId, price_min: p.priceMin, price_max: p.priceMax,
      variants: variants.filter((v) => v.productId === p.id).map((v) => ({
        sku: v.sku, barcode: v.barcode, variant_name: v.variantName, size_name: v.sizeName, price: v.price, compare_at_price: v.compareAtPrice,
      })),
    },
  })));
  await tx.update(products).set({ masterSyncedAt: now }).where(inArray(products.id, ids));
  for (const p of rows) await recordHistory(tx, { businessId, refType: HISTORY_REF, refId: p.id, userId, action: "sync_to_master" });
}

async function deleteProducts(tx: Tx, { businessId, userId }: Ctx, rows: Locked[]) {
  if (!rows.length) return;
  const ids = rows.map((p) => p.id);
  // A variant in a package keeps its product (the package's stock is derived from it).
  const inPackage = await packageHolding(tx, ids);
  if (inPackage) throw new Refused("api-product-list:delete.in_package", undefined, { name: inPackage.product, package: inPackage.package });
  const stock = await tx.select({ id: products.id, name: products.name, onHand: products.onHand, available: products.available })
    .from(products).where(inArray(products.id, ids));
  // Stock set aside for orders must be released (or sent) first: deleting would lose those orders' goods.
  const reserved = stock.find((p) => p.onHand > p.available);
  if (reserved) throw new Refused("api-product-list:delete.reserved", undefined, { name: reserved.name, count: reserved.onHand - reserved.available });
  for (const p of rows) {
    await recordHistory(tx, {
      businessId, refType: HISTORY_REF, refId: p.id, userId, action: "delete",
      changes: { name: { from: p.name, to: null }, sku: { from: p.sku, to: null }, on_hand: { from: stock.find((s) => s.id === p.id)?.onHand ?? 0, to: null } },
    });
  }
  await tx.delete(products).where(and(eq(products.businessId, businessId), inArray(products.id, ids)));
}

/** "Kemeja … activated" for one, "3 products activated" for several, plus how many were skipped. */
function message(t: TFunction, action: ProductAction, done: Locked[], skipped: ProductSkip[]) {
  const main = done.length === 1 && !skipped.length
    ? t(`api-product-list:single.${action}`, { name: done[0].name })
    : t(`api-product-list:done.${action}`, { count: done.length });
  return skipped.length ? `${main} ${t("api-product-list:done.skipped", { count: skipped.length })}` : main;
}
