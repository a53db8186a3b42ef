/**
 * Mass update (spec section 2 mass-update, section 7 product-bulk/update/{attribute, price, stock}
 * and templates/update, update-all, image-update; section 9 section ids attribute 5, price 6,
 * stock 7, image 8): the current values as .xlsx, the check of an edited file into a preview
 * (before → after per row) and applying the preview.
 *
 * Decisions where the spec is silent:
 * - Rows are found by SKU: the parent SKU for attribute and image (one row per product), the
 *   variant SKU for price and stock (one row per variant). Grey columns are for reading only.
 * - A blank cell keeps the current value: a mass update changes only what is filled in. An image
 *   row whose image cells are all blank is left alone (it never removes every image by accident).
 * - Stock cells are "set to N" at that location (one column per active store, warehouse and
 *   partition), through the stock ledger, reason mass_update, reference "mass-update:<id>". A
 *   number below what is reserved there is refused at the check.
 * - Image cells are addresses of images already uploaded to this app (/uploads/…, as the download
 *   shows them; a full URL ending in one is read the same). The first image is the main one. An
 *   address from elsewhere is refused: pages only show images the app serves.
 * - Applying writes only what the preview shows changing (the fields of the row's `changes`), each
 *   row in its own transaction, and only when each of those values is still what the preview
 *   showed as "before": a field edited meanwhile (in the editor, by a sale, by another upload) is
 *   never overwritten with a figure the seller did not see; that row fails with "changed since the
 *   preview, upload again" and the other rows go on. Other fields of the product are not touched,
 *   so edits made meanwhile to them stay. A row the catalogue no longer allows (its product deleted,
 *   stock reserved since) fails alone and says why, and so does a row that lost a deadlock or a
 *   serialization conflict with another writer (the seller uploads it again).
 * - Lock order per row follows the rest of the catalogue: stock only through the ledger (levels,
 *   then the product), prices the combination then the product (as the editor saves), attributes
 *   and images the product then its images. A download holds at most MAX_ROWS rows.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import type { TFunction } from "i18next";
import { db } from "#db/client.ts";
import {
  productImages, productUploadRows, products, productVariants, stockLevels, uploads,
} from "#db/schema/index.ts";
import { diff, recordHistory } from "#core/lib/history.ts";
import { MASS_UPDATE_SECTIONS, PREORDER_DAYS_MAX, PRODUCT_IMAGE, STOCK_TYPES, type MassUpdateSection } from "./product-enums.ts";
import {
  genderLabel, genderOptions, loadLookups, orderTypeLabel, orderTypeOptions, parseGender, parseOrderType, stockColumns, type StockColumn,
} from "./product-bulk.ts";
import { MAX_PRICE, MAX_STOCK, MAX_WEIGHT_GR, refreshCounts } from "./product-bulk-add.ts";
import {
  addDataSheet, addListSheet, MAX_ROWS, mmToCmText, parseCmToMm, parseWhole, wholeError, workbookBuffer, type Column, type SheetRow,
} from "./product-bulk-xlsx.ts";
import { applyStockChanges } from "#core/stock/stock-ledger.ts";
import { Conflict, DomainError, NotFound, Refused, pgErrorCode } from "#core/errors.ts";

const E = (k: string) => `api-product-bulk:row.${k}`;
export const SECTION_BY_ID = Object.fromEntries(Object.entries(MASS_UPDATE_SECTIONS).map(([k, v]) => [v, k])) as Record<number, MassUpdateSection>;
const IMAGE_SLOTS = PRODUCT_IMAGE.maxCount;

type Change = { field: string; before: unknown; after: unknown };
export type Checked = { rowNo: number; status: "valid" | "unchanged" | "error"; data: Record<string, unknown>; errors: Record<string, string[]>; changes: Change[] };

const ATTRIBUTE_FIELDS = ["product_name", "brand", "category", "description", "gender", "order_type", "preorder_days", "weight_gr", "length_cm", "width_cm", "height_cm"] as const;

/** The key column each section's rows are found by. */
export const KEY_OF: Record<MassUpdateSection, string> = { attribute: "parent_sku", price: "sku", stock: "sku", image: "parent_sku" };

