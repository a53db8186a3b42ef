/**
 * Exports as background jobs. Each export kind says which privilege it needs, which filters it
 * takes, its columns (headers are translation keys) and how to read its rows page by page. One
 * job handler writes any kind into an .xlsx (exceljs): a bold header row in the language of the
 * person who asked, then the rows, reporting progress after every page.
 *
 * A later resource adds its export with defineExport("orders", { ... }) and the routes in
 * api/routes/exports.ts serve it: POST /v0.0.0/exports/orders, history, progress, download.
 */
import ExcelJS from "exceljs";
import type { TFunction } from "i18next";
import { z } from "zod";
import type { Privilege } from "#core/auth/privileges.ts";
import { translator, type Locale } from "#core/i18n.ts";
import type { Tx } from "#db/client.ts";
import { notify } from "#core/notifications/notify.ts";
import { registerJob, type JobRow } from "./worker.ts";
import { WIB_OFFSET_MS } from "#core/lib/time.ts";

type Cell = string | number | Date | null;
export type ExportKind<F extends z.ZodType = z.ZodType> = {
  privilege: Privilege;
  /** Personal data (customers): each export asked for is a row of the audit log — who, when, which filters — under this record type. */
  audit?: string;
  /** Translation keys: the file name's first part and the sheet name. */
  filename: string;
  sheet: string;
  filters: F;
  columns: { key: string; header: string; width?: number; date?: boolean }[];
  /** Refuses (throws a Refused) an export that should not start, e.g. too big for one file. */
  check?: (businessId: number, filters: z.infer<F>) => Promise<void>;
  /** One page of rows (cells by column key) and the total, for the job's user and filters. */
  page: (job: { userId: number; businessId: number }, filters: z.infer<F>, offset: number, limit: number, t: TFunction)
    => Promise<{ rows: Record<string, Cell>[]; total: number }>;
};

/** What a job row's params hold: the filters as given, and the language of the person who asked. */
export type ExportParams = { locale: Locale; filters: Record<string, unknown> };

export const EXPORTS = new Map<string, ExportKind>();
const PAGE = 500;

export function defineExport<F extends z.ZodType>(kind: string, def: ExportKind<F>) {
  EXPORTS.set(kind, def as unknown as ExportKind);
  registerJob(`export:${kind}`, (job, progress) => writeWorkbook(def as unknown as ExportKind, job, progress), exportReady);
}

/** The file is ready: its asker hears of it (core/notifications), in the transaction that says so. */
async function exportReady(tx: Tx, job: JobRow) {
  await notify(tx, job.businessId, "export_ready", {
    userId: job.userId, ref: { type: "export", id: job.id }, link: `/exports/${job.id}/download`, vars: { filename: job.filename ?? "" },
  });
}

async function writeWorkbook(def: ExportKind, job: JobRow, progress: (percent: number) => Promise<void>) {
  const params = job.params as ExportParams;
  const t = translator(params.locale === "id" ? "id" : "en");
  const filters = def.filters.parse(params.filters);
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(t(def.sheet).slice(0, 31));
  sheet.columns = def.columns.map((col) => ({
    key: col.key, header: t(col.header), width: col.width ?? 18, style: col.date ? { numFmt: "dd-mm-yyyy hh:mm" } : undefined,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: 1 }];

  for (let offset = 0; ; offset += PAGE) {
    const { rows, total } = await def.page(job, filters, offset, PAGE, t);
    for (const row of rows) {
      // Excel has no time zones: dates are written as the wall-clock time in WIB, as the app shows them.
      sheet.addRow(Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? new Date(v.getTime() + WIB_OFFSET_MS) : v])));
    }
    const done = Math.min(offset + rows.length, total);
    await progress(total ? (done / total) * 100 : 100);
    if (rows.length < PAGE) break;
  }
  return { filename: job.filename ?? `${t(def.filename)}.xlsx`, file: Buffer.from(await workbook.xlsx.writeBuffer()) };
}
