/**
 * Stock locations as URL keys (issue 14): a location is a store, a warehouse, or a partition of a
 * warehouse (StockLocation in stock-ledger.ts). In URLs and forms it is written `store-<id>`,
 * `warehouse-<id>` or `warehouse-<id>-<partitionId>`; parseLocationKey/locationKey are the one
 * pair of helpers every inventory area shares. listLocations answers a business's locations with
 * their names, for pickers and for naming a location on a page.
 *
 * Decisions: a partition is named "<warehouse> · <partition>"; inactive stores and warehouses are
 * listed too (their stock and history are real) with `active: false`, so a picker can leave them
 * out while a page can still name them.
 */
import { and, asc, eq } from "drizzle-orm";
import { stores, warehousePartitions, warehouses } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import type { StockLocation } from "./stock-ledger.ts";

export type LocationKind = "store" | "warehouse" | "partition";
export type LocationItem = { key: string; name: string; kind: LocationKind; active: boolean };

const ID = "([1-9]\\d{0,8})";
const KEY = new RegExp(`^(store|warehouse)-${ID}(?:-${ID})?$`);

/** `store-3` → { sourceType: 1, storeId: 3 }; `warehouse-2-7` → warehouse 2, partition 7; anything else → null. */
export function parseLocationKey(key: string): StockLocation | null {
  const m = KEY.exec(key);
  if (!m) return null;
  if (m[1] === "store") return m[3] ? null : { sourceType: 1, storeId: Number(m[2]) };
  return { sourceType: 2, warehouseId: Number(m[2]), partitionId: m[3] ? Number(m[3]) : null };
}

/** The URL key of a location (the inverse of parseLocationKey). */
export function locationKey(l: StockLocation): string {
  if (l.sourceType === 1) return `store-${l.storeId}`;
  return l.partitionId != null ? `warehouse-${l.warehouseId}-${l.partitionId}` : `warehouse-${l.warehouseId}`;
}

/** Every store, warehouse and partition of the business, stores first, each by name. */
export async function listLocations(scope: Scope, businessId?: number): Promise<LocationItem[]> {
  const { db, actor } = sellerScope(scope);
  const bid = businessId ?? actor.member.businessId;
  if (bid !== actor.member.businessId) return [];
  const s = await db.select({ id: stores.id, name: stores.name, status: stores.status }).from(stores)
    .where(eq(stores.businessId, bid)).orderBy(asc(stores.name), asc(stores.id));
  const w = await db.select({ id: warehouses.id, name: warehouses.name, status: warehouses.status }).from(warehouses)
    .where(eq(warehouses.businessId, bid)).orderBy(asc(warehouses.name), asc(warehouses.id));
  const p = await db.select({ id: warehousePartitions.id, warehouseId: warehousePartitions.warehouseId, name: warehousePartitions.name })
    .from(warehousePartitions).where(and(eq(warehousePartitions.businessId, bid))).orderBy(asc(warehousePartitions.name), asc(warehousePartitions.id));
  const out: LocationItem[] = s.map((r) => ({ key: `store-${r.id}`, name: r.name, kind: "store", active: r.status === 1 }));
  for (const r of w) {
    out.push({ key: `warehouse-${r.id}`, name: r.name, kind: "warehouse", active: r.status === 1 });
    for (const q of p.filter((x) => x.warehouseId === r.id)) {
      out.push({ key: `warehouse-${r.id}-${q.id}`, name: `${r.name} · ${q.name}`, kind: "partition", active: r.status === 1 });
    }
  }
  return out;
}
