/**
 * Stock counts (opname; issue 14 item 2, spec sections 3 "Opname products … opname_result", 4
 * "Opname lifecycle", 7 "Inventory"): a count of one location, its lines with the on-hand seen
 * when each line was added (the snapshot), what was counted, the variance and its value, and the
 * adjustment that turns the variance into ledger changes. The lifecycle is the table in
 * ./opname-lifecycle.ts; the web pages (/erp/inventory/opname…) and the REST calls
 * (api/routes/opname.ts) call these functions.
 *
 * Decisions where the spec is silent:
 * - A count is of ONE location: a store, a warehouse's own shelf (`warehouse-<id>`) or one
 *   partition (`warehouse-<id>-<partition>`). Its items: all of the business's variants, those of a
 *   category (any level) or a brand, or a picked list (variant ids; more added by scanning).
 * - Snapshot: the location's on-hand of each variant when its line is added (at creation, or when
 *   a scan or an add brings a new variant in). A variant with no stock row there snapshots 0.
 * - Counted: null until entered. The spec's opname_result is null then and the line's stock 0,
 *   so an uncounted line counts as 0 — adjusting sets it to 0 (the confirm step says how many).
 * - Scanning: each barcode (or SKU) in a scan adds 1 to its line; one scan may carry several codes
 *   separated by spaces, commas or line breaks (a scanner burst, a paste). A code of the business
 *   not yet on the count adds its line (snapshot then). An unknown code refuses the scan naming it.
 * - Variance per line = counted − snapshot; its value is the difference × the variant's cost (HPP,
 *   product_variants.cost, as the stock overview values stock) when the line was added, or its
 *   selling price for a variant without a cost (so a variance never shows as worth nothing). The
 *   variance % of a line is |variance| / snapshot × 100; a line with snapshot 0 and anything
 *   counted is above any % threshold.
 * - Adjust applies each line as ONE ledger change of delta (counted − snapshot) against the level
 *   as it is now (reason "opname", reference OPN-<id>), so a sale made during the count is not
 *   undone: final = counted − what left after the snapshot. A delta that would take a level below
 *   0 (or below its reservations) refuses the whole adjustment naming the SKU (the ledger's rule).
 * - Approval: above the business's thresholds (core/stock/inventory-settings.ts: total absolute
 *   variance value, or any line's %) adjusting needs erp.approve; someone without it sends the
 *   count to awaiting_approval, where an approver approves (adjusts) or rejects (back to draft with
 *   a note). Without thresholds every adjust applies at once.
 * - Lock (optional, chosen at creation): while the count is draft or awaiting approval the ledger
 *   refuses any change landing in the location except this count's adjustment
 *   (core/stock/stock-ledger.ts refuseLocked). An order that would reserve or ship from a locked
 *   location is refused with a message naming the count and stays where it is (waiting for
 *   acceptance, or in its stage), to be accepted again once the count is adjusted or cancelled:
 *   docs/decisions/0018-opname-location-lock.md. One open locked count per location.
 * - The snapshot of a locked count is read FOR SHARE after the lock row is written: a ledger batch
 *   already holding those levels finishes first (its change is in the snapshot), a later one sees
 *   the lock and is refused — nothing lands between the snapshot and the adjustment.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import ExcelJS from "exceljs";
import { z } from "zod";
import type { Tx } from "#db/client.ts";
import {
  brands, productCategories, products, productVariants, stockOpnameLines, stockOpnames, users,
} from "#db/schema/index.ts";
import { sellerScope, type Scope, type SellerScope } from "#core/actor.ts";
import { canAccess } from "#core/auth/privileges.ts";
import { NotFound, Refused } from "#core/errors.ts";
import { recordHistory } from "#core/lib/history.ts";
import { contains, offsetOf } from "#core/lib/list-query.ts";
import { categoryRange } from "#core/catalog/product-picker.ts";
import { cellText, looksLikeXlsx, MAX_FILE_BYTES, workbookBuffer } from "#core/catalog/product-bulk-xlsx.ts";
import { applyStockChanges, type StockLocation } from "./stock-ledger.ts";
import { findLocations, locationKey, parseLocationKey } from "./locations.ts";
import { countNeedsApproval, readInventorySettings } from "./inventory-settings.ts";
import { LINE_FILTERS, opnameActions, opnameMove, OPNAME_SCOPES, OPNAME_STATUSES, type OpnameAction } from "./opname-lifecycle.ts";
export { LINE_FILTERS };

const MAX_LINES = 20000;
const checkbox = z.preprocess((v) => v === true || v === "true" || v === "on" || v === "1" || v === 1, z.boolean());
const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
const id = z.coerce.number().int("invalid").positive("invalid").max(2147483647, "invalid");
/** Ids as an array, or one text of ids separated by commas or spaces (a form field). */
const idList = z.preprocess(
  (v) => (typeof v === "string" ? v.split(/[\s,]+/).filter(Boolean) : typeof v === "number" ? [v] : v),
  z.array(id, { message: "invalid" }).max(MAX_LINES, "too_long"),
);

export const locationField = z.string({ message: "required" }).trim().min(1, "required")
  .refine((k) => parseLocationKey(k) !== null, "opname:errors.location_invalid");

export const opnameBody = z.object({
  location: locationField,
  scope: z.preprocess(blankToUndefined, z.enum(OPNAME_SCOPES, { message: "invalid" }).default("picked")),
  category_id: z.preprocess(blankToUndefined, id.optional()),
  brand_id: z.preprocess(blankToUndefined, id.optional()),
  variant_ids: z.preprocess(blankToUndefined, idList.optional()),
  lock: checkbox.default(false),
  note: z.preprocess(blankToUndefined, z.string().trim().max(500, "too_long").optional()),
}).superRefine((b, ctx) => {
  if (b.scope === "category" && !b.category_id) ctx.addIssue({ code: "custom", path: ["category_id"], message: "required" });
  if (b.scope === "brand" && !b.brand_id) ctx.addIssue({ code: "custom", path: ["brand_id"], message: "required" });
});
export type OpnameBody = z.infer<typeof opnameBody>;