// ---------------------------------------------------------------------------------------------
// Download: the current values
// ---------------------------------------------------------------------------------------------
async function productsOf(businessId: number, productIds?: number[]) {
  const where = and(eq(products.businessId, businessId), productIds?.length ? inArray(products.id, productIds) : undefined);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(products).where(where);
  if (n > MAX_ROWS) throw new Refused("api-product-bulk:file.download_too_big", { product_ids: ["api-product-bulk:file.download_too_big"] }, { max: MAX_ROWS });
  return db.select().from(products).where(where).orderBy(asc(products.id));
}

async function variantsOf(businessId: number, productIds: number[]) {
  if (!productIds.length) return [];
  return db.select().from(productVariants)
    .where(and(eq(productVariants.businessId, businessId), inArray(productVariants.productId, productIds)))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
}

const info = (key: string, t: TFunction, width = 18): Column => ({ key, header: t(`api-product-bulk:column.${key}`), info: true, width });
const editable = (key: string, t: TFunction, width = 18): Column => ({ key, header: t(`api-product-bulk:column.${key}`), width });

/** The current values of a section as an .xlsx to edit (product_ids narrows it to a selection). */
export async function updateTemplate(businessId: number, section: MassUpdateSection, t: TFunction, productIds?: number[]) {
  const wb = new ExcelJS.Workbook();
  wb.created = new Date();
  const list = await productsOf(businessId, productIds);
  if (section === "attribute") {
    const lookups = await loadLookups(businessId);
    const columns: Column[] = [
      { ...info("parent_sku", t), header: `${t("api-product-bulk:column.parent_sku")} *` },
      editable("product_name", t, 34), { ...editable("brand", t) }, editable("category", t, 40), editable("description", t, 40),
      editable("gender", t), editable("order_type", t), editable("preorder_days", t), editable("weight_gr", t),
      editable("length_cm", t), editable("width_cm", t), editable("height_cm", t),
    ];
    const ws = addDataSheet(wb, columns, list.map((p) => ({
      parent_sku: p.sku, product_name: p.name, brand: lookups.brandName(p.brandId), category: lookups.categoryLabel(p.categoryId),
      description: p.description, gender: genderLabel(t, p.genderAudience), order_type: orderTypeLabel(t, p.stockType),
      preorder_days: p.preorderDays, weight_gr: p.weightGr, length_cm: mmToCmText(p.lengthMm), width_cm: mmToCmText(p.widthMm), height_cm: mmToCmText(p.heightMm),
    })), 0);
    const ranges = addListSheet(wb, t("api-product-bulk:sheet.lists"), [
      { header: t("api-product-bulk:column.brand"), values: lookups.brands.map((b) => b.name) },
      { header: t("api-product-bulk:column.category"), values: lookups.leaves.map((l) => l.label) },
      { header: t("api-product-bulk:column.gender"), values: genderOptions(t) },
      { header: t("api-product-bulk:column.order_type"), values: orderTypeOptions(t) },
    ]);
    const listCols: [string, number][] = [["brand", 0], ["category", 1], ["gender", 2], ["order_type", 3]];
    for (const [key, r] of listCols) {
      const col = columns.findIndex((c) => c.key === key) + 1;
      for (let n = 3; n < list.length + 3; n++) ws.getCell(n, col).dataValidation = { type: "list", allowBlank: true, formulae: [ranges[r]] };
    }
  } else if (section === "image") {
    const images = list.length ? await db.select().from(productImages)
      .where(and(eq(productImages.businessId, businessId), inArray(productImages.productId, list.map((p) => p.id))))
      .orderBy(asc(productImages.productId), asc(productImages.position)) : [];
    const slots = Array.from({ length: IMAGE_SLOTS }, (_, i) => ({ key: `image_${i + 1}`, header: t("api-product-bulk:column.image_n", { n: i + 1 }), width: 40 }));
    addDataSheet(wb, [{ ...info("parent_sku", t), header: `${t("api-product-bulk:column.parent_sku")} *` }, info("product_name", t, 34), ...slots], list.map((p) => ({
      parent_sku: p.sku, product_name: p.name,
      ...Object.fromEntries(images.filter((i) => i.productId === p.id).slice(0, IMAGE_SLOTS).map((i, n) => [`image_${n + 1}`, i.url])),
    })), 0);
  } else {
    const variants = await variantsOf(businessId, list.map((p) => p.id));
    // One row per variant: the file must still fit what an upload may hold.
    if (variants.length > MAX_ROWS) throw new Refused("api-product-bulk:file.download_too_big", { product_ids: ["api-product-bulk:file.download_too_big"] });
    const name = new Map(list.map((p) => [p.id, p.name]));
    const base: Column[] = [
      { ...info("sku", t), header: `${t("api-product-bulk:column.sku")} *` }, info("product_name", t, 34), info("variant", t, 14), info("size", t, 10),
    ];
    if (section === "price") {
      addDataSheet(wb, [...base, editable("price", t), editable("compare_at_price", t)], variants.map((v) => ({
        sku: v.sku, product_name: name.get(v.productId), variant: v.variantName, size: v.sizeName, price: v.price, compare_at_price: v.compareAtPrice,
      })), 0);
    } else {
      const locations = await stockColumns(businessId, t);
      const levels = variants.length ? await db.select().from(stockLevels)
        .where(and(eq(stockLevels.businessId, businessId), inArray(stockLevels.variantId, variants.map((v) => v.id)))) : [];
      const levelKey = (l: typeof levels[number]) => (l.storeId ? `loc:s${l.storeId}` : l.partitionId ? `loc:w${l.warehouseId}p${l.partitionId}` : `loc:w${l.warehouseId}`);
      const onHand = new Map(levels.map((l) => [`${l.variantId}|${levelKey(l)}`, l.onHand]));
      addDataSheet(wb, [...base, ...locations.map((l) => ({ key: l.key, header: l.label, width: 22 }))], variants.map((v) => ({
        sku: v.sku, product_name: name.get(v.productId), variant: v.variantName, size: v.sizeName,
        ...Object.fromEntries(locations.map((l) => [l.key, onHand.get(`${v.id}|${l.key}`) ?? 0])),
      })), 0);
    }
  }
  return workbookBuffer(wb);
}

