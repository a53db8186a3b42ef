/**
 * The stock ledger against real PostgreSQL: the rule (never below 0), the history (level = sum of
 * movements, product sums = sum of levels) and concurrent changes.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { applyStockChanges, nextLevel, type StockLocation } from "#core/stock/stock-ledger.ts";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import { NotFound, Refused } from "#core/errors.ts";

let businessId: number;
let otherBusinessId: number;
let userId: number;
let locations: StockLocation[];
let otherStoreId: number;

beforeAll(async () => {
  const [w] = await db.select().from(s.warehouses).where(eq(s.warehouses.isDefault, true)).orderBy(asc(s.warehouses.id)).limit(1);
  businessId = w.businessId;
  const [store] = await db.select().from(s.stores).where(eq(s.stores.businessId, businessId)).orderBy(asc(s.stores.id)).limit(1);
  const [partition] = await db.select().from(s.warehousePartitions).where(eq(s.warehousePartitions.warehouseId, w.id)).limit(1);
  const [member] = await db.select().from(s.businessMembers).where(eq(s.businessMembers.businessId, businessId)).limit(1);
  userId = member.userId;
  locations = [
    { sourceType: 2, warehouseId: w.id },
    { sourceType: 2, warehouseId: w.id, partitionId: partition.id },
    { sourceType: 1, storeId: store.id },
  ];
  const [other] = await db.select().from(s.stores).where(sql`${s.stores.businessId} <> ${businessId}`).limit(1);
  otherBusinessId = other.businessId;
  otherStoreId = other.id;
});

let seq = 0;
async function newVariant(business = businessId) {
  seq += 1;
  const sku = `LEDGER-${process.pid}-${seq}`;
  const [p] = await db.insert(s.products).values({ businessId: business, name: `Ledger test ${seq}`, sku }).returning();
  const [v] = await db.insert(s.productVariants).values({ businessId: business, productId: p.id, sku: `${sku}-V` }).returning();
  return { productId: p.id, variantId: v.id };
}

const ctx = () => ({ businessId, userId, reason: "manual" as const, reference: "test" });

async function tryApply(changes: Parameters<typeof applyStockChanges>[2]) {
  try {
    await db.transaction((tx) => applyStockChanges(tx, ctx(), changes));
    return true;
  } catch (e) {
    if (e instanceof Refused) return false;
    throw e;
  }
}

describe("nextLevel (the rule)", () => {
  it("never answers a negative on-hand, reserved or available", () => {
    fc.assert(fc.property(
      fc.record({ onHand: fc.nat(1000), reserved: fc.nat(1000) }).filter((l) => l.reserved <= l.onHand),
      fc.record({ delta: fc.option(fc.integer({ min: -1200, max: 1200 }), { nil: undefined }), set: fc.option(fc.integer({ min: -50, max: 1200 }), { nil: undefined }), reservedDelta: fc.option(fc.integer({ min: -1200, max: 1200 }), { nil: undefined }) }),
      (level, change) => {
        const next = nextLevel(level, change);
        if (next) {
          expect(next.onHand).toBeGreaterThanOrEqual(0);
          expect(next.reserved).toBeGreaterThanOrEqual(0);
          expect(next.onHand - next.reserved).toBeGreaterThanOrEqual(0);
        } else {
          const onHand = change.set ?? level.onHand + (change.delta ?? 0);
          const reserved = level.reserved + (change.reservedDelta ?? 0);
          expect(onHand < 0 || reserved < 0 || reserved > onHand).toBe(true);
        }
      },
    ));
  });
});

describe("applyStockChanges", () => {
  it("keeps every level ≥ 0 and equal to the sum of its movements, for any sequence of changes", async () => {
    const change = fc.record({
      loc: fc.nat(2),
      kind: fc.constantFrom("delta", "set", "reserve"),
      amount: fc.integer({ min: -15, max: 20 }),
    });
    await fc.assert(fc.asyncProperty(fc.array(fc.array(change, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 12 }), async (batches) => {
      const { productId, variantId } = await newVariant();
      for (const batch of batches) {
        await tryApply(batch.map((c) => ({
          variantId,
          location: locations[c.loc],
          ...(c.kind === "delta" ? { delta: c.amount } : c.kind === "set" ? { set: Math.abs(c.amount) } : { reservedDelta: c.amount }),
        })));
      }
      const levels = await db.select().from(s.stockLevels).where(eq(s.stockLevels.variantId, variantId));
      for (const level of levels) {
        expect(level.onHand).toBeGreaterThanOrEqual(0);
        expect(level.reserved).toBeGreaterThanOrEqual(0);
        expect(level.reserved).toBeLessThanOrEqual(level.onHand);
        const [sum] = await db.select({
          onHand: sql<number>`coalesce(sum(${s.stockMovements.onHandAfter} - ${s.stockMovements.onHandBefore}), 0)::int`,
          reserved: sql<number>`coalesce(sum(${s.stockMovements.reservedAfter} - ${s.stockMovements.reservedBefore}), 0)::int`,
        }).from(s.stockMovements).where(eq(s.stockMovements.stockLevelId, level.id));
        expect(sum).toEqual({ onHand: level.onHand, reserved: level.reserved });
      }
      const [product] = await db.select().from(s.products).where(eq(s.products.id, productId));
      expect(product.onHand).toBe(levels.reduce((a, l) => a + l.onHand, 0));
      expect(product.available).toBe(levels.reduce((a, l) => a + l.onHand - l.reserved, 0));
    }), { numRuns: 25 });
  });

  it("refuses a whole batch when one change would go below 0, and says which SKU", async () => {
    const { variantId } = await newVariant();
    expect(await tryApply([{ variantId, location: locations[0], set: 3 }])).toBe(true);
    const err = await db.transaction((tx) => applyStockChanges(tx, ctx(), [
      { variantId, location: locations[2], delta: 5 },
      { variantId, location: locations[0], delta: -4 },
    ])).catch((e) => e);
    expect(err).toBeInstanceOf(Refused);
    expect(err.vars).toMatchObject({ available: 3 });
    const levels = await db.select().from(s.stockLevels).where(eq(s.stockLevels.variantId, variantId)).orderBy(asc(s.stockLevels.id));
    expect(levels.map((l) => l.onHand)).toEqual([3]); // the store row the batch made went with it
  });

  it("applies a person's edit as the difference, and the same edit sent twice once", async () => {
    const { variantId } = await newVariant();
    const loc = locations[2];
    await tryApply([{ variantId, location: loc, set: 10 }]);
    // The form showed 10, the seller typed 15; the form is sent twice.
    await tryApply([{ variantId, location: loc, edit: { from: 10, to: 15 } }]);
    await tryApply([{ variantId, location: loc, edit: { from: 10, to: 15 } }]);
    const level = async () => (await db.select().from(s.stockLevels).where(eq(s.stockLevels.variantId, variantId)))[0].onHand;
    expect(await level()).toBe(15);
    // A sale (−1) while another form showing 15 is open; that seller types 20: the sale stays.
    await tryApply([{ variantId, location: loc, delta: -1 }]);
    await tryApply([{ variantId, location: loc, edit: { from: 15, to: 20 } }]);
    expect(await level()).toBe(19);
  });

  it("records who, why, the reference and before → after", async () => {
    const { variantId } = await newVariant();
    await db.transaction((tx) => applyStockChanges(tx, { ...ctx(), reason: "opname", reference: "OPN-7", note: "Hitung ulang" }, [
      { variantId, location: locations[1], set: 12 },
    ]));
    const [m] = await db.select().from(s.stockMovements).where(eq(s.stockMovements.variantId, variantId));
    expect(m).toMatchObject({ userId, reason: "opname", reference: "OPN-7", note: "Hitung ulang", onHandBefore: 0, onHandAfter: 12, partitionId: locations[1].sourceType === 2 ? locations[1].partitionId : null });
  });

  it("refuses another business's variant or store", async () => {
    const mine = await newVariant();
    const theirs = await newVariant(otherBusinessId);
    const a = await db.transaction((tx) => applyStockChanges(tx, ctx(), [{ variantId: theirs.variantId, location: locations[0], delta: 1 }])).catch((e) => e);
    expect(a).toBeInstanceOf(NotFound); // the API answers it 404
    const b = await db.transaction((tx) => applyStockChanges(tx, ctx(), [{ variantId: mine.variantId, location: { sourceType: 1, storeId: otherStoreId }, delta: 1 }])).catch((e) => e);
    expect(b).toBeInstanceOf(NotFound);
    expect(await db.select().from(s.stockLevels).where(and(eq(s.stockLevels.variantId, mine.variantId)))).toEqual([]);
  });

  it("lets exactly 10 of 100 concurrent −1 changes through on a stock of 10, ending at 0", async () => {
    const { productId, variantId } = await newVariant();
    await tryApply([{ variantId, location: locations[2], set: 10 }]);
    const results = await Promise.all(Array.from({ length: 100 }, () => tryApply([{ variantId, location: locations[2], delta: -1 }])));
    expect(results.filter(Boolean)).toHaveLength(10);
    const [level] = await db.select().from(s.stockLevels).where(eq(s.stockLevels.variantId, variantId));
    expect(level.onHand).toBe(0);
    const moves = await db.select().from(s.stockMovements).where(eq(s.stockMovements.variantId, variantId));
    expect(moves).toHaveLength(11);
    const [product] = await db.select().from(s.products).where(eq(s.products.id, productId));
    expect(product).toMatchObject({ onHand: 0, available: 0 });
  });
});
