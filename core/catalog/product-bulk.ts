/**
 * What bulk add and mass update share: the business's reference lists (brands, categories,
 * locations) as the templates show them and read them back, labels of the coded fields in both
 * languages, uploads and their rows as the API answers them, and queuing the background jobs.
 *
 * Decisions where the spec is silent:
 * - The uploaded file is kept as a private upload (only its uploader may fetch it again), named in
 *   the job's params; the job reads it from there, so any app process can run it.
 * - An upload's status is what its job says when the job died: a failed job leaves the upload
 *   "failed" even if the job could not say so itself.
 * - Categories are chosen at the third level (a product sits in a leaf: Dress, not Fashion). A
 *   category cell is matched by its "[id]", its full path, or its leaf name when that is unique.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import type { TFunction } from "i18next";
import { db, sideBySide, type Db, type Tx } from "#db/client.ts";
import {
  brands, jobs, productCategories, productUploadRows, productUploads, stores, uploads, warehousePartitions, warehouses,
} from "#db/schema/index.ts";
import { kick } from "#core/jobs/worker.ts";
import { translator } from "#core/i18n.ts";
import { unix } from "#core/lib/time.ts";
import { GENDER_AUDIENCES, STOCK_TYPES } from "./product-enums.ts";
import { XLSX_TYPE } from "./product-bulk-xlsx.ts";

export type UploadRow = typeof productUploads.$inferSelect;
export type RowRow = typeof productUploadRows.$inferSelect;
export type JobRow = typeof jobs.$inferSelect;

const bothLocales = [translator("en"), translator("id")];

/** Gender audience labels (both languages, and the key itself) → stored index. */
export function genderOptions(t: TFunction) {
  return GENDER_AUDIENCES.map((g) => t(`api-product-bulk:gender.${g}`));
}
export function parseGender(text: string): number | null {
  const v = text.trim().toLowerCase();
  for (const [i, g] of GENDER_AUDIENCES.entries()) {
    if (v === g || bothLocales.some((t) => t(`api-product-bulk:gender.${g}`).toLowerCase() === v)) return i;
  }
  return null;
}
export const genderLabel = (t: TFunction, index: number) => t(`api-product-bulk:gender.${GENDER_AUDIENCES[index] ?? "all"}`);

const ORDER_TYPES = Object.entries(STOCK_TYPES) as [keyof typeof STOCK_TYPES, number][];
export const orderTypeOptions = (t: TFunction) => ORDER_TYPES.map(([k]) => t(`api-product-bulk:order_type.${k}`));
export function parseOrderType(text: string): number | null {
  const v = text.trim().toLowerCase();
  for (const [k, n] of ORDER_TYPES) {
    if (v === k || v === String(n) || bothLocales.some((t) => t(`api-product-bulk:order_type.${k}`).toLowerCase() === v)) return n;
  }
  return null;
}
export const orderTypeLabel = (t: TFunction, n: number) => t(`api-product-bulk:order_type.${ORDER_TYPES.find(([, v]) => v === n)?.[0] ?? "ready"}`);

// ---------------------------------------------------------------------------------------------
// Reference lists
// ---------------------------------------------------------------------------------------------
export type Lookups = Awaited<ReturnType<typeof loadLookups>>;

/** The business's active brands and every third-level category, as shown in and read from templates. */
export async function loadLookups(businessId: number, tx: Tx | Db = db) {
  const [brandRows, cats] = await sideBySide(tx,
    () => tx.select({ id: brands.id, name: brands.name }).from(brands)
      .where(and(eq(brands.businessId, businessId), eq(brands.status, 1))).orderBy(asc(brands.name)),
    () => tx.select().from(productCategories).orderBy(asc(productCategories.sortOrder)));
  const byId = new Map(cats.map((c) => [c.id, c]));
  const path = (id: number): string => {
    const c = byId.get(id);
    if (!c) return "";
    return c.parentId ? `${path(c.parentId)} › ${c.name}` : c.name;
  };
  // Parents come before children in sortOrder only within one parent: order leaves by id (the tree's order).
  const leaves = cats.filter((c) => c.level === 3).sort((a, b) => a.id - b.id).map((c) => ({ id: c.id, name: c.name, label: `${path(c.id)} [${c.id}]` }));
  const brandByName = new Map(brandRows.map((b) => [b.name.toLowerCase(), b]));
  const leafByName = new Map<string, number | null>();
  for (const l of leaves) {
    const k = l.name.toLowerCase();
    leafByName.set(k, leafByName.has(k) ? null : l.id); // a name two leaves share is ambiguous
  }
  const leafIds = new Map(leaves.map((l) => [l.id, l]));
  return {
    brands: brandRows,
    leaves,
    brandOf: (text: string) => brandByName.get(text.trim().toLowerCase()) ?? null,
    brandName: (id: number | null) => brandRows.find((b) => b.id === id)?.name ?? "",
    categoryLabel: (id: number | null) => (id ? leafIds.get(id)?.label ?? path(id) : ""),
    categoryOf(text: string): number | null {
      const t = text.trim();
      const bracket = /\[(\d+)\]\s*$/.exec(t)?.[1] ?? (/^\d+$/.test(t) ? t : null);
      if (bracket) return leafIds.has(Number(bracket)) ? Number(bracket) : null;
      const lower = t.toLowerCase();
      const full = leaves.find((l) => l.label.replace(/\s*\[\d+\]$/, "").toLowerCase() === lower);
      if (full) return full.id;
      return leafByName.get(lower.split("›").pop()!.trim()) ?? null;
    },
  };
}

export type StockColumn = { key: string; label: string; storeId?: number; warehouseId?: number; partitionId?: number | null };