// ---------------------------------------------------------------------------------------------
// Check: a preview of the changes
// ---------------------------------------------------------------------------------------------
/** The key columns an uploaded file of a section must have (others are optional). */
export const requiredKeys = (section: MassUpdateSection) => [KEY_OF[section]];

export async function checkUpdateRows(businessId: number, section: MassUpdateSection, rows: SheetRow[], t: TFunction): Promise<Checked[]> {
  const keyCol = KEY_OF[section];
  const keys = [...new Set(rows.map((r) => r.cells[keyCol]?.toLowerCase()).filter(Boolean))];
  const out: Checked[] = [];
  const seen = new Set<string>();
  const blank = (rowNo: number): Checked => ({ rowNo, status: "valid", data: {}, errors: {}, changes: [] });
  const push = (c: Checked) => {
    c.status = Object.keys(c.errors).length ? "error" : c.changes.length ? "valid" : "unchanged";
    out.push(c);
  };
  const err = (c: Checked, field: string, key: string) => ((c.errors[field] ??= []).includes(key) ? null : c.errors[field].push(key));
  const start = (r: SheetRow) => {
    const c = blank(r.rowNo);
    const k = r.cells[keyCol]?.toLowerCase() ?? "";
    if (!k) err(c, keyCol, E("required"));
    else if (seen.has(k)) err(c, keyCol, E("sku_repeated"));
    seen.add(k);
    return { c, k };
  };

  if (section === "attribute" || section === "image") {
    const found = keys.length ? await db.select().from(products)
      .where(and(eq(products.businessId, businessId), inArray(sql`lower(${products.sku})`, keys))) : [];
    const bySku = new Map(found.map((p) => [p.sku.toLowerCase(), p]));
    const lookups = section === "attribute" ? await loadLookups(businessId) : null;
    const images = section === "image" && found.length ? await db.select().from(productImages)
      .where(inArray(productImages.productId, found.map((p) => p.id))).orderBy(asc(productImages.position), asc(productImages.id)) : [];
    const imageUrls = section === "image" ? await knownImages(rows) : new Set<string>();
    for (const r of rows) {
      const { c, k } = start(r);
      const p = bySku.get(k);
      if (k && !p) err(c, keyCol, E("unknown_sku"));
      if (!p || Object.keys(c.errors).length) { push(c); continue; }
      c.data = { product_id: p.id, sku: p.sku, product_name: p.name };
      if (lookups) checkAttributes(c, r.cells, p, lookups, t, err);
      else {
        const before = images.filter((i) => i.productId === p.id).map((i) => i.url);
        const typed = Array.from({ length: IMAGE_SLOTS }, (_, i) => r.cells[`image_${i + 1}`] ?? "");
        const after: string[] = [];
        typed.forEach((v, i) => {
          if (!v) return;
          const url = uploadPath(v);
          if (!url || !imageUrls.has(url)) err(c, `image_${i + 1}`, E("unknown_image"));
          else if (!after.includes(url)) after.push(url);
        });
        if (!Object.keys(c.errors).length && after.length && after.join("\n") !== before.join("\n")) {
          c.changes.push({ field: "images", before, after });
          c.data.images = after;
        }
      }
      push(c);
    }
    return out;
  }

  const found = keys.length ? await db.select({ v: productVariants, name: products.name }).from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(productVariants.businessId, businessId), inArray(sql`lower(${productVariants.sku})`, keys))) : [];
  const bySku = new Map(found.map((f) => [f.v.sku.toLowerCase(), f]));
  const locations = section === "stock" ? await stockColumns(businessId, t) : [];
  const levels = section === "stock" && found.length ? await db.select().from(stockLevels)
    .where(and(eq(stockLevels.businessId, businessId), inArray(stockLevels.variantId, found.map((f) => f.v.id)))) : [];
  for (const r of rows) {
    const { c, k } = start(r);
    const f = bySku.get(k);
    if (k && !f) err(c, keyCol, E("unknown_sku"));
    if (!f || Object.keys(c.errors).length) { push(c); continue; }
    const v = f.v;
    c.data = { product_id: v.productId, variant_id: v.id, sku: v.sku, product_name: f.name, variant: v.variantName, size: v.sizeName };
    if (section === "price") {
      const price = money(c, r.cells.price, "price", err);
      const compareText = r.cells.compare_at_price ?? "";
      const compare = money(c, compareText, "compare_at_price", err);
      const newPrice = price ?? v.price;
      const newCompare = compareText ? compare : v.compareAtPrice;
      if (price === 0 && !c.errors.price) err(c, "price", E("price_zero"));
      if (newCompare !== null && newCompare !== undefined && newCompare <= newPrice && !c.errors.compare_at_price) err(c, "compare_at_price", E("compare_below_price"));
      if (!Object.keys(c.errors).length) {
        if (newPrice !== v.price) c.changes.push({ field: "price", before: v.price, after: newPrice });
        if ((newCompare ?? null) !== v.compareAtPrice) c.changes.push({ field: "compare_at_price", before: v.compareAtPrice, after: newCompare });
        c.data.set = { price: newPrice, compare_at_price: newCompare ?? null };
      }
    } else {
      const sets: { key: string; set: number }[] = [];
      const labels: Record<string, string> = {};
      for (const l of locations) {
        const text = r.cells[l.key] ?? "";
        if (!text) continue;
        const n = parseWhole(text);
        if (n === null) { err(c, l.key, wholeError(text, E("whole_number"))); continue; }
        if (n > MAX_STOCK) { err(c, l.key, E("too_large")); continue; }
        const level = levels.find((x) => x.variantId === v.id && matches(x, l));
        const before = level?.onHand ?? 0;
        if (level && n < level.reserved) { err(c, l.key, E("below_reserved")); continue; }
        if (n !== before) {
          c.changes.push({ field: l.key, before, after: n });
          sets.push({ key: l.key, set: n });
          labels[l.key] = l.label;
        }
      }
      c.data.stock = sets;
      c.data.locations = labels;
    }
    push(c);
  }
  return out;
}

