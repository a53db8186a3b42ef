/**
 * The stock ledger: the only code that changes `stock_levels`, `stock_movements` and the stock sums
 * on `products`. Every caller — product edits, bulk uploads, mass updates, and later orders,
 * transfers and opname — hands it a batch of changes inside its own transaction:
 *
 *   await db.transaction((tx) => applyStockChanges(tx, { businessId, userId, reason: "manual" }, changes));
 *
 * One call per transaction: it locks the levels it touches in id order and then the products in
 * id order, so two batches never wait on each other in a circle. A change is either a delta
 * (+5, −1), a target ("set to 12": opname, mass update) or a person's edit of the figure they were
 * shown (the product form: see `edit`); a reservation change moves `reserved`. A change that would make on-hand, reserved or available negative refuses
 * the whole batch with a 422 naming the SKU and location: nothing of the batch is written.
 *
 * A published product whose available stock falls to its minimum (min_stock) is told to the staff
 * with the Product privilege (core/notifications, "low_stock"), in the same transaction.
 *
 * The pure rule (`nextLevel`) is separate so it can be tested on any sequence of changes.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "#db/client.ts";
import { productVariants, stockLevels, stockMovements, stores, warehousePartitions, warehouses } from "#db/schema/index.ts";
import { NotFound, Refused } from "#core/errors.ts";
import { notify } from "#core/notifications/notify.ts";

export const STOCK_REASONS = ["initial", "manual", "bulk_upload", "mass_update", "order", "transfer", "opname", "adjustment", "package"] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** Source types of the spec: 1 Store, 2 Warehouse. */
export type StockLocation =
  | { sourceType: 1; storeId: number }
  | { sourceType: 2; warehouseId: number; partitionId?: number | null };

export type StockChange = {
  variantId: number;
  location: StockLocation;
  /** Add to on-hand (negative takes away). */
  delta?: number;
  /** Set on-hand to this (wins over delta and edit). */
  set?: number;
  /**
   * A person changed the figure they were shown from `from` to `to` (the product form): applied as
   * the difference, so a sale made meanwhile is not undone — unless the level already shows `to`,
   * which is the same form sent twice (a double click, a resent page) and changes nothing.
   */
  edit?: { from: number; to: number };
  /** Add to reserved (an order reserving or releasing stock). */
  reservedDelta?: number;
};

export type StockContext = {
  businessId: number;
  userId: number | null;
  reason: StockReason;
  reference?: string | null;
  note?: string | null;
  /**
   * The stock count (core/stock/opname.ts) whose own adjustment this batch is: the only changes a
   * location locked by that count lets through.
   */
  opnameId?: number | null;
};

export type Level = { onHand: number; reserved: number };

/** The rule every change obeys: on-hand, reserved and available (on-hand − reserved) stay ≥ 0. */
export function nextLevel(level: Level, change: Pick<StockChange, "delta" | "set" | "edit" | "reservedDelta">): Level | null {
  const edited = change.edit && (level.onHand === change.edit.to ? level.onHand : level.onHand + change.edit.to - change.edit.from);
  const onHand = change.set ?? edited ?? level.onHand + (change.delta ?? 0);
  const reserved = level.reserved + (change.reservedDelta ?? 0);
  if (!Number.isSafeInteger(onHand) || !Number.isSafeInteger(reserved)) return null;
  if (onHand < 0 || reserved < 0 || reserved > onHand) return null;
  return { onHand, reserved };
}

const locationKey = (variantId: number, l: StockLocation) =>
  l.sourceType === 1 ? `${variantId}:s${l.storeId}` : `${variantId}:w${l.warehouseId}:${l.partitionId ?? ""}`;

export type AppliedChange = { stockLevelId: number; variantId: number; productId: number; before: Level; after: Level };

/**
 * Applies the batch; answers the levels before and after. Changes to the same variant and
 * location are applied in the order given.
 */
