/**
 * Inventory mutations and the last stock priority (issue 14 items 5 and 6), the REST adapter.
 * Rules and shapes: core/stock/mutations.ts and core/stock/priority.ts.
 *
 *   GET  /v1.0.0/inventories/mutations   every ledger movement of the business, newest first:
 *        type (all | sale | return | count | adjustment | transfer_out | transfer_in | bulk_upload | other),
 *        location (store-<id> | warehouse-<id> | warehouse-<id>-<partition>), date_from / date_to
 *        (YYYY-MM-DD, WIB days), search (SKU, name, barcode, reference), limit 10|20|50|100|150, cursor.
 *        pagination: { total_page, total_record, summary_data: { capped, cap }, next_cursor, prev_cursor }
 *        The export is POST /v0.0.0/exports/inventory-mutations with the same filters (api/routes/exports.ts).
 *   GET  /v1.0.0/inventories/last-stock-priority   { locations: [{ position, location_key, kind, name, … }], unused: […] }
 *   PUT  /v1.0.0/inventories/last-stock-priority   { locations: ["warehouse-2", "store-5", …] } the whole list,
 *        first first (sending it again changes nothing); POST on the same path is the same call with
 *        the API's Idempotency-Key (api/lib/idempotency.ts).
 *
 * Privileges (core/auth/privileges.ts): mutations "erp" (a Mini ERP page), the priority
 * "omnichannel" (a POS-report page). Every call reads and writes the caller's business only.
 */
import { Hono, type Context } from "hono";
import { listMutations, mutationListQuery } from "#core/stock/mutations.ts";
import { priorityBody, setStockPriority, stockPriority } from "#core/stock/priority.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, ok } from "#api/lib/http.ts";

export const inventoryMutationRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller] as const;

inventoryMutationRoutes.get("/v1.0.0/inventories/mutations", ...seller, async (c) => {
  const q = await input(c, mutationListQuery, "query");
  const page = await listMutations(c.var.scope, q);
  const pagination = {
    total_page: Math.ceil(page.total / q.limit),
    total_record: page.total,
    summary_data: { capped: page.capped, cap: page.cap },
    next_cursor: page.nextCursor,
    prev_cursor: page.prevCursor,
  };
  // An empty list is 404 "No data" (spec 7), still with the envelope and pagination.
  if (!page.rows.length) return c.json({ code: 404, message: c.var.t("api:no_data"), data: [], pagination }, 404);
  return c.json({ code: 200, message: c.var.t("api:ok"), data: page.rows, pagination }, 200);
});

inventoryMutationRoutes.get("/v1.0.0/inventories/last-stock-priority", ...seller, async (c) => ok(c, await stockPriority(c.var.scope)));

const save = async (c: Context<ApiEnv>) =>
  ok(c, await setStockPriority(c.var.scope, await input(c, priorityBody)), "stock-priority:saved");
inventoryMutationRoutes.put("/v1.0.0/inventories/last-stock-priority", ...seller, save);
inventoryMutationRoutes.post("/v1.0.0/inventories/last-stock-priority", ...seller, save);