/** Add products: variant ids and/or scanned codes (each code +1 counted). */
export const opnameAddBody = z.object({
  variant_ids: z.preprocess(blankToUndefined, idList.optional()),
  barcodes: z.preprocess(
    (v) => (typeof v === "string" ? v.split(/[\s,;]+/).filter(Boolean) : blankToUndefined(v)),
    z.array(z.string().trim().min(1, "required").max(100, "too_long"), { message: "invalid" }).max(1000, "too_long").optional(),
  ),
}).refine((b) => (b.variant_ids?.length ?? 0) + (b.barcodes?.length ?? 0) > 0, { message: "opname:errors.nothing_to_add", path: ["barcodes"] });

const countValue = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : v),
  z.union([z.literal("").transform(() => null), z.null(), z.coerce.number({ message: "invalid" }).int("opname:errors.count_whole").min(0, "opname:errors.count_negative").max(1_000_000_000, "invalid")]),
);
/** Enter counts: stock per variant (opname_result.stock); an empty one clears the count. */
export const opnameCountsBody = z.object({
  products: z.array(z.object({ variant_id: id, stock: countValue }), { message: "invalid" }).min(1, "required").max(MAX_LINES, "too_long"),
});
export const opnameRemoveBody = z.object({ variant_ids: idList.refine((a) => a.length > 0, "required") });
export const opnameRejectBody = z.object({ note: z.preprocess(blankToUndefined, z.string().trim().max(500, "too_long").optional()) });

export const opnameListQuery = z.object({
  page: z.coerce.number().int().min(1, "invalid").default(1),
  limit: z.coerce.number().int().min(1, "invalid").max(150, "invalid").default(10),
  search: z.string().trim().max(100, "too_long").optional(),
  status: z.preprocess(blankToUndefined, z.enum(OPNAME_STATUSES, { message: "invalid" }).optional()),
  location: z.preprocess(blankToUndefined, locationField.optional()),
  sort: z.coerce.number().int().min(1, "invalid").max(2, "invalid").default(2),
});
export type OpnameListQuery = z.infer<typeof opnameListQuery>;

export const opnameProductsQuery = z.object({
  page: z.coerce.number().int().min(1, "invalid").default(1),
  limit: z.coerce.number().int().min(1, "invalid").max(500, "invalid").default(50),
  search: z.string().trim().max(100, "too_long").optional(),
  filter: z.preprocess(blankToUndefined, z.enum(LINE_FILTERS, { message: "invalid" }).default("all")),
});

const code = (id: number) => `OPN-${id}`;
/** `OPN-12`, `opn-12` or `12` → 12. */
const idOfCode = (s: string) => /^(?:opn-?)?(\d{1,9})$/i.exec(s.trim())?.[1];

type OpnameRow = typeof stockOpnames.$inferSelect;
const locationOf = (o: { storeId: number | null; warehouseId: number | null; partitionId: number | null }): StockLocation =>
  o.storeId ? { sourceType: 1, storeId: o.storeId } : { sourceType: 2, warehouseId: o.warehouseId!, partitionId: o.partitionId };

const isApprover = (s: SellerScope) => canAccess(s.actor.member, "erp.approve");

// ————————————————————————————————————————— totals

export type OpnameTotals = {
  total_product: number; total_counted: number; total_not_counted: number; lines_with_variance: number;
  surplus_qty: number; shortage_qty: number; surplus_value: number; shortage_value: number;
  net_variance_qty: number; net_variance_value: number; abs_variance_value: number; max_variance_percent: number | null;
};

async function totalsOf(db: Scope["db"], opnameIds: number[]): Promise<Map<number, OpnameTotals>> {
  const out = new Map<number, OpnameTotals>();
  if (!opnameIds.length) return out;
  const { rows } = await db.execute<Record<string, string | number | null>>(sql`
    SELECT opname_id,
           count(*)::int AS total_product,
           count(counted)::int AS total_counted,
           (count(*) FILTER (WHERE d <> 0))::int AS lines_with_variance,
           coalesce(sum(greatest(d, 0)), 0)::bigint AS surplus_qty,
           coalesce(sum(greatest(-d, 0)), 0)::bigint AS shortage_qty,
           coalesce(sum(greatest(d, 0) * unit_value), 0)::bigint AS surplus_value,
           coalesce(sum(greatest(-d, 0) * unit_value), 0)::bigint AS shortage_value,
           max(CASE WHEN d = 0 THEN 0 WHEN snapshot_on_hand = 0 THEN NULL ELSE abs(d) * 100.0 / snapshot_on_hand END) AS max_pct,
           bool_or(d <> 0 AND snapshot_on_hand = 0) AS infinite
      FROM (SELECT opname_id, snapshot_on_hand, unit_value, counted, coalesce(counted, 0) - snapshot_on_hand AS d
              FROM stock_opname_lines WHERE opname_id IN ${sql.raw(`(${opnameIds.map(Number).join(",")})`)}) l
     GROUP BY opname_id`);
  for (const r of rows) {
    const n = (k: string) => Number(r[k] ?? 0);
    out.set(Number(r.opname_id), {
      total_product: n("total_product"), total_counted: n("total_counted"), total_not_counted: n("total_product") - n("total_counted"),
      lines_with_variance: n("lines_with_variance"),
      surplus_qty: n("surplus_qty"), shortage_qty: n("shortage_qty"), surplus_value: n("surplus_value"), shortage_value: n("shortage_value"),
      net_variance_qty: n("surplus_qty") - n("shortage_qty"), net_variance_value: n("surplus_value") - n("shortage_value"),
      abs_variance_value: n("surplus_value") + n("shortage_value"),
      max_variance_percent: r.infinite ? null : Math.round(n("max_pct") * 100) / 100,
    });
  }
  return out;
}
const EMPTY_TOTALS: OpnameTotals = {
  total_product: 0, total_counted: 0, total_not_counted: 0, lines_with_variance: 0, surplus_qty: 0, shortage_qty: 0, surplus_value: 0, shortage_value: 0,
  net_variance_qty: 0, net_variance_value: 0, abs_variance_value: 0, max_variance_percent: 0,
};

