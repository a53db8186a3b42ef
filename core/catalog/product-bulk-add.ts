/**
 * Bulk add (spec section 2 add/bulk, view-bulk, view-draft; section 7 templates/new and
 * new/product-publish, new/product-reject): the template, the per-row check and turning the valid
 * rows into draft products.
 *
 * Decisions where the spec is silent:
 * - One row per variant (colour × size). Rows with the same parent SKU are one product; its
 *   product-level cells (name, brand, category, description, gender, order type, weight,
 *   dimensions) are read from its first row, and a later row may leave them empty, but a different
 *   value there is an error (the seller meant something else).
 * - A product is created only when every one of its rows is valid: a product missing the variants
 *   of its bad rows would be a wrong product. Its good rows say "another row of this product has
 *   errors".
 * - The opening stock goes to the business's default warehouse (else its first active store),
 *   through the stock ledger, reason bulk_upload, reference "bulk-upload:<id>".
 * - Valid products are created as drafts (source bulk). Publishing makes them published; rejecting
 *   deletes the draft (it never was in the catalogue) and keeps the row, marked rejected. A draft
 *   already edited into another status is left alone. A draft put in a package cannot be rejected
 *   (422 naming the package): the seller takes it out of the package first.
 * - Prices must be above 0 and a compare-at price above the price (the editor's publishing rules).
 * - Images are not in the template: they are added on the product's page or by the image mass
 *   update. A bulk draft may be published without one (unlike the editor, which asks for an
 *   image before publishing): otherwise no bulk draft could ever be published from this page.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import type { TFunction } from "i18next";
import { db, type Db, type Tx } from "#db/client.ts";
import { productUploadRows, productUploads, products, productVariants, stores, warehouses } from "#db/schema/index.ts";
import { recordHistory } from "#core/lib/history.ts";
import { packageHolding } from "./packages.ts";
import { publishProblems } from "./product-publish.ts";
import { PREORDER_DAYS_MAX, STOCK_TYPES } from "./product-enums.ts";
import {
  genderOptions, loadLookups, orderTypeOptions, parseGender, parseOrderType, type Lookups,
} from "./product-bulk.ts";
import {
  addDataSheet, addGuideSheet, addListSheet, parseCmToMm, parseWhole, wholeError, workbookBuffer, type Column, type SheetRow,
} from "./product-bulk-xlsx.ts";
import {
  BARCODE_MAX, BARCODE_PATTERN, MAX_PRICE as EDITOR_MAX_PRICE, MAX_STOCK as EDITOR_MAX_STOCK, SKU_MAX, SKU_PATTERN,
} from "./product-schema.ts";
import { takenBarcodes as editorTakenBarcodes, takenSkus as editorTakenSkus } from "./products.ts";
import { applyStockChanges, type StockLocation } from "#core/stock/stock-ledger.ts";
import { DomainError, NotFound, Refused, pgErrorCode } from "#core/errors.ts";

const E = (k: string) => `api-product-bulk:row.${k}`;
// The editor's limits: a product made here must save unchanged from its edit page.
export const MAX_PRICE = EDITOR_MAX_PRICE;
export const MAX_STOCK = EDITOR_MAX_STOCK;
/** Grams: the editor's limit on a weight (it shows a saved weight in grams). */
export const MAX_WEIGHT_GR = 100_000;

/** The template's columns, in order; `family` marks the product-level ones. */
export const ADD_COLUMNS = [
  { key: "product_name", required: true, family: true, width: 34 },
  { key: "parent_sku", required: true, family: true },
  { key: "brand", family: true, list: 0 },
  { key: "category", required: true, family: true, list: 1, width: 40 },
  { key: "description", family: true, width: 40 },
  { key: "gender", family: true, list: 2 },
  { key: "order_type", family: true, list: 3 },
  { key: "preorder_days", family: true },
  { key: "weight_gr", family: true },
  { key: "length_cm", family: true },
  { key: "width_cm", family: true },
  { key: "height_cm", family: true },
  { key: "variant", width: 16 },
  { key: "size", width: 12 },
  { key: "sku", required: true },
  { key: "barcode" },
  { key: "price", required: true },
  { key: "compare_at_price" },
  { key: "stock" },
] as const;
type AddKey = (typeof ADD_COLUMNS)[number]["key"];
const FAMILY_KEYS = ADD_COLUMNS.filter((c) => "family" in c && c.family).map((c) => c.key);

