/**
 * Warehouses (spec section 7 "Warehouses") and their partitions: list with filters, read, create,
 * update, the status change, partitions, the stock pickers' list, update history and the export.
 *
 *   GET  /v0.0.0/warehouses                     list: status 1|0, type 1-3, region 1|2, ownership 1|2,
 *                                               search (name, address, city), sort 1-6, page, limit
 *   GET  /v0.0.0/warehouses/picker              active warehouses with partition_datas (stock pickers)
 *   GET  /v0.0.0/warehouses/{id}
 *   POST /v0.0.1/warehouses/create              (optional `partitions`: names, an array or one per line)
 *   PUT  /v0.0.0/warehouses/{id}
 *   PUT  /v0.0.0/warehouses/status              warehouse_ids=4,7 & action=activate|inactivate
 *                                               (form-encoded as the spec says; JSON too)
 *   PUT  /v0.0.0/warehouses/{id}/{activate|inactivate}   the same change for one warehouse (the web's switch)
 *   GET  /v0.0.0/warehouses/{id}/update-history
 *   GET|POST /v0.0.0/warehouses/{id}/partitions, PUT|DELETE /v0.0.0/warehouses/{id}/partitions/{pid}
 *   export kind "warehouse" (POST /v0.0.0/exports/warehouse, the list's filters)
 *
 * The rules, queries and their decisions are core/profile/warehouses.ts (reads, export),
 * core/profile/warehouse-changes.ts (create, update, status) and core/profile/warehouse-partitions.ts;
 * this file is the REST adapter over them.
 */
import { Hono } from "hono";
import {
  getWarehouse, listWarehouses, pickerQuery, warehouseBody, warehouseHistory, warehouseListQuery, warehousePicker,
} from "#core/profile/warehouses.ts";
import { createWarehouse, setWarehouseStatus, updateWarehouse, warehouseStatusMessage } from "#core/profile/warehouse-changes.ts";
import { addPartition, listPartitions, partitionBody, removePartition, renamePartition } from "#core/profile/warehouse-partitions.ts";
import { listQuery } from "#core/lib/list-query.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, list, ok, whole } from "#api/lib/http.ts";
import { statusRoutes } from "#api/lib/status-routes.ts";

export const warehouseRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller] as const;
const idParam = (id: string) => Number(id);
const pageQuery = listQuery.pick({ page: true, limit: true });

// ---------------------------------------------------------------------------------------------
// List, picker, read, create, update
// ---------------------------------------------------------------------------------------------
warehouseRoutes.get("/v0.0.0/warehouses", ...seller, async (c) => {
  const q = await input(c, warehouseListQuery, "query");
  const { rows, total } = await listWarehouses(c.var.scope, q);
  return list(c, rows, total, q.limit);
});

warehouseRoutes.get("/v0.0.0/warehouses/picker", ...seller, async (c) =>
  whole(c, await warehousePicker(c.var.scope, await input(c, pickerQuery, "query"))));

warehouseRoutes.get("/v0.0.0/warehouses/:id{[0-9]+}", ...seller, async (c) => ok(c, await getWarehouse(c.var.scope, idParam(c.req.param("id")))));

warehouseRoutes.post("/v0.0.1/warehouses/create", ...seller, async (c) =>
  ok(c, await createWarehouse(c.var.scope, await input(c, warehouseBody)), "site:api.warehouse_created"));

warehouseRoutes.put("/v0.0.0/warehouses/:id{[0-9]+}", ...seller, async (c) => {
  const id = idParam(c.req.param("id"));
  await getWarehouse(c.var.scope, id); // an unknown warehouse is 404 before its body is read
  return ok(c, await updateWarehouse(c.var.scope, id, await input(c, warehouseBody)), "site:api.warehouse_updated");
});

// Status change: several (the spec's form-encoded call) or one (the card's switch).
statusRoutes(warehouseRoutes, seller, {
  base: "/v0.0.0/warehouses",
  idsField: "warehouse_ids",
  set: setWarehouseStatus,
  message: warehouseStatusMessage,
});

warehouseRoutes.get("/v0.0.0/warehouses/:id{[0-9]+}/update-history", ...seller, async (c) => {
  const id = idParam(c.req.param("id"));
  await getWarehouse(c.var.scope, id); // an unknown warehouse is 404 before its query is read
  const q = await input(c, pageQuery, "query");
  const { rows, total } = await warehouseHistory(c.var.scope, id, q);
  return list(c, rows, total, q.limit);
});

// ---------------------------------------------------------------------------------------------
// Partitions
// ---------------------------------------------------------------------------------------------
warehouseRoutes.get("/v0.0.0/warehouses/:id{[0-9]+}/partitions", ...seller, async (c) =>
  whole(c, await listPartitions(c.var.scope, idParam(c.req.param("id")))));

warehouseRoutes.post("/v0.0.0/warehouses/:id{[0-9]+}/partitions", ...seller, async (c) => {
  const id = idParam(c.req.param("id"));
  await getWarehouse(c.var.scope, id);
  return ok(c, await addPartition(c.var.scope, id, await input(c, partitionBody)), "site:api.partition_added");
});

warehouseRoutes.put("/v0.0.0/warehouses/:id{[0-9]+}/partitions/:pid{[0-9]+}", ...seller, async (c) => {
  const id = idParam(c.req.param("id"));
  await getWarehouse(c.var.scope, id);
  const body = await input(c, partitionBody);
  return ok(c, await renamePartition(c.var.scope, id, idParam(c.req.param("pid")), body), "site:api.partition_renamed");
});

warehouseRoutes.delete("/v0.0.0/warehouses/:id{[0-9]+}/partitions/:pid{[0-9]+}", ...seller, async (c) =>
  ok(c, await removePartition(c.var.scope, idParam(c.req.param("id")), idParam(c.req.param("pid"))), "site:api.partition_removed"));