export async function applyStockChanges(tx: Tx, ctx: StockContext, changes: StockChange[]): Promise<AppliedChange[]> {
  if (!changes.length) return [];
  const { businessId } = ctx;
  const variantIds = [...new Set(changes.map((c) => c.variantId))];
  const variants = await tx
    .select({ id: productVariants.id, productId: productVariants.productId, sku: productVariants.sku })
    .from(productVariants)
    .where(and(eq(productVariants.businessId, businessId), inArray(productVariants.id, variantIds)));
  const variantById = new Map(variants.map((v) => [v.id, v]));
  if (variantById.size !== variantIds.length) throw new NotFound("api:stock.unknown_variant");
  await checkLocations(tx, businessId, changes.map((c) => c.location));

  // Make sure every level row exists, then lock them all in id order. New rows are inserted in
  // one fixed order too: two batches making the same new rows would otherwise wait on each other.
  const keys = new Map<string, StockChange>();
  for (const c of changes) keys.set(locationKey(c.variantId, c.location), c);
  const fresh = [...keys].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, c]) => c);
  await tx
    .insert(stockLevels)
    .values(fresh.map((c) => ({
      businessId,
      productId: variantById.get(c.variantId)!.productId,
      variantId: c.variantId,
      storeId: c.location.sourceType === 1 ? c.location.storeId : null,
      warehouseId: c.location.sourceType === 2 ? c.location.warehouseId : null,
      partitionId: c.location.sourceType === 2 ? c.location.partitionId ?? null : null,
    })))
    .onConflictDoNothing();
  const rows = await tx
    .select()
    .from(stockLevels)
    .where(and(eq(stockLevels.businessId, businessId), inArray(stockLevels.variantId, variantIds)))
    .orderBy(stockLevels.id)
    .for("update");
  // Locked locations (a count in progress, core/stock/opname.ts): read after the levels are
  // locked, so a count that locks a location and snapshots its levels (FOR SHARE) either waited
  // for this batch or is seen by it.
  await refuseLocked(tx, ctx, changes);
  const levelByKey = new Map(rows.map((r) => [
    locationKey(r.variantId, r.storeId != null
      ? { sourceType: 1, storeId: r.storeId }
      : { sourceType: 2, warehouseId: r.warehouseId!, partitionId: r.partitionId }),
    r,
  ]));

  const current = new Map<number, Level>();
  const applied: AppliedChange[] = [];
  for (const c of changes) {
    const row = levelByKey.get(locationKey(c.variantId, c.location))!;
    const before = current.get(row.id) ?? { onHand: row.onHand, reserved: row.reserved };
    const after = nextLevel(before, c);
    if (!after) {
      const sku = variantById.get(c.variantId)!.sku;
      throw new Refused("api:stock.negative", { stock: ["api:stock.negative"] }, { sku, available: before.onHand - before.reserved });
    }
    current.set(row.id, after);
    applied.push({ stockLevelId: row.id, variantId: c.variantId, productId: row.productId, before, after });
  }

  const now = new Date();
  const changedLevels = [...current].filter(([id, l]) => {
    const row = rows.find((r) => r.id === id)!;
    return row.onHand !== l.onHand || row.reserved !== l.reserved;
  });
  for (const [id, l] of changedLevels) {
    await tx.update(stockLevels).set({ onHand: l.onHand, reserved: l.reserved, timeModified: now }).where(eq(stockLevels.id, id));
  }
  const moved = applied.filter((a) => a.before.onHand !== a.after.onHand || a.before.reserved !== a.after.reserved);
  if (moved.length) {
    const rowById = new Map(rows.map((r) => [r.id, r]));
    await tx.insert(stockMovements).values(moved.map((a) => {
      const r = rowById.get(a.stockLevelId)!;
      return {
        businessId, stockLevelId: a.stockLevelId, productId: a.productId, variantId: a.variantId,
        storeId: r.storeId, warehouseId: r.warehouseId, partitionId: r.partitionId,
        onHandBefore: a.before.onHand, onHandAfter: a.after.onHand,
        reservedBefore: a.before.reserved, reservedAfter: a.after.reserved,
        reason: ctx.reason, reference: ctx.reference ?? null, note: ctx.note ?? null, userId: ctx.userId, timeCreated: now,
      };
    }));
  }

  // The product sums move by what the levels moved, in product id order.
  const sums = new Map<number, { onHand: number; available: number }>();
  for (const a of moved) {
    const s = sums.get(a.productId) ?? { onHand: 0, available: 0 };
    s.onHand += a.after.onHand - a.before.onHand;
    s.available += (a.after.onHand - a.after.reserved) - (a.before.onHand - a.before.reserved);
    sums.set(a.productId, s);
  }
  for (const [productId, s] of [...sums].sort(([a], [b]) => a - b)) {
    if (!s.onHand && !s.available) continue;
    const { rows: [p] } = await tx.execute<{ name: string; available: number; min_stock: number; status: string }>(sql`
      UPDATE products SET on_hand = on_hand + ${s.onHand}, available = available + ${s.available}
       WHERE id = ${productId} AND business_id = ${businessId}
      RETURNING name, available, min_stock, status`);
    // Fell to its minimum just now (the dashboard's "low stock": published, available ≤ minimum).
    if (p && p.status === "published" && s.available < 0 && p.available <= p.min_stock && p.available - s.available > p.min_stock) {
      await notify(tx, businessId, "low_stock", {
        ref: { type: "product", id: productId }, link: `/products/${productId}/edit`, vars: { product: p.name, available: p.available },
      });
    }
  }
  return applied;
}