/** templates/new: the empty template with the business's brands and the categories as drop-downs. */
export async function addTemplate(businessId: number, t: TFunction) {
  const lookups = await loadLookups(businessId);
  const wb = new ExcelJS.Workbook();
  wb.created = new Date();
  const listName = t("api-product-bulk:sheet.lists");
  const columns: Column[] = ADD_COLUMNS.map((c) => ({
    key: c.key, header: t(`api-product-bulk:column.${c.key}`), width: "width" in c ? c.width : 18, required: "required" in c && c.required,
  }));
  // The data sheet first (the one a seller opens), then the lists its drop-downs read.
  const ws = addDataSheet(wb, columns, []);
  const ranges = addListSheet(wb, listName, [
    { header: t("api-product-bulk:column.brand"), values: lookups.brands.map((b) => b.name) },
    { header: t("api-product-bulk:column.category"), values: lookups.leaves.map((l) => l.label) },
    { header: t("api-product-bulk:column.gender"), values: genderOptions(t) },
    { header: t("api-product-bulk:column.order_type"), values: orderTypeOptions(t) },
  ]);
  ADD_COLUMNS.forEach((c, i) => {
    if (!("list" in c)) return;
    for (let n = 3; n <= 502; n++) ws.getCell(n, i + 1).dataValidation = { type: "list", allowBlank: true, formulae: [ranges[c.list]] };
  });
  addGuideSheet(wb, t("api-product-bulk:sheet.guide"), ADD_COLUMNS.map((c) => [t(`api-product-bulk:column.${c.key}`), t(`api-product-bulk:guide.${c.key}`)]));
  return workbookBuffer(wb);
}

export type AddRowData = {
  product_name: string; parent_sku: string; brand_id: number | null; brand: string; category_id: number | null; category: string;
  description: string; gender: number; stock_type: number; preorder_days: number | null; weight_gr: number; length_mm: number;
  width_mm: number; height_mm: number; variant: string; size: string; sku: string; barcode: string | null; price: number;
  compare_at_price: number | null; stock: number;
};
export type CheckedRow = { rowNo: number; status: "valid" | "error"; data: Partial<AddRowData>; errors: Record<string, string[]> };

/**
 * Checks every row (pure: the catalogue's taken SKUs come in `taken`). Answers each row with its
 * cleaned values or its messages (translation keys per column; `_row` for the row as a whole).
 */
