/**
 * A stock location in a URL or a form: `store-<id>`, `warehouse-<id>` (the warehouse's own shelf)
 * or `warehouse-<id>-<partitionId>` (one partition). Agreed across issue 14's parts (overview,
 * transfers, opname, mutations): the same two functions, parseLocationKey and locationKey, plus the
 * list of a business's locations for pickers and filters.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { stores, warehousePartitions, warehouses } from "#db/schema/index.ts";
import type { Scope } from "#core/actor.ts";
import type { StockLocation } from "./stock-ledger.ts";

/** `store-3` → { sourceType: 1, storeId: 3 }; anything else than the three shapes → null. */
export function parseLocationKey(key: string): StockLocation | null {
  const m = /^(store|warehouse)-([1-9]\d{0,9})(?:-([1-9]\d{0,9}))?$/.exec(key);
  if (!m) return null;
  const id = Number(m[2]);
  const part = m[3] ? Number(m[3]) : null;
  if (id > 2147483647 || (part !== null && part > 2147483647)) return null;
  if (m[1] === "store") return part === null ? { sourceType: 1, storeId: id } : null;
  return { sourceType: 2, warehouseId: id, partitionId: part };
}

export function locationKey(l: StockLocation): string {
  return l.sourceType === 1 ? `store-${l.storeId}` : l.partitionId ? `warehouse-${l.warehouseId}-${l.partitionId}` : `warehouse-${l.warehouseId}`;
}

export type LocationOption = { key: string; name: string; kind: "store" | "warehouse" | "partition" };

/** The business's stores, warehouses and partitions (active or not: stock there is real), by name. */
export async function listLocations(scope: Scope | { db: Db | Tx }, businessId: number): Promise<LocationOption[]> {
  const db = scope.db;
  const s = await db.select({ id: stores.id, name: stores.name }).from(stores).where(eq(stores.businessId, businessId)).orderBy(asc(stores.name), asc(stores.id));
  const w = await db.select({ id: warehouses.id, name: warehouses.name }).from(warehouses).where(eq(warehouses.businessId, businessId)).orderBy(asc(warehouses.name), asc(warehouses.id));
  const p = await db.select({ id: warehousePartitions.id, warehouseId: warehousePartitions.warehouseId, name: warehousePartitions.name })
    .from(warehousePartitions).where(and(eq(warehousePartitions.businessId, businessId))).orderBy(asc(warehousePartitions.name), asc(warehousePartitions.id));
  const out: LocationOption[] = s.map((x) => ({ key: `store-${x.id}`, name: x.name, kind: "store" as const }));
  for (const x of w) {
    out.push({ key: `warehouse-${x.id}`, name: x.name, kind: "warehouse" });
    for (const q of p.filter((q) => q.warehouseId === x.id)) out.push({ key: `warehouse-${x.id}-${q.id}`, name: `${x.name} › ${q.name}`, kind: "partition" });
  }
  return out;
}
