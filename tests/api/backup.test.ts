/**
 * The backup drill (issue 12, docs/decisions/0012-backup-and-restore.md): a private embedded
 * PostgreSQL (own data directory, a free port), migrated and seeded, takes stock changes through
 * the ledger and new products from six writers while `backupEmbedded` runs; the archive is
 * restored into a fresh data directory, a second server opens it, and there:
 *   - every table has at least the rows it had when the backup started,
 *   - every write acknowledged before pg_backup_stop was called is there, and nothing else is
 *     (no write the load never made),
 *   - the stock ledger adds up: each level is the sum of its movements, each product's on-hand
 *     and available the sums of its levels.
 * During the copy the WAL moves to a new segment and a checkpoint passes, which would recycle
 * the backup's first segment but for the backup's slot. Then: a restore refuses while a server
 * runs on the directory; one onto an existing directory keeps it as <dir>.before-restore-<time>;
 * a damaged archive, or one whose copy PostgreSQL cannot open, leaves the directory as it was.
 * And the two commands themselves.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BackupError, type BackupResult, backupEmbedded, freePort, restoreEmbedded, ServerRunning } from "#db/backup.ts";
import { startEmbeddedPostgres } from "#db/embedded.ts";
import { runMigrations } from "#db/migrate.ts";
import { TarReader, TarWriter } from "#db/tar.ts";

const base = path.resolve(`${process.env.TEST_PG_DIR ?? "data/test-pg"}-backup-${process.pid}`);
const sourceDir = path.join(base, "pg");
const restoredDir = path.join(base, "restored");
const archive = path.join(base, "drill.tar.gz");

type Server = Awaited<ReturnType<typeof startEmbeddedPostgres>>;
let source: Server;
let restored: Server | undefined;
let db: typeof import("#db/client.ts").db;
let pool: typeof import("#db/client.ts").pool;
let s: typeof import("#db/schema/index.ts");
let ledger: typeof import("#core/stock/stock-ledger.ts");
let Refused: typeof import("#core/errors.ts").Refused;
let businessId: number;
let userId: number;
const variants: number[] = [];
let locations: import("#core/stock/stock-ledger.ts").StockLocation[] = [];

beforeAll(async () => {
  fs.rmSync(base, { recursive: true, force: true });
  fs.mkdirSync(base, { recursive: true });
  fs.writeFileSync(path.join(base, "session-secret"), "drill-secret", { mode: 0o600 });
  source = await startEmbeddedPostgres({ dataDir: sourceDir, port: await freePort(), database: "indie" });
  await runMigrations(source.url);
  process.env.DATABASE_URL = source.url; // before the pool is first imported
  ({ db, pool } = await import("#db/client.ts"));
  s = await import("#db/schema/index.ts");
  ledger = await import("#core/stock/stock-ledger.ts");
  ({ Refused } = await import("#core/errors.ts"));
  const { seedReference } = await import("#core/demo/seed.ts");
  await seedReference(db);

  // A small business: a warehouse with a partition, a store, ten products with stock.
  const [user] = await db.insert(s.users).values({ name: "Drill", email: "drill@indie.test", passwordHash: "x" }).returning();
  userId = user.id;
  const [business] = await db.insert(s.businesses).values({
    name: "Toko Drill", legalType: "pt", businessType: 2, phone: "+62215550199", address: "Jl. Drill 1", ownerUserId: user.id,
  }).returning();
  businessId = business.id;
  const [warehouse] = await db.insert(s.warehouses).values({ businessId, name: "Gudang", type: 1, isDefault: true, address: "Jl. Gudang 2" }).returning();
  const [partition] = await db.insert(s.warehousePartitions).values({ businessId, warehouseId: warehouse.id, name: "Rak A" }).returning();
  const [store] = await db.insert(s.stores).values({ businessId, name: "Toko", type: 3, address: "Jl. Toko 3", cityId: 3174 }).returning();
  locations = [
    { sourceType: 2, warehouseId: warehouse.id },
    { sourceType: 2, warehouseId: warehouse.id, partitionId: partition.id },
    { sourceType: 1, storeId: store.id },
  ];
  for (let i = 0; i < 10; i++) variants.push(await newProduct(`SEED-${i}`, "seed"));
}, 120_000);

afterAll(async () => {
  await pool?.end().catch(() => {});
  await restored?.stop().catch(() => {});
  await source?.stop().catch(() => {});
  fs.rmSync(base, { recursive: true, force: true }); // the restored copies and the ones kept aside live in it too
}, 60_000);

/** A product with one variant and 20 of it in each place, in one transaction; answers the variant. */
async function newProduct(sku: string, reference: string) {
  return db.transaction(async (tx) => {
    const [p] = await tx.insert(s.products).values({ businessId, name: `Product ${sku}`, sku }).returning();
    const [v] = await tx.insert(s.productVariants).values({ businessId, productId: p.id, sku: `${sku}-V` }).returning();
    await ledger.applyStockChanges(tx, { businessId, userId, reason: "initial", reference }, locations.map((location) => ({ variantId: v.id, location, set: 20 })));
    return v.id;
  });
}