export function checkAddRows(
  rows: SheetRow[], lookups: Pick<Lookups, "brandOf" | "categoryOf">, taken: { skus: Set<string>; parentSkus: Set<string>; barcodes?: Set<string> },
): CheckedRow[] {
  const out: CheckedRow[] = rows.map(({ rowNo, cells }) => checkOne(rowNo, cells, lookups));
  // Families: the first row of a parent SKU gives the product-level values.
  const first = new Map<string, { cells: Record<string, string>; row: CheckedRow }>();
  const seenSku = new Map<string, number>();
  const seenCombo = new Set<string>();
  const seenBarcode = new Set<string>();
  // SKUs are one namespace, as in the editor: a row's SKU may not be another product's parent SKU
  // (its own product's parent SKU is fine: a product without variants often repeats it).
  const parentOf = new Map(rows.flatMap(({ cells }) => (cells.parent_sku ? [[cells.parent_sku.toLowerCase(), true] as const] : [])));
  rows.forEach(({ cells }, i) => {
    const row = out[i];
    const parent = cells.parent_sku?.toLowerCase();
    if (parent) {
      const head = first.get(parent);
      if (!head) {
        first.set(parent, { cells, row });
        if (taken.parentSkus.has(parent)) add(row, "parent_sku", E("parent_sku_taken"));
      } else {
        for (const key of FAMILY_KEYS) {
          // This row's own reading of a product-level cell does not count: the first row's does.
          delete row.errors[key];
          const mine = cells[key] ?? "";
          if (mine && mine.toLowerCase() !== (head.cells[key] ?? "").toLowerCase()) add(row, key, E("family_mismatch"));
        }
        // The first row's product-level values are this row's too.
        for (const key of ["product_name", "parent_sku", "brand_id", "brand", "category_id", "category", "description", "gender", "stock_type", "preorder_days", "weight_gr", "length_mm", "width_mm", "height_mm"] as const) {
          (row.data as Record<string, unknown>)[key] = head.row.data[key];
        }
      }
      const combo = `${parent}|${(cells.variant ?? "").toLowerCase()}|${(cells.size ?? "").toLowerCase()}`;
      if (seenCombo.has(combo)) add(row, "variant", E("combination_repeated"));
      seenCombo.add(combo);
    }
    const sku = cells.sku?.toLowerCase();
    if (sku) {
      if (taken.skus.has(sku)) add(row, "sku", E("sku_taken"));
      else if (seenSku.has(sku) || (parentOf.has(sku) && sku !== parent)) add(row, "sku", E("sku_repeated"));
      seenSku.set(sku, row.rowNo);
    }
    // Barcodes are unique in the business (a scanner must find one combination), exact as typed.
    const barcode = row.data.barcode;
    if (barcode && !row.errors.barcode) {
      if (taken.barcodes?.has(barcode)) add(row, "barcode", E("barcode_taken"));
      else if (seenBarcode.has(barcode)) add(row, "barcode", E("barcode_repeated"));
      seenBarcode.add(barcode);
    }
  });
  // A product is made only from a family without errors.
  const badFamilies = new Set(out.filter((r) => Object.keys(r.errors).length).map((r) => String(r.data.parent_sku ?? "").toLowerCase()));
  rows.forEach(({ cells }, i) => {
    const row = out[i];
    const parent = (cells.parent_sku ?? "").toLowerCase();
    if (!Object.keys(row.errors).length && parent && badFamilies.has(parent)) add(row, "_row", E("family_has_errors"));
    row.status = Object.keys(row.errors).length ? "error" : "valid";
  });
  return out;
}

function add(row: CheckedRow, field: string, key: string) {
  const list = (row.errors[field] ??= []);
  if (!list.includes(key)) list.push(key);
}