// ————————————————————————————————————————— shapes

const creator = sql<string | null>`(SELECT name FROM users WHERE users.id = stock_opnames.created_by)`;
const decider = sql<string | null>`(SELECT name FROM users WHERE users.id = stock_opnames.decided_by)`;
const submitter = sql<string | null>`(SELECT name FROM users WHERE users.id = stock_opnames.submitted_by)`;
const scopeName = sql<string | null>`coalesce((SELECT name FROM product_categories WHERE id = stock_opnames.category_id), (SELECT name FROM brands WHERE id = stock_opnames.brand_id))`;

const opnameColumns = { o: stockOpnames, created_by: creator, decided_by: decider, submitted_by: submitter, scope_name: scopeName };
type Selected = { o: OpnameRow; created_by: string | null; decided_by: string | null; submitted_by: string | null; scope_name: string | null };

const secs = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

function opnameJson(s: SellerScope, r: Selected, totals: OpnameTotals, locationName: string, needsApproval: boolean) {
  const o = r.o;
  const l = locationOf(o);
  const t = s.actor.t;
  return {
    opname_id: o.id,
    code: code(o.id),
    status: o.status,
    status_name: t(`opname:status.${o.status}`),
    location: locationKey(l),
    location_name: locationName,
    source_type: l.sourceType,
    source_id: l.sourceType === 1 ? l.storeId : l.warehouseId,
    partition_id: l.sourceType === 2 ? l.partitionId ?? null : null,
    scope: o.scope,
    scope_name: r.scope_name,
    category_id: o.categoryId,
    brand_id: o.brandId,
    is_locked: o.locked && (o.status === "draft" || o.status === "awaiting_approval"),
    locked: o.locked,
    note: o.note,
    reject_note: o.rejectNote,
    created_by: r.created_by,
    submitted_by: r.submitted_by,
    decided_by: r.decided_by,
    needs_approval: needsApproval,
    actions: opnameActions(o.status, isApprover(s)),
    ...totals,
    time_created: secs(o.timeCreated)!,
    time_modified: secs(o.timeModified)!,
    time_adjusted: secs(o.timeAdjusted),
  };
}
export type OpnameJson = ReturnType<typeof opnameJson>;

async function locationNames(s: { db: Scope["db"] }, businessId: number) {
  return new Map((await findLocations(s.db, businessId)).map((l) => [l.key, l.name]));
}

// ————————————————————————————————————————— reads

export async function listOpnames(scope: Scope, q: OpnameListQuery) {
  const s = sellerScope(scope, "erp");
  const businessId = s.actor.member.businessId;
  const where: (SQL | undefined)[] = [eq(stockOpnames.businessId, businessId)];
  if (q.location) {
    const l = parseLocationKey(q.location)!;
    where.push(l.sourceType === 1 ? eq(stockOpnames.storeId, l.storeId)
      : and(eq(stockOpnames.warehouseId, l.warehouseId), l.partitionId ? eq(stockOpnames.partitionId, l.partitionId) : isNull(stockOpnames.partitionId)));
  }
  if (q.search) {
    const byId = idOfCode(q.search);
    where.push(or(byId ? eq(stockOpnames.id, Number(byId)) : undefined, ilike(stockOpnames.note, contains(q.search))));
  }
  const base = and(...where)!;
  const statusRows = await s.db.select({ status: stockOpnames.status, n: count() }).from(stockOpnames).where(base).groupBy(stockOpnames.status);
  const counts = Object.fromEntries(OPNAME_STATUSES.map((st) => [st, Number(statusRows.find((r) => r.status === st)?.n ?? 0)])) as Record<string, number>;
  counts.all = Object.values(counts).reduce((a, b) => a + b, 0);
  const filtered = q.status ? and(base, eq(stockOpnames.status, q.status))! : base;
  const total = q.status ? counts[q.status] : counts.all;
  const rows = await s.db.select(opnameColumns).from(stockOpnames).where(filtered)
    .orderBy(q.sort === 1 ? asc(stockOpnames.id) : desc(stockOpnames.id)).limit(q.limit).offset(offsetOf(q));
  const totals = await totalsOf(s.db, rows.map((r) => r.o.id));
  const names = await locationNames(s, businessId);
  const settings = await readInventorySettings(s.db, businessId);
  return {
    rows: rows.map((r) => {
      const tot = totals.get(r.o.id) ?? EMPTY_TOTALS;
      return opnameJson(s, r, tot, names.get(locationKey(locationOf(r.o))) ?? "-", countNeedsApproval(settings, tot));
    }),
    total,
    counts,
  };
}

async function findOpname(s: SellerScope, id: number, tx?: Tx, lock = false) {
  const db = tx ?? s.db;
  const q = db.select(opnameColumns).from(stockOpnames).where(and(eq(stockOpnames.businessId, s.actor.member.businessId), eq(stockOpnames.id, id)));
  const [r] = lock ? await q.for("update", { of: stockOpnames }) : await q;
  if (!r) throw new NotFound("api-opname:errors.not_found");
  return r;
}

