/**
 * Barcode labels for label-printer software (spec section 7 "Products": POST
 * /v0.0.1/products/templates/barcode-export and POST /v0.0.0/exports/products/barcode-printer).
 * What the file holds and why: core/catalog/barcode-labels.ts; this file is the REST adapter.
 *
 *   POST /v0.0.1/products/templates/barcode-export   { items: [{ variant_id, qty }] | "12:3,15:1",
 *                                                      symbology: auto|code128 } → the CSV file itself
 *   POST /v0.0.0/exports/products/barcode-printer    the same body → 202, an .xlsx export job shown in
 *        (and /v0.0.0/exports/barcode-printer)        the export history (api/routes/exports.ts serves it;
 *                                                     the kind is defined in the core module)
 */
import { Hono } from "hono";
import { barcodeLabelsFile, labelsBody } from "#core/catalog/barcode-labels.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input } from "#api/lib/http.ts";

export const barcodeLabelRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller] as const;

barcodeLabelRoutes.post("/v0.0.1/products/templates/barcode-export", ...seller, async (c) => {
  const { csv, filename } = await barcodeLabelsFile(c.var.scope, await input(c, labelsBody));
  return c.body(csv, 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${filename}"`,
  });
});
