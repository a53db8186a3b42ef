/**
 * Bulk add and mass update as the seller's pages and the REST calls use them (privilege
 * "products"): the templates, the uploads and their checks, applying a preview, the histories,
 * the rows of an upload and the drafts of a bulk add. The rules are product-bulk-add.ts,
 * product-bulk-update.ts and product-bulk.ts; the jobs are core/jobs/product-bulk.ts.
 *
 * Decisions where the spec is silent:
 * - Every upload, row and product is the actor's business's: another's is NotFound.
 * - Files: .xlsx only, checked by content, at most 5 MB (and 2.000 rows, checked by the job).
 * - Applying needs the preview "ready" (checked, not yet applied) with at least one valid row; a
 *   second apply is refused.
 * - A section is named by its key (attribute, price, stock, image) or the spec's number (5-8);
 *   anything else is NotFound.
 * - Template files are named "<what>_<DD-MM-YYYY>.xlsx" in WIB, in the actor's language.
 */
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import dayjs from "dayjs";
import { z } from "zod";
import { jobs, productUploadRows, productUploads, products, users } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { NotFound, Refused } from "#core/errors.ts";
import { kick } from "#core/jobs/worker.ts";
// The bulk jobs (check, add, apply) are registered wherever uploads can be queued.
import "#core/jobs/product-bulk.ts";
import { listQuery, offsetOf } from "#core/lib/list-query.ts";
import { WIB_OFFSET_MS } from "#core/lib/time.ts";
import { addTemplate, decideDrafts, uploadOf } from "./product-bulk-add.ts";
import { SECTION_BY_ID, updateTemplate } from "./product-bulk-update.ts";
import { JOB_KINDS, jobsOf, queueUpload, rowJson, stockColumns, uploadJson, type BulkJobParams } from "./product-bulk.ts";
import { looksLikeXlsx, MAX_FILE_BYTES, XLSX_TYPE } from "./product-bulk-xlsx.ts";
import { MASS_UPDATE_SECTIONS, type MassUpdateSection } from "./product-enums.ts";

export type BulkUploadJson = ReturnType<typeof uploadJson>;
export type BulkRowJson = ReturnType<typeof rowJson>;
/** A template to download: the .xlsx and its file name. */
export type XlsxFile = { data: Buffer; filename: string; contentType: typeof XLSX_TYPE };

