/**
 * Barcode labels for label-printer software (spec section 7 "Products": POST
 * /v0.0.1/products/templates/barcode-export and POST /v0.0.0/exports/products/barcode-printer).
 * What the file holds and why: core/catalog/barcode-labels.ts.
 *
 *   POST /v0.0.1/products/templates/barcode-export   { items: [{ variant_id, qty }] | "12:3,15:1",
 *                                                      symbology: auto|code128 } → the CSV file itself
 *   POST /v0.0.0/exports/products/barcode-printer    the same body → 202, an .xlsx export job shown in
 *        (and /v0.0.0/exports/barcode-printer)        the export history (api/routes/exports.ts serves it)
 *
 * Decisions where the spec is silent: the "template" call answers the file at once (a label run is
 * at most 1,000 rows, smaller than a page of the listing), named barcode-labels_<DD-MM-YYYY_HHmmss>.csv
 * in WIB; the export job is the same content for sellers who keep their files in the export history.
 */
import { Hono } from "hono";
import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import { labelRows, labelsBody, labelsCsv, LABEL_COLUMNS } from "#core/catalog/barcode-labels.ts";
import { WIB_OFFSET_MS } from "#core/lib/time.ts";
import { defineExport } from "#core/jobs/exports.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input } from "#api/lib/http.ts";

dayjs.extend(utc);

export const barcodeLabelRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller("products")] as const;

barcodeLabelRoutes.post("/v0.0.1/products/templates/barcode-export", ...seller, async (c) => {
  const body = await input(c, labelsBody);
  const csv = labelsCsv(await labelRows(c.var.member.businessId, body));
  const stamp = dayjs().utcOffset(WIB_OFFSET_MS / 60_000).format("DD-MM-YYYY_HHmmss");
  return c.body(csv, 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="barcode-labels_${stamp}.csv"`,
  });
});

defineExport("barcode-printer", {
  privilege: "products",
  filename: "api-inventory:export.filename",
  sheet: "api-inventory:export.sheet",
  filters: labelsBody,
  columns: LABEL_COLUMNS.map((key) => ({ key, header: `api-inventory:export.columns.${key}`, width: key === "product_name" ? 36 : 16 })),
  page: async (job, filters, offset, limit) => {
    const rows = await labelRows(job.businessId, filters);
    return { rows: rows.slice(offset, offset + limit), total: rows.length };
  },
});