/**
 * The stock locations a mass update writes, as template columns: every active store ("loc:s<id>"),
 * every active warehouse ("loc:w<id>") and each of its partitions ("loc:w<id>p<pid>").
 */
export async function stockColumns(businessId: number, t: TFunction, exec: Db | Tx = db): Promise<StockColumn[]> {
  // One after the other: `exec` may be a transaction, whose connection runs one query at a time.
  const s = await exec.select({ id: stores.id, name: stores.name }).from(stores)
    .where(and(eq(stores.businessId, businessId), eq(stores.status, 1))).orderBy(asc(stores.id));
  const w = await exec.select({ id: warehouses.id, name: warehouses.name }).from(warehouses)
    .where(and(eq(warehouses.businessId, businessId), eq(warehouses.status, 1))).orderBy(asc(warehouses.id));
  const p = await exec.select({ id: warehousePartitions.id, warehouseId: warehousePartitions.warehouseId, name: warehousePartitions.name })
    .from(warehousePartitions).where(eq(warehousePartitions.businessId, businessId)).orderBy(asc(warehousePartitions.id));
  return [
    ...s.map((r) => ({ key: `loc:s${r.id}`, label: t("api-product-bulk:location.store", { name: r.name }), storeId: r.id })),
    ...w.flatMap((r) => [
      { key: `loc:w${r.id}`, label: t("api-product-bulk:location.warehouse", { name: r.name }), warehouseId: r.id, partitionId: null },
      ...p.filter((x) => x.warehouseId === r.id).map((x) => ({
        key: `loc:w${r.id}p${x.id}`, label: t("api-product-bulk:location.partition", { name: r.name, partition: x.name }), warehouseId: r.id, partitionId: x.id,
      })),
    ]),
  ];
}

// ---------------------------------------------------------------------------------------------
// Uploads: storing the file, queuing the job, answering
// ---------------------------------------------------------------------------------------------
export const JOB_KINDS = { add: "product-bulk:add", check: "product-bulk:check", apply: "product-bulk:apply" } as const;
export type BulkJobParams = { uploadId: number; file?: string; locale: "en" | "id" };

/** Keeps the uploaded file (private), records the upload and queues its job; answers the upload and job. */
export async function queueUpload(opts: {
  businessId: number; userId: number; mode: "add" | "update"; section: number | null; filename: string; data: Buffer; locale: "en" | "id";
}, exec: Db | Tx = db) {
  const name = `${randomBytes(16).toString("hex")}.xlsx`;
  return exec.transaction(async (tx) => {
    await tx.insert(uploads).values({
      name, userId: opts.userId, contentType: XLSX_TYPE, originalName: opts.filename, size: opts.data.length, data: opts.data, private: true,
    });
    const [upload] = await tx.insert(productUploads).values({
      businessId: opts.businessId, userId: opts.userId, mode: opts.mode, section: opts.section, filename: opts.filename,
    }).returning();
    const params: BulkJobParams = { uploadId: upload.id, file: name, locale: opts.locale };
    const [job] = await tx.insert(jobs).values({
      businessId: opts.businessId, userId: opts.userId, kind: opts.mode === "add" ? JOB_KINDS.add : JOB_KINDS.check, params, filename: opts.filename,
    }).returning();
    await tx.update(productUploads).set({ jobId: job.id }).where(eq(productUploads.id, upload.id));
    return { upload: { ...upload, jobId: job.id }, job };
  }).finally(() => kick());
}

/** The uploaded file a job reads. */
export async function uploadedFile(name: string) {
  const [row] = await db.select({ data: uploads.data }).from(uploads).where(eq(uploads.name, name)).limit(1);
  return row?.data ?? null;
}

/** The spec's background-job shape for an upload's current job. */
export function jobJson(t: TFunction, job: JobRow | null | undefined, uploadId: number) {
  if (!job) return null;
  return {
    job_id: job.id,
    progress: job.progress,
    status: job.status,
    url: job.status === "success" ? `/api/v0.0.0/product-bulk/histories/reply/${uploadId}` : null,
    status_details: job.statusDetails ? t(job.statusDetails) : null,
  };
}

/** An upload's status, corrected when its job died without saying so. */
export function uploadStatus(u: UploadRow, job: JobRow | null | undefined) {
  if (job?.status === "failed" && (u.status === "validating" || u.status === "applying")) return "failed";
  return u.status;
}

export function uploadJson(t: TFunction, u: UploadRow & { userName?: string | null }, job: JobRow | null | undefined) {
  return {
    upload_id: u.id,
    mode: u.mode,
    section: u.section,
    filename: u.filename,
    status: uploadStatus(u, job),
    status_details: u.statusDetails ? t(u.statusDetails) : null,
    total_rows: u.totalRows,
    valid_rows: u.validRows,
    error_rows: u.errorRows,
    applied_rows: u.appliedRows,
    user_name: u.userName ?? null,
    job: jobJson(t, job, u.id),
    time_created: unix(u.timeCreated),
    time_modified: unix(u.timeModified),
  };
}

/** A row as the API answers it: messages in the reader's language. */
export function rowJson(t: TFunction, r: RowRow) {
  return {
    row_id: r.id,
    row_no: r.rowNo,
    status: r.status,
    product_id: r.productId,
    data: r.data,
    errors: Object.fromEntries(Object.entries(r.errors).map(([field, keys]) => [field, keys.map((k) => t(k))])),
    changes: r.changes,
  };
}

/** The jobs of several uploads, by id. */
export async function jobsOf(ids: (number | null)[], exec: Db | Tx = db) {
  const wanted = ids.filter((id): id is number => id !== null);
  if (!wanted.length) return new Map<number, JobRow>();
  const rows = await exec.select().from(jobs).where(inArray(jobs.id, wanted));
  return new Map(rows.map((j) => [j.id, j]));
}