/** "price" or "6" → "price"; anything else NotFound (no such section). */
export function massUpdateSection(value: string | undefined | null): MassUpdateSection {
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
/** The products a mass-update download holds (none: every product). */
export const bulkSelection = z.object({ product_ids: idList.optional() });

const xlsxFile = (data: Buffer, name: string): XlsxFile => ({
  data, filename: `${name}_${dayjs(Date.now() + WIB_OFFSET_MS).format("DD-MM-YYYY")}.xlsx`, contentType: XLSX_TYPE,
});

/** The uploaded .xlsx of a form, checked by size and content (refused under `file`). */
export async function checkedXlsx(file: unknown) {
  if (!(file instanceof File) || file.size === 0) throw new Refused("api:errors.validation", { file: ["validation:required"] });
  if (file.size > MAX_FILE_BYTES) throw new Refused("api-product-bulk:file.too_big", { file: ["api-product-bulk:file.too_big"] });
  const data = Buffer.from(await file.arrayBuffer());
  if (!looksLikeXlsx(data)) throw new Refused("api-product-bulk:file.not_xlsx", { file: ["api-product-bulk:file.not_xlsx"] });
  return { data, filename: (file.name || "upload.xlsx").slice(0, 200) };
}

// ---------------------------------------------------------------------------------------------
// Templates and uploads
// ---------------------------------------------------------------------------------------------

/** The empty bulk-add template with the business's brands and the categories as drop-downs. */
export async function bulkAddTemplate(scope: Scope): Promise<XlsxFile> {
  const { actor } = sellerScope(scope, "products");
  return xlsxFile(await addTemplate(actor.member.businessId, actor.t), actor.t("api-product-bulk:file_name.add"));
}

/** The current values of a section as an .xlsx (`productIds` narrows it to a selection). */
export async function massUpdateTemplate(scope: Scope, section: MassUpdateSection, productIds?: number[]): Promise<XlsxFile> {
  const { actor } = sellerScope(scope, "products");
  const t = actor.t;
  const data = await updateTemplate(actor.member.businessId, section, t, productIds);
  return xlsxFile(data, t("api-product-bulk:file_name.update", { section: t(`api-product-bulk:section.${section}`) }));
}

/** Keeps a bulk-add file (`section` null) or a mass-update file of `section` and queues its check. */
export async function uploadBulkFile(scope: Scope, section: MassUpdateSection | null, file: unknown) {
  const { db, actor } = sellerScope(scope, "products");
  const { data, filename } = await checkedXlsx(file);
  const { upload, job } = await queueUpload({
    businessId: actor.member.businessId, userId: actor.user.id, mode: section ? "update" : "add",
    section: section ? MASS_UPDATE_SECTIONS[section] : null, filename, data, locale: actor.locale,
  }, db);
  return uploadJson(actor.t, upload, job);
}

/** Applies a ready mass-update preview as a background job. */
export async function applyMassUpdate(scope: Scope, id: number) {
  const { db, actor } = sellerScope(scope, "products");
  const businessId = actor.member.businessId;
  const result = await db.transaction(async (tx) => {
    const [u] = await tx.select().from(productUploads)
      .where(and(eq(productUploads.businessId, businessId), eq(productUploads.id, id), eq(productUploads.mode, "update"))).for("update");
    if (!u) throw new NotFound();
    if (u.status !== "ready") throw new Refused("api-product-bulk:apply.not_ready", { upload_id: ["api-product-bulk:apply.not_ready"] });
    if (!u.validRows) throw new Refused("api-product-bulk:apply.nothing", { upload_id: ["api-product-bulk:apply.nothing"] });
    const params: BulkJobParams = { uploadId: u.id, locale: actor.locale };
    const [job] = await tx.insert(jobs).values({ businessId, userId: actor.user.id, kind: JOB_KINDS.apply, params, filename: u.filename }).returning();
    const [after] = await tx.update(productUploads).set({ status: "applying", jobId: job.id, timeModified: new Date() }).where(eq(productUploads.id, u.id)).returning();
    return { upload: after, job };
  });
  kick();
  return uploadJson(actor.t, result.upload, result.job);
}

/** The sections and the stock columns a mass update offers. */
export async function massUpdateFilters(scope: Scope) {
  const { db, actor } = sellerScope(scope, "products");
  const t = actor.t;
  return {
    sections: Object.entries(MASS_UPDATE_SECTIONS).map(([key, id]) => ({ id, key, name: t(`api-product-bulk:section.${key}`) })),
    locations: (await stockColumns(actor.member.businessId, t, db)).map((l) => ({ key: l.key, name: l.label })),
  };
}

// ---------------------------------------------------------------------------------------------
// Histories, one upload, its rows
// ---------------------------------------------------------------------------------------------
export const bulkHistoryQuery = listQuery.pick({ page: true, limit: true }).extend({ section: z.string().max(10).optional() });
export type BulkHistoryQuery = z.infer<typeof bulkHistoryQuery>;

/** Uploads of the business, newest first: bulk adds, mass updates (of one section), or both (`mode` null). */
export async function bulkHistories(scope: Scope, mode: "add" | "update" | null, q: BulkHistoryQuery) {
  const { db, actor } = sellerScope(scope, "products");
  const section = mode === "update" && q.section ? MASS_UPDATE_SECTIONS[massUpdateSection(q.section)] : null;
  const where = and(
    eq(productUploads.businessId, actor.member.businessId),
    mode ? eq(productUploads.mode, mode) : undefined,
    section ? eq(productUploads.section, section) : undefined,
  );
  const rows = await db.select({ u: productUploads, userName: users.name }).from(productUploads).leftJoin(users, eq(users.id, productUploads.userId))
    .where(where).orderBy(desc(productUploads.timeCreated), desc(productUploads.id)).limit(q.limit).offset(offsetOf(q));
  const [{ total }] = await db.select({ total: count() }).from(productUploads).where(where);
  const jobById = await jobsOf(rows.map((r) => r.u.jobId), db);
  return { rows: rows.map((r) => uploadJson(actor.t, { ...r.u, userName: r.userName }, r.u.jobId ? jobById.get(r.u.jobId) : null)), total };
}

/** One upload with its job (job_id, progress, status, url, status_details). */
export async function bulkUpload(scope: Scope, id: number) {
  const { db, actor } = sellerScope(scope, "products");
  const u = await uploadOf(actor.member.businessId, id, db);
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, u.userId));
  const jobById = await jobsOf([u.jobId], db);
  return uploadJson(actor.t, { ...u, userName: user?.name }, u.jobId ? jobById.get(u.jobId) : null);
}

