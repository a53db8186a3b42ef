/**
 * One product: read, create, update, its images, its stock history and update history
 * (spec section 7 "Products"). The list, toggles and delete live in products-list.ts; the picker
 * in inventories/product-picker; bulk and mass update in product-bulk.ts.
 *
 *   GET  /v0.0.0/products/form-options            brands, category tree, stock locations, channels (the add form)
 *   POST /v0.0.0/products                         create (core/catalog/product-schema.ts productBody)
 *   PUT  /v0.0.0/products                         update, product_id in the body (the spec's PUT without id)
 *   GET  /v0.0.0|1/products/{id}                  the product (family_datas, image_datas, video_data …)
 *   GET  /v0.0.0|1/products/{id}/update           the same plus form_data (what the edit form offers)
 *   PUT  /v0.0.0|1/products/{id}                  update
 *   POST /v0.0.0/products/media                   multipart product_id?, media_id?, type=image, file (bulk media upload)
 *   PUT  /v0.0.0/products/{id}/images/{image_id}/main   set as main (moves it first, marks it primary)
 *   DELETE /v0.0.0/products/{id}/images/{image_id}
 *   GET  /v0.0.0/products/{id}/stock-history      movements of the ledger, newest first (variant_id=… for one combination)
 *   GET  /v0.0.0/products/{id}/update-history
 *
 * Decisions where the spec is silent:
 * - Privilege "products" for every call; another business's product, image or combination is 404.
 * - Media upload without product_id only stores the photo and answers {name, url} for a product
 *   body still being written (the editor uploads before the product exists); with product_id the
 *   photo is added to the product (at most 8), or replaces media_id's photo in its place.
 * - Images are not required to publish (core/catalog/product-schema.ts): any image can be removed.
 */
import { Hono, type Context } from "hono";
import { and, asc, count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "#db/client.ts";
import { productImages, products, productVariants, stockMovements, stores, users, warehousePartitions, warehouses } from "#db/schema/index.ts";
import { storeProductImage } from "#core/catalog/product-media.ts";
import { PRODUCT_IMAGE } from "#core/catalog/product-enums.ts";
import { HISTORY_REF, saveProduct } from "#core/catalog/product-save.ts";
import { productBody } from "#core/catalog/product-schema.ts";
import { formOptions, locationKey, productDetail, productRow } from "#core/catalog/products.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { recordHistory } from "#core/lib/history.ts";
import { historyList } from "#api/lib/history.ts";
import { input, list, ok } from "#api/lib/http.ts";
import { unix } from "#core/lib/time.ts";
import { listQuery, offsetOf } from "#core/lib/list-query.ts";
import { NotFound, Refused } from "#core/errors.ts";

export const productRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller("products")] as const;
const ID = ":id{[0-9]+}";
const biz = (c: Context<ApiEnv>) => c.var.member.businessId;

async function detailOr404(c: Context<ApiEnv>, id: number) {
  const d = await productDetail(biz(c), id, c.var.t);
  if (!d) throw new NotFound();
  return d;
}

productRoutes.get("/v0.0.0/products/form-options", ...seller, async (c) => ok(c, await formOptions(biz(c))));

productRoutes.post("/v0.0.0/products", ...seller, async (c) => {
  const body = await input(c, productBody);
  const id = await db.transaction((tx) => saveProduct(tx, { businessId: biz(c), userId: c.var.user.id }, body));
  return ok(c, await detailOr404(c, id), body.status === "draft" ? "api-product:draft_saved" : "api-product:created");
});

async function update(c: Context<ApiEnv>, id: number) {
  if (!(await productRow(biz(c), id))) throw new NotFound();
  const body = await input(c, productBody);
  await db.transaction((tx) => saveProduct(tx, { businessId: biz(c), userId: c.var.user.id }, body, id));
  return ok(c, await detailOr404(c, id), "api-product:updated");
}

productRoutes.put("/v0.0.0/products", ...seller, async (c) => {
  const { product_id } = await input(c, z.object({ product_id: z.coerce.number({ error: "required" }).int().positive("required") }).loose());
  return update(c, product_id);
});

