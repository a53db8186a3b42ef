/**
 * Bulk add and mass update (spec section 7 "Products": templates new/update/update-all/image-update/
 * histories/new/product-histories/new/product-publish/new/product-reject; product-bulk/add/*,
 * update/{attribute, price, stock}/{upload, download}, histories/{add, update, reply/{id}},
 * update/filters). The privilege is "products"; every upload, row and product is the caller's
 * business's (another's answers 404).
 *
 *   GET  /v0.0.0/products/templates/new              the empty bulk-add template (.xlsx)
 *        (= GET /v0.0.0/product-bulk/add/download)
 *   POST /v0.0.0/product-bulk/add/upload             multipart `file` → 202, the upload and its job
 *        (= POST /v0.0.0/products/templates/new)
 *   GET  /v0.0.0/product-bulk/update/{section}/download?product_ids=1,2   current values (.xlsx);
 *        section attribute|price|stock|image or 5-8 (= GET /v0.0.0/products/templates/update?section=…,
 *        templates/update-all?section=… (every product), templates/image-update)
 *   POST /v0.0.0/product-bulk/update/{section}/upload multipart `file` → 202, checked into a preview
 *   PUT  /v0.0.0/product-bulk/update/{id}/apply      applies a ready preview as a job → 202
 *   GET  /v0.0.0/product-bulk/update/filters         the sections and the stock columns
 *   GET  /v0.0.0/product-bulk/histories/{add|update}?section=&page=&limit=   uploads, newest first
 *        (GET /v0.0.0/products/templates/histories: both)
 *   GET  /v0.0.0/product-bulk/histories/reply/{id}   one upload with its job (job_id, progress,
 *                                                    status, url, status_details)
 *   GET  /v0.0.0/product-bulk/histories/reply/{id}/rows?status=&page=&limit=   its rows
 *   GET  /v0.0.0/products/templates/new/product-histories?upload_id=&status=   products of an upload
 *   PUT  /v0.0.0/products/templates/new/product-publish|product-reject   product_ids (array or "1,2")
 *
 * The rules are core/catalog/product-bulk-service.ts (with the decisions where the spec is silent)
 * and the modules it names; this file is the REST adapter over them.
 */
import { Hono, type Context } from "hono";
import {
  applyMassUpdate, bulkAddTemplate, bulkDrafts, bulkDraftsQuery, bulkHistories, bulkHistoryQuery, bulkRowsQuery, bulkSelection,
  bulkUpload, bulkUploadRows, decideBulkDrafts, draftDecisionBody, massUpdateFilters, massUpdateSection, massUpdateTemplate,
  uploadBulkFile, type XlsxFile,
} from "#core/catalog/product-bulk-service.ts";
import type { MassUpdateSection } from "#core/catalog/product-enums.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, list, ok } from "#api/lib/http.ts";

export const productBulkRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller] as const;
const idParam = (c: Context<ApiEnv>) => Number(c.req.param("id"));