function checkOne(rowNo: number, cells: Record<string, string>, lookups: Pick<Lookups, "brandOf" | "categoryOf">): CheckedRow {
  const row: CheckedRow = { rowNo, status: "valid", data: {}, errors: {} };
  const d = row.data;
  const text = (key: AddKey, max: number, required = false) => {
    const v = cells[key] ?? "";
    if (!v && required) add(row, key, E("required"));
    else if (v.length > max) add(row, key, E("too_long"));
    return v;
  };
  const whole = (key: AddKey, max: number, required = false): number | null => {
    const v = cells[key] ?? "";
    if (!v) {
      if (required) add(row, key, E("required"));
      return null;
    }
    const n = parseWhole(v);
    if (n === null) add(row, key, wholeError(v, E("whole_number")));
    else if (n > max) add(row, key, E("too_large"));
    return n;
  };
  const cm = (key: AddKey) => {
    const v = cells[key] ?? "";
    if (!v) return 0;
    const mm = parseCmToMm(v);
    if (mm === null) add(row, key, E("length"));
    else if (mm > 100_000) add(row, key, E("too_large"));
    return mm ?? 0;
  };

  d.product_name = text("product_name", 200, true);
  d.parent_sku = text("parent_sku", 60, true);
  d.description = text("description", 5000);
  d.variant = text("variant", 50);
  d.size = text("size", 30);
  d.sku = text("sku", SKU_MAX, true);
  d.barcode = text("barcode", BARCODE_MAX) || null;
  // The editor's SKU and barcode rules (product-schema.ts), so the product saves from its edit page.
  for (const key of ["parent_sku", "sku"] as const) {
    if (d[key] && !row.errors[key] && !SKU_PATTERN.test(d[key]!)) add(row, key, E("sku_format"));
  }
  if (d.barcode && !row.errors.barcode && !BARCODE_PATTERN.test(d.barcode)) add(row, "barcode", E("barcode_format"));
  const brand = cells.brand ?? "";
  const b = brand ? lookups.brandOf(brand) : null;
  if (brand && !b) add(row, "brand", E("unknown_brand"));
  d.brand_id = b?.id ?? null;
  d.brand = b?.name ?? "";
  const category = cells.category ?? "";
  d.category_id = category ? lookups.categoryOf(category) : null;
  if (!category) add(row, "category", E("required"));
  else if (!d.category_id) add(row, "category", E("unknown_category"));
  d.category = category;
  const gender = cells.gender ? parseGender(cells.gender) : 0;
  if (gender === null) add(row, "gender", E("unknown_option"));
  d.gender = gender ?? 0;
  const stockType = cells.order_type ? parseOrderType(cells.order_type) : STOCK_TYPES.ready;
  if (stockType === null) add(row, "order_type", E("unknown_option"));
  d.stock_type = stockType ?? STOCK_TYPES.ready;
  const days = whole("preorder_days", PREORDER_DAYS_MAX);
  if (d.stock_type === STOCK_TYPES.pre_order && (days === null || days < 1) && !row.errors.preorder_days) add(row, "preorder_days", E("preorder_days"));
  d.preorder_days = d.stock_type === STOCK_TYPES.pre_order ? days : null;
  d.weight_gr = whole("weight_gr", MAX_WEIGHT_GR) ?? 0;
  d.length_mm = cm("length_cm");
  d.width_mm = cm("width_cm");
  d.height_mm = cm("height_cm");
  d.price = whole("price", MAX_PRICE, true) ?? 0;
  // A published product needs a price above 0 on every combination (the editor's rule too).
  if (cells.price && d.price === 0 && !row.errors.price) add(row, "price", E("price_zero"));
  d.compare_at_price = whole("compare_at_price", MAX_PRICE);
  // The compare-at price is the "was" price: higher than the price, as the editor wants it.
  if (d.compare_at_price !== null && d.compare_at_price <= d.price && !row.errors.price) add(row, "compare_at_price", E("compare_below_price"));
  d.stock = whole("stock", MAX_STOCK) ?? 0;
  return row;
}

/** Where opening stock goes: the default warehouse, else the first active store; null when neither. */
export async function openingLocation(businessId: number): Promise<StockLocation | null> {
  const [w] = await db.select({ id: warehouses.id }).from(warehouses)
    .where(and(eq(warehouses.businessId, businessId), eq(warehouses.status, 1))).orderBy(sql`${warehouses.isDefault} DESC`, warehouses.id).limit(1);
  if (w) return { sourceType: 2, warehouseId: w.id };
  const [s] = await db.select({ id: stores.id }).from(stores)
    .where(and(eq(stores.businessId, businessId), eq(stores.status, 1))).orderBy(sql`${stores.isDefault} DESC`, stores.id).limit(1);
  return s ? { sourceType: 1, storeId: s.id } : null;
}

/**
 * The business's SKUs and barcodes among those of the file, by the editor's own queries
 * (products.ts): a SKU is taken when any product or combination has it, whichever kind the file
 * gives it as, so a parent SKU may not be an existing combination's SKU either.
 */
export async function takenSkus(businessId: number, rows: SheetRow[]) {
  const skus = rows.flatMap((r) => [r.cells.sku, r.cells.parent_sku]).filter((x): x is string => Boolean(x));
  const codes = [...new Set(rows.map((r) => r.cells.barcode).filter((x): x is string => Boolean(x)))];
  // One after the other: the transaction's connection runs one query at a time.
  const [taken, barcodes] = await db.transaction(async (tx) => [await editorTakenSkus(tx, businessId, skus), await editorTakenBarcodes(tx, businessId, codes)] as const);
  return { skus: taken, parentSkus: taken, barcodes };
}

/**
 * The job of an add upload: checks every row, stores them, creates one draft product per valid
 * family (each in its own transaction, so one refused family does not undo the others).
 */
