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
 *                                                (api/routes/exports.ts; the kind is core/catalog/product-list.ts)
 *
 * The rules and queries are core/catalog/product-list.ts (the list, its counts and filters) and
 * product-actions.ts (switch, delete, bulk, with the decisions where the spec is silent); this
 * file is the REST adapter over them. Each change answers { action, product_ids, skipped } with
 * its message ("Kemeja … activated", "3 products deactivated. 1 skipped.").
 */
import { Hono, type Context } from "hono";
import { applyProductAction, productBulkBody, setProductStatus, type ProductActionResult } from "#core/catalog/product-actions.ts";
import { listProducts, productFilters, productListingFilters, productListQuery, productTabCounts } from "#core/catalog/product-list.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, ok } from "#api/lib/http.ts";

export const productListRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller] as const;

productListRoutes.get("/v0.0.1/products", ...seller, async (c) => {
  const q = await input(c, productListQuery, "query");
  const { rows, total, summary } = await listProducts(c.var.scope, q);
  const pagination = { total_page: Math.ceil(total / q.limit), total_record: total, summary_data: summary };
  // An empty list is 404 "No data" (spec 7), still with the tab counts.
  if (!rows.length) return c.json({ code: 404, message: c.var.t("api:no_data"), data: [], pagination }, 404);
  return c.json({ code: 200, message: c.var.t("api:ok"), data: rows, pagination }, 200);
});

productListRoutes.get("/v0.0.1/products/count", ...seller, async (c) => ok(c, await productTabCounts(c.var.scope, await input(c, productFilters, "query"))));

const answer = (c: Context<ApiEnv>, { message, ...data }: ProductActionResult) => c.json({ code: 200, message, data }, 200);

productListRoutes.put("/v0.0.1/products/:id{[0-9]+}/:action{activate|deactivate}", ...seller, async (c) =>
  answer(c, await setProductStatus(c.var.scope, Number(c.req.param("id")), c.req.param("action") === "activate")));

productListRoutes.delete("/v0.0.1/products/:id{[0-9]+}", ...seller, async (c) =>
  answer(c, await applyProductAction(c.var.scope, [Number(c.req.param("id"))], "delete")));

productListRoutes.put("/v0.0.1/products/bulk", ...seller, async (c) => {
  const body = await input(c, productBulkBody);
  return answer(c, await applyProductAction(c.var.scope, body.product_ids, body.action));
});

// The listing's filter choices, one call with the "products" privilege (staff without the profile
// pages can filter too).
productListRoutes.get("/v0.0.1/products/listing-filters", ...seller, async (c) => ok(c, await productListingFilters(c.var.scope)));
