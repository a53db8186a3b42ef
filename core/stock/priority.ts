/**
 * The last stock priority (spec section 2 /omnichannel/pos-report/inventory/last-stock-priority,
 * issue 14 item 6): per business, the ordered list of locations an online order takes its stock
 * from. The seller orders it and may leave locations out (the page, GET/PUT
 * /v1.0.0/inventories/last-stock-priority); orders read it when they take their stock
 * (core/orders/actions.ts locate → chooseSources, in the order's own transaction).
 *
 * Decisions where the spec is silent:
 * - Per line, not per order: each line of an order is taken from the first location in the list
 *   that has enough available (on hand − reserved) for the whole line — a line is never split over
 *   two locations, lines of one order may come from different ones. Lines of the same order that
 *   want the same level count against each other.
 * - A whole warehouse in the list means anywhere in it: the partition (or the warehouse's own
 *   shelf) with the most available that has enough; a partition means that partition only.
 * - No location in the list has enough, or the list is empty: today's rule, unchanged — the
 *   order's own source (core/orders/intake.ts sourceFor: the channel's store, the default
 *   warehouse, the default store), in a warehouse the partition with the most available; the
 *   ledger then refuses as before if even that is short. So nothing oversells and nothing that
 *   worked before stops working.
 * - Store-pickup orders are not sourced by the priority: the buyer comes to that store, so it is
 *   that store's stock. Inactive stores and warehouses stay in the list (the seller's order is
 *   kept) but are skipped, and so is a location a stock count has locked (decision 0018): the
 *   next one in the list supplies the line; with none, the order's own source is refused by the
 *   ledger as locked, and the seller accepts again after the count.
 * - Concurrency: chooseSources locks the stock levels of the order's variants (FOR UPDATE, in id
 *   order — the order the ledger locks them in, so no new deadlock) before reading what is
 *   available, so two orders choosing at once see each other's reservations: the second one moves
 *   on to the next location instead of overselling or being refused.
 * - Changing the list: one writer at a time per business (an advisory lock); the page's up / down
 *   / remove / add buttons and the API's PUT (the whole list, so sending it twice is the same
 *   list) both end in `save`. Recorded in the update history (audit log) as "stock_priority".
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "#db/client.ts";
import { stockLevels, stockPriorities, stores, warehouses } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { NotFound, Refused } from "#core/errors.ts";
import { recordHistory } from "#core/lib/history.ts";
import { findLocations, locationKey, parseLocationKey, type LocationOption } from "./locations.ts";
import { lockAt, openLocks, type StockLocation } from "./stock-ledger.ts";

export const MAX_PRIORITY = 200;

const keyField = z.string({ error: "invalid" }).trim().max(40, "invalid").refine((v) => parseLocationKey(v) !== null, "invalid");

/** PUT: the whole list, first location first (keys as locations.ts writes them). */
export const priorityBody = z.object({
  locations: z.preprocess(
    (v) => (typeof v === "string" ? (v === "" ? [] : v.split(",")) : v),
    z.array(keyField, { error: "invalid" }).max(MAX_PRIORITY, "too_long")
      .refine((a) => new Set(a).size === a.length, "stock-priority:errors.duplicate"),
  ),
});
export type PriorityBody = z.infer<typeof priorityBody>;

/** The page's buttons: one location moved up or down, removed, or added at the end. */
export const priorityMove = z.object({
  location: keyField,
  move: z.enum(["up", "down", "remove", "add"], { error: "invalid" }),
});
export type PriorityMove = z.infer<typeof priorityMove>;

function entryJson(e: LocationOption, position: number | null) {
  const l = e.location;
  return {
    position,
    location_key: e.key,
    kind: e.kind,
    name: e.name,
    is_active: e.active,
    source_type: l.sourceType,
    store_id: l.sourceType === 1 ? l.storeId : null,
    warehouse_id: l.sourceType === 2 ? l.warehouseId : null,
    partition_id: l.sourceType === 2 ? l.partitionId ?? null : null,
  };
}
export type PriorityEntry = ReturnType<typeof entryJson>;

const rowKey = (r: { storeId: number | null; warehouseId: number | null; partitionId: number | null }) =>
  r.storeId != null ? `store-${r.storeId}` : r.partitionId != null ? `warehouse-${r.warehouseId}-${r.partitionId}` : `warehouse-${r.warehouseId}`;

async function savedKeys(db: Db | Tx, businessId: number) {
  const rows = await db.select({ storeId: stockPriorities.storeId, warehouseId: stockPriorities.warehouseId, partitionId: stockPriorities.partitionId })
    .from(stockPriorities).where(eq(stockPriorities.businessId, businessId)).orderBy(asc(stockPriorities.position));
  return rows.map(rowKey);
}

async function priorityOf(db: Db | Tx, businessId: number) {
  const all = await findLocations(db, businessId);
  const keys = await savedKeys(db, businessId);
  const byKey = new Map(all.map((e) => [e.key, e]));
  const used = keys.flatMap((k) => (byKey.has(k) ? [byKey.get(k)!] : []));
  return {
    locations: used.map((e, i) => entryJson(e, i + 1)),
    unused: all.filter((e) => !keys.includes(e.key)).map((e) => entryJson(e, null)),
  };
}

/** GET: the list in order, and the business's locations not in it. */
export async function stockPriority(scope: Scope) {
  const { db, actor } = sellerScope(scope, "omnichannel");
  return priorityOf(db, actor.member.businessId);
}