async function opnameOut(s: SellerScope, r: Selected, db: Scope["db"] = s.db) {
  const businessId = s.actor.member.businessId;
  const totals = (await totalsOf(db, [r.o.id])).get(r.o.id) ?? EMPTY_TOTALS;
  const names = await locationNames({ db }, businessId);
  const settings = await readInventorySettings(db, businessId);
  return opnameJson(s, r, totals, names.get(locationKey(locationOf(r.o))) ?? "-", countNeedsApproval(settings, totals));
}

export async function getOpname(scope: Scope, id: number) {
  const s = sellerScope(scope, "erp");
  return opnameOut(s, await findOpname(s, id));
}

export async function opnameProducts(scope: Scope, id: number, q: z.infer<typeof opnameProductsQuery>) {
  const s = sellerScope(scope, "erp");
  await findOpname(s, id);
  const d = sql`coalesce(${stockOpnameLines.counted}, 0) - ${stockOpnameLines.snapshotOnHand}`;
  const where: (SQL | undefined)[] = [eq(stockOpnameLines.opnameId, id), eq(stockOpnameLines.businessId, s.actor.member.businessId)];
  if (q.search) {
    const like = contains(q.search);
    where.push(or(ilike(products.name, like), ilike(productVariants.sku, like), eq(productVariants.barcode, q.search)));
  }
  if (q.filter === "counted") where.push(isNotNull(stockOpnameLines.counted));
  if (q.filter === "uncounted") where.push(isNull(stockOpnameLines.counted));
  if (q.filter === "variance") where.push(sql`${d} <> 0`);
  const w = and(...where);
  const [{ n }] = await s.db.select({ n: count() }).from(stockOpnameLines)
    .innerJoin(productVariants, eq(productVariants.id, stockOpnameLines.variantId))
    .innerJoin(products, eq(products.id, stockOpnameLines.productId)).where(w);
  const rows = await s.db.select({
    line: stockOpnameLines, name: products.name, sku: productVariants.sku, barcode: productVariants.barcode,
    variantName: productVariants.variantName, sizeName: productVariants.sizeName,
  }).from(stockOpnameLines)
    .innerJoin(productVariants, eq(productVariants.id, stockOpnameLines.variantId))
    .innerJoin(products, eq(products.id, stockOpnameLines.productId))
    .where(w)
    .orderBy(asc(sql`lower(${products.name})`), asc(productVariants.position), asc(stockOpnameLines.id))
    .limit(q.limit).offset(offsetOf(q));
  return { rows: rows.map(lineJson), total: Number(n) };
}

function lineJson(r: { line: typeof stockOpnameLines.$inferSelect; name: string; sku: string; barcode: string | null; variantName: string; sizeName: string }) {
  const l = r.line;
  const stock = l.counted ?? 0;
  const variance = stock - l.snapshotOnHand;
  return {
    opname_product_id: l.id,
    product_id: l.productId,
    variant_id: l.variantId,
    product_name: r.name,
    sku: r.sku,
    barcode: r.barcode,
    variant_name: r.variantName,
    size_name: r.sizeName,
    snapshot_stock: l.snapshotOnHand,
    opname_result: l.counted === null ? null : { stock: l.counted, time_modified: secs(l.timeCounted) },
    stock,
    variance,
    unit_value: l.unitValue,
    variance_value: variance * l.unitValue,
    variance_percent: variance === 0 ? 0 : l.snapshotOnHand === 0 ? null : Math.round((Math.abs(variance) * 10000) / l.snapshotOnHand) / 100,
    adjusted_delta: l.adjustedDelta,
  };
}
export type OpnameLineJson = ReturnType<typeof lineJson>;

// ————————————————————————————————————————— writes

/** Inserts lines for the variants `which` selects, with the location's on-hand now as their snapshot. */
async function addLines(tx: Tx, o: OpnameRow, which: SQL): Promise<number> {
  const l = locationOf(o);
  const res = await tx.execute(sql`
    INSERT INTO stock_opname_lines (opname_id, business_id, product_id, variant_id, snapshot_on_hand, unit_value)
    SELECT ${o.id}, ${o.businessId}, v.product_id, v.id, coalesce(sl.on_hand, 0), coalesce(v.cost, v.price)
      FROM product_variants v
      JOIN products p ON p.id = v.product_id
      LEFT JOIN stock_levels sl ON sl.variant_id = v.id AND ${sql.raw(levelSql(l))}
     WHERE v.business_id = ${o.businessId} AND ${which}
    ON CONFLICT (opname_id, variant_id) DO NOTHING`);
  const total = await tx.select({ n: count() }).from(stockOpnameLines).where(eq(stockOpnameLines.opnameId, o.id));
  if (Number(total[0].n) > MAX_LINES) throw new Refused("api-opname:errors.too_many_lines", { variant_ids: ["api-opname:errors.too_many_lines"] }, { max: MAX_LINES });
  return res.rowCount ?? 0;
}
const levelSql = (l: StockLocation) => l.sourceType === 1
  ? `sl.store_id = ${Number(l.storeId)}`
  : `sl.warehouse_id = ${Number(l.warehouseId)} AND ${l.partitionId ? `sl.partition_id = ${Number(l.partitionId)}` : "sl.partition_id IS NULL"}`;

const touch = (tx: Tx, id: number) => tx.update(stockOpnames).set({ timeModified: new Date() }).where(eq(stockOpnames.id, id));

function refuseMove(o: OpnameRow, action: OpnameAction) {
  return new Refused("api-opname:errors.not_allowed", { action: ["api-opname:errors.not_allowed"] }, { action, status: o.status, code: code(o.id) });
}

