/**
 * Stock locations as the inventory pages write them in URLs and forms: a store is `store-<id>`, a
 * warehouse `warehouse-<id>`, one of its partitions `warehouse-<id>-<partitionId>` (issue 14's
 * agreed names: engineers A–D share this file; parseLocationKey and locationKey are identical in
 * each branch). A key that is not one of these shapes is no location (null), never an exception:
 * the caller refuses it with a message under its field.
 *
 * listLocations answers the business's locations in the order a seller picks from: stores first
 * (default store first, then by name), then each warehouse followed by its partitions. Inactive
 * locations are listed too (their stock is real and may be looked at), marked `active: false`.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { stores, warehousePartitions, warehouses } from "#db/schema/index.ts";
import type { StockLocation } from "./stock-ledger.ts";

const MAX_ID = 2_147_483_647;

/** `store-3`, `warehouse-4`, `warehouse-4-9` → the location; anything else → null. */
export function parseLocationKey(key: string | null | undefined): StockLocation | null {
  const m = /^(store|warehouse)-([1-9]\d{0,9})(?:-([1-9]\d{0,9}))?$/.exec(String(key ?? ""));
  if (!m) return null;
  const id = Number(m[2]);
  const partitionId = m[3] === undefined ? null : Number(m[3]);
  if (id > MAX_ID || (partitionId !== null && partitionId > MAX_ID)) return null;
  if (m[1] === "store") return partitionId === null ? { sourceType: 1, storeId: id } : null;
  return { sourceType: 2, warehouseId: id, partitionId };
}

/** The location's key: `store-<id>`, `warehouse-<id>` or `warehouse-<id>-<partitionId>`. */
export function locationKey(l: StockLocation): string {
  if (l.sourceType === 1) return `store-${l.storeId}`;
  return l.partitionId ? `warehouse-${l.warehouseId}-${l.partitionId}` : `warehouse-${l.warehouseId}`;
}

export type LocationKind = "store" | "warehouse" | "partition";
export type LocationOption = { key: string; name: string; kind: LocationKind; active: boolean };

/** Every store, warehouse and partition of the business (see the header for the order). */
export async function findLocations(db: Db | Tx, businessId: number): Promise<LocationOption[]> {
  const storeRows = await db.select({ id: stores.id, name: stores.name, status: stores.status }).from(stores)
    .where(eq(stores.businessId, businessId))
    .orderBy(desc(stores.isDefault), asc(sql`lower(${stores.name})`), asc(stores.id));
  const warehouseRows = await db.select({ id: warehouses.id, name: warehouses.name, status: warehouses.status }).from(warehouses)
    .where(eq(warehouses.businessId, businessId))
    .orderBy(desc(warehouses.isDefault), asc(sql`lower(${warehouses.name})`), asc(warehouses.id));
  const partitions = await db.select({ id: warehousePartitions.id, name: warehousePartitions.name, warehouseId: warehousePartitions.warehouseId })
    .from(warehousePartitions)
    .where(and(eq(warehousePartitions.businessId, businessId)))
    .orderBy(asc(sql`lower(${warehousePartitions.name})`), asc(warehousePartitions.id));
  return [
    ...storeRows.map((s) => ({ key: locationKey({ sourceType: 1, storeId: s.id }), name: s.name, kind: "store" as const, active: s.status === 1 })),
    ...warehouseRows.flatMap((w) => [
      { key: locationKey({ sourceType: 2, warehouseId: w.id }), name: w.name, kind: "warehouse" as const, active: w.status === 1 },
      ...partitions.filter((p) => p.warehouseId === w.id).map((p) => ({
        key: locationKey({ sourceType: 2, warehouseId: w.id, partitionId: p.id }), name: `${w.name} › ${p.name}`, kind: "partition" as const, active: w.status === 1,
      })),
    ]),
  ];
}

/** The business's locations for a seller (scope already checked by the caller's sellerScope). */
export async function listLocations(scope: { db: Db | Tx }, businessId: number) {
  return findLocations(scope.db, businessId);
}