function matches(l: typeof stockLevels.$inferSelect, col: StockColumn) {
  if (col.storeId) return l.storeId === col.storeId;
  return l.warehouseId === col.warehouseId && (l.partitionId ?? null) === (col.partitionId ?? null);
}

type Err = (c: Checked, field: string, key: string) => unknown;
function money(c: Checked, text: string | undefined, field: string, err: Err) {
  if (!text) return null;
  const n = parseWhole(text);
  if (n === null) err(c, field, wholeError(text, E("whole_number")));
  else if (n > MAX_PRICE) err(c, field, E("too_large"));
  return n;
}

function checkAttributes(c: Checked, cells: Record<string, string>, p: typeof products.$inferSelect, lookups: Awaited<ReturnType<typeof loadLookups>>, t: TFunction, err: Err) {
  const next = { ...p };
  const filled = (k: (typeof ATTRIBUTE_FIELDS)[number]) => (cells[k] ?? "") !== "";
  if (filled("product_name")) {
    if (cells.product_name.length > 200) err(c, "product_name", E("too_long"));
    else next.name = cells.product_name;
  }
  if (filled("brand")) {
    const b = lookups.brandOf(cells.brand);
    if (!b) err(c, "brand", E("unknown_brand"));
    else next.brandId = b.id;
  }
  if (filled("category")) {
    const id = lookups.categoryOf(cells.category);
    if (!id) err(c, "category", E("unknown_category"));
    else next.categoryId = id;
  }
  if (filled("description")) {
    if (cells.description.length > 5000) err(c, "description", E("too_long"));
    else next.description = cells.description;
  }
  if (filled("gender")) {
    const g = parseGender(cells.gender);
    if (g === null) err(c, "gender", E("unknown_option"));
    else next.genderAudience = g;
  }
  if (filled("order_type")) {
    const o = parseOrderType(cells.order_type);
    if (o === null) err(c, "order_type", E("unknown_option"));
    else next.stockType = o;
  }
  if (filled("preorder_days")) {
    const n = parseWhole(cells.preorder_days);
    if (n === null || n < 1 || n > PREORDER_DAYS_MAX) err(c, "preorder_days", E("preorder_days"));
    else next.preorderDays = n;
  }
  if (next.stockType !== STOCK_TYPES.pre_order) next.preorderDays = null;
  else if (!next.preorderDays && !c.errors.preorder_days) err(c, "preorder_days", E("preorder_days"));
  if (filled("weight_gr")) {
    const n = parseWhole(cells.weight_gr);
    if (n === null) err(c, "weight_gr", E("whole_number"));
    else if (n > MAX_WEIGHT_GR) err(c, "weight_gr", E("too_large"));
    else next.weightGr = n;
  }
  for (const [cell, field] of [["length_cm", "lengthMm"], ["width_cm", "widthMm"], ["height_cm", "heightMm"]] as const) {
    if (!filled(cell)) continue;
    const mm = parseCmToMm(cells[cell]);
    if (mm === null) err(c, cell, E("length"));
    else next[field] = mm;
  }
  if (Object.keys(c.errors).length) return;
  const shown = (x: typeof p) => ({
    product_name: x.name, brand: lookups.brandName(x.brandId) || null, category: lookups.categoryLabel(x.categoryId) || null,
    description: x.description, gender: genderLabel(t, x.genderAudience), order_type: orderTypeLabel(t, x.stockType),
    preorder_days: x.preorderDays, weight_gr: x.weightGr, length_cm: mmToCmText(x.lengthMm), width_cm: mmToCmText(x.widthMm), height_cm: mmToCmText(x.heightMm),
  });
  const d = diff(shown(p), shown(next));
  c.changes = Object.entries(d).map(([field, v]) => ({ field, before: v.from, after: v.to }));
  // Only the columns that change are written at apply, each checked against its value now (`was`).
  const set: Record<string, unknown> = {};
  const was: Record<string, unknown> = {};
  for (const f of PRODUCT_COLUMNS) {
    if ((next[f] ?? null) === (p[f] ?? null)) continue;
    set[f] = next[f] ?? null;
    was[f] = p[f] ?? null;
  }
  c.data.set = set;
  c.data.was = was;
}

