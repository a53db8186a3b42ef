/**
 * The product listing (spec section 2 "Products" listing, section 7 "Products"): the list with its
 * tabs and their counts, the status switch, delete, the bulk actions and the product-listing export.
 *
 *   GET    /v0.0.1/products                      tab=all|active|not_active|out_of_stock|blocked, brand_id,
 *                                                category_id (any level), channel_id, stock_type 1-3,
 *                                                date 7|14|30, search (name words / SKU), sort 1-6, page, limit;
 *                                                pagination.summary_data = { tabs: {all, active, …}, capped: [tabs], cap }
 *   GET    /v0.0.1/products/count                the tab counts alone, same filters (200 even when the tab is empty)
 *   GET    /v0.0.1/products/listing-filters      { brands[brand_id, name], channels[channel_id, name],
 *                                                categories[product_category_id, name, childs[…]] } (the filter choices)
 *   PUT    /v0.0.1/products/{id}/{activate|deactivate}
 *   DELETE /v0.0.1/products/{id}
 *   PUT    /v0.0.1/products/bulk                 { action: activate|deactivate|sync_to_master|delete,
 *                                                  product_ids: "4,7" or [4, 7] } (form-encoded or JSON, ≤ 150)
 *   POST   /v0.0.0/exports/product-listing       (and the spec's /v0.0.0/exports/products/product-listing):
 *                                                the list's filters and tab, as an .xlsx background job
 *
 * Decisions where the spec is silent:
 * - Privilege "products"; scope the caller's business. Any id that is not the business's makes the
 *   whole call 404 and nothing changes.
 * - Activate publishes an archived product; deactivate archives a published one (out-of-stock
 *   products are published, so they can be archived too). Drafts are finished in the editor (or
 *   published from their bulk upload), and blocked (suspended) products are not the seller's to
 *   switch: a single switch on one answers 422 with the reason; a bulk action skips them and says
 *   how many and which. Activating checks the publishing rule (product-publish.ts: a category and a
 *   price above 0 on every combination) and refuses or skips a product without them the same way. Repeating the current status is a harmless 200 without a history row.
 * - Delete removes the product, its variants, stock levels and their movements (the ledger of a
 *   product that no longer exists has nothing left to explain); the history keeps a "delete" row
 *   with the name, SKU and stock on hand at that moment. A product whose variant is in a package
 *   cannot be deleted (422 naming the package): remove it from the package first.
 * - Sync to master copies what the product is now (name, SKU, status, prices, variants) into a
 *   sync task snapshot, the master catalogue the omnichannel pages read, and stamps the product
 *   `time_synced`: type New Product (0) the first time, Product Attribute Update (4) after that.
 *   It is done in the same transaction, so the task is recorded as Success. Drafts are skipped.
 * - "Update" of the spec's bulk actions is not an API call: the web sends the selection to the mass
 *   update page (/products/mass-update?product_ids=…).
 */
import { Hono, type Context } from "hono";
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { db, type Tx } from "#db/client.ts";
import { products, productSyncTasks, productVariants } from "#db/schema/index.ts";
import { SYNC_TASK_TYPES } from "#core/catalog/product-enums.ts";
import { packageHolding } from "#core/catalog/packages.ts";
import { publishProblems } from "#core/catalog/product-publish.ts";
import {
  COUNT_CAP, filterConditions, findProducts, listingFilters, lockProducts, productFilters, productListJson, shownStatus, tabCondition, tabCounts,
} from "#core/catalog/product-list.ts";
import { defineExport } from "#core/jobs/exports.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { recordHistory } from "#core/lib/history.ts";
import { input, ok } from "#api/lib/http.ts";
import { listQuery, offsetOf } from "#core/lib/list-query.ts";
import { NotFound, Refused } from "#core/errors.ts";

export const productListRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller("products")] as const;
const REF = "product";
const MAX_BULK = 150;
const biz = (c: Context<ApiEnv>) => c.var.member.businessId;

