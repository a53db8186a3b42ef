/**
 * The server half the bulk-add and mass-update pages share, over core
 * (core/catalog/product-bulk-service.ts, the same functions as the REST bulk calls): sending a
 * chosen .xlsx, reading an upload with its rows, the history lists, and answering a template file
 * as a download.
 */
import { redirect, type RouterContextProvider } from "react-router";
import {
  bulkHistories, bulkUpload, bulkUploadRows, uploadBulkFile, type XlsxFile,
} from "#core/catalog/product-bulk-service.ts";
import type { MassUpdateSection } from "#core/catalog/product-enums.ts";
import { DomainError, Forbidden, NotFound, Refused, Unauthenticated } from "#core/errors.ts";
import { translator } from "#core/i18n.ts";
import { PAGE_SIZE, type BulkRow, type BulkUpload } from "#app/components/product-bulk-parts.tsx";
import { getScope } from "./auth.server.ts";
import { refusalMessage } from "./errors.server.ts";
import { getLocale } from "./i18n.server.ts";
import { flashToast } from "./session.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** The page number of ?page (1 when absent or bad). */
export const pageOf = (url: URL) => Math.max(1, Math.floor(Number(url.searchParams.get("page"))) || 1);

/**
 * Keeps the form's `file` as a bulk-add upload (`section` null) or a mass update of `section`.
 * Answers the new upload, or the message to show under the file field (nothing chosen, not an
 * .xlsx, too big): the field is a file input, so nothing typed is lost by coming back to it.
 */
export async function sendFile(args: Args, form: FormData, section: MassUpdateSection | null): Promise<{ upload: BulkUpload } | { error: string }> {
  const file = form.get("file");
  const t = translator(getLocale(args.context));
  if (!(file instanceof File) || file.size === 0) return { error: t("product-bulk:upload.choose") };
  try {
    return { upload: (await uploadBulkFile(getScope(args.context), section, file)) as BulkUpload };
  } catch (e) {
    if (!(e instanceof Refused)) throw e;
    return { error: t(e.fields?.file?.[0] ?? e.fields?._form?.[0] ?? e.message, e.vars) };
  }
}

/** One upload (NotFound → the not-found page) and one page of its rows with the per-status counts. */
export async function loadUpload(args: Args, id: number, opts: { status?: string; page: number }) {
  const scope = getScope(args.context);
  // One after the other: the job writes the rows before it marks the upload checked, so rows read
  // after the upload are never older than its status (read together, a page could say "Preview
  // ready" over an empty table and, without JavaScript, never refresh again).
  const upload = await bulkUpload(scope, id);
  const status = opts.status as Parameters<typeof bulkUploadRows>[2]["status"];
  const rows = await bulkUploadRows(scope, id, { status, page: opts.page, limit: PAGE_SIZE });
  return {
    upload: upload as BulkUpload,
    rows: rows.rows as BulkRow[],
    totalPage: Math.ceil(rows.total / PAGE_SIZE),
    totalRecord: rows.total,
    counts: rows.summary,
  };
}

/** A page of upload histories: bulk adds, or mass updates (of one section). */
export async function loadHistories(args: Args, mode: "add" | "update", page: number, section?: string) {
  const { rows, total } = await bulkHistories(getScope(args.context), mode, { page, limit: PAGE_SIZE, section });
  return { rows: rows as BulkUpload[], pagination: { total_page: Math.ceil(total / PAGE_SIZE), total_record: total } };
}

/** A template as a download; a refusal (too many rows) goes back to `back` with the message as a notice. */
export async function sendTemplate(args: Args, back: string, make: () => Promise<XlsxFile>) {
  let file: XlsxFile;
  try {
    file = await make();
  } catch (e) {
    if (!(e instanceof DomainError) || e instanceof NotFound || e instanceof Forbidden || e instanceof Unauthenticated) throw e;
    flashToast(args.context, "danger", refusalMessage(args.context, e));
    throw redirect(back);
  }
  return new Response(new Uint8Array(file.data), {
    status: 200,
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.filename.replace(/[^\w.-]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
      "Content-Length": String(file.data.length),
    },
  });
}