export async function runAddUpload(upload: { id: number; businessId: number; userId: number }, rows: SheetRow[], progress: (p: number) => Promise<void>) {
  const lookups = await loadLookups(upload.businessId);
  const checked = checkAddRows(rows, lookups, await takenSkus(upload.businessId, rows));
  const location = await openingLocation(upload.businessId);
  if (!location) {
    for (const r of checked) if (r.status === "valid" && (r.data.stock ?? 0) > 0) {
      add(r, "stock", E("no_location"));
      r.status = "error";
    }
  }
  await progress(20);
  // Rows are written first (all of them), then the families become products.
  const stored = await db.insert(productUploadRows).values(checked.map((r) => ({
    businessId: upload.businessId, uploadId: upload.id, rowNo: r.rowNo, status: r.status, data: r.data as Record<string, unknown>, errors: r.errors,
  }))).returning({ id: productUploadRows.id, rowNo: productUploadRows.rowNo });
  const idOf = new Map(stored.map((s) => [s.rowNo, s.id]));
  const families = new Map<string, CheckedRow[]>();
  for (const r of checked) {
    if (r.status !== "valid") continue;
    const k = String(r.data.parent_sku).toLowerCase();
    families.set(k, [...(families.get(k) ?? []), r]);
  }
  const badFamilies = new Set(checked.filter((r) => r.status === "error").map((r) => String(r.data.parent_sku ?? "").toLowerCase()));
  let done = 0;
  for (const [key, family] of families) {
    if (badFamilies.has(key)) continue;
    try {
      await createDraft(upload, family, location, idOf);
    } catch (e) {
      // A SKU taken meanwhile (another upload, the editor) refuses this family only.
      const code = pgErrorCode(e);
      const reason = code === "23505" ? E("sku_taken") : e instanceof DomainError ? E("stock_refused") : null;
      if (!reason) throw e;
      await db.update(productUploadRows).set({ status: "error", errors: { sku: [reason] } })
        .where(inArray(productUploadRows.id, family.map((r) => idOf.get(r.rowNo)!)));
    }
    done++;
    if (done % 20 === 0) await progress(20 + (done / families.size) * 75);
  }
  await refreshCounts(upload.id, "done");
}

async function createDraft(upload: { id: number; businessId: number; userId: number }, family: CheckedRow[], location: StockLocation | null, idOf: Map<number, number>) {
  const head = family[0].data as AddRowData;
  const prices = family.map((r) => r.data.price ?? 0);
  await db.transaction(async (tx) => {
    const [product] = await tx.insert(products).values({
      businessId: upload.businessId, name: head.product_name, sku: head.parent_sku, brandId: head.brand_id, categoryId: head.category_id,
      description: head.description, genderAudience: head.gender, stockType: head.stock_type, preorderDays: head.preorder_days,
      weightGr: head.weight_gr, lengthMm: head.length_mm, widthMm: head.width_mm, heightMm: head.height_mm,
      status: "draft", source: "bulk", bulkUploadId: upload.id, priceMin: Math.min(...prices), priceMax: Math.max(...prices),
    }).returning({ id: products.id });
    const variants = await tx.insert(productVariants).values(family.map((r, n) => ({
      businessId: upload.businessId, productId: product.id, variantName: r.data.variant ?? "", sizeName: r.data.size ?? "",
      sku: r.data.sku!, barcode: r.data.barcode ?? null, price: r.data.price ?? 0, compareAtPrice: r.data.compare_at_price ?? null, position: n,
    }))).returning({ id: productVariants.id });
    const changes = family.flatMap((r, n) => ((r.data.stock ?? 0) > 0 && location ? [{ variantId: variants[n].id, location, set: r.data.stock! }] : []));
    await applyStockChanges(tx, { businessId: upload.businessId, userId: upload.userId, reason: "bulk_upload", reference: `bulk-upload:${upload.id}` }, changes);
    await recordHistory(tx, { businessId: upload.businessId, refType: "product", refId: product.id, userId: upload.userId, action: "create" });
    await tx.update(productUploadRows).set({ productId: product.id })
      .where(inArray(productUploadRows.id, family.map((r) => idOf.get(r.rowNo)!)));
  });
}