export async function createOpname(scope: Scope, body: OpnameBody) {
  const s = sellerScope(scope, "erp");
  const businessId = s.actor.member.businessId;
  const l = parseLocationKey(body.location)!;
  return s.db.transaction(async (tx) => {
    const known = await findLocations(tx, businessId);
    if (!known.some((k) => k.key === locationKey(l))) throw new Refused("api-opname:errors.location_invalid", { location: ["api-opname:errors.location_invalid"] });
    if (body.scope === "category") {
      const [c] = await tx.select({ id: productCategories.id }).from(productCategories).where(eq(productCategories.id, body.category_id!));
      if (!c) throw new Refused("api:errors.validation", { category_id: ["invalid"] });
    }
    if (body.scope === "brand") {
      const [b] = await tx.select({ id: brands.id }).from(brands).where(and(eq(brands.id, body.brand_id!), eq(brands.businessId, businessId)));
      if (!b) throw new Refused("api:errors.validation", { brand_id: ["invalid"] });
    }
    const [o] = await tx.insert(stockOpnames).values({
      businessId, storeId: l.sourceType === 1 ? l.storeId : null, warehouseId: l.sourceType === 2 ? l.warehouseId : null,
      partitionId: l.sourceType === 2 ? l.partitionId ?? null : null, scope: body.scope,
      categoryId: body.scope === "category" ? body.category_id : null, brandId: body.scope === "brand" ? body.brand_id : null,
      locked: body.lock, note: body.note ?? null, createdBy: s.actor.user.id,
    }).returning();
    if (body.lock) {
      // One open locked count per location; the lock row is written before the snapshot is read.
      const { rows: others } = await tx.execute<{ id: number }>(sql`
        SELECT id FROM stock_opnames WHERE business_id = ${businessId} AND locked AND status IN ('draft', 'awaiting_approval') AND id <> ${o.id}
           AND store_id IS NOT DISTINCT FROM ${o.storeId} AND warehouse_id IS NOT DISTINCT FROM ${o.warehouseId}
           AND partition_id IS NOT DISTINCT FROM ${o.partitionId}`);
      if (others.length) throw new Refused("api-opname:errors.already_locked", { location: ["api-opname:errors.already_locked"] }, { code: code(others[0].id) });
      await tx.execute(sql`SELECT id FROM stock_levels sl WHERE sl.business_id = ${businessId} AND ${sql.raw(levelSql(l))} ORDER BY id FOR SHARE`);
    }
    let which: SQL | null = null;
    if (body.scope === "all") which = sql`true`;
    if (body.scope === "category") {
      const [lo, hi] = categoryRange(body.category_id!);
      which = sql`p.category_id BETWEEN ${lo} AND ${hi}`;
    }
    if (body.scope === "brand") which = sql`p.brand_id = ${body.brand_id}`;
    if (body.scope === "picked" && body.variant_ids?.length) which = sql`v.id IN ${sql.raw(`(${body.variant_ids.map(Number).join(",")})`)}`;
    if (which) await addLines(tx, o, which);
    if (body.scope === "picked" && body.variant_ids?.length) {
      const [{ n }] = await tx.select({ n: count() }).from(stockOpnameLines).where(eq(stockOpnameLines.opnameId, o.id));
      if (Number(n) !== new Set(body.variant_ids).size) throw new Refused("api:errors.validation", { variant_ids: ["api-opname:errors.unknown_variant"] });
    }
    await recordHistory(tx, { businessId, refType: "stock_opname", refId: o.id, userId: s.actor.user.id, action: "create",
      changes: { location: { from: null, to: body.location }, scope: { from: null, to: body.scope }, locked: { from: null, to: body.lock } } });
    return opnameOut(s, await findOpname(s, o.id, tx), tx);
  });
}

/** Opens a draft count for a change (row-locked): refuses any other status. */
async function editable(s: SellerScope, tx: Tx, id: number) {
  const r = await findOpname(s, id, tx, true);
  if (!opnameMove(r.o.status, "edit")) throw refuseMove(r.o, "edit");
  return r;
}

/** Adds variants and/or scans (each code +1 to its line; a new variant's line is added first). */
export async function addOpnameProducts(scope: Scope, id: number, body: z.infer<typeof opnameAddBody>) {
  const s = sellerScope(scope, "erp");
  const businessId = s.actor.member.businessId;
  return s.db.transaction(async (tx) => {
    const r = await editable(s, tx, id);
    let scanned: { code: string; variant_id: number; counted: number }[] = [];
    if (body.variant_ids?.length) {
      const ids = [...new Set(body.variant_ids)];
      const found = await tx.select({ id: productVariants.id }).from(productVariants)
        .where(and(eq(productVariants.businessId, businessId), inArray(productVariants.id, ids)));
      if (found.length !== ids.length) throw new Refused("api:errors.validation", { variant_ids: ["api-opname:errors.unknown_variant"] });
      await addLines(tx, r.o, sql`v.id IN ${sql.raw(`(${ids.join(",")})`)}`);
    }
    if (body.barcodes?.length) {
      const codes = body.barcodes;
      const distinct = [...new Set(codes.map((c) => c.toLowerCase()))];
      const variants = await tx.select({ id: productVariants.id, barcode: productVariants.barcode, sku: productVariants.sku }).from(productVariants)
        .where(and(eq(productVariants.businessId, businessId), or(inArray(productVariants.barcode, [...new Set(codes)]), inArray(sql`lower(${productVariants.sku})`, distinct))));
      const byCode = new Map<string, number>();
      for (const v of variants) byCode.set(v.sku.toLowerCase(), v.id);
      for (const v of variants) if (v.barcode) byCode.set(v.barcode.toLowerCase(), v.id); // a barcode wins over a SKU
      const unknown = [...new Set(codes)].filter((c) => !byCode.has(c.toLowerCase()));
      if (unknown.length) throw new Refused("api-opname:errors.unknown_code", { barcodes: ["api-opname:errors.unknown_code"] }, { code: unknown.join(", ") });
      const plus = new Map<number, number>();
      for (const c of codes) plus.set(byCode.get(c.toLowerCase())!, (plus.get(byCode.get(c.toLowerCase())!) ?? 0) + 1);
      await addLines(tx, r.o, sql`v.id IN ${sql.raw(`(${[...plus.keys()].join(",")})`)}`);
      const ids = [...plus.keys()];
      const res = await tx.execute<{ variant_id: number; counted: number }>(sql`
        UPDATE stock_opname_lines l SET counted = coalesce(l.counted, 0) + x.n, time_counted = now()
          FROM unnest(${`{${ids.join(",")}}`}::int[], ${`{${ids.map((v) => plus.get(v)).join(",")}}`}::int[]) AS x(variant_id, n)
         WHERE l.opname_id = ${id} AND l.variant_id = x.variant_id
        RETURNING l.variant_id, l.counted`);
      const countedOf = new Map(res.rows.map((x) => [Number(x.variant_id), Number(x.counted)]));
      scanned = [...new Set(codes)].map((c) => ({ code: c, variant_id: byCode.get(c.toLowerCase())!, counted: countedOf.get(byCode.get(c.toLowerCase())!) ?? 0 }));
    }
    await touch(tx, id);
    return { ...(await opnameOut(s, await findOpname(s, id, tx), tx)), scanned };
  });
}

