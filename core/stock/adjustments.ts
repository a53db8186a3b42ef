/**
 * Stock adjustments (issue 14 item 3): a correction of one location with a reason code (damaged,
 * lost, found, expired, sample, correction, other) and a note, of one line or many (bulk). Each
 * line is a delta (+found, −damaged) applied through the ledger as reason "adjustment", reference
 * ADJ-<id>, the note carried to every movement. The /erp/inventory/adjustment page calls these.
 *
 * Decisions where the spec is silent (it lists adjustment only as a page with tab filters):
 * - Lines name a variant by id, SKU or barcode; the same variant twice is one line (the deltas add
 *   up); a line of 0 is refused. At most 500 lines.
 * - Approval: when the adjustment's absolute value (Σ |delta| × the variant's cost, or its price
 *   when it has none, as counts value a variance) is above the business's adjustment threshold
 *   and its maker does not hold
 *   erp.approve, it is saved awaiting approval and nothing moves; an approver approves (the deltas
 *   are applied to the levels as they are then — never a "set to") or rejects. Otherwise it is
 *   applied at once. A delta that would take a level below 0 refuses naming the SKU (the ledger).
 * - Awaiting adjustments do not hold stock: a shortage approved later may then be refused.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "#db/client.ts";
import { products, productVariants, stockAdjustmentLines, stockAdjustments } from "#db/schema/index.ts";
import { sellerScope, type Scope, type SellerScope } from "#core/actor.ts";
import { canAccess } from "#core/auth/privileges.ts";
import { NotFound, Refused } from "#core/errors.ts";
import { recordHistory } from "#core/lib/history.ts";
import { contains, offsetOf } from "#core/lib/list-query.ts";
import { applyStockChanges, type StockLocation } from "./stock-ledger.ts";
import { findLocations, locationKey, parseLocationKey } from "./locations.ts";
import { locationField } from "./opname.ts";
import { adjustmentNeedsApproval, readInventorySettings } from "./inventory-settings.ts";
import { ADJUSTMENT_LIFECYCLE, ADJUSTMENT_REASONS, ADJUSTMENT_STATUSES } from "./opname-lifecycle.ts";

const MAX_LINES = 500;
const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

const lineBody = z.object({
  code: z.preprocess(blank, z.string().trim().max(100, "too_long").optional()),
  variant_id: z.preprocess(blank, z.coerce.number().int("invalid").positive("invalid").max(2147483647, "invalid").optional()),
  delta: z.preprocess(blank, z.coerce.number({ message: "invalid" }).int("opname:errors.count_whole")
    .min(-1_000_000, "invalid").max(1_000_000, "invalid").refine((n) => n !== 0, "opname:errors.delta_zero").optional()),
});

export const adjustmentBody = z.object({
  location: locationField,
  reason_code: z.enum(ADJUSTMENT_REASONS, { message: "required" }),
  note: z.preprocess(blank, z.string().trim().max(500, "too_long").optional()),
  // A form's empty rows (no code, no quantity) are left out before the lines are checked.
  lines: z.preprocess(
    (v) => (Array.isArray(v) ? v.filter((l) => l && typeof l === "object" && Object.values(l).some((x) => x !== "" && x != null)) : v),
    z.array(lineBody, { message: "opname:errors.lines_required" }).min(1, "opname:errors.lines_required").max(MAX_LINES, "too_long"),
  ),
}).superRefine((b, ctx) => {
  b.lines.forEach((l, i) => {
    if (!l.code && !l.variant_id) ctx.addIssue({ code: "custom", path: ["lines", i, "code"], message: "required" });
    if (l.delta === undefined) ctx.addIssue({ code: "custom", path: ["lines", i, "delta"], message: "required" });
  });
});
export type AdjustmentBody = z.infer<typeof adjustmentBody>;

export const adjustmentListQuery = z.object({
  page: z.coerce.number().int().min(1, "invalid").default(1),
  limit: z.coerce.number().int().min(1, "invalid").max(150, "invalid").default(10),
  search: z.string().trim().max(100, "too_long").optional(),
  status: z.preprocess(blank, z.enum(ADJUSTMENT_STATUSES, { message: "invalid" }).optional()),
  reason_code: z.preprocess(blank, z.enum(ADJUSTMENT_REASONS, { message: "invalid" }).optional()),
  location: z.preprocess(blank, locationField.optional()),
});
export const adjustmentRejectBody = z.object({ note: z.preprocess(blank, z.string().trim().max(500, "too_long").optional()) });

const code = (id: number) => `ADJ-${id}`;
const secs = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);
type Row = typeof stockAdjustments.$inferSelect;
const locationOf = (o: Pick<Row, "storeId" | "warehouseId" | "partitionId">): StockLocation =>
  o.storeId ? { sourceType: 1, storeId: o.storeId } : { sourceType: 2, warehouseId: o.warehouseId!, partitionId: o.partitionId };
const isApprover = (s: SellerScope) => canAccess(s.actor.member, "erp.approve");

const columns = {
  a: stockAdjustments,
  created_by: sql<string | null>`(SELECT name FROM users WHERE users.id = stock_adjustments.created_by)`,
  decided_by: sql<string | null>`(SELECT name FROM users WHERE users.id = stock_adjustments.decided_by)`,
  total_qty: sql<number>`(SELECT coalesce(sum(delta), 0)::int FROM stock_adjustment_lines l WHERE l.adjustment_id = stock_adjustments.id)`,
  total_value: sql<number>`(SELECT coalesce(sum(delta * unit_value), 0)::bigint FROM stock_adjustment_lines l WHERE l.adjustment_id = stock_adjustments.id)`,
  abs_value: sql<number>`(SELECT coalesce(sum(abs(delta) * unit_value), 0)::bigint FROM stock_adjustment_lines l WHERE l.adjustment_id = stock_adjustments.id)`,
  total_line: sql<number>`(SELECT count(*)::int FROM stock_adjustment_lines l WHERE l.adjustment_id = stock_adjustments.id)`,
};
type Selected = { a: Row; created_by: string | null; decided_by: string | null; total_qty: number; total_value: number; abs_value: number; total_line: number };

function adjustmentJson(s: SellerScope, r: Selected, locationName: string) {
  const a = r.a;
  const t = s.actor.t;
  const approver = isApprover(s);
  return {
    adjustment_id: a.id, code: code(a.id), status: a.status, status_name: t(`opname:adjustment.status.${a.status}`),
    location: locationKey(locationOf(a)), location_name: locationName,
    reason_code: a.reasonCode, reason_name: t(`opname:adjustment.reason.${a.reasonCode}`), note: a.note, reject_note: a.rejectNote,
    total_line: Number(r.total_line), total_qty: Number(r.total_qty), total_value: Number(r.total_value), abs_value: Number(r.abs_value),
    created_by: r.created_by, decided_by: r.decided_by,
    actions: ADJUSTMENT_LIFECYCLE.filter((m) => m.from === a.status && (!m.approver || approver)).map((m) => m.action),
    time_created: secs(a.timeCreated)!, time_adjusted: secs(a.timeAdjusted),
  };
}
export type AdjustmentJson = ReturnType<typeof adjustmentJson>;

const names = async (db: Scope["db"], businessId: number) => new Map((await findLocations(db, businessId)).map((l) => [l.key, l.name]));

export async function listAdjustments(scope: Scope, q: z.infer<typeof adjustmentListQuery>) {
  const s = sellerScope(scope, "erp");
  const businessId = s.actor.member.businessId;
  const where: (SQL | undefined)[] = [eq(stockAdjustments.businessId, businessId)];
  if (q.reason_code) where.push(eq(stockAdjustments.reasonCode, q.reason_code));
  if (q.location) {
    const l = parseLocationKey(q.location)!;
    where.push(l.sourceType === 1 ? eq(stockAdjustments.storeId, l.storeId)
      : and(eq(stockAdjustments.warehouseId, l.warehouseId), l.partitionId ? eq(stockAdjustments.partitionId, l.partitionId) : isNull(stockAdjustments.partitionId)));
  }
  if (q.search) {
    const byId = /^(?:adj-?)?(\d{1,9})$/i.exec(q.search)?.[1];
    where.push(or(byId ? eq(stockAdjustments.id, Number(byId)) : undefined, ilike(stockAdjustments.note, contains(q.search))));
  }
  const base = and(...where)!;
  const statusRows = await s.db.select({ status: stockAdjustments.status, n: count() }).from(stockAdjustments).where(base).groupBy(stockAdjustments.status);
  const counts = Object.fromEntries(ADJUSTMENT_STATUSES.map((st) => [st, Number(statusRows.find((r) => r.status === st)?.n ?? 0)])) as Record<string, number>;
  counts.all = Object.values(counts).reduce((a, b) => a + b, 0);
  const rows = await s.db.select(columns).from(stockAdjustments).where(q.status ? and(base, eq(stockAdjustments.status, q.status)) : base)
    .orderBy(desc(stockAdjustments.id)).limit(q.limit).offset(offsetOf(q));
  const n = await names(s.db, businessId);
  return { rows: rows.map((r) => adjustmentJson(s, r, n.get(locationKey(locationOf(r.a))) ?? "-")), total: q.status ? counts[q.status] : counts.all, counts };
}

async function find(s: SellerScope, id: number, db: Scope["db"] = s.db, lock = false) {
  const q = db.select(columns).from(stockAdjustments).where(and(eq(stockAdjustments.businessId, s.actor.member.businessId), eq(stockAdjustments.id, id)));
  const [r] = lock ? await q.for("update", { of: stockAdjustments }) : await q;
  if (!r) throw new NotFound("api-opname:errors.adjustment_not_found");
  return r;
}

export async function getAdjustment(scope: Scope, id: number) {
  const s = sellerScope(scope, "erp");
  return detail(s, await find(s, id), s.db);
}

async function detail(s: SellerScope, r: Selected, db: Scope["db"]) {
  const businessId = s.actor.member.businessId;
  const lines = await db.select({
    variant_id: stockAdjustmentLines.variantId, product_id: stockAdjustmentLines.productId, delta: stockAdjustmentLines.delta, unit_value: stockAdjustmentLines.unitValue,
    product_name: products.name, sku: productVariants.sku, barcode: productVariants.barcode, variant_name: productVariants.variantName, size_name: productVariants.sizeName,
  }).from(stockAdjustmentLines)
    .innerJoin(productVariants, eq(productVariants.id, stockAdjustmentLines.variantId)).innerJoin(products, eq(products.id, stockAdjustmentLines.productId))
    .where(eq(stockAdjustmentLines.adjustmentId, r.a.id)).orderBy(asc(stockAdjustmentLines.id));
  const n = await names(db, businessId);
  return { ...adjustmentJson(s, r, n.get(locationKey(locationOf(r.a))) ?? "-"), lines: lines.map((l) => ({ ...l, value: l.delta * l.unit_value })) };
}

async function apply(tx: Tx, s: SellerScope, a: Row) {
  const lines = await tx.select().from(stockAdjustmentLines).where(eq(stockAdjustmentLines.adjustmentId, a.id)).orderBy(stockAdjustmentLines.variantId);
  const location = locationOf(a);
  const note = [s.actor.t(`opname:adjustment.reason.${a.reasonCode}`), a.note].filter(Boolean).join(": ");
  await applyStockChanges(tx, { businessId: a.businessId, userId: s.actor.user.id, reason: "adjustment", reference: code(a.id), note },
    lines.map((l) => ({ variantId: l.variantId, location, delta: l.delta })));
}

export async function createAdjustment(scope: Scope, body: AdjustmentBody) {
  const s = sellerScope(scope, "erp");
  const businessId = s.actor.member.businessId;
  const l = parseLocationKey(body.location)!;
  return s.db.transaction(async (tx) => {
    const known = await findLocations(tx, businessId);
    if (!known.some((k) => k.key === locationKey(l))) throw new Refused("api-opname:errors.location_invalid", { location: ["api-opname:errors.location_invalid"] });
    const codes = [...new Set(body.lines.flatMap((x) => (x.code ? [x.code.toLowerCase()] : [])))];
    const ids = [...new Set(body.lines.flatMap((x) => (x.variant_id ? [x.variant_id] : [])))];
    const variants = await tx.select({ id: productVariants.id, productId: productVariants.productId, sku: productVariants.sku, barcode: productVariants.barcode, price: sql<number>`coalesce(${productVariants.cost}, ${productVariants.price})`.mapWith(Number) })
      .from(productVariants).where(and(eq(productVariants.businessId, businessId), or(
        codes.length ? inArray(sql`lower(${productVariants.sku})`, codes) : undefined,
        codes.length ? inArray(sql`lower(${productVariants.barcode})`, codes) : undefined,
        ids.length ? inArray(productVariants.id, ids) : undefined,
      ) ?? sql`false`));
    const byCode = new Map<string, (typeof variants)[number]>();
    for (const v of variants) byCode.set(v.sku.toLowerCase(), v);
    for (const v of variants) if (v.barcode) byCode.set(v.barcode.toLowerCase(), v);
    const byId = new Map(variants.map((v) => [v.id, v]));
    const merged = new Map<number, { v: (typeof variants)[number]; delta: number }>();
    const errors: Record<string, string[]> = {};
    body.lines.forEach((x, i) => {
      const v = x.variant_id ? byId.get(x.variant_id) : byCode.get(x.code!.toLowerCase());
      if (!v) { errors[`lines[${i}].${x.variant_id ? "variant_id" : "code"}`] = ["api-opname:errors.unknown_variant"]; return; }
      const m = merged.get(v.id) ?? { v, delta: 0 };
      m.delta += x.delta!;
      merged.set(v.id, m);
    });
    if (Object.keys(errors).length) throw new Refused("api:errors.validation", errors);
    const lines = [...merged.values()].filter((m) => m.delta !== 0);
    if (!lines.length) throw new Refused("api-opname:errors.lines_required", { lines: ["api-opname:errors.lines_required"] });
    const absValue = lines.reduce((sum, m) => sum + Math.abs(m.delta) * m.v.price, 0);
    const waits = !isApprover(s) && adjustmentNeedsApproval(await readInventorySettings(tx, businessId), absValue);
    const [a] = await tx.insert(stockAdjustments).values({
      businessId, storeId: l.sourceType === 1 ? l.storeId : null, warehouseId: l.sourceType === 2 ? l.warehouseId : null,
      partitionId: l.sourceType === 2 ? l.partitionId ?? null : null, reasonCode: body.reason_code, note: body.note ?? null,
      status: waits ? "awaiting_approval" : "adjusted", createdBy: s.actor.user.id, timeAdjusted: waits ? null : new Date(),
    }).returning();
    await tx.insert(stockAdjustmentLines).values(lines.map((m) => ({ adjustmentId: a.id, businessId, productId: m.v.productId, variantId: m.v.id, delta: m.delta, unitValue: m.v.price })));
    if (!waits) await apply(tx, s, a);
    await recordHistory(tx, { businessId, refType: "stock_adjustment", refId: a.id, userId: s.actor.user.id, action: "create",
      changes: { status: { from: null, to: a.status }, reason_code: { from: null, to: body.reason_code } } });
    return detail(s, await find(s, a.id, tx), tx);
  });
}

export async function decideAdjustment(scope: Scope, id: number, action: "approve" | "reject", body: z.infer<typeof adjustmentRejectBody> = {}) {
  const s = sellerScope(scope, "erp.approve");
  return s.db.transaction(async (tx) => {
    const r = await find(s, id, tx, true);
    const move = ADJUSTMENT_LIFECYCLE.find((m) => m.from === r.a.status && m.action === action);
    if (!move) throw new Refused("api-opname:errors.not_allowed", { action: ["api-opname:errors.not_allowed"] }, { action, status: r.a.status, code: code(id) });
    if (action === "approve") await apply(tx, s, r.a);
    await tx.update(stockAdjustments).set({
      status: move.to, decidedBy: s.actor.user.id, rejectNote: action === "reject" ? body.note ?? null : null,
      timeAdjusted: action === "approve" ? new Date() : null,
    }).where(eq(stockAdjustments.id, id));
    await recordHistory(tx, { businessId: r.a.businessId, refType: "stock_adjustment", refId: id, userId: s.actor.user.id, action,
      changes: { status: { from: r.a.status, to: move.to } } });
    return detail(s, await find(s, id, tx), tx);
  });
}