for (const v of ["v0.0.0", "v0.0.1"]) {
  productRoutes.get(`/${v}/products/${ID}`, ...seller, async (c) => ok(c, await detailOr404(c, Number(c.req.param("id")))));
  productRoutes.get(`/${v}/products/${ID}/update`, ...seller, async (c) => {
    const d = await detailOr404(c, Number(c.req.param("id")));
    const keep = new Set(d.family_datas.flatMap((f) => f.stock_datas.map((s) => locationKey(s))));
    return ok(c, { ...d, form_data: await formOptions(biz(c), keep) });
  });
  productRoutes.put(`/${v}/products/${ID}`, ...seller, (c) => update(c, Number(c.req.param("id"))));
}

// ---------------------------------------------------------------------------------------------
// Images
// ---------------------------------------------------------------------------------------------
const mediaBody = z.object({
  product_id: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number({ error: "invalid" }).int().positive("invalid").optional()),
  media_id: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number({ error: "invalid" }).int().positive("invalid").optional()),
  type: z.enum(["image"], { error: "invalid" }).default("image"),
  file: z.instanceof(File, { message: "required" }),
});

const imageJson = (i: typeof productImages.$inferSelect) => ({
  image_id: i.id, name: i.name, url: i.url, image: i.url, is_primary: i.isPrimary, variant: i.variantName,
});

productRoutes.post("/v0.0.0/products/media", ...seller, async (c) => {
  const body = await input(c, mediaBody);
  if (!body.product_id) {
    if (body.media_id) throw new Refused("api:errors.validation", { product_id: ["validation:required"] });
    return ok(c, await storeProductImage(body.file, c.var.user.id), "api-product:image_uploaded");
  }
  const businessId = biz(c);
  const productId = body.product_id;
  const row = await db.transaction(async (tx) => {
    if (!(await productRow(businessId, productId, tx))) throw new NotFound();
    const images = await tx.select().from(productImages).where(eq(productImages.productId, productId)).orderBy(asc(productImages.position));
    const replaced = body.media_id ? images.find((i) => i.id === body.media_id) : undefined;
    if (body.media_id && !replaced) throw new NotFound();
    if (!replaced && images.length >= PRODUCT_IMAGE.maxCount) {
      throw new Refused("api-product:errors.too_many_images", { file: ["api-product:errors.too_many_images"] });
    }
    const stored = await storeProductImage(body.file, c.var.user.id, "file", tx);
    const [img] = replaced
      ? await tx.update(productImages).set({ url: stored.url, name: stored.name }).where(eq(productImages.id, replaced.id)).returning()
      : await tx.insert(productImages).values({
        businessId, productId, url: stored.url, name: stored.name, position: images.length, isPrimary: images.length === 0,
      }).returning();
    await tx.update(products).set({ timeModified: new Date() }).where(eq(products.id, productId));
    await recordHistory(tx, {
      businessId, refType: HISTORY_REF, refId: productId, userId: c.var.user.id, action: replaced ? "image_replace" : "image_add",
      changes: { image: { from: replaced?.name ?? null, to: stored.name } },
    });
    return img;
  });
  return ok(c, imageJson(row), "api-product:image_uploaded");
});

/** The product's images, locked, and the one asked for (404 when either is not the business's). */
async function imagesFor(c: Context<ApiEnv>, tx: Parameters<Parameters<typeof db.transaction>[0]>[0]) {
  const productId = Number(c.req.param("id"));
  const imageId = Number(c.req.param("imageId"));
  const product = await productRow(biz(c), productId, tx);
  if (!product) throw new NotFound();
  const images = await tx.select().from(productImages).where(eq(productImages.productId, productId)).orderBy(asc(productImages.position), asc(productImages.id));
  const image = images.find((i) => i.id === imageId);
  if (!image) throw new NotFound();
  return { product, images, image };
}