/** The load: writers changing stock (±) and adding products until told to stop. */
function startLoad(writers: number) {
  const attempted = new Set<string>();
  const acked: string[] = []; // references of committed writes, in the order they were acknowledged
  let stop = false;
  const pick = <T,>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];
  const writer = async (w: number) => {
    for (let n = 0; !stop; n++) {
      const ref = `drill-${w}-${n}`;
      attempted.add(ref);
      if (n % 5 === 4) {
        variants.push(await newProduct(ref.toUpperCase(), ref)); // later changes touch it too
        acked.push(ref);
        continue;
      }
      const changes = [{ variantId: pick(variants), location: pick(locations), delta: pick([-3, -2, -1, 1, 2, 4]) }];
      try {
        await db.transaction((tx) => ledger.applyStockChanges(tx, { businessId, userId, reason: "manual", reference: ref }, changes));
        acked.push(ref);
      } catch (e) {
        if (!(e instanceof Refused)) throw e; // it would have gone below 0: nothing written
      }
    }
  };
  const done = Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
  return { attempted, acked, stop: async () => { stop = true; await done; } };
}

/** Row counts of every table of the app (public schema) on `client`. */
async function tableCounts(client: pg.Client | pg.Pool) {
  const { rows } = await client.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1");
  const out: Record<string, number> = {};
  for (const { name } of rows) out[name] = Number((await client.query(`SELECT count(*) AS n FROM "${name}"`)).rows[0].n);
  return out;
}

/** Stock levels that are not the sum of their movements, products whose sums are not their levels'. */
async function ledgerMismatches(client: pg.Client | pg.Pool) {
  const levels = await client.query(`
    SELECT l.id FROM stock_levels l
    LEFT JOIN (SELECT stock_level_id, sum(on_hand_after - on_hand_before) AS on_hand, sum(reserved_after - reserved_before) AS reserved
               FROM stock_movements GROUP BY 1) m ON m.stock_level_id = l.id
    WHERE l.on_hand <> coalesce(m.on_hand, 0) OR l.reserved <> coalesce(m.reserved, 0)`);
  const products = await client.query(`
    SELECT p.id FROM products p
    LEFT JOIN (SELECT product_id, sum(on_hand) AS on_hand, sum(on_hand - reserved) AS available FROM stock_levels GROUP BY 1) l ON l.product_id = p.id
    WHERE p.on_hand <> coalesce(l.on_hand, 0) OR p.available <> coalesce(l.available, 0)`);
  const { rows: [sums] } = await client.query(`
    SELECT (SELECT sum(on_hand_after - on_hand_before) FROM stock_movements)::int AS ledger, (SELECT sum(on_hand) FROM stock_levels)::int AS levels`);
  return { levels: levels.rowCount, products: products.rowCount, sums };
}

