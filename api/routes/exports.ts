/**
 * Exports (spec: "POST /v0.0.0/exports/…", "GET /v0.0.0/exports", background job and export
 * history shapes): the REST adapter over core/jobs/export-history.ts, where the rules live.
 *
 *   GET  /v0.0.0/exports                 the caller's history (?kind=, page, limit)
 *   GET  /v0.0.0/exports/{id}            one job's progress
 *   GET  /v0.0.0/exports/{id}/download   the file (marked downloaded)
 *   POST /v0.0.0/exports/{kind}          the list's filters → a queued job (202)
 *        (the catalogue's kinds also at /v0.0.0/exports/products/{kind})
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { exportHistory, exportJob, queueExport, takeExportFile } from "#core/jobs/export-history.ts";
import { listQuery } from "#core/lib/list-query.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, list, ok } from "#api/lib/http.ts";

export const exportRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller] as const;

const historyQuery = listQuery.pick({ page: true, limit: true }).extend({ kind: z.string().max(60).optional() });

/** The caller's export history, of one kind when given (also GET /v0.0.0/orders/export-history). */
export async function exportHistoryList(c: Context<ApiEnv>, kind?: string) {
  const q = await input(c, historyQuery, "query");
  const { rows, total } = await exportHistory(c.var.scope, { ...q, kind: kind ?? q.kind });
  return list(c, rows, total, q.limit);
}

/** The file as an .xlsx download (also GET /v0.0.0/orders/export-history/download?job_id=). */
export async function sendExport(c: Context<ApiEnv>, id: number, kind?: string) {
  const { filename, file } = await takeExportFile(c.var.scope, id, kind);
  return c.body(new Uint8Array(file), 200, exportFileHeaders(filename, file.length));
}

export function exportFileHeaders(name: string, length: number) {
  return {
    "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "Content-Disposition": `attachment; filename="${name.replace(/[^\w.-]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    "Content-Length": String(length),
  };
}

/** Queues an export of `kind` with the filters in the body (also POST /v0.0.0/orders/export). */
export async function queueExportCall(c: Context<ApiEnv>, kind: string) {
  const body = await input(c, z.record(z.string(), z.unknown()));
  return ok(c, await queueExport(c.var.scope, kind, body), "list:export.queued", 202);
}

exportRoutes.get("/v0.0.0/exports", ...seller, (c) => exportHistoryList(c));
exportRoutes.get("/v0.0.0/exports/:id{[0-9]+}", ...seller, async (c) => ok(c, await exportJob(c.var.scope, Number(c.req.param("id")))));
exportRoutes.get("/v0.0.0/exports/:id{[0-9]+}/download", ...seller, (c) => sendExport(c, Number(c.req.param("id"))));

const EXPORT_PATHS = ["/v0.0.0/exports/:kind{[a-z][a-z-]*}", "/v0.0.0/exports/products/:kind{product-listing|service-listing|barcode-printer}"];
exportRoutes.on("POST", EXPORT_PATHS, ...seller, (c) => queueExportCall(c, c.req.param("kind") ?? ""));
