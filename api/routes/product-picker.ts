/**
 * The product picker's API (spec section 7 "Products": GET /v0.0.0/products/filter and
 * /v0.0.1/products/filter, two versions of one call sharing one handler). The rules and the shape
 * are in core/catalog/product-picker.ts.
 *
 *   GET /v0.0.0/products/filter   search, brand_id, category_id (any level), product_id,
 *   GET /v0.0.1/products/filter   variant_ids=1,2,3, status=published,draft, sort 1-6 (default 5
 *                                 name A-Z), page, limit (default 10, at most 100)
 *
 * Registered before the product routes so "/products/filter" is never read as a product id.
 * Privilege "products", scoped to the caller's business; an empty page is 404 "No data".
 */
import { Hono, type Context } from "hono";
import { pickerQuery, pickProducts } from "#core/catalog/product-picker.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, list } from "#api/lib/http.ts";

export const productPickerRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller] as const;

async function pick(c: Context<ApiEnv>) {
  const q = await input(c, pickerQuery, "query");
  const { rows, total } = await pickProducts(c.var.scope, q);
  return list(c, rows, total, q.limit);
}

productPickerRoutes.get("/v0.0.0/products/filter", ...seller, pick);
productPickerRoutes.get("/v0.0.1/products/filter", ...seller, pick);