// ---------------------------------------------------------------------------------------------
// The list, with every tab's count under the same filters
// ---------------------------------------------------------------------------------------------
productListRoutes.get("/v0.0.1/products", ...seller, async (c) => {
  const q = await input(c, listQuery.extend(productFilters.shape), "query");
  const businessId = biz(c);
  const tab = q.tab ?? "all";
  // The counts first: how many the tab holds decides how the page is best read (see findProducts).
  const { counts, capped } = await tabCounts(businessId, q);
  const rows = counts[tab] === 0 && !capped.includes(tab)
    ? []
    : await findProducts(businessId, q, { limit: q.limit, offset: offsetOf(q), matches: capped.includes(tab) ? COUNT_CAP + 1 : counts[tab] });
  // Past a capped count the exact total is unknown: one more page is offered while pages come back full.
  const total = capped.includes(tab)
    ? Math.max(counts[tab], offsetOf(q) + rows.length + (rows.length === q.limit ? 1 : 0))
    : counts[tab];
  const summary = { tabs: counts, capped, cap: COUNT_CAP };
  const pagination = { total_page: Math.ceil(total / q.limit), total_record: total, summary_data: summary };
  const data = rows.map((r) => productListJson(r, c.var.t));
  // An empty list is 404 "No data" (spec 7), still with the tab counts.
  if (!data.length) return c.json({ code: 404, message: c.var.t("api:no_data"), data: [], pagination }, 404);
  return c.json({ code: 200, message: c.var.t("api:ok"), data, pagination }, 200);
});

productListRoutes.get("/v0.0.1/products/count", ...seller, async (c) => {
  const q = await input(c, productFilters, "query");
  const { counts, capped } = await tabCounts(biz(c), q);
  return ok(c, { tabs: counts, capped, cap: COUNT_CAP });
});

// ---------------------------------------------------------------------------------------------
// Status, sync, delete: one engine for single and bulk
// ---------------------------------------------------------------------------------------------
type Action = "activate" | "deactivate" | "sync_to_master" | "delete";
type Locked = Awaited<ReturnType<typeof lockProducts>>[number];
type Skip = { product_id: number; name: string; code: string; reason: string };

/** Why a product is left out of an action, or null when it takes part. */
function skipReason(p: Locked, action: Action): string | null {
  if (action === "delete") return null;
  if (p.status === "suspended") return "blocked";
  if (p.status === "draft") return "draft";
  return null;
}

async function applyAction(c: Context<ApiEnv>, ids: number[], action: Action) {
  const businessId = biz(c);
  const userId = c.var.user.id;
  const wanted = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const rows = await lockProducts(tx, businessId, wanted);
    if (rows.length !== wanted.length) throw new NotFound();
    const done: Locked[] = [];
    const skipped: Skip[] = [];
    // Activating publishes: the publishing rule on the locked rows (one already published stays).
    const problems = action === "activate"
      ? await publishProblems(tx, businessId, rows.filter((p) => p.status !== "published").map((p) => p.id))
      : new Map();
    for (const p of rows) {
      const reason = skipReason(p, action) ?? (problems.has(p.id) ? "incomplete" : null);
      if (reason) skipped.push({ product_id: p.id, name: p.name, code: reason, reason: c.var.t(`api-product-list:skip.${reason}`) });
      else done.push(p);
    }
    if (action === "activate" || action === "deactivate") await changeStatus(tx, businessId, userId, done, action);
    if (action === "sync_to_master") await syncToMaster(tx, businessId, userId, done);
    if (action === "delete") await deleteProducts(tx, c, done);
    return { done, skipped };
  });
}

async function changeStatus(tx: Tx, businessId: number, userId: number, rows: Locked[], action: "activate" | "deactivate") {
  const to = action === "activate" ? "published" : "archived";
  const changing = rows.filter((p) => p.status !== to);
  if (!changing.length) return;
  await tx.update(products).set({ status: to, timeModified: new Date() }).where(inArray(products.id, changing.map((p) => p.id)));
  for (const p of changing) {
    await recordHistory(tx, {
      businessId, refType: REF, refId: p.id, userId, action: action === "activate" ? "activate" : "inactivate",
      changes: { status: { from: p.status, to } },
    });
  }
}

