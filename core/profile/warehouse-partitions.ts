/**
 * A warehouse's partitions (racks, rooms): list, add, rename, remove, for the actor's business
 * (privilege "profile"). The warehouse edit page's small forms and the REST calls do these.
 *
 * Decisions where the spec is silent:
 * - Partition names are unique per warehouse, case-insensitively (Refused on `name`); at most
 *   MAX_PARTITIONS a warehouse. Each change locks the warehouse's row (one partition change at a
 *   time) and is written into the warehouse's history (partition: from → to).
 * - A partition that ever held stock stays (spec section 5's "you can't delete the {title}
 *   because it already had transaction"): its stock history stays readable.
 * - Another business's warehouse, or a partition of another warehouse, is NotFound.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "#db/client.ts";
import { stockLevels, warehousePartitions, warehouses } from "#db/schema/index.ts";
import { sellerScope, type Scope, type SellerActor } from "#core/actor.ts";
import { NotFound, Refused } from "#core/errors.ts";
import { recordHistory } from "#core/lib/history.ts";
import { MAX_PARTITIONS, partitionName, warehouseRow, type Partition } from "./warehouses.ts";

const REF = "warehouse";
export const partitionBody = z.object({ name: partitionName });
export type PartitionBody = z.infer<typeof partitionBody>;

/** Refused on `name` when the warehouse already has a partition of that name (any case), other than `except`. */
async function checkUniqueName(tx: Tx, warehouseId: number, name: string, except?: number) {
  const [taken] = await tx
    .select({ id: warehousePartitions.id })
    .from(warehousePartitions)
    .where(and(
      eq(warehousePartitions.warehouseId, warehouseId),
      sql`lower(${warehousePartitions.name}) = lower(${name})`,
      except ? ne(warehousePartitions.id, except) : undefined,
    ))
    .limit(1);
  if (taken) throw new Refused("api:errors.validation", { name: ["site:errors.partition_duplicate"] });
}

async function partitionFor(tx: Tx, warehouseId: number, pid: number) {
  const [p] = await tx
    .select()
    .from(warehousePartitions)
    .where(and(eq(warehousePartitions.warehouseId, warehouseId), eq(warehousePartitions.id, pid)))
    .limit(1)
    .for("update");
  if (!p) throw new NotFound();
  return p;
}

const partitionJson = (p: Partition) => ({ id: p.id, name: p.name });

/** The change's common part: the warehouse locked, `work` done, the warehouse touched and its history row written. */
async function partitionChange<T>(
  scope: Scope, warehouseId: number, action: string,
  work: (tx: Tx, w: Awaited<ReturnType<typeof warehouseRow>>) => Promise<{ result: T; from: string | null; to: string | null } | { result: T; unchanged: true }>,
) {
  const seller = sellerScope(scope, "profile");
  const actor: SellerActor = seller.actor;
  return seller.db.transaction(async (tx) => {
    const w = await warehouseRow({ db: tx, actor }, warehouseId, true);
    const done = await work(tx, w);
    if ("unchanged" in done) return done.result;
    await tx.update(warehouses).set({ timeModified: new Date() }).where(eq(warehouses.id, warehouseId));
    await recordHistory(tx, {
      businessId: actor.member.businessId, refType: REF, refId: warehouseId, userId: actor.user.id, action,
      changes: { partition: { from: done.from, to: done.to } },
    });
    return done.result;
  });
}

export async function listPartitions(scope: Scope, warehouseId: number) {
  return (await warehouseRow(sellerScope(scope, "profile"), warehouseId)).partitions;
}

export async function addPartition(scope: Scope, warehouseId: number, body: PartitionBody) {
  const businessId = sellerScope(scope, "profile").actor.member.businessId;
  return partitionChange(scope, warehouseId, "partition_add", async (tx, w) => {
    if (w.partitions.length >= MAX_PARTITIONS) throw new Refused("api:errors.validation", { name: ["site:errors.too_many_partitions"] });
    await checkUniqueName(tx, w.id, body.name);
    const [row] = await tx.insert(warehousePartitions).values({ businessId, warehouseId: w.id, name: body.name }).returning();
    return { result: partitionJson(row), from: null, to: body.name };
  });
}

export async function renamePartition(scope: Scope, warehouseId: number, pid: number, body: PartitionBody) {
  return partitionChange(scope, warehouseId, "partition_rename", async (tx, w) => {
    const before = await partitionFor(tx, w.id, pid);
    if (before.name === body.name) return { result: partitionJson(before), unchanged: true as const };
    await checkUniqueName(tx, w.id, body.name, pid);
    const [row] = await tx.update(warehousePartitions).set({ name: body.name }).where(eq(warehousePartitions.id, pid)).returning();
    return { result: partitionJson(row), from: before.name, to: body.name };
  });
}

export async function removePartition(scope: Scope, warehouseId: number, pid: number) {
  return partitionChange(scope, warehouseId, "partition_remove", async (tx, w) => {
    const before = await partitionFor(tx, w.id, pid);
    const [held] = await tx.select({ id: stockLevels.id }).from(stockLevels).where(eq(stockLevels.partitionId, pid)).limit(1);
    if (held) throw new Refused("site:api.partition_has_stock", { name: ["site:api.partition_has_stock"] }, { title: before.name });
    await tx.delete(warehousePartitions).where(eq(warehousePartitions.id, pid));
    return { result: partitionJson(before), from: before.name, to: null };
  });
}