/** Recounts an upload's rows into its totals (and sets its status). */
export async function refreshCounts(uploadId: number, status?: string, exec: Db | Tx = db) {
  const [c] = await exec.select({
    total: sql<number>`count(*)::int`,
    valid: sql<number>`count(*) FILTER (WHERE status IN ('valid','published','rejected','applied','failed'))::int`,
    error: sql<number>`count(*) FILTER (WHERE status = 'error')::int`,
    applied: sql<number>`count(*) FILTER (WHERE status IN ('applied','published'))::int`,
  }).from(productUploadRows).where(eq(productUploadRows.uploadId, uploadId));
  await exec.update(productUploads).set({
    totalRows: c.total, validRows: c.valid, errorRows: c.error, appliedRows: c.applied, timeModified: new Date(), ...(status ? { status } : {}),
  }).where(eq(productUploads.id, uploadId));
}

/**
 * Publishes or rejects bulk drafts of the business (optionally of one upload). Only products that
 * are still bulk drafts change; answers how many did.
 */
export async function decideDrafts(businessId: number, userId: number, productIds: number[], decision: "publish" | "reject", exec: Db | Tx = db) {
  return exec.transaction(async (tx) => {
    const drafts = await tx.select({ id: products.id, name: products.name, uploadId: products.bulkUploadId }).from(products)
      .where(and(eq(products.businessId, businessId), inArray(products.id, productIds), eq(products.source, "bulk"), eq(products.status, "draft")))
      .orderBy(products.id)
      .for("update");
    const found = await tx.select({ id: products.id }).from(products).where(and(eq(products.businessId, businessId), inArray(products.id, productIds)));
    if (found.length !== new Set(productIds).size) throw new NotFound("api:errors.not_found");
    if (!drafts.length) throw new Refused("api-product-bulk:drafts.none", { product_ids: ["api-product-bulk:drafts.none"] });
    let ids = drafts.map((d) => d.id);
    const skipped: { product_id: number; name: string; code: "incomplete" }[] = [];
    if (decision === "publish") {
      // The publishing rule (product-publish.ts): a draft edited since without a category or a
      // price is skipped, named; when none is left, the whole call is refused with the names.
      const problems = await publishProblems(tx, businessId, ids);
      for (const d of drafts) if (problems.has(d.id)) skipped.push({ product_id: d.id, name: d.name, code: "incomplete" });
      ids = ids.filter((id) => !problems.has(id));
      if (!ids.length) {
        throw new Refused("api-product-bulk:drafts.incomplete", { product_ids: ["api-product-bulk:drafts.incomplete"] }, { names: skipped.map((x) => x.name).join(", ") });
      }
      await tx.update(products).set({ status: "published", timeModified: new Date() }).where(inArray(products.id, ids));
      for (const id of ids) {
        await recordHistory(tx, { businessId, refType: "product", refId: id, userId, action: "update", changes: { status: { from: "draft", to: "published" } } });
      }
      await tx.update(productUploadRows).set({ status: "published" }).where(and(eq(productUploadRows.businessId, businessId), inArray(productUploadRows.productId, ids)));
    } else {
      // A draft already put in a package stays (the package is made of it): 422 naming both, and
      // none of the batch is rejected, like the listing's delete.
      const held = await packageHolding(tx, ids);
      if (held) throw new Refused("api-product-bulk:drafts.in_package", undefined, { name: held.product, package: held.package });
      // The rows keep their data and say "rejected"; the draft itself goes.
      await tx.update(productUploadRows).set({ status: "rejected", productId: null })
        .where(and(eq(productUploadRows.businessId, businessId), inArray(productUploadRows.productId, ids)));
      await tx.delete(products).where(inArray(products.id, ids));
    }
    const uploads = [...new Set(drafts.filter((d) => ids.includes(d.id)).map((d) => d.uploadId).filter((u): u is number => u !== null))];
    return { count: ids.length, skipped, uploads };
  }).then(async (r) => {
    for (const u of r.uploads) await refreshCounts(u, undefined, exec);
    return { count: r.count, skipped: r.skipped };
  });
}

/** Upload ids must be the business's own. */
export async function uploadOf(businessId: number, id: number, exec: Db | Tx = db) {
  const [u] = await exec.select().from(productUploads).where(and(eq(productUploads.businessId, businessId), eq(productUploads.id, id))).limit(1);
  if (!u) throw new NotFound("api:errors.not_found");
  return u;
}