/** Enters counts (opname_result.stock) for lines of the count; null clears a count. Lines not on the count are refused. */
export async function updateOpnameProducts(scope: Scope, id: number, body: z.infer<typeof opnameCountsBody>) {
  const s = sellerScope(scope, "erp");
  return s.db.transaction(async (tx) => {
    await editable(s, tx, id);
    const last = new Map<number, number | null>();
    for (const p of body.products) last.set(p.variant_id, p.stock);
    const ids = [...last.keys()];
    const res = await tx.execute(sql`
      UPDATE stock_opname_lines l SET counted = x.counted, time_counted = CASE WHEN x.counted IS NULL THEN NULL ELSE now() END
        FROM unnest(${`{${ids.join(",")}}`}::int[], ${`{${ids.map((v) => last.get(v) ?? "NULL").join(",")}}`}::int[]) AS x(variant_id, counted)
       WHERE l.opname_id = ${id} AND l.variant_id = x.variant_id`);
    if ((res.rowCount ?? 0) !== ids.length) throw new Refused("api:errors.validation", { products: ["api-opname:errors.not_on_count"] });
    await touch(tx, id);
    return opnameOut(s, await findOpname(s, id, tx), tx);
  });
}

export async function removeOpnameProducts(scope: Scope, id: number, body: z.infer<typeof opnameRemoveBody>) {
  const s = sellerScope(scope, "erp");
  return s.db.transaction(async (tx) => {
    await editable(s, tx, id);
    await tx.delete(stockOpnameLines).where(and(eq(stockOpnameLines.opnameId, id), inArray(stockOpnameLines.variantId, body.variant_ids)));
    await touch(tx, id);
    return opnameOut(s, await findOpname(s, id, tx), tx);
  });
}

/** Counts from an .xlsx: a header row with `sku` (or `barcode`) and `counted` (or `stock`, `qty`), then one row per item. */
export async function importOpnameCounts(scope: Scope, id: number, file: Buffer) {
  const s = sellerScope(scope, "erp");
  const businessId = s.actor.member.businessId;
  const fileError = (key: string, vars?: Record<string, unknown>) => new Refused(key, { file: [key] }, vars);
  if (!file.length || file.length > MAX_FILE_BYTES || !looksLikeXlsx(file)) throw fileError("api-opname:errors.file_not_xlsx");
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw fileError("api-opname:errors.file_not_xlsx");
  }
  const ws = wb.worksheets[0];
  if (!ws) throw fileError("api-opname:errors.file_columns");
  let header = 0;
  const cols: { code?: number; counted?: number } = {};
  for (let r = 1; r <= Math.min(3, ws.rowCount) && !header; r++) {
    ws.getRow(r).eachCell((cell, c) => {
      const k = cellText(cell.value).toLowerCase().replace(/\*/g, "").trim();
      if (cols.code === undefined && ["sku", "barcode"].includes(k)) cols.code = c;
      if (cols.counted === undefined && ["counted", "stock", "qty", "jumlah", "dihitung", "stok"].includes(k)) cols.counted = c;
    });
    if (cols.code !== undefined && cols.counted !== undefined) header = r;
    else { delete cols.code; delete cols.counted; }
  }
  if (!header) throw fileError("api-opname:errors.file_columns");
  const entries: { code: string; counted: number; rowNo: number }[] = [];
  const bad: number[] = [];
  ws.eachRow({ includeEmpty: false }, (row, rowNo) => {
    if (rowNo <= header) return;
    const c = cellText(row.getCell(cols.code!).value).trim();
    const n = cellText(row.getCell(cols.counted!).value).trim();
    if (!c && !n) return;
    if (!c || !/^\d{1,9}$/.test(n)) bad.push(rowNo);
    else entries.push({ code: c, counted: Number(n), rowNo });
  });
  if (bad.length) throw fileError("api-opname:errors.file_rows", { rows: bad.slice(0, 10).join(", ") });
  if (!entries.length) throw fileError("api-opname:errors.file_empty");
  if (entries.length > MAX_LINES) throw fileError("api-opname:errors.too_many_lines", { max: MAX_LINES });
  return s.db.transaction(async (tx) => {
    const r = await editable(s, tx, id);
    const codes = [...new Set(entries.map((e) => e.code.toLowerCase()))];
    const variants = await tx.select({ id: productVariants.id, barcode: productVariants.barcode, sku: productVariants.sku }).from(productVariants)
      .where(and(eq(productVariants.businessId, businessId), or(inArray(sql`lower(${productVariants.sku})`, codes), inArray(sql`lower(${productVariants.barcode})`, codes))));
    const byCode = new Map<string, number>();
    for (const v of variants) byCode.set(v.sku.toLowerCase(), v.id);
    for (const v of variants) if (v.barcode) byCode.set(v.barcode.toLowerCase(), v.id);
    const unknownRows = entries.filter((e) => !byCode.has(e.code.toLowerCase())).map((e) => e.rowNo);
    if (unknownRows.length) throw fileError("api-opname:errors.file_unknown", { rows: unknownRows.slice(0, 10).join(", ") });
    const counted = new Map<number, number>();
    for (const e of entries) counted.set(byCode.get(e.code.toLowerCase())!, e.counted); // the last row of an item wins
    const ids = [...counted.keys()];
    await addLines(tx, r.o, sql`v.id IN ${sql.raw(`(${ids.join(",")})`)}`);
    await tx.execute(sql`
      UPDATE stock_opname_lines l SET counted = x.counted, time_counted = now()
        FROM unnest(${`{${ids.join(",")}}`}::int[], ${`{${ids.map((v) => counted.get(v)).join(",")}}`}::int[]) AS x(variant_id, counted)
       WHERE l.opname_id = ${id} AND l.variant_id = x.variant_id`);
    await touch(tx, id);
    return { ...(await opnameOut(s, await findOpname(s, id, tx), tx)), imported: ids.length };
  });
}

