/**
 * The server half the bulk-add and mass-update pages share: sending a chosen .xlsx to the API,
 * reading an upload with its rows, the history lists, and passing a template file through to the
 * browser (the browser has no bearer token; the session has it).
 */
import { data, redirect } from "react-router";
import { PAGE_SIZE, type BulkRow, type BulkUpload } from "#app/components/product-bulk-parts.tsx";
import { callApi, fetchApiFile, getList, getOrThrow } from "./api.server.ts";
import { getI18n, getLocale } from "./i18n.server.ts";

type Args = Parameters<typeof callApi>[0];

/** The page number of ?page (1 when absent or bad). */
export const pageOf = (url: URL) => Math.max(1, Math.floor(Number(url.searchParams.get("page"))) || 1);

/**
 * Sends the form's `file` to the API's upload call. Answers the new upload, or the message to show
 * under the file field (nothing chosen, not an .xlsx, too big): the field is a file input, so
 * nothing typed is lost by coming back to it.
 */
export async function sendFile(args: Args, form: FormData, path: string): Promise<{ upload: BulkUpload } | { error: string }> {
  const file = form.get("file");
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  if (!(file instanceof File) || file.size === 0) return { error: t("product-bulk:upload.choose") };
  const body = new FormData();
  body.set("file", file, file.name || "upload.xlsx");
  const res = await callApi<BulkUpload>(args, "POST", path, { body, quiet: true });
  if (res.ok) return { upload: res.data };
  return { error: res.fieldErrors?.file?.[0] ?? res.fieldErrors?._form?.[0] ?? res.message };
}

/** One upload (404 → the not-found page) and one page of its rows with the per-status counts. */
export async function loadUpload(args: Args, id: number, opts: { status?: string; page: number }) {
  // One after the other: the job writes the rows before it marks the upload checked, so rows read
  // after the upload are never older than its status (read together, a page could say "Preview
  // ready" over an empty table and, without JavaScript, never refresh again).
  const upload = await getOrThrow<BulkUpload>(args, `/v0.0.0/product-bulk/histories/reply/${id}`);
  const rows = await callApi<BulkRow[]>(args, "GET", `/v0.0.0/product-bulk/histories/reply/${id}/rows`, {
    query: { status: opts.status, page: opts.page, limit: PAGE_SIZE }, quiet: true,
  });
  if (!rows.ok && rows.code !== 404) throw data(rows.message, { status: rows.code || 503 });
  return {
    upload: upload.data,
    rows: rows.ok ? rows.data : [],
    totalPage: rows.ok ? rows.pagination?.total_page ?? 1 : 0,
    totalRecord: rows.ok ? rows.pagination?.total_record ?? rows.data.length : 0,
    counts: (rows.ok ? rows.pagination?.summary_data : null) as Record<string, number> | null ?? {},
  };
}

/** A page of upload histories (add, or update of a section). */
export async function loadHistories(args: Args, path: string, page: number, section?: string) {
  return getList<BulkUpload>(args, path, { page, limit: PAGE_SIZE, section });
}

/** Passes an .xlsx from the API on to the browser; a refusal goes back to `back` with the message as a notice. */
export async function passFile(args: Args, path: string, back: string) {
  const res = await fetchApiFile(args, path, { returnTo: back });
  if (!(res instanceof Response)) throw redirect(back);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  for (const h of ["Content-Type", "Content-Disposition", "Content-Length"]) {
    const v = res.headers.get(h);
    if (v) headers.set(h, v);
  }
  return new Response(res.body, { status: 200, headers });
}
