/**
 * Barcode labels: which variants, how many labels each, and what each label carries. Shared by
 * the label-printer file (POST /v0.0.1/products/templates/barcode-export, a CSV answered at once)
 * and the export job (POST /v0.0.0/exports/products/barcode-printer, an .xlsx in the export
 * history). The print page draws the same labels itself (app/routes/admin/products/barcode/print.tsx).
 *
 * Decisions where the spec is silent:
 * - The file is for label-printer software (BarTender, NiceLabel, ZebraDesigner, GoDEX/Xprinter
 *   tools): one row per label, so any program prints "one label per record" with no quantity
 *   setting; columns are fixed machine names (sku, barcode, symbology, product_name, variant, size,
 *   price, price_text, copy) in every language, so a label template made once keeps working.
 *   CSV is UTF-8 with a BOM (Excel and the Windows label programs read the accents right),
 *   comma-separated, quoted where needed; a cell starting with = + @ gets a leading ' so a
 *   spreadsheet never runs it as a formula.
 * - `barcode` is what the label encodes: the variant's barcode, else its SKU. `symbology` is EAN13
 *   when that is a valid EAN-13 (and the seller did not ask for Code 128 only), else CODE128.
 * - The file is answered at once (a label run is at most 1,000 rows, smaller than a page of the
 *   listing), named barcode-labels_<DD-MM-YYYY_HHmmss>.csv in WIB; the export job (kind
 *   "barcode-printer") is the same content as an .xlsx, for sellers who keep their files in the
 *   export history.
 * - Items: 1-100 variants, 1-999 labels each, at most 1,000 labels in one go (a roll of labels;
 *   a bigger job is split by the seller). Any variant id that is not the business's makes the whole
 *   call 404, like every other call with several ids.
 */
import { and, eq, inArray } from "drizzle-orm";
import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import { z } from "zod";
import { db as pool, type Db, type Tx } from "#db/client.ts";
import { products, productVariants } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { defineExport } from "#core/jobs/exports.ts";
import { isCode128Text, isEan13 } from "#core/lib/barcode.ts";
import { formatRupiah } from "#core/lib/format.ts";
import { WIB_OFFSET_MS } from "#core/lib/time.ts";
import { NotFound, Refused } from "#core/errors.ts";

dayjs.extend(utc);

export const MAX_LABELS = 1000;
export const MAX_LABEL_QTY = 999;

const item = z.object({
  variant_id: z.coerce.number().int().positive("invalid"),
  qty: z.coerce.number({ message: "api-inventory:errors.qty" }).int("api-inventory:errors.qty")
    .min(1, "api-inventory:errors.qty").max(MAX_LABEL_QTY, "api-inventory:errors.qty"),
});

/** "12:3,15:1" (variant id : labels), the compact form a URL or a form field carries. */
const compact = z.string().trim().regex(/^\d+:\d+(,\d+:\d+)*$/, "invalid")
  .transform((s) => s.split(",").map((p) => {
    const [variant_id, qty] = p.split(":").map(Number);
    return { variant_id, qty };
  }));

export const labelsBody = z.object({
  items: z.preprocess((v) => (typeof v === "string" ? compact.safeParse(v).data ?? v : v), z.array(item, { message: "api-inventory:errors.items" })
    .min(1, "api-inventory:errors.items").max(100, "api-inventory:errors.items_max")
    .refine((rows) => new Set(rows.map((r) => r.variant_id)).size === rows.length, "api-inventory:errors.items_duplicate")
    .refine((rows) => rows.reduce((s, r) => s + r.qty, 0) <= MAX_LABELS, "api-inventory:errors.too_many_labels")),
  symbology: z.enum(["auto", "code128"], { message: "invalid" }).default("auto"),
});
export type LabelsBody = z.infer<typeof labelsBody>;

export const LABEL_COLUMNS = ["sku", "barcode", "symbology", "product_name", "variant", "size", "price", "price_text", "copy"] as const;
export type LabelRow = Record<(typeof LABEL_COLUMNS)[number], string | number>;

/** Every label of the request, in the order asked (404 when a variant is not the business's). */
export async function labelRows(businessId: number, body: LabelsBody, db: Db | Tx = pool): Promise<LabelRow[]> {
  const ids = body.items.map((i) => i.variant_id);
  const variants = await db
    .select({
      id: productVariants.id, sku: productVariants.sku, barcode: productVariants.barcode, price: productVariants.price,
      variantName: productVariants.variantName, sizeName: productVariants.sizeName, productName: products.name,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(productVariants.businessId, businessId), inArray(productVariants.id, ids)));
  if (variants.length !== ids.length) throw new NotFound();
  const byId = new Map(variants.map((v) => [v.id, v]));
  return body.items.flatMap(({ variant_id, qty }) => {
    const v = byId.get(variant_id)!;
    const code = v.barcode?.trim() && isCode128Text(v.barcode.trim()) ? v.barcode.trim() : v.sku;
    if (!isCode128Text(code)) throw new Refused("api-inventory:errors.unprintable", { items: ["api-inventory:errors.unprintable"] }, { sku: v.sku });
    const symbology = body.symbology === "auto" && isEan13(code) ? "EAN13" : "CODE128";
    return Array.from({ length: qty }, (_, n) => ({
      sku: v.sku, barcode: code, symbology, product_name: v.productName, variant: v.variantName, size: v.sizeName,
      price: v.price, price_text: formatRupiah(v.price), copy: `${n + 1}/${qty}`,
    }));
  });
}

// Text that a spreadsheet would run as a formula (OWASP's list: = + - @ tab, carriage return) gets
// a leading apostrophe; numbers (price, copy) are written as they are.
const cell = (v: string | number) => {
  let s = String(v);
  if (typeof v === "string" && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The CSV file: BOM, header row of the fixed column names, one row per label, CRLF line ends. */
export function labelsCsv(rows: LabelRow[]): string {
  const lines = [LABEL_COLUMNS.join(","), ...rows.map((r) => LABEL_COLUMNS.map((k) => cell(r[k])).join(","))];
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** The service: the label-printer file of a selection, and its name (privilege "products"). */
export async function barcodeLabelsFile(scope: Scope, body: LabelsBody) {
  const { db, actor } = sellerScope(scope, "products");
  const csv = labelsCsv(await labelRows(actor.member.businessId, body, db));
  const stamp = dayjs().utcOffset(WIB_OFFSET_MS / 60_000).format("DD-MM-YYYY_HHmmss");
  return { csv, filename: `barcode-labels_${stamp}.csv` };
}

/** Export kind "barcode-printer": the same labels as an .xlsx in the export history. */
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
