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
 *
 * A location locked by an open stock count (core/stock/opname.ts) takes no change except that
 * count's own adjustment (ctx.opnameId): refuseLocked, read after the levels are locked.
 * A batch of more than BULK_FROM changes (a count of thousands of lines) writes its levels,
 * movements and product sums in a few array statements instead of one per row (bench/opname.ts:
 * 5,000 lines adjust in about 1 s); the locking order is the same.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "#db/client.ts";
import { productVariants, stockLevels, stockMovements, stores, warehousePartitions, warehouses } from "#db/schema/index.ts";
import { NotFound, Refused } from "#core/errors.ts";
import { notify } from "#core/notifications/notify.ts";

// The reasons live with the pages' options (browser-safe); the ledger writes only these.
import { STOCK_REASONS, type StockReason } from "./inventory-options.ts";
export { STOCK_REASONS, type StockReason };

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

/** Rows per INSERT (a statement takes at most 65,535 parameters); from BULK_FROM rows on, updates are one statement. */
const CHUNK = 2000;
const BULK_FROM = 20;
const intArray = (ns: number[]) => `{${ns.map((n) => Math.trunc(n)).join(",")}}`;

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
    .where(and(eq(productVariants.businessId, businessId), variantIds.length > BULK_FROM
      ? sql`${productVariants.id} = ANY(${intArray(variantIds)}::int[])` : inArray(productVariants.id, variantIds)));
  const variantById = new Map(variants.map((v) => [v.id, v]));
  if (variantById.size !== variantIds.length) throw new NotFound("api:stock.unknown_variant");
  await checkLocations(tx, businessId, changes.map((c) => c.location));

  // Make sure every level row exists, then lock them all in id order. New rows are inserted in
  // one fixed order too: two batches making the same new rows would otherwise wait on each other.
  const keys = new Map<string, StockChange>();
  for (const c of changes) keys.set(locationKey(c.variantId, c.location), c);
  const levelKeyOf = (r: typeof stockLevels.$inferSelect) => locationKey(r.variantId, r.storeId != null
    ? { sourceType: 1, storeId: r.storeId }
    : { sourceType: 2, warehouseId: r.warehouseId!, partitionId: r.partitionId });
  const variantFilter = variantIds.length > BULK_FROM
    ? sql`${stockLevels.variantId} = ANY(${intArray(variantIds)}::int[])` : inArray(stockLevels.variantId, variantIds);
  // A big batch mostly changes rows that exist: only the missing ones are inserted.
  const existing = changes.length > BULK_FROM
    ? new Set((await tx.select().from(stockLevels).where(and(eq(stockLevels.businessId, businessId), variantFilter))).map(levelKeyOf))
    : new Set<string>();
  const fresh = [...keys].filter(([k]) => !existing.has(k)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, c]) => c);
  for (let i = 0; i < fresh.length; i += CHUNK) await tx
    .insert(stockLevels)
    .values(fresh.slice(i, i + CHUNK).map((c) => ({
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
    .where(and(eq(stockLevels.businessId, businessId), variantFilter))
    .orderBy(stockLevels.id)
    .for("update");
  // Locked locations (a count in progress, core/stock/opname.ts): read after the levels are
  // locked, so a count that locks a location and snapshots its levels (FOR SHARE) either waited
  // for this batch or is seen by it.
  await refuseLocked(tx, ctx, changes);
  const levelByKey = new Map(rows.map((r) => [levelKeyOf(r), r]));

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
  const rowById = new Map(rows.map((r) => [r.id, r]));
  const changedLevels = [...current].filter(([id, l]) => {
    const row = rowById.get(id)!;
    return row.onHand !== l.onHand || row.reserved !== l.reserved;
  });
  // Large batches (a count of thousands of lines) write in a few statements, not one per row:
  // the rows are already locked, so the order of the writes cannot make anyone wait in a circle.
  if (changedLevels.length <= BULK_FROM) {
    for (const [id, l] of changedLevels) {
      await tx.update(stockLevels).set({ onHand: l.onHand, reserved: l.reserved, timeModified: now }).where(eq(stockLevels.id, id));
    }
  } else {
    await tx.execute(sql`
      UPDATE stock_levels sl SET on_hand = x.on_hand, reserved = x.reserved, time_modified = ${now}
        FROM unnest(${intArray(changedLevels.map(([id]) => id))}::int[], ${intArray(changedLevels.map(([, l]) => l.onHand))}::int[],
                    ${intArray(changedLevels.map(([, l]) => l.reserved))}::int[]) AS x(id, on_hand, reserved)
       WHERE sl.id = x.id`);
  }
  const moved = applied.filter((a) => a.before.onHand !== a.after.onHand || a.before.reserved !== a.after.reserved);
  if (moved.length > BULK_FROM) {
    // One statement of arrays (a VALUES list of thousands of rows costs seconds to build and bind).
    const col = (f: (a: AppliedChange, r: typeof rows[number]) => number | null) =>
      `{${moved.map((a) => { const v = f(a, rowById.get(a.stockLevelId)!); return v === null ? "NULL" : Math.trunc(v); }).join(",")}}`;
    await tx.execute(sql`
      INSERT INTO stock_movements (business_id, stock_level_id, product_id, variant_id, store_id, warehouse_id, partition_id,
                                   on_hand_before, on_hand_after, reserved_before, reserved_after, reason, reference, note, user_id, time_created)
      SELECT ${businessId}, x.level_id, x.product_id, x.variant_id, x.store_id, x.warehouse_id, x.partition_id,
             x.ob, x.oa, x.rb, x.ra, ${ctx.reason}, ${ctx.reference ?? null}, ${ctx.note ?? null}, ${ctx.userId}::int, ${now}
        FROM unnest(${col((a) => a.stockLevelId)}::int[], ${col((a) => a.productId)}::int[], ${col((a) => a.variantId)}::int[],
                    ${col((_, r) => r.storeId)}::int[], ${col((_, r) => r.warehouseId)}::int[], ${col((_, r) => r.partitionId)}::int[],
                    ${col((a) => a.before.onHand)}::int[], ${col((a) => a.after.onHand)}::int[],
                    ${col((a) => a.before.reserved)}::int[], ${col((a) => a.after.reserved)}::int[])
             WITH ORDINALITY AS x(level_id, product_id, variant_id, store_id, warehouse_id, partition_id, ob, oa, rb, ra, n)
       ORDER BY x.n`);
  } else if (moved.length) {
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
  const sorted = [...sums].sort(([a], [b]) => a - b).filter(([, s]) => s.onHand || s.available);
  type Summed = { id: number; name: string; available: number; min_stock: number; status: string };
  let updated: Summed[] = [];
  if (sorted.length <= BULK_FROM) {
    for (const [productId, s] of sorted) {
      const { rows: [p] } = await tx.execute<Summed>(sql`
        UPDATE products SET on_hand = on_hand + ${s.onHand}, available = available + ${s.available}
         WHERE id = ${productId} AND business_id = ${businessId}
        RETURNING id, name, available, min_stock, status`);
      if (p) updated.push(p);
    }
  } else {
    // Locked in id order first (as the loop above does), then written in one statement.
    const ids = sorted.map(([id]) => id);
    await tx.execute(sql`SELECT id FROM products WHERE id = ANY(${intArray(ids)}::int[]) AND business_id = ${businessId} ORDER BY id FOR UPDATE`);
    ({ rows: updated } = await tx.execute<Summed>(sql`
      UPDATE products p SET on_hand = p.on_hand + x.on_hand, available = p.available + x.available
        FROM unnest(${intArray(ids)}::int[], ${intArray(sorted.map(([, s]) => s.onHand))}::int[], ${intArray(sorted.map(([, s]) => s.available))}::int[])
             AS x(id, on_hand, available)
       WHERE p.id = x.id AND p.business_id = ${businessId}
      RETURNING p.id, p.name, p.available, p.min_stock, p.status`));
    updated.sort((a, b) => a.id - b.id);
  }
  for (const p of updated) {
    const s = sums.get(p.id)!;
    // Fell to its minimum just now (the dashboard's "low stock": published, available ≤ minimum).
    if (p.status === "published" && s.available < 0 && p.available <= p.min_stock && p.available - s.available > p.min_stock) {
      await notify(tx, businessId, "low_stock", {
        ref: { type: "product", id: p.id }, link: `/products/${p.id}/edit`, vars: { product: p.name, available: p.available },
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
  const locks = await openLocks(tx, ctx.businessId);
  if (!locks.length) return;
  for (const c of changes) {
    const lock = lockAt(locks, c.location, ctx.opnameId);
    if (lock) throw new Refused("api:stock.location_locked", { stock: ["api:stock.location_locked"] }, { reference: `OPN-${lock.id}` });
  }
}

export type OpenLock = { id: number; store_id: number | null; warehouse_id: number | null; partition_id: number | null };

/** The business's locations locked by an open stock count (docs/decisions/0018). */
export async function openLocks(tx: Tx, businessId: number): Promise<OpenLock[]> {
  const { rows } = await tx.execute<OpenLock>(sql`
    SELECT id, store_id, warehouse_id, partition_id FROM stock_opnames
     WHERE business_id = ${businessId} AND locked AND status IN ('draft', 'awaiting_approval')`);
  return rows;
}

/** The count locking `l` (other than `except`, the count's own adjustment), if any. */
export function lockAt(locks: OpenLock[], l: StockLocation, except?: number | null) {
  return locks.find((k) => k.id !== except && (l.sourceType === 1
    ? k.store_id === l.storeId
    : k.warehouse_id === l.warehouseId && (k.partition_id ?? null) === (l.partitionId ?? null)));
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