describe("backup under write load, restored into a fresh data directory", () => {
  let result: BackupResult;
  let countsAtStart: Record<string, number>;
  let ackedAtStart: number;
  let ackedBeforeStop: string[];
  let load: ReturnType<typeof startLoad>;

  it("backs up while six writers change stock and add products", async () => {
    load = startLoad(6);
    await new Promise((r) => setTimeout(r, 300)); // the load is up before backup mode starts
    const backup = backupEmbedded({
      dataDir: sourceDir, out: archive,
      onStep: async (step) => {
        if (step === "started") {
          ackedAtStart = load.acked.length;
          countsAtStart = await tableCounts(pool);
        } else {
          // Writes land between the start checkpoint and the stop: they reach the copy through the WAL.
          while (load.acked.length < ackedAtStart + 50) await new Promise((r) => setTimeout(r, 20));
          // And the WAL moves on to a new segment and a checkpoint passes: without the backup's
          // slot the checkpoint would recycle the segment the backup started in.
          await pool.query("SELECT pg_switch_wal()");
          await pool.query("CHECKPOINT");
          ackedBeforeStop = [...load.acked];
        }
      },
    });
    try {
      result = await backup;
      await new Promise((r) => setTimeout(r, 200)); // and on after the stop
    } finally {
      await load.stop();
    }

    expect(result.startedServer).toBe(false); // it used the running server
    expect(result.manifest).toMatchObject({ format: 1, timeline: 1, sessionSecret: true });
    expect(result.manifest.walSegments.length).toBeGreaterThanOrEqual(2);
    expect(fs.existsSync(`${archive}.partial`)).toBe(false);
    expect(await ledgerMismatches(pool)).toMatchObject({ levels: 0, products: 0 }); // the source adds up too
    console.log(`backup drill: ${(result.bytes / 2 ** 20).toFixed(1)} MB in ${result.ms} ms, ${result.manifest.files} files, `
      + `WAL ${result.manifest.startLsn} → ${result.manifest.stopLsn} (${result.manifest.walSegments.length} WAL segments); `
      + `${load.acked.length} writes acknowledged, ${ackedBeforeStop.length - ackedAtStart} of them between pg_backup_start and pg_backup_stop`);
  }, 60_000);

  it("restores into a fresh data directory that a second server opens, with everything acknowledged before the stop", async () => {
    const r = await restoreEmbedded({ file: archive, dataDir: restoredDir });
    expect(r.keptAs).toBeNull();
    expect(r.databases).toContain("indie");
    console.log(`restore drill: ${r.ms} ms (unpack, and PostgreSQL replaying the backup's WAL once)`);

    restored = await startEmbeddedPostgres({ dataDir: restoredDir, port: await freePort(), database: "indie" });
    const client = new pg.Client({ connectionString: restored.url });
    await client.connect();
    try {
      const counts = await tableCounts(client);
      expect(Object.keys(counts)).toEqual(Object.keys(countsAtStart));
      const fewer = Object.entries(countsAtStart).filter(([t, n]) => counts[t] < n);
      expect(fewer).toEqual([]);

      const refs = new Set((await client.query<{ reference: string }>("SELECT DISTINCT reference FROM stock_movements WHERE reference LIKE 'drill-%'")).rows.map((x) => x.reference));
      const skus = new Set((await client.query<{ sku: string }>("SELECT sku FROM products WHERE sku LIKE 'DRILL-%'")).rows.map((x) => x.sku.toLowerCase()));
      // Acknowledged before the stop: there. Every write of the load moves stock (a new product's
      // first 20s, a change of ±1…4), so each leaves movements with its reference.
      expect(ackedBeforeStop.filter((ref) => !refs.has(ref))).toEqual([]);
      const newProducts = ackedBeforeStop.filter((ref) => Number(ref.split("-")[2]) % 5 === 4);
      expect(newProducts.filter((ref) => !skus.has(ref))).toEqual([]);
      // Nothing the load did not do.
      expect([...refs].filter((ref) => !load.attempted.has(ref))).toEqual([]);

      expect(await ledgerMismatches(client)).toMatchObject({ levels: 0, products: 0 });
      const { sums } = await ledgerMismatches(client);
      expect(sums.ledger).toBe(sums.levels);
    } finally {
      await client.end();
    }
  }, 60_000);

  it("refuses to restore under a running server, and keeps the directory it replaces", async () => {
    await expect(restoreEmbedded({ file: archive, dataDir: sourceDir })).rejects.toBeInstanceOf(ServerRunning);
    await expect(restoreEmbedded({ file: archive, dataDir: restoredDir })).rejects.toBeInstanceOf(ServerRunning);
    await restored!.stop();
    restored = undefined;
    fs.writeFileSync(path.join(restoredDir, "marker"), "the directory before");
    const r = await restoreEmbedded({ file: archive, dataDir: restoredDir, check: false });
    expect(r.keptAs).toMatch(/restored\.before-restore-\d{8}T\d{6}Z$/);
    expect(fs.readFileSync(path.join(r.keptAs!, "marker"), "utf8")).toBe("the directory before");
    expect(fs.existsSync(path.join(restoredDir, "backup_label"))).toBe(true);
    expect(fs.existsSync(path.join(restoredDir, "marker"))).toBe(false);
  }, 60_000);

  it("leaves the data directory as it was when the archive is damaged or the copy does not open", async () => {
    fs.writeFileSync(path.join(restoredDir, "marker"), "still here");
    const siblings = () => fs.readdirSync(base).filter((f) => f.startsWith("restored.")).sort();
    const before = siblings();

    const truncated = path.join(base, "truncated.tar.gz");
    fs.writeFileSync(truncated, fs.readFileSync(archive).subarray(0, 200_000));
    await expect(restoreEmbedded({ file: truncated, dataDir: restoredDir })).rejects.toThrow(/cannot be read: unexpected end of file/);
    expect(siblings()).toEqual(before); // no half-unpacked directory left behind
    expect(fs.readFileSync(path.join(restoredDir, "marker"), "utf8")).toBe("still here");

    // The same archive without its WAL: PostgreSQL will not open a copy it cannot make consistent.
    const noWal = path.join(base, "no-wal.tar.gz");
    await rewrite(archive, noWal, (name) => !/^pgdata\/pg_wal\/0/.test(name));
    const err = await restoreEmbedded({ file: noWal, dataDir: restoredDir }).catch((e) => e);
    expect(err).toBeInstanceOf(BackupError);
    expect(err.message).toMatch(/could not open the restored copy[\s\S]*checkpoint record/);
    expect(fs.readFileSync(path.join(restoredDir, "marker"), "utf8")).toBe("still here");
    expect(siblings().filter((f) => !before.includes(f))).toEqual([expect.stringMatching(/^restored\.failed-restore-/)]);
  }, 60_000);
});