/** The count's lines as an .xlsx to fill in (sku, barcode, product, counted). */
export async function opnameTemplate(scope: Scope, id: number) {
  const s = sellerScope(scope, "erp");
  const r = await findOpname(s, id);
  const rows = await s.db.select({ sku: productVariants.sku, barcode: productVariants.barcode, name: products.name, variant: productVariants.variantName, size: productVariants.sizeName, counted: stockOpnameLines.counted })
    .from(stockOpnameLines).innerJoin(productVariants, eq(productVariants.id, stockOpnameLines.variantId)).innerJoin(products, eq(products.id, stockOpnameLines.productId))
    .where(eq(stockOpnameLines.opnameId, id)).orderBy(asc(sql`lower(${products.name})`), asc(productVariants.position));
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(code(r.o.id));
  ws.columns = [{ key: "sku", width: 22 }, { key: "barcode", width: 18 }, { key: "product", width: 40 }, { key: "counted", width: 12 }];
  ws.addRow(["sku", "barcode", s.actor.t("opname:detail.column.product"), "counted"]).font = { bold: true };
  for (const x of rows) ws.addRow([x.sku, x.barcode ?? "", [x.name, x.variant, x.size].filter(Boolean).join(" · "), x.counted ?? null]);
  return { filename: `${code(r.o.id)}.xlsx`, data: await workbookBuffer(wb) };
}

/**
 * Adjust (the spec's save/adjust; and an approver's approve): within the thresholds, or by an
 * erp.approve holder, every line becomes one ledger change of counted − snapshot (reason "opname",
 * OPN-<id>); above them, by someone else, the count waits for approval.
 */
export async function adjustOpname(scope: Scope, id: number, opts: { approve?: boolean } = {}) {
  const s = sellerScope(scope, "erp");
  const businessId = s.actor.member.businessId;
  return s.db.transaction(async (tx) => {
    const r = await findOpname(s, id, tx, true);
    const action: OpnameAction = r.o.status === "awaiting_approval" || opts.approve ? "approve" : "adjust";
    const move = opnameMove(r.o.status, action);
    if (!move) throw refuseMove(r.o, action);
    const approver = isApprover(s);
    if (move.approver && !approver) throw new Refused("api-opname:errors.approver_only", { action: ["api-opname:errors.approver_only"] });
    const totals = (await totalsOf(tx, [id])).get(id) ?? EMPTY_TOTALS;
    if (!totals.total_product) throw new Refused("api-opname:errors.no_lines", { action: ["api-opname:errors.no_lines"] });
    const now = new Date();
    if (action === "adjust" && !approver && countNeedsApproval(await readInventorySettings(tx, businessId), totals)) {
      await tx.update(stockOpnames).set({ status: "awaiting_approval", submittedBy: s.actor.user.id, rejectNote: null, timeModified: now }).where(eq(stockOpnames.id, id));
      await recordHistory(tx, { businessId, refType: "stock_opname", refId: id, userId: s.actor.user.id, action: "submit",
        changes: { status: { from: r.o.status, to: "awaiting_approval" } } });
      return opnameOut(s, await findOpname(s, id, tx), tx);
    }
    const lines = await tx.select({ variantId: stockOpnameLines.variantId, snapshot: stockOpnameLines.snapshotOnHand, counted: stockOpnameLines.counted })
      .from(stockOpnameLines).where(eq(stockOpnameLines.opnameId, id)).orderBy(stockOpnameLines.variantId);
    const location = locationOf(r.o);
    const changes = lines.map((l) => ({ variantId: l.variantId, location, delta: (l.counted ?? 0) - l.snapshot })).filter((c) => c.delta !== 0);
    await applyStockChanges(tx, { businessId, userId: s.actor.user.id, reason: "opname", reference: code(id), note: r.o.note, opnameId: id }, changes);
    await tx.execute(sql`UPDATE stock_opname_lines SET adjusted_delta = coalesce(counted, 0) - snapshot_on_hand WHERE opname_id = ${id}`);
    await tx.update(stockOpnames).set({
      status: "adjusted", timeAdjusted: now, timeModified: now,
      ...(action === "approve" ? { decidedBy: s.actor.user.id } : {}),
    }).where(eq(stockOpnames.id, id));
    await recordHistory(tx, { businessId, refType: "stock_opname", refId: id, userId: s.actor.user.id, action,
      changes: { status: { from: r.o.status, to: "adjusted" }, variance_value: { from: null, to: totals.net_variance_value } } });
    return opnameOut(s, await findOpname(s, id, tx), tx);
  });
}