/**
 * A change landing in a location an open count has locked is refused (422, naming the count),
 * unless the batch is that count's own adjustment (ctx.opnameId). The lock is the exact location
 * the count counts: a store, a warehouse's own shelf, or one partition.
 */
async function refuseLocked(tx: Tx, ctx: StockContext, changes: StockChange[]) {
  const { rows: locks } = await tx.execute<{ id: number; store_id: number | null; warehouse_id: number | null; partition_id: number | null }>(sql`
    SELECT id, store_id, warehouse_id, partition_id FROM stock_opnames
     WHERE business_id = ${ctx.businessId} AND locked AND status IN ('draft', 'awaiting_approval')`);
  if (!locks.length) return;
  for (const c of changes) {
    const l = c.location;
    const lock = locks.find((k) => k.id !== ctx.opnameId && (l.sourceType === 1
      ? k.store_id === l.storeId
      : k.warehouse_id === l.warehouseId && (k.partition_id ?? null) === (l.partitionId ?? null)));
    if (lock) throw new Refused("api:stock.location_locked", { stock: ["api:stock.location_locked"] }, { reference: `OPN-${lock.id}` });
  }
}

/** Every store, warehouse and partition named must be the business's own (another's is a 404). */
async function checkLocations(tx: Tx, businessId: number, locations: StockLocation[]) {
  const storeIds = [...new Set(locations.flatMap((l) => (l.sourceType === 1 ? [l.storeId] : [])))];
  const warehouseIds = [...new Set(locations.flatMap((l) => (l.sourceType === 2 ? [l.warehouseId] : [])))];
  const partitions = locations.flatMap((l) => (l.sourceType === 2 && l.partitionId != null ? [l] : []));
  // One after the other: a transaction's connection runs one query at a time.
  const s = storeIds.length
    ? await tx.select({ id: stores.id }).from(stores).where(and(eq(stores.businessId, businessId), inArray(stores.id, storeIds)))
    : [];
  const w = warehouseIds.length
    ? await tx.select({ id: warehouses.id }).from(warehouses).where(and(eq(warehouses.businessId, businessId), inArray(warehouses.id, warehouseIds)))
    : [];
  const p = partitions.length
    ? await tx.select({ id: warehousePartitions.id, warehouseId: warehousePartitions.warehouseId }).from(warehousePartitions)
      .where(and(eq(warehousePartitions.businessId, businessId), inArray(warehousePartitions.id, partitions.map((l) => l.partitionId!))))
    : [];
  const partitionOk = (l: (typeof partitions)[number]) =>
    p.some((r) => r.id === l.partitionId && l.sourceType === 2 && r.warehouseId === l.warehouseId);
  if (s.length !== storeIds.length || w.length !== warehouseIds.length || !partitions.every(partitionOk)) {
    throw new NotFound("api:stock.unknown_location");
  }
}

/** Stock of variants per location, for the editor and pickers (available = on hand − reserved). */
export async function stockOf(tx: Tx, businessId: number, variantIds: number[]) {
  if (!variantIds.length) return [];
  return tx
    .select({
      variantId: stockLevels.variantId, storeId: stockLevels.storeId, warehouseId: stockLevels.warehouseId,
      partitionId: stockLevels.partitionId, onHand: stockLevels.onHand, reserved: stockLevels.reserved,
    })
    .from(stockLevels)
    .where(and(eq(stockLevels.businessId, businessId), inArray(stockLevels.variantId, variantIds)));
}