/** Copies the archive `from` into `to`, leaving out the entries `keep` says no to. */
async function rewrite(from: string, to: string, keep: (name: string) => boolean) {
  const reader = new TarReader(fs.createReadStream(from).pipe(zlib.createGunzip()));
  const gzip = zlib.createGzip({ level: 1 });
  const done = pipeline(gzip, fs.createWriteStream(to));
  const writer = new TarWriter(gzip);
  for (let e = await reader.next(); e; e = await reader.next()) {
    if (e.type === "dir") {
      if (keep(e.name)) await writer.dir(e.name, e.mode, e.mtime);
      continue;
    }
    const parts: Buffer[] = [];
    for await (const piece of reader.body(e)) parts.push(piece);
    if (keep(e.name)) await writer.file(e.name, Buffer.concat(parts), e.mode, e.mtime);
  }
  await writer.end();
  gzip.end();
  await done;
}

describe("npm run backup / npm run restore", () => {
  const run = (script: string, args: string[], env: Record<string, string | undefined>) => {
    const { DATABASE_URL: _, ...rest } = process.env;
    return spawnSync(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
      env: { ...rest, ...env }, encoding: "utf8", timeout: 60_000,
    });
  };

  it("backs up the running server found through its data directory, and prints the file and its size", () => {
    const out = path.join(base, "cli.tar.gz");
    const r = run("backup", [out], { PG_DATA_DIR: sourceDir, PG_PORT: "1" }); // the port comes from postmaster.pid
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`${path.relative(process.cwd(), out)}  `);
    expect(r.stdout).toMatch(/\d+(\.\d)? MB, \d+\.\d s/);
    expect(fs.statSync(out).size).toBeGreaterThan(0);
  }, 60_000);

  it("refuses a restore while the server runs, and both send a DATABASE_URL to pg_dump", () => {
    const r = run("restore", [archive], { PG_DATA_DIR: sourceDir });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/is running on .*stop the app first/);
    for (const script of ["backup", "restore"]) {
      const d = run(script, [archive], { DATABASE_URL: "postgres://x@127.0.0.1:1/x" });
      expect(d.status).toBe(1);
      expect(d.stderr).toContain('pg_dump --format=custom "$DATABASE_URL" > indie.dump');
    }
  }, 60_000);
});
