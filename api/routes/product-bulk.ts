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
 * Decisions where the spec is silent: see api/domain/product-bulk*.ts. Files: .xlsx only, checked
 * by content, at most 5 MB and 2.000 rows. Applying needs the preview "ready" (checked, not yet
 * applied); a second apply is a 422.
 */
import { Hono, type Context } from "hono";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import dayjs from "dayjs";
import { z } from "zod";
import { db } from "#db/client.ts";
import { jobs, productUploadRows, productUploads, products, users } from "#db/schema/index.ts";
import { addTemplate, decideDrafts, uploadOf } from "#core/catalog/product-bulk-add.ts";
import { updateTemplate, SECTION_BY_ID } from "#core/catalog/product-bulk-update.ts";
import { JOB_KINDS, jobsOf, queueUpload, rowJson, stockColumns, uploadJson, type BulkJobParams } from "#core/catalog/product-bulk.ts";
import { looksLikeXlsx, MAX_FILE_BYTES, XLSX_TYPE } from "#core/catalog/product-bulk-xlsx.ts";
import { MASS_UPDATE_SECTIONS, type MassUpdateSection } from "#core/catalog/product-enums.ts";
import { WIB_OFFSET_MS } from "#core/lib/time.ts";
import { kick } from "#core/jobs/worker.ts";
import "#core/jobs/product-bulk.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, list, ok } from "#api/lib/http.ts";
import { listQuery, offsetOf } from "#core/lib/list-query.ts";
import { NotFound, Refused } from "#core/errors.ts";

export const productBulkRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller("products")] as const;
const biz = (c: Context<ApiEnv>) => c.var.member.businessId;

/** "price" or "6" → "price"; anything else 404 (no such section). */
function sectionOf(value: string | undefined): MassUpdateSection {
  const v = (value ?? "").toLowerCase();
  if (v in MASS_UPDATE_SECTIONS) return v as MassUpdateSection;
  const byId = SECTION_BY_ID[Number(v)];
  if (byId) return byId;
  throw new NotFound();
}

const idList = z.preprocess(
  (v) => (typeof v === "string" ? v.split(",").map((s) => s.trim()).filter(Boolean) : v),
  z.array(z.coerce.number().int().positive("invalid")).max(1000, "too_long"),
);

function xlsx(c: Context<ApiEnv>, data: Buffer, name: string) {
  const stamp = dayjs(Date.now() + WIB_OFFSET_MS).format("DD-MM-YYYY");
  const file = `${name}_${stamp}.xlsx`;
  return c.body(new Uint8Array(data), 200, {
    "Content-Type": XLSX_TYPE,
    "Content-Disposition": `attachment; filename="${file.replace(/[^\w.-]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(file)}`,
    "Content-Length": String(data.length),
    "Cache-Control": "private, no-store",
  });
}

/** The uploaded .xlsx of a multipart body, checked by size and content. */
async function uploadedXlsx(c: Context<ApiEnv>) {
  const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const file = body.file;
  if (!(file instanceof File) || file.size === 0) throw new Refused("api:errors.validation", { file: ["validation:required"] });
  if (file.size > MAX_FILE_BYTES) throw new Refused("api-product-bulk:file.too_big", { file: ["api-product-bulk:file.too_big"] });
  const data = Buffer.from(await file.arrayBuffer());
  if (!looksLikeXlsx(data)) throw new Refused("api-product-bulk:file.not_xlsx", { file: ["api-product-bulk:file.not_xlsx"] });
  return { data, filename: (file.name || "upload.xlsx").slice(0, 200) };
}

// ---------------------------------------------------------------------------------------------
// Bulk add
// ---------------------------------------------------------------------------------------------
const addDownload = async (c: Context<ApiEnv>) => xlsx(c, await addTemplate(biz(c), c.var.t), c.var.t("api-product-bulk:file_name.add"));
productBulkRoutes.get("/v0.0.0/products/templates/new", ...seller, addDownload);
productBulkRoutes.get("/v0.0.0/product-bulk/add/download", ...seller, addDownload);

const addUpload = async (c: Context<ApiEnv>) => {
  const { data, filename } = await uploadedXlsx(c);
  const { upload, job } = await queueUpload({ businessId: biz(c), userId: c.var.user.id, mode: "add", section: null, filename, data, locale: c.var.locale });
  return ok(c, uploadJson(c.var.t, upload, job), "api-product-bulk:uploaded", 202);
};
productBulkRoutes.post("/v0.0.0/product-bulk/add/upload", ...seller, addUpload);
productBulkRoutes.post("/v0.0.0/products/templates/new", ...seller, addUpload);

// ---------------------------------------------------------------------------------------------
// Mass update
// ---------------------------------------------------------------------------------------------
const selection = z.object({ product_ids: idList.optional() });