async function syncToMaster(tx: Tx, businessId: number, userId: number, rows: Locked[]) {
  if (!rows.length) return;
  const ids = rows.map((p) => p.id);
  const now = new Date();
  const [full, variants] = await Promise.all([
    tx.select({ id: products.id, name: products.name, sku: products.sku, status: products.status, available: products.available,
      priceMin: products.priceMin, priceMax: products.priceMax, categoryId: products.categoryId, brandId: products.brandId })
      .from(products).where(inArray(products.id, ids)),
    tx.select({ productId: productVariants.productId, sku: productVariants.sku, barcode: productVariants.barcode, variantName: productVariants.variantName,
      sizeName: productVariants.sizeName, price: productVariants.price, compareAtPrice: productVariants.compareAtPrice })
      .from(productVariants).where(inArray(productVariants.productId, ids)).orderBy(productVariants.productId, productVariants.position),
  ]);
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
  for (const p of rows) await recordHistory(tx, { businessId, refType: REF, refId: p.id, userId, action: "sync_to_master" });
}

async function deleteProducts(tx: Tx, c: Context<ApiEnv>, rows: Locked[]) {
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
      businessId: biz(c), refType: REF, refId: p.id, userId: c.var.user.id, action: "delete",
      changes: { name: { from: p.name, to: null }, sku: { from: p.sku, to: null }, on_hand: { from: stock.find((s) => s.id === p.id)?.onHand ?? 0, to: null } },
    });
  }
  await tx.delete(products).where(and(eq(products.businessId, biz(c)), inArray(products.id, ids)));
}

/** "Kemeja … activated" for one, "3 products activated" for several, plus how many were skipped. */
function message(c: Context<ApiEnv>, action: Action, done: Locked[], skipped: Skip[]) {
  const main = done.length === 1 && !skipped.length
    ? c.var.t(`api-product-list:single.${action}`, { name: done[0].name })
    : c.var.t(`api-product-list:done.${action}`, { count: done.length });
  return skipped.length ? `${main} ${c.var.t("api-product-list:done.skipped", { count: skipped.length })}` : main;
}

const answer = (c: Context<ApiEnv>, action: Action, r: { done: Locked[]; skipped: Skip[] }) =>
  c.json({
    code: 200,
    message: message(c, action, r.done, r.skipped),
    data: { action, product_ids: r.done.map((p) => p.id), skipped: r.skipped },
  }, 200);

productListRoutes.put("/v0.0.1/products/:id{[0-9]+}/:action{activate|deactivate}", ...seller, async (c) => {
  const action = c.req.param("action") as "activate" | "deactivate";
  const result = await applyAction(c, [Number(c.req.param("id"))], action);
  // One product: a skip is a refusal with its reason.
  const [skip] = result.skipped;
  if (skip) throw new Refused("api-product-list:refused", { status: [`api-product-list:skip.${skip.code}`] }, { reason: skip.reason });
  return answer(c, action, result);
});

productListRoutes.delete("/v0.0.1/products/:id{[0-9]+}", ...seller, async (c) => answer(c, "delete", await applyAction(c, [Number(c.req.param("id"))], "delete")));

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
const bulkBody = z.object({
  action: z.enum(["activate", "deactivate", "sync_to_master", "delete"], { error: "api-product-list:bulk.action" }),
  product_ids: idList,
});

productListRoutes.put("/v0.0.1/products/bulk", ...seller, async (c) => {
  const body = await input(c, bulkBody);
  return answer(c, body.action, await applyAction(c, body.product_ids, body.action));
});

// ---------------------------------------------------------------------------------------------
// Export: the listing with its tab and filters
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
function exportTotal(job: { businessId: number }, f: z.infer<typeof productFilters>) {
  let total = totals.get(job);
  if (!total) {
    const where = and(...filterConditions(job.businessId, f), tabCondition(f.tab));
    total = db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM ${products} WHERE ${where}`).then((r) => r.rows[0].total);
    totals.set(job, total);
  }
  return total;
}

// ---------------------------------------------------------------------------------------------
// The listing's filter choices: the business's brands and channels, and the category tree
// (one call with the "products" privilege, so staff without the profile pages can filter too)
// ---------------------------------------------------------------------------------------------
productListRoutes.get("/v0.0.1/products/listing-filters", ...seller, async (c) => ok(c, await listingFilters(biz(c))));
