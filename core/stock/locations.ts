/**
 * Stock locations as URL keys, and the list of a business's locations (issue 14: shared by the
 * overview, transfers, counts, mutations and the last stock priority; the merger keeps one copy).
 * A location is a store, a warehouse, or a partition of a warehouse (StockLocation in
 * stock-ledger.ts). In URLs and forms it is written `store-<id>`, `warehouse-<id>` or
 * `warehouse-<id>-<partitionId>`.
 */
import { asc, eq } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { stores, warehousePartitions, warehouses } from "#db/schema/index.ts";
import type { StockLocation } from "./stock-ledger.ts";

const KEY = /^(store|warehouse)-([1-9]\d{0,9})(?:-([1-9]\d{0,9}))?$/;

/** `store-3` → a store, `warehouse-4` → a warehouse, `warehouse-4-7` → its partition 7; anything else null. */
export function parseLocationKey(key: string): StockLocation | null {
  const m = KEY.exec(key);
  if (!m) return null;
  const id = Number(m[2]);
  const part = m[3] === undefined ? null : Number(m[3]);
  if (id > 2_147_483_647 || (part !== null && part > 2_147_483_647)) return null;
  if (m[1] === "store") return part === null ? { sourceType: 1, storeId: id } : null;
  return { sourceType: 2, warehouseId: id, partitionId: part };
}

/** The URL key of a location (see parseLocationKey). */
export function locationKey(l: StockLocation): string {
  if (l.sourceType === 1) return `store-${l.storeId}`;
  return l.partitionId != null ? `warehouse-${l.warehouseId}-${l.partitionId}` : `warehouse-${l.warehouseId}`;
}

export type LocationKind = "store" | "warehouse" | "partition";
export type LocationEntry = { key: string; name: string; kind: LocationKind; active: boolean; location: StockLocation };

/**
 * Every location of the business: its stores, then each warehouse followed by its partitions
 * (named "Warehouse — Partition"), by name. Inactive ones are listed too (`active` false): their
 * stock and history are real; pickers that choose a source leave them out themselves.
 */
export async function listLocations(scope: { db: Db | Tx }, businessId: number): Promise<LocationEntry[]> {
  const { db } = scope;
  // One after the other: a transaction's connection runs one query at a time.
  const s = await db.select({ id: stores.id, name: stores.name, status: stores.status }).from(stores)
    .where(eq(stores.businessId, businessId)).orderBy(asc(stores.name), asc(stores.id));
  const w = await db.select({ id: warehouses.id, name: warehouses.name, status: warehouses.status }).from(warehouses)
    .where(eq(warehouses.businessId, businessId)).orderBy(asc(warehouses.name), asc(warehouses.id));
  const p = await db.select({ id: warehousePartitions.id, warehouseId: warehousePartitions.warehouseId, name: warehousePartitions.name })
    .from(warehousePartitions).where(eq(warehousePartitions.businessId, businessId)).orderBy(asc(warehousePartitions.name), asc(warehousePartitions.id));
  const out: LocationEntry[] = s.map((r) => {
    const location: StockLocation = { sourceType: 1, storeId: r.id };
    return { key: locationKey(location), name: r.name, kind: "store", active: r.status === 1, location };
  });
  for (const r of w) {
    const location: StockLocation = { sourceType: 2, warehouseId: r.id, partitionId: null };
    out.push({ key: locationKey(location), name: r.name, kind: "warehouse", active: r.status === 1, location });
    for (const part of p.filter((x) => x.warehouseId === r.id)) {
      const at: StockLocation = { sourceType: 2, warehouseId: r.id, partitionId: part.id };
      out.push({ key: locationKey(at), name: `${r.name} — ${part.name}`, kind: "partition", active: r.status === 1, location: at });
    }
  }
  return out;
}
