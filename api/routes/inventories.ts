/**
 * Inventory (spec section 7 "Inventory"), read-only views of the stock ledger and the filters that
 * go with them. Rules and shapes: core/stock/inventories.ts; this file is the REST adapter.
 *
 *   GET /v0.0.0/inventories/availability   stock per variant per location; search, source_type +
 *                                          source_id, city_id, brand_id, category_id, product_id,
 *                                          variant_id, in_stock=1, sort 1-6 (default 4: last
 *                                          changed first), page, limit; summary_data = totals
 *   GET /v0.0.0/inventories/sources        [{ name, type, datas[{ source_id, name, type, … }] }]
 *   GET /v0.0.0/inventories/cities         [{ city_id, city_name, province_name }]
 *   GET /v0.0.0/inventories/brands         [{ brand_id, name, is_partner }]
 *   GET /v0.0.0/inventories/categories     the category tree of the business's products
 *
 * Privilege "products" (stock is part of the catalogue); every call reads the caller's business
 * only. Lists that are never paged answer all rows at once; an empty one is 404 "No data".
 * The stock movements of a variant are GET /v0.0.0/products/{id}/stock-history (api/routes/products.ts).
 */
import { Hono } from "hono";
import { z } from "zod";
import {
  availabilityQuery, inventoryAvailability, inventoryBrands, inventoryCategories, inventoryCities, inventorySearch, inventorySources,
} from "#core/stock/inventories.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, list, whole } from "#api/lib/http.ts";

export const inventoryRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller] as const;

inventoryRoutes.get("/v0.0.0/inventories/availability", ...seller, async (c) => {
  const q = await input(c, availabilityQuery, "query");
  const { rows, total, summary } = await inventoryAvailability(c.var.scope, q);
  return list(c, rows, total, q.limit, summary);
});

inventoryRoutes.get("/v0.0.0/inventories/sources", ...seller, async (c) =>
  whole(c, await inventorySources(c.var.scope, (await input(c, inventorySearch, "query")).search)));

inventoryRoutes.get("/v0.0.0/inventories/cities", ...seller, async (c) =>
  whole(c, await inventoryCities(c.var.scope, (await input(c, inventorySearch, "query")).search)));

inventoryRoutes.get("/v0.0.0/inventories/brands", ...seller, async (c) =>
  whole(c, await inventoryBrands(c.var.scope, (await input(c, inventorySearch, "query")).search)));

inventoryRoutes.get("/v0.0.0/inventories/categories", ...seller, async (c) => {
  await input(c, z.object({ sort: z.coerce.number().int("invalid").optional() }), "query");
  return whole(c, await inventoryCategories(c.var.scope));
});