function xlsx(c: Context<ApiEnv>, file: XlsxFile) {
  return c.body(new Uint8Array(file.data), 200, {
    "Content-Type": file.contentType,
    "Content-Disposition": `attachment; filename="${file.filename.replace(/[^\w.-]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    "Content-Length": String(file.data.length),
    "Cache-Control": "private, no-store",
  });
}

/** The multipart body's `file` (checked in core). */
const fileOf = async (c: Context<ApiEnv>) => (await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)).file;

// Bulk add
const addDownload = async (c: Context<ApiEnv>) => xlsx(c, await bulkAddTemplate(c.var.scope));
productBulkRoutes.get("/v0.0.0/products/templates/new", ...seller, addDownload);
productBulkRoutes.get("/v0.0.0/product-bulk/add/download", ...seller, addDownload);

const addUpload = async (c: Context<ApiEnv>) => ok(c, await uploadBulkFile(c.var.scope, null, await fileOf(c)), "api-product-bulk:uploaded", 202);
productBulkRoutes.post("/v0.0.0/product-bulk/add/upload", ...seller, addUpload);
productBulkRoutes.post("/v0.0.0/products/templates/new", ...seller, addUpload);

// Mass update
async function updateDownload(c: Context<ApiEnv>, section: MassUpdateSection, all = false) {
  const q = await input(c, bulkSelection, "query");
  return xlsx(c, await massUpdateTemplate(c.var.scope, section, all ? undefined : q.product_ids));
}
productBulkRoutes.get("/v0.0.0/product-bulk/update/:section{[a-z0-9]+}/download", ...seller, (c) => updateDownload(c, massUpdateSection(c.req.param("section"))));
productBulkRoutes.get("/v0.0.0/products/templates/update", ...seller, (c) => updateDownload(c, massUpdateSection(c.req.query("section"))));
productBulkRoutes.get("/v0.0.0/products/templates/update-all", ...seller, (c) => updateDownload(c, massUpdateSection(c.req.query("section")), true));
productBulkRoutes.get("/v0.0.0/products/templates/image-update", ...seller, (c) => updateDownload(c, "image"));

productBulkRoutes.post("/v0.0.0/product-bulk/update/:section{[a-z0-9]+}/upload", ...seller, async (c) => {
  const section = massUpdateSection(c.req.param("section"));
  return ok(c, await uploadBulkFile(c.var.scope, section, await fileOf(c)), "api-product-bulk:uploaded", 202);
});

productBulkRoutes.put("/v0.0.0/product-bulk/update/:id{[0-9]+}/apply", ...seller, async (c) =>
  ok(c, await applyMassUpdate(c.var.scope, idParam(c)), "api-product-bulk:apply.queued", 202));

productBulkRoutes.get("/v0.0.0/product-bulk/update/filters", ...seller, async (c) => ok(c, await massUpdateFilters(c.var.scope)));

// Histories
async function histories(c: Context<ApiEnv>, mode: "add" | "update" | null) {
  const q = await input(c, bulkHistoryQuery, "query");
  const { rows, total } = await bulkHistories(c.var.scope, mode, q);
  return list(c, rows, total, q.limit);
}
productBulkRoutes.get("/v0.0.0/product-bulk/histories/add", ...seller, (c) => histories(c, "add"));
productBulkRoutes.get("/v0.0.0/product-bulk/histories/update", ...seller, (c) => histories(c, "update"));
productBulkRoutes.get("/v0.0.0/products/templates/histories", ...seller, (c) => histories(c, null));

productBulkRoutes.get("/v0.0.0/product-bulk/histories/reply/:id{[0-9]+}", ...seller, async (c) => ok(c, await bulkUpload(c.var.scope, idParam(c))));

productBulkRoutes.get("/v0.0.0/product-bulk/histories/reply/:id{[0-9]+}/rows", ...seller, async (c) => {
  const id = idParam(c);
  await bulkUpload(c.var.scope, id); // an unknown upload is 404 before the query is read
  const q = await input(c, bulkRowsQuery, "query");
  const { rows, total, summary } = await bulkUploadRows(c.var.scope, id, q);
  // The summary counts rows per status, for the page's tabs.
  return list(c, rows, total, q.limit, summary);
});

// Drafts of a bulk add
productBulkRoutes.get("/v0.0.0/products/templates/new/product-histories", ...seller, async (c) => {
  const q = await input(c, bulkDraftsQuery, "query");
  const { rows, total } = await bulkDrafts(c.var.scope, q);
  return list(c, rows, total, q.limit);
});

for (const [path, what] of [["product-publish", "publish"], ["product-reject", "reject"]] as const) {
  productBulkRoutes.put(`/v0.0.0/products/templates/new/${path}`, ...seller, async (c) => {
    const body = await input(c, draftDecisionBody);
    // Drafts the publishing rule kept back are named in the message (the page's notice) and listed.
    const { message, ...data } = await decideBulkDrafts(c.var.scope, body.product_ids, what);
    return c.json({ code: 200, message, data }, 200);
  });
}
