/**
 * "A transfer is never half done" (issue 14): a child process doing transfers under load
 * (tests/api/transfer-crash-worker.ts) is killed with SIGKILL 20 times, at a random moment while
 * it works; after each kill, per SKU, the stock over all locations plus what is in transit is what
 * it was at the start, every level is ≥ 0 and equals the after-figure of its last movement, and
 * every line's in-transit figure is sent − received − lost − returned ≥ 0 (the database holds it).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import { actorFromToken } from "#core/actor.ts";
import { applyStockChanges, type StockLocation } from "#core/stock/stock-ledger.ts";
import { parseLocationKey } from "#core/stock/locations.ts";
import { DEMO, login } from "./helpers.ts";

let token: string;
let businessId: number;
let variants: number[] = [];
let locations: string[] = [];
const START = 40;

beforeAll(async () => {
  token = await login(DEMO.seller);
  const actor = await actorFromToken(token, "en");
  businessId = actor.member!.businessId;
  const userId = actor.user!.id;
  const st = await db.select().from(s.stores).where(and(eq(s.stores.businessId, businessId), eq(s.stores.status, 1))).orderBy(s.stores.id).limit(2);
  const [w] = await db.select().from(s.warehouses).where(and(eq(s.warehouses.businessId, businessId), eq(s.warehouses.status, 1))).orderBy(s.warehouses.id).limit(1);
  const [p] = await db.select().from(s.warehousePartitions).where(eq(s.warehousePartitions.warehouseId, w.id)).limit(1);
  locations = [...st.map((x) => `store-${x.id}`), `warehouse-${w.id}`, ...(p ? [`warehouse-${w.id}-${p.id}`] : [])];
  for (let i = 0; i < 5; i++) {
    const sku = `CRASH-${process.pid}-${i}`;
    const [prod] = await db.insert(s.products).values({ businessId, name: `Crash ${i}`, sku }).returning();
    const [v] = await db.insert(s.productVariants).values({ businessId, productId: prod.id, sku: `${sku}-V` }).returning();
    variants.push(v.id);
    await db.transaction((tx) => applyStockChanges(tx, { businessId, userId, reason: "manual" },
      locations.map((k) => ({ variantId: v.id, location: parseLocationKey(k) as StockLocation, set: START }))));
  }
});

async function check() {
  const onHand = await db.select({ variantId: s.stockLevels.variantId, n: sql<number>`sum(${s.stockLevels.onHand})::int` })
    .from(s.stockLevels).where(inArray(s.stockLevels.variantId, variants)).groupBy(s.stockLevels.variantId);
  const transit = await db.select({
    variantId: s.stockTransferLines.variantId,
    n: sql<number>`sum(${s.stockTransferLines.sent} - ${s.stockTransferLines.received} - ${s.stockTransferLines.lost} - ${s.stockTransferLines.returned})::int`,
    lost: sql<number>`sum(${s.stockTransferLines.lost})::int`,
  }).from(s.stockTransferLines).where(inArray(s.stockTransferLines.variantId, variants)).groupBy(s.stockTransferLines.variantId);
  for (const v of variants) {
    const total = (onHand.find((r) => r.variantId === v)?.n ?? 0) + (transit.find((r) => r.variantId === v)?.n ?? 0);
    expect([v, total, transit.find((r) => r.variantId === v)?.lost ?? 0]).toEqual([v, START * locations.length, 0]);
  }
  // Every level equals the after-figure of its last movement (nothing half written).
  const { rows: drift } = await db.execute(sql`
    SELECT l.id FROM stock_levels l
     WHERE l.variant_id IN (${sql.join(variants.map((v) => sql`${v}`), sql`, `)})
       AND l.on_hand <> (SELECT m.on_hand_after FROM stock_movements m WHERE m.stock_level_id = l.id ORDER BY m.id DESC LIMIT 1)`);
  expect(drift).toEqual([]);
  // A sent transfer's lines all carry what was sent; a draft or cancelled one has sent nothing.
  const { rows: half } = await db.execute(sql`
    SELECT t.id FROM stock_transfers t JOIN stock_transfer_lines l ON l.transfer_id = t.id
     WHERE t.business_id = ${businessId}
       AND ((t.status IN ('draft', 'cancelled') AND l.sent <> 0) OR (t.status NOT IN ('draft', 'cancelled') AND l.sent <> l.quantity)
         OR (t.status = 'received' AND l.sent <> l.received + l.lost + l.returned))`);
  expect(half).toEqual([]);
}

function start(): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "tests/api/transfer-crash-worker.ts"], {
    env: { ...process.env, TOKEN: token, VARIANTS: variants.join(","), LOCATIONS: locations.join(",") },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

it("kill -9 twenty times during transfers under load: per SKU, all locations + in transit unchanged after each", async () => {
  await check();
  let ops = 0;
  for (let round = 0; round < 20; round++) {
    const child = start();
    let seen = 0;
    let err = "";
    child.stderr!.on("data", (d) => (err += String(d)));
    const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
    await new Promise<void>((resolve, reject) => {
      const want = 5 + Math.floor(Math.random() * 40);
      child.stdout!.on("data", (d: Buffer) => {
        seen += String(d).split("\n").filter((x) => x === "op").length;
        if (seen >= want) resolve();
      });
      child.on("exit", (code) => reject(new Error(`worker exited ${code}: ${err}`)));
    });
    // A random moment more, so the kill lands inside a transaction as often as between two.
    await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 30)));
    child.kill("SIGKILL");
    expect(await exited).toBe(null);
    ops += seen;
    await check();
  }
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(s.stockTransfers).where(eq(s.stockTransfers.businessId, businessId));
  const [{ moves }] = await db.select({ moves: sql<number>`count(*)::int` }).from(s.stockMovements)
    .where(and(eq(s.stockMovements.businessId, businessId), sql`${s.stockMovements.reason} IN ('transfer_out', 'transfer_in')`));
  console.log(`transfer crash: 20 kills, ${ops} steps seen, ${n} transfers, ${moves} transfer movements; invariants held after each kill`);
  expect(ops).toBeGreaterThan(100);
  expect(n).toBeGreaterThan(20);
}, 240_000);
