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
import { sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
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
export type LocationOption = { key: string; name: string; kind: LocationKind; active: boolean; location: StockLocation };

/** Every store, warehouse and partition of the business (see the header for the order), in one query. */
export async function findLocations(db: Db | Tx, businessId: number): Promise<LocationOption[]> {
  const { rows } = await db.execute<{ kind: LocationKind; id: number; warehouse_id: number | null; name: string; active: boolean }>(sql`
    SELECT kind, id, warehouse_id, name, active FROM (
      SELECT 'store' AS kind, s.id, NULL::int AS warehouse_id, s.name, s.status = 1 AS active,
             0 AS g, NOT s.is_default AS d, lower(s.name) AS n, s.id AS w, 0 AS p, '' AS pn
        FROM stores s WHERE s.business_id = ${businessId}
      UNION ALL
      SELECT 'warehouse', w.id, NULL, w.name, w.status = 1, 1, NOT w.is_default, lower(w.name), w.id, 0, ''
        FROM warehouses w WHERE w.business_id = ${businessId}
      UNION ALL
      SELECT 'partition', p.id, w.id, w.name || ' › ' || p.name, w.status = 1, 1, NOT w.is_default, lower(w.name), w.id, 1, lower(p.name)
        FROM warehouse_partitions p JOIN warehouses w ON w.id = p.warehouse_id WHERE p.business_id = ${businessId}
    ) x ORDER BY g, d, n, w, p, pn, id`);
  return rows.map((r) => {
    const location: StockLocation = r.kind === "store" ? { sourceType: 1, storeId: r.id }
      : r.kind === "warehouse" ? { sourceType: 2, warehouseId: r.id, partitionId: null }
      : { sourceType: 2, warehouseId: r.warehouse_id!, partitionId: r.id };
    return { key: locationKey(location), name: r.name, kind: r.kind, active: r.active, location };
  });
}

/** The locations of the actor's business (of `businessId` only when it is theirs: else none). */
export async function listLocations(scope: Scope, businessId?: number): Promise<LocationOption[]> {
  const { db, actor } = sellerScope(scope);
  const bid = businessId ?? actor.member.businessId;
  return bid === actor.member.businessId ? findLocations(db, bid) : [];
}
