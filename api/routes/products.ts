/**
 * One product: read, create, update, its images, its stock history and update history
 * (spec section 7 "Products"). The list, toggles and delete live in products-list.ts; the picker
 * in product-picker.ts; bulk and mass update in product-bulk.ts.
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
 * Privilege "products" for every call; another business's product, image or combination is 404.
 * The rules and queries are core/catalog/products.ts (reads), product-save.ts (create, update)
 * and product-media.ts (images, with the decisions where the spec is silent); this file is the
 * REST adapter over them.
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { mediaBody, removeProductImage, setMainProductImage, uploadProductMedia } from "#core/catalog/product-media.ts";
import { createProduct, savedMessage, updateProduct } from "#core/catalog/product-save.ts";
import { productBody } from "#core/catalog/product-schema.ts";
import {
  assertProduct, getProduct, getProductForEdit, productFormOptions, productHistory, productStockHistory, stockHistoryQuery,
} from "#core/catalog/products.ts";
import { listQuery } from "#core/lib/list-query.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, list, ok } from "#api/lib/http.ts";

export const productRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller] as const;
const ID = ":id{[0-9]+}";
const idParam = (c: Context<ApiEnv>, name = "id") => Number(c.req.param(name));

productRoutes.get("/v0.0.0/products/form-options", ...seller, async (c) => ok(c, await productFormOptions(c.var.scope)));

productRoutes.post("/v0.0.0/products", ...seller, async (c) => {
  const body = await input(c, productBody);
  return ok(c, await createProduct(c.var.scope, body), savedMessage(body, true));
});

async function update(c: Context<ApiEnv>, id: number) {
  await assertProduct(c.var.scope, id); // an unknown product is 404 before its body is read
  const body = await input(c, productBody);
  return ok(c, await updateProduct(c.var.scope, id, body), savedMessage(body, false));
}

productRoutes.put("/v0.0.0/products", ...seller, async (c) => {
  const { product_id } = await input(c, z.object({ product_id: z.coerce.number({ error: "required" }).int().positive("required") }).loose());
  return update(c, product_id);
});

for (const v of ["v0.0.0", "v0.0.1"]) {
  productRoutes.get(`/${v}/products/${ID}`, ...seller, async (c) => ok(c, await getProduct(c.var.scope, idParam(c))));
  productRoutes.get(`/${v}/products/${ID}/update`, ...seller, async (c) => ok(c, await getProductForEdit(c.var.scope, idParam(c))));
  productRoutes.put(`/${v}/products/${ID}`, ...seller, (c) => update(c, idParam(c)));
}

productRoutes.post("/v0.0.0/products/media", ...seller, async (c) =>
  ok(c, await uploadProductMedia(c.var.scope, await input(c, mediaBody)), "api-product:image_uploaded"));

productRoutes.put(`/v0.0.0/products/${ID}/images/:imageId{[0-9]+}/main`, ...seller, async (c) =>
  ok(c, await setMainProductImage(c.var.scope, idParam(c), idParam(c, "imageId")), "api-product:image_main"));

productRoutes.delete(`/v0.0.0/products/${ID}/images/:imageId{[0-9]+}`, ...seller, async (c) =>
  ok(c, await removeProductImage(c.var.scope, idParam(c), idParam(c, "imageId")), "api-product:image_removed"));

productRoutes.get(`/v0.0.0/products/${ID}/stock-history`, ...seller, async (c) => {
  const id = idParam(c);
  await assertProduct(c.var.scope, id); // 404 before the query is read
  const q = await input(c, stockHistoryQuery, "query");
  const { rows, total } = await productStockHistory(c.var.scope, id, q);
  return list(c, rows, total, q.limit);
});

productRoutes.get(`/v0.0.0/products/${ID}/update-history`, ...seller, async (c) => {
  const id = idParam(c);
  await assertProduct(c.var.scope, id);
  const q = await input(c, listQuery.pick({ page: true, limit: true }), "query");
  const { rows, total } = await productHistory(c.var.scope, id, q);
  return list(c, rows, total, q.limit);
});