productRoutes.put(`/v0.0.0/products/${ID}/images/:imageId{[0-9]+}/main`, ...seller, async (c) => {
  const rows = await db.transaction(async (tx) => {
    const { product, images, image } = await imagesFor(c, tx);
    const order = [image, ...images.filter((i) => i.id !== image.id)];
    for (const [n, i] of order.entries()) await tx.update(productImages).set({ position: n, isPrimary: n === 0 }).where(eq(productImages.id, i.id));
    if (images[0]?.id !== image.id) {
      await recordHistory(tx, {
        businessId: biz(c), refType: HISTORY_REF, refId: product.id, userId: c.var.user.id, action: "image_main",
        changes: { main_image: { from: images[0]?.name ?? null, to: image.name } },
      });
    }
    return tx.select().from(productImages).where(eq(productImages.productId, product.id)).orderBy(asc(productImages.position));
  });
  return ok(c, rows.map(imageJson), "api-product:image_main");
});

productRoutes.delete(`/v0.0.0/products/${ID}/images/:imageId{[0-9]+}`, ...seller, async (c) => {
  const rows = await db.transaction(async (tx) => {
    const { product, images, image } = await imagesFor(c, tx);
    await tx.delete(productImages).where(eq(productImages.id, image.id));
    const rest = images.filter((i) => i.id !== image.id);
    for (const [n, i] of rest.entries()) await tx.update(productImages).set({ position: n, isPrimary: n === 0 }).where(eq(productImages.id, i.id));
    await recordHistory(tx, {
      businessId: biz(c), refType: HISTORY_REF, refId: product.id, userId: c.var.user.id, action: "image_remove",
      changes: { image: { from: image.name, to: null } },
    });
    return tx.select().from(productImages).where(eq(productImages.productId, product.id)).orderBy(asc(productImages.position));
  });
  return ok(c, rows.map(imageJson), "api-product:image_removed");
});

// ---------------------------------------------------------------------------------------------
// Histories
// ---------------------------------------------------------------------------------------------
productRoutes.get(`/v0.0.0/products/${ID}/stock-history`, ...seller, async (c) => {
  const productId = Number(c.req.param("id"));
  if (!(await productRow(biz(c), productId))) throw new NotFound();
  const q = await input(c, listQuery.pick({ page: true, limit: true }).extend({
    variant_id: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().positive("invalid").optional()),
  }), "query");
  const where = and(
    eq(stockMovements.businessId, biz(c)), eq(stockMovements.productId, productId),
    q.variant_id ? eq(stockMovements.variantId, q.variant_id) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db.select({
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
      .offset(offsetOf(q)),
    db.select({ total: count() }).from(stockMovements).where(where),
  ]);
  return list(c, rows.map((r) => ({
    stock_movement_id: r.m.id,
    variant_id: r.m.variantId,
    sku: r.sku,
    variant_name: r.variantName,
    size_name: r.sizeName,
    source_type: r.m.storeId ? 1 : 2,
    source_name: r.storeName ?? [r.warehouseName, r.partitionName].filter(Boolean).join(" › "),
    reason: r.m.reason,
    reason_name: c.var.t(`api-product:reasons.${r.m.reason}`, { defaultValue: r.m.reason }),
    reference: r.m.reference,
    note: r.m.note,
    on_hand_before: r.m.onHandBefore,
    on_hand_after: r.m.onHandAfter,
    change: r.m.onHandAfter - r.m.onHandBefore,
    reserved_before: r.m.reservedBefore,
    reserved_after: r.m.reservedAfter,
    user_name: r.userName ?? "-",
    time_created: unix(r.m.timeCreated),
  })), total, q.limit);
});

productRoutes.get(`/v0.0.0/products/${ID}/update-history`, ...seller, async (c) => {
  const productId = Number(c.req.param("id"));
  if (!(await productRow(biz(c), productId))) throw new NotFound();
  const q = await input(c, listQuery.pick({ page: true, limit: true }), "query");
  return historyList(c, { businessId: biz(c), refType: HISTORY_REF, refId: productId }, q);
});