export async function rejectOpname(scope: Scope, id: number, body: z.infer<typeof opnameRejectBody>) {
  const s = sellerScope(scope, "erp.approve");
  return s.db.transaction(async (tx) => {
    const r = await findOpname(s, id, tx, true);
    const move = opnameMove(r.o.status, "reject");
    if (!move) throw refuseMove(r.o, "reject");
    await tx.update(stockOpnames).set({ status: move.to, decidedBy: s.actor.user.id, rejectNote: body.note ?? null, timeModified: new Date() }).where(eq(stockOpnames.id, id));
    await recordHistory(tx, { businessId: r.o.businessId, refType: "stock_opname", refId: id, userId: s.actor.user.id, action: "reject",
      changes: { status: { from: r.o.status, to: move.to }, note: { from: null, to: body.note ?? null } } });
    return opnameOut(s, await findOpname(s, id, tx), tx);
  });
}

export async function cancelOpname(scope: Scope, id: number) {
  const s = sellerScope(scope, "erp");
  return s.db.transaction(async (tx) => {
    const r = await findOpname(s, id, tx, true);
    const move = opnameMove(r.o.status, "cancel");
    if (!move) throw refuseMove(r.o, "cancel");
    await tx.update(stockOpnames).set({ status: "cancelled", timeModified: new Date() }).where(eq(stockOpnames.id, id));
    await recordHistory(tx, { businessId: r.o.businessId, refType: "stock_opname", refId: id, userId: s.actor.user.id, action: "cancel",
      changes: { status: { from: r.o.status, to: "cancelled" } } });
    return opnameOut(s, await findOpname(s, id, tx), tx);
  });
}

// ————————————————————————————————————————— summaries

export const opnameSummaryQuery = z.object({
  location: z.preprocess(blankToUndefined, locationField.optional()),
  status: z.preprocess(blankToUndefined, z.enum(OPNAME_STATUSES, { message: "invalid" }).optional()),
});

/** Over the business's counts (optionally one location, one status): how many per status, and the adjusted variance. */
export async function opnameSummary(scope: Scope, q: z.infer<typeof opnameSummaryQuery>) {
  const s = sellerScope(scope, "erp");
  const businessId = s.actor.member.businessId;
  const all = await listOpnames(scope, { page: 1, limit: 1, sort: 2, location: q.location, status: q.status });
  const l = q.location ? parseLocationKey(q.location) : null;
  const where = sql.join([
    sql`o.business_id = ${businessId}`, sql`o.status = 'adjusted'`,
    ...(q.status && q.status !== "adjusted" ? [sql`false`] : []),
    ...(l ? [sql.raw(l.sourceType === 1 ? `o.store_id = ${Number(l.storeId)}` : `o.warehouse_id = ${Number(l.warehouseId)} AND ${l.partitionId ? `o.partition_id = ${Number(l.partitionId)}` : "o.partition_id IS NULL"}`)] : []),
  ], sql` AND `);
  const { rows: [v] } = await s.db.execute<Record<string, string | number | null>>(sql`
    SELECT coalesce(sum(greatest(d, 0)), 0)::bigint AS surplus_qty, coalesce(sum(greatest(-d, 0)), 0)::bigint AS shortage_qty,
           coalesce(sum(greatest(d, 0) * unit_value), 0)::bigint AS surplus_value, coalesce(sum(greatest(-d, 0) * unit_value), 0)::bigint AS shortage_value,
           count(*)::int AS total_line
      FROM (SELECT l.unit_value, coalesce(l.adjusted_delta, 0) AS d FROM stock_opname_lines l JOIN stock_opnames o ON o.id = l.opname_id WHERE ${where}) x`);
  const n = (k: string) => Number(v?.[k] ?? 0);
  return {
    total_opname: all.counts.all,
    draft: all.counts.draft, awaiting_approval: all.counts.awaiting_approval, adjusted: all.counts.adjusted, cancelled: all.counts.cancelled,
    adjusted_lines: n("total_line"),
    surplus_qty: n("surplus_qty"), shortage_qty: n("shortage_qty"), surplus_value: n("surplus_value"), shortage_value: n("shortage_value"),
    net_variance_value: n("surplus_value") - n("shortage_value"),
  };
}

/** One count's totals (the detail page's summary card; GET …/opname/{id}/summary). */
export async function opnameSummaryOf(scope: Scope, id: number) {
  const o = await getOpname(scope, id);
  return {
    opname_id: o.opname_id, code: o.code, status: o.status, status_name: o.status_name, location_name: o.location_name,
    total_product: o.total_product, total_counted: o.total_counted, total_not_counted: o.total_not_counted,
    surplus_qty: o.surplus_qty, shortage_qty: o.shortage_qty, surplus_value: o.surplus_value, shortage_value: o.shortage_value,
    net_variance_qty: o.net_variance_qty, net_variance_value: o.net_variance_value, abs_variance_value: o.abs_variance_value,
    max_variance_percent: o.max_variance_percent, needs_approval: o.needs_approval,
  };
}

/** The pickers of the new-count form: locations, categories and brands used by the business's products. */
export async function opnameFormOptions(scope: Scope) {
  const s = sellerScope(scope, "erp");
  const businessId = s.actor.member.businessId;
  const locations = await findLocations(s.db, businessId);
  const cats = await s.db.selectDistinct({ id: productCategories.id, name: productCategories.name, level: productCategories.level })
    .from(productCategories).where(sql`${productCategories.id} IN (SELECT category_id FROM products WHERE business_id = ${businessId})`).orderBy(productCategories.name);
  const brandRows = await s.db.selectDistinct({ id: brands.id, name: brands.name }).from(brands)
    .where(or(eq(brands.businessId, businessId), sql`${brands.id} IN (SELECT brand_id FROM products WHERE business_id = ${businessId})`)).orderBy(brands.name);
  return { locations, categories: cats, brands: brandRows };
}

// Kept referenced: the users table is read by the name subqueries above.
void users;