export const ROW_STATUSES = ["valid", "unchanged", "error", "applied", "failed", "published", "rejected"] as const;
export const bulkRowsQuery = listQuery.pick({ page: true, limit: true }).extend({ status: z.enum(ROW_STATUSES, "invalid").optional() });
export type BulkRowsQuery = z.infer<typeof bulkRowsQuery>;

/** A page of an upload's rows (of one status), with the number of rows per status (`summary`, the page's tabs). */
export async function bulkUploadRows(scope: Scope, id: number, q: BulkRowsQuery) {
  const { db, actor } = sellerScope(scope, "products");
  const u = await uploadOf(actor.member.businessId, id, db);
  const where = and(eq(productUploadRows.uploadId, u.id), q.status ? eq(productUploadRows.status, q.status) : undefined);
  const rows = await db.select().from(productUploadRows).where(where).orderBy(asc(productUploadRows.rowNo)).limit(q.limit).offset(offsetOf(q));
  const [{ total }] = await db.select({ total: count() }).from(productUploadRows).where(where);
  const counts = await db.select({ status: productUploadRows.status, n: count() }).from(productUploadRows)
    .where(eq(productUploadRows.uploadId, u.id)).groupBy(productUploadRows.status);
  return { rows: rows.map((r) => rowJson(actor.t, r)), total, summary: Object.fromEntries(counts.map((x) => [x.status, x.n])) as Record<string, number> };
}

// ---------------------------------------------------------------------------------------------
// Drafts of a bulk add: list, publish, reject
// ---------------------------------------------------------------------------------------------
export const bulkDraftsQuery = listQuery.pick({ page: true, limit: true }).extend({
  upload_id: z.coerce.number().int().positive("invalid"),
  status: z.enum(["draft", "published", "archived", "suspended"], "invalid").optional(),
});
export type BulkDraftsQuery = z.infer<typeof bulkDraftsQuery>;

/** The products an upload created (of one status). */
export async function bulkDrafts(scope: Scope, q: BulkDraftsQuery) {
  const { db, actor } = sellerScope(scope, "products");
  const businessId = actor.member.businessId;
  const u = await uploadOf(businessId, q.upload_id, db);
  const where = and(eq(products.businessId, businessId), eq(products.bulkUploadId, u.id), eq(products.source, "bulk"), q.status ? eq(products.status, q.status) : undefined);
  const rows = await db.select({
    id: products.id, name: products.name, sku: products.sku, status: products.status, priceMin: products.priceMin, priceMax: products.priceMax,
    onHand: products.onHand, available: products.available, timeCreated: products.timeCreated,
    variants: sql<number>`(SELECT count(*)::int FROM product_variants v WHERE v.product_id = products.id)`,
  }).from(products).where(where).orderBy(asc(products.id)).limit(q.limit).offset(offsetOf(q));
  const [{ total }] = await db.select({ total: count() }).from(products).where(where);
  return {
    total,
    rows: rows.map((p) => ({
      product_id: p.id, product_name: p.name, sku: p.sku, status: p.status, price_min: p.priceMin, price_max: p.priceMax,
      total_variant: p.variants, on_hand: p.onHand, available: p.available, time_created: Math.floor(p.timeCreated.getTime() / 1000),
    })),
  };
}
export type BulkDraftJson = Awaited<ReturnType<typeof bulkDrafts>>["rows"][number];

export const draftDecisionBody = z.object({ product_ids: idList.refine((a) => a.length > 0, "required") });

/**
 * Publishes or rejects bulk drafts; answers how many changed, the drafts the publishing rule kept
 * back (named, with the reason) and the message (translated) the API and the web show.
 */
export async function decideBulkDrafts(scope: Scope, productIds: number[], what: "publish" | "reject") {
  const { db, actor } = sellerScope(scope, "products");
  const t = actor.t;
  const { count, skipped } = await decideDrafts(actor.member.businessId, actor.user.id, productIds, what, db);
  const names = skipped.map((x) => x.name).join(", ");
  const main = t(`api-product-bulk:drafts.${what === "publish" ? "published" : "rejected"}`);
  const message = skipped.length ? `${main}. ${t("api-product-bulk:drafts.skipped", { count: skipped.length, names })}` : main;
  const reason = t("api-product-list:skip.incomplete");
  return { count, skipped: skipped.map((x) => ({ ...x, reason })), message };
}