/** Writes the list (every key must be one of the business's locations; another's is refused). */
async function save(scope: Scope, change: (current: string[], known: Set<string>) => string[]) {
  const { db, actor } = sellerScope(scope, "omnichannel");
  const businessId = actor.member.businessId;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('stock-priority'), ${businessId})`);
    const known = new Set((await findLocations(tx, businessId)).map((e) => e.key));
    const before = await savedKeys(tx, businessId);
    const after = change(before, known);
    const unknown = after.filter((k) => !known.has(k));
    if (unknown.length) throw new Refused("stock-priority:errors.unknown_location", { locations: ["stock-priority:errors.unknown_location"] }, { location: unknown[0] });
    if (after.join() === before.join()) return;
    await tx.delete(stockPriorities).where(eq(stockPriorities.businessId, businessId));
    if (after.length) {
      await tx.insert(stockPriorities).values(after.map((k, i) => {
        const l = parseLocationKey(k)!;
        return {
          businessId, position: i + 1,
          storeId: l.sourceType === 1 ? l.storeId : null,
          warehouseId: l.sourceType === 2 ? l.warehouseId : null,
          partitionId: l.sourceType === 2 ? l.partitionId ?? null : null,
        };
      }));
    }
    await recordHistory(tx, {
      businessId, refType: "stock_priority", refId: businessId, userId: actor.user.id, action: "update",
      changes: { locations: { from: before.join(", "), to: after.join(", ") } },
    });
  });
  return priorityOf(db, businessId);
}

/** PUT: the whole list at once. */
export function setStockPriority(scope: Scope, body: PriorityBody) {
  return save(scope, () => body.locations.map((k) => locationKey(parseLocationKey(k)!)));
}

/** The page's buttons. Moving past either end, removing what is not there or adding twice changes nothing. */
export function moveStockPriority(scope: Scope, body: PriorityMove) {
  const key = locationKey(parseLocationKey(body.location)!);
  return save(scope, (current, known) => {
    if (!known.has(key)) throw new NotFound("stock-priority:errors.unknown_location");
    const list = [...current];
    const at = list.indexOf(key);
    if (body.move === "add") return at < 0 ? [...list, key] : list;
    if (at < 0) return list;
    if (body.move === "remove") return list.filter((k) => k !== key);
    const to = body.move === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= list.length) return list;
    [list[at], list[to]] = [list[to], list[at]];
    return list;
  });
}

// ---------------------------------------------------------------------------------------------
// Orders: where each line's stock comes from
// ---------------------------------------------------------------------------------------------

/** The business's priority as locations, active ones only, first first (read inside the order's transaction). */
async function activePriority(tx: Tx, businessId: number): Promise<StockLocation[]> {
  const rows = await tx
    .select({ storeId: stockPriorities.storeId, warehouseId: stockPriorities.warehouseId, partitionId: stockPriorities.partitionId })
    .from(stockPriorities)
    .leftJoin(stores, eq(stores.id, stockPriorities.storeId))
    .leftJoin(warehouses, eq(warehouses.id, stockPriorities.warehouseId))
    .where(and(eq(stockPriorities.businessId, businessId), sql`coalesce(${stores.status}, ${warehouses.status}) = 1`))
    .orderBy(asc(stockPriorities.position));
  return rows.map((r) => (r.storeId != null
    ? { sourceType: 1, storeId: r.storeId }
    : { sourceType: 2, warehouseId: r.warehouseId!, partitionId: r.partitionId }));
}

export type SourcedLine = { id: number; variantId: number; quantity: number };

/**
 * The level each line takes its stock from by the priority (see the header), or no entry for a
 * line none of the listed locations can serve (the caller keeps today's rule for it). Locks the
 * levels of the lines' variants first, so the figures read stay true until the transaction ends.
 */
export async function chooseSources(tx: Tx, businessId: number, lines: SourcedLine[]): Promise<Map<number, StockLocation>> {
  const chosen = new Map<number, StockLocation>();
  if (!lines.length) return chosen;
  const priority = await activePriority(tx, businessId);
  if (!priority.length) return chosen;
  const variantIds = [...new Set(lines.map((l) => l.variantId))];
  const levels = await tx
    .select({
      id: stockLevels.id, variantId: stockLevels.variantId, storeId: stockLevels.storeId, warehouseId: stockLevels.warehouseId,
      partitionId: stockLevels.partitionId, onHand: stockLevels.onHand, reserved: stockLevels.reserved,
    })
    .from(stockLevels)
    .where(and(eq(stockLevels.businessId, businessId), inArray(stockLevels.variantId, variantIds)))
    .orderBy(asc(stockLevels.id))
    .for("update");
  // A location a stock count has locked takes nothing (decision 0018): the next one in the list does.
  const locks = await openLocks(tx, businessId);
  const locationOf = (l: (typeof levels)[number]): StockLocation =>
    l.storeId != null ? { sourceType: 1, storeId: l.storeId } : { sourceType: 2, warehouseId: l.warehouseId!, partitionId: l.partitionId };
  const available = new Map(levels.map((l) => [l.id, lockAt(locks, locationOf(l)) ? -1 : l.onHand - l.reserved]));
  for (const line of lines) {
    for (const place of priority) {
      const candidates = levels
        .filter((l) => l.variantId === line.variantId && (place.sourceType === 1
          ? l.storeId === place.storeId
          : l.warehouseId === place.warehouseId && (place.partitionId == null || l.partitionId === place.partitionId)))
        .filter((l) => available.get(l.id)! >= line.quantity)
        .sort((a, b) => available.get(b.id)! - available.get(a.id)! || a.id - b.id);
      const best = candidates[0];
      if (!best) continue;
      available.set(best.id, available.get(best.id)! - line.quantity);
      chosen.set(line.id, locationOf(best));
      break;
    }
  }
  return chosen;
}
