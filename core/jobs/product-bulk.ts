/**
 * The background jobs of bulk add and mass update (api/domain/product-bulk*.ts). Their result is
 * the upload's rows, not a file: they finish without one. A job that throws leaves its upload
 * "failed" (core/jobs/worker.ts fails the job; the upload says so too).
 *
 *   product-bulk:add    read the file, check each row, create the valid products as drafts
 *   product-bulk:check  read a mass-update file, check each row into a preview (before → after)
 *   product-bulk:apply  apply a checked preview, row by row
 */
import { and, eq } from "drizzle-orm";
import { db } from "#db/client.ts";
import { productUploadRows, productUploads, products } from "#db/schema/index.ts";
import { runAddUpload, ADD_COLUMNS } from "#core/catalog/product-bulk-add.ts";
import { JOB_KINDS, uploadedFile, type BulkJobParams } from "#core/catalog/product-bulk.ts";
import { readDataRows } from "#core/catalog/product-bulk-xlsx.ts";
import { requiredKeys, runApplyUpload, runCheckUpload, SECTION_BY_ID } from "#core/catalog/product-bulk-update.ts";
import { translator } from "#core/i18n.ts";
import { registerJob, type JobRow } from "./worker.ts";
import { DomainError, Refused } from "#core/errors.ts";

async function uploadOfJob(job: JobRow) {
  const params = job.params as BulkJobParams;
  const [upload] = await db.select().from(productUploads).where(eq(productUploads.id, params.uploadId)).limit(1);
  if (!upload) throw new Error(`upload ${params.uploadId} is gone`);
  return { upload, params };
}

/** Runs `work`; a file we cannot read fails the upload with its reason, anything else fails it plainly. */
async function guarded(job: JobRow, work: (upload: typeof productUploads.$inferSelect, params: BulkJobParams) => Promise<void>) {
  const { upload, params } = await uploadOfJob(job);
  // A job run again after its process died starts over: the rows of the run before go, and so do
  // the drafts it made (else their SKUs would be "already in your catalogue" to the new run).
  if (job.kind !== JOB_KINDS.apply) {
    if (job.attempts > 1 && job.kind === JOB_KINDS.add) {
      await db.delete(products).where(and(eq(products.bulkUploadId, upload.id), eq(products.businessId, upload.businessId),
        eq(products.source, "bulk"), eq(products.status, "draft")));
    }
    await db.delete(productUploadRows).where(eq(productUploadRows.uploadId, upload.id));
  }
  try {
    await work(upload, params);
  } catch (e) {
    // The file's own problem (not a template, empty, too long) is the seller's to read on the upload.
    const details = e instanceof DomainError ? e.message : "api:jobs.failed";
    await db.update(productUploads).set({ status: "failed", statusDetails: details, timeModified: new Date() }).where(eq(productUploads.id, upload.id));
    if (!(e instanceof DomainError)) throw e;
  }
}

async function fileRows(params: BulkJobParams, keys: string[]) {
  const data = params.file ? await uploadedFile(params.file) : null;
  if (!data) throw new Refused("api-product-bulk:file.unreadable");
  return readDataRows(data, keys);
}

registerJob(JOB_KINDS.add, async (job, progress) => {
  await guarded(job, async (upload, params) => {
    const rows = await fileRows(params, ADD_COLUMNS.filter((c) => "required" in c && c.required).map((c) => c.key));
    await progress(10);
    await runAddUpload(upload, rows, progress);
  });
});

registerJob(JOB_KINDS.check, async (job, progress) => {
  await guarded(job, async (upload, params) => {
    const section = SECTION_BY_ID[upload.section ?? 0];
    const rows = await fileRows(params, requiredKeys(section));
    await progress(30);
    await runCheckUpload(upload, rows, translator(params.locale));
  });
});

registerJob(JOB_KINDS.apply, async (job, progress) => {
  await guarded(job, (upload) => runApplyUpload(upload, progress));
});