/** The product columns an attribute row may change (what ATTRIBUTE_FIELDS show). */
const PRODUCT_COLUMNS = [
  "name", "brandId", "categoryId", "description", "genderAudience", "stockType", "preorderDays", "weightGr", "lengthMm", "widthMm", "heightMm",
] as const;

/** "/uploads/abc.jpg" out of what a seller typed (a path, or a full URL of this app). */
function uploadPath(text: string): string | null {
  const m = /(?:^|\/)uploads\/([0-9a-f]{32}\.(?:jpg|png))(?:[?#].*)?$/i.exec(text.trim());
  return m ? `/uploads/${m[1].toLowerCase()}` : null;
}

/** The public images among the addresses of the file. */
async function knownImages(rows: SheetRow[]) {
  const names = [...new Set(rows.flatMap((r) => Object.entries(r.cells)
    .filter(([k]) => k.startsWith("image_")).map(([, v]) => uploadPath(v)?.slice("/uploads/".length)).filter((v): v is string => Boolean(v))))];
  if (!names.length) return new Set<string>();
  const found = await db.select({ name: uploads.name }).from(uploads)
    .where(and(inArray(uploads.name, names), eq(uploads.private, false), sql`${uploads.contentType} LIKE 'image/%'`));
  return new Set(found.map((f) => `/uploads/${f.name}`));
}

/** The check job: rows stored with their preview; the upload waits ("ready") for the seller to apply. */
export async function runCheckUpload(upload: { id: number; businessId: number; section: number | null }, rows: SheetRow[], t: TFunction) {
  const section = SECTION_BY_ID[upload.section ?? 0];
  const checked = await checkUpdateRows(upload.businessId, section, rows, t);
  for (let i = 0; i < checked.length; i += 500) {
    await db.insert(productUploadRows).values(checked.slice(i, i + 500).map((r) => ({
      businessId: upload.businessId, uploadId: upload.id, rowNo: r.rowNo, status: r.status, data: r.data, errors: r.errors, changes: r.changes,
      productId: typeof r.data.product_id === "number" ? r.data.product_id : null,
    })));
  }
  await refreshCounts(upload.id, "ready");
}

// ---------------------------------------------------------------------------------------------
// Apply
// ---------------------------------------------------------------------------------------------
export async function runApplyUpload(upload: { id: number; businessId: number; userId: number; section: number | null }, progress: (p: number) => Promise<void>) {
  const section = SECTION_BY_ID[upload.section ?? 0];
  const rows = await db.select().from(productUploadRows)
    .where(and(eq(productUploadRows.uploadId, upload.id), eq(productUploadRows.status, "valid"))).orderBy(asc(productUploadRows.rowNo));
  let n = 0;
  for (const row of rows) {
    let status = "applied";
    let errors: Record<string, string[]> = {};
    try {
      await applyRow(upload, section, row);
    } catch (e) {
      status = "failed";
      errors = { _row: [rowFailure(e)] };
    }
    await db.update(productUploadRows).set({ status, errors }).where(eq(productUploadRows.id, row.id));
    if (++n % 20 === 0) await progress((n / rows.length) * 100);
  }
  await refreshCounts(upload.id, "done");
}

/**
 * Why a row failed, as a message key; anything else (the database gone, a bug) fails the job.
 * A deadlock or serialization failure (40P01, 40001) lost to another writer is this row's only.
 */
function rowFailure(e: unknown): string {
  const code = pgErrorCode(e);
  if (code === "40P01" || code === "40001") return E("refused");
  if (!(e instanceof DomainError)) throw e;
  if (e.message === "api:stock.negative") return E("stock_refused");
  if (e.message === E("changed")) return E("changed");
  return e instanceof NotFound ? E("gone") : E("refused");
}

const changedSincePreview = () => new Conflict(E("changed"));
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

async function applyRow(upload: { id: number; businessId: number; userId: number }, section: MassUpdateSection, row: typeof productUploadRows.$inferSelect) {
  const { businessId, userId } = upload;
  const d = row.data as Record<string, any>;
  const productId = Number(d.product_id);
  const changes = Object.fromEntries(row.changes.map((c) => [c.field, { from: c.before, to: c.after }]));
  const before = new Map(row.changes.map((c) => [c.field, c.before]));
  const now = new Date();
  await db.transaction(async (tx) => {
    if (section === "stock") {
      // No lock before the ledger: it locks the levels and then the product, as every stock
      // writer does (locking the product first here could deadlock with an order or a transfer).
      const sets = (d.stock ?? []) as { key: string; set: number }[];
      const applied = await applyStockChanges(tx, { businessId, userId, reason: "mass_update", reference: `mass-update:${upload.id}` }, sets.map((s) => {
        const m = /^loc:(?:s(\d+)|w(\d+)(?:p(\d+))?)$/.exec(s.key)!;
        return {
          variantId: Number(d.variant_id),
          location: m[1] ? { sourceType: 1 as const, storeId: Number(m[1]) } : { sourceType: 2 as const, warehouseId: Number(m[2]), partitionId: m[3] ? Number(m[3]) : null },
          set: s.set,
        };
      }));
      // The ledger read each level under its lock: one that moved since the preview undoes the row.
      if (applied.some((a, i) => a.before.onHand !== Number(before.get(sets[i].key) ?? 0))) throw changedSincePreview();
    } else if (section === "price") {
      // The combination first, then the product's price range (the editor's order).
      const [v] = await tx.select().from(productVariants)
        .where(and(eq(productVariants.businessId, businessId), eq(productVariants.id, Number(d.variant_id)))).for("update");
      if (!v) throw new NotFound("api:errors.not_found");
      const next = { price: v.price, compareAtPrice: v.compareAtPrice };
      if (before.has("price")) {
        if (!same(v.price, before.get("price"))) throw changedSincePreview();
        next.price = Number(d.set.price);
      }
      if (before.has("compare_at_price")) {
        if (!same(v.compareAtPrice, before.get("compare_at_price"))) throw changedSincePreview();
        next.compareAtPrice = d.set.compare_at_price ?? null;
      }
      // The other of the two may have moved meanwhile: the "was" price must still be above the price.
      if (next.compareAtPrice !== null && next.compareAtPrice <= next.price) throw changedSincePreview();
      await tx.update(productVariants).set({ ...next, timeModified: now }).where(eq(productVariants.id, v.id));
      await tx.execute(sql`UPDATE products SET price_min = s.lo, price_max = s.hi, time_modified = now()
        FROM (SELECT min(price) AS lo, max(price) AS hi FROM product_variants WHERE product_id = ${productId}) s WHERE products.id = ${productId}`);
    } else {
      const [p] = await tx.select().from(products).where(and(eq(products.businessId, businessId), eq(products.id, productId))).for("update");
      if (!p) throw new NotFound("api:errors.not_found");
      if (section === "attribute") {
        const set = (d.set ?? {}) as Record<string, unknown>;
        const was = (d.was ?? {}) as Record<string, unknown>;
        const current = p as unknown as Record<string, unknown>;
        if (Object.keys(set).some((f) => !(f in was) || !same(current[f], was[f]))) throw changedSincePreview();
        await tx.update(products).set({ ...set, timeModified: now }).where(eq(products.id, productId));
      } else {
        const current = await tx.select({ url: productImages.url }).from(productImages)
          .where(eq(productImages.productId, productId)).orderBy(asc(productImages.position), asc(productImages.id));
        if (!same(current.map((i) => i.url), before.get("images") ?? [])) throw changedSincePreview();
        const urls = (d.images ?? []) as string[];
        await tx.delete(productImages).where(eq(productImages.productId, productId));
        await tx.insert(productImages).values(urls.map((url, i) => ({
          businessId, productId, url, name: url.slice(url.lastIndexOf("/") + 1).slice(0, PRODUCT_IMAGE.nameMax), isPrimary: i === 0, position: i,
        })));
        await tx.update(products).set({ timeModified: now }).where(eq(products.id, productId));
      }
    }
    await recordHistory(tx, { businessId, refType: "product", refId: productId, userId, action: "mass_update", changes });
  });
}