async function updateDownload(c: Context<ApiEnv>, section: MassUpdateSection, all = false) {
  const q = await input(c, selection, "query");
  const data = await updateTemplate(biz(c), section, c.var.t, all ? undefined : q.product_ids);
  return xlsx(c, data, c.var.t("api-product-bulk:file_name.update", { section: c.var.t(`api-product-bulk:section.${section}`) }));
}
productBulkRoutes.get("/v0.0.0/product-bulk/update/:section{[a-z0-9]+}/download", ...seller, (c) => updateDownload(c, sectionOf(c.req.param("section"))));
productBulkRoutes.get("/v0.0.0/products/templates/update", ...seller, (c) => updateDownload(c, sectionOf(c.req.query("section"))));
productBulkRoutes.get("/v0.0.0/products/templates/update-all", ...seller, (c) => updateDownload(c, sectionOf(c.req.query("section")), true));
productBulkRoutes.get("/v0.0.0/products/templates/image-update", ...seller, (c) => updateDownload(c, "image"));

productBulkRoutes.post("/v0.0.0/product-bulk/update/:section{[a-z0-9]+}/upload", ...seller, async (c) => {
  const section = sectionOf(c.req.param("section"));
  const { data, filename } = await uploadedXlsx(c);
  const { upload, job } = await queueUpload({
    businessId: biz(c), userId: c.var.user.id, mode: "update", section: MASS_UPDATE_SECTIONS[section], filename, data, locale: c.var.locale,
  });
  return ok(c, uploadJson(c.var.t, upload, job), "api-product-bulk:uploaded", 202);
});

productBulkRoutes.put("/v0.0.0/product-bulk/update/:id{[0-9]+}/apply", ...seller, async (c) => {
  const businessId = biz(c);
  const id = Number(c.req.param("id"));
  const result = await db.transaction(async (tx) => {
    const [u] = await tx.select().from(productUploads)
      .where(and(eq(productUploads.businessId, businessId), eq(productUploads.id, id), eq(productUploads.mode, "update"))).for("update");
    if (!u) throw new NotFound();
    if (u.status !== "ready") throw new Refused("api-product-bulk:apply.not_ready", { upload_id: ["api-product-bulk:apply.not_ready"] });
    if (!u.validRows) throw new Refused("api-product-bulk:apply.nothing", { upload_id: ["api-product-bulk:apply.nothing"] });
    const params: BulkJobParams = { uploadId: u.id, locale: c.var.locale };
    const [job] = await tx.insert(jobs).values({ businessId, userId: c.var.user.id, kind: JOB_KINDS.apply, params, filename: u.filename }).returning();
    const [after] = await tx.update(productUploads).set({ status: "applying", jobId: job.id, timeModified: new Date() }).where(eq(productUploads.id, u.id)).returning();
    return { upload: after, job };
  });
  kick();
  return ok(c, uploadJson(c.var.t, result.upload, result.job), "api-product-bulk:apply.queued", 202);
});

productBulkRoutes.get("/v0.0.0/product-bulk/update/filters", ...seller, async (c) => {
  const t = c.var.t;
  return ok(c, {
    sections: Object.entries(MASS_UPDATE_SECTIONS).map(([key, id]) => ({ id, key, name: t(`api-product-bulk:section.${key}`) })),
    locations: (await stockColumns(biz(c), t)).map((l) => ({ key: l.key, name: l.label })),
  });
});

// ---------------------------------------------------------------------------------------------
// Histories
// ---------------------------------------------------------------------------------------------
const historyQuery = listQuery.pick({ page: true, limit: true }).extend({ section: z.string().max(10).optional() });

async function histories(c: Context<ApiEnv>, mode: "add" | "update" | null) {
  const q = await input(c, historyQuery, "query");
  const section = mode === "update" && q.section ? MASS_UPDATE_SECTIONS[sectionOf(q.section)] : null;
  const where = and(
    eq(productUploads.businessId, biz(c)),
    mode ? eq(productUploads.mode, mode) : undefined,
    section ? eq(productUploads.section, section) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db.select({ u: productUploads, userName: users.name }).from(productUploads).leftJoin(users, eq(users.id, productUploads.userId))
      .where(where).orderBy(desc(productUploads.timeCreated), desc(productUploads.id)).limit(q.limit).offset(offsetOf(q)),
    db.select({ total: count() }).from(productUploads).where(where),
  ]);
  const jobById = await jobsOf(rows.map((r) => r.u.jobId));
  return list(c, rows.map((r) => uploadJson(c.var.t, { ...r.u, userName: r.userName }, r.u.jobId ? jobById.get(r.u.jobId) : null)), total, q.limit);
}
productBulkRoutes.get("/v0.0.0/product-bulk/histories/add", ...seller, (c) => histories(c, "add"));
productBulkRoutes.get("/v0.0.0/product-bulk/histories/update", ...seller, (c) => histories(c, "update"));
productBulkRoutes.get("/v0.0.0/products/templates/histories", ...seller, (c) => histories(c, null));

productBulkRoutes.get("/v0.0.0/product-bulk/histories/reply/:id{[0-9]+}", ...seller, async (c) => {
  const u = await uploadOf(biz(c), Number(c.req.param("id")));
  const [[user], jobById] = await Promise.all([
    db.select({ name: users.name }).from(users).where(eq(users.id, u.userId)),
    jobsOf([u.jobId]),
  ]);
  return ok(c, uploadJson(c.var.t, { ...u, userName: user?.name }, u.jobId ? jobById.get(u.jobId) : null));
});

const ROW_STATUSES = ["valid", "unchanged", "error", "applied", "failed", "published", "rejected"] as const;
productBulkRoutes.get("/v0.0.0/product-bulk/histories/reply/:id{[0-9]+}/rows", ...seller, async (c) => {
  const u = await uploadOf(biz(c), Number(c.req.param("id")));
  const q = await input(c, listQuery.pick({ page: true, limit: true }).extend({ status: z.enum(ROW_STATUSES, "invalid").optional() }), "query");
  const where = and(eq(productUploadRows.uploadId, u.id), q.status ? eq(productUploadRows.status, q.status) : undefined);
  const [rows, [{ total }], counts] = await Promise.all([
    db.select().from(productUploadRows).where(where).orderBy(asc(productUploadRows.rowNo)).limit(q.limit).offset(offsetOf(q)),
    db.select({ total: count() }).from(productUploadRows).where(where),
    db.select({ status: productUploadRows.status, n: count() }).from(productUploadRows).where(eq(productUploadRows.uploadId, u.id)).groupBy(productUploadRows.status),
  ]);
  // The summary counts rows per status, for the page's tabs.
  return list(c, rows.map((r) => rowJson(c.var.t, r)), total, q.limit, Object.fromEntries(counts.map((x) => [x.status, x.n])));
});

// ---------------------------------------------------------------------------------------------
// Drafts of a bulk add: list, publish, reject
// ---------------------------------------------------------------------------------------------
productBulkRoutes.get("/v0.0.0/products/templates/new/product-histories", ...seller, async (c) => {
  const q = await input(c, listQuery.pick({ page: true, limit: true }).extend({
    upload_id: z.coerce.number().int().positive("invalid"),
    status: z.enum(["draft", "published", "archived", "suspended"], "invalid").optional(),
  }), "query");
  const u = await uploadOf(biz(c), q.upload_id);
  const where = and(eq(products.businessId, biz(c)), eq(products.bulkUploadId, u.id), eq(products.source, "bulk"), q.status ? eq(products.status, q.status) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db.select({
      id: products.id, name: products.name, sku: products.sku, status: products.status, priceMin: products.priceMin, priceMax: products.priceMax,
      onHand: products.onHand, available: products.available, timeCreated: products.timeCreated,
      variants: sql<number>`(SELECT count(*)::int FROM product_variants v WHERE v.product_id = products.id)`,
    }).from(products).where(where).orderBy(asc(products.id)).limit(q.limit).offset(offsetOf(q)),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return list(c, rows.map((p) => ({
    product_id: p.id, product_name: p.name, sku: p.sku, status: p.status, price_min: p.priceMin, price_max: p.priceMax,
    total_variant: p.variants, on_hand: p.onHand, available: p.available, time_created: Math.floor(p.timeCreated.getTime() / 1000),
  })), total, q.limit);
});

const decision = z.object({ product_ids: idList.refine((a) => a.length > 0, "required") });
for (const [path, what] of [["product-publish", "publish"], ["product-reject", "reject"]] as const) {
  productBulkRoutes.put(`/v0.0.0/products/templates/new/${path}`, ...seller, async (c) => {
    const body = await input(c, decision);
    const { count, skipped } = await decideDrafts(biz(c), c.var.user.id, body.product_ids, what);
    // Drafts the publishing rule kept back are named in the message (the page's notice) and listed.
    const names = skipped.map((x) => x.name).join(", ");
    const reason = c.var.t("api-product-list:skip.incomplete");
    const main = c.var.t(`api-product-bulk:drafts.${what === "publish" ? "published" : "rejected"}`);
    const message = skipped.length ? `${main}. ${c.var.t("api-product-bulk:drafts.skipped", { count: skipped.length, names })}` : main;
    return c.json({ code: 200, message, data: { count, skipped: skipped.map((x) => ({ ...x, reason })) } }, 200);
  });
}
