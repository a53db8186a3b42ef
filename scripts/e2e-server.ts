/**
 * The production server for an end-to-end run, on a database nobody has touched yet, so every run
 * starts from the demo data alone:
 * - without DATABASE_URL: a new embedded PostgreSQL in PG_DATA_DIR (removed first);
 * - with DATABASE_URL (CI's machine PostgreSQL): a new database E2E_DATABASE (default indie_e2e)
 *   on that server, dropped and created again.
 * With REDIS_URL, rate-limit counters would outlive the run, so it uses Redis database
 * E2E_REDIS_DB (default 15) and empties it.
 * Then it runs server.ts as `npm start` would (built app: `react-router build` first), in demo mode
 * whatever the database (the journeys sign in as the demo accounts and read OTPs from /outbox).
 */
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { Redis } from "ioredis";

if (process.env.DATABASE_URL) {
  const url = new URL(process.env.DATABASE_URL);
  const name = process.env.E2E_DATABASE ?? "indie_e2e"; // tests/e2e/env.ts
  const admin = new pg.Client({ connectionString: url.toString() });
  admin.on("error", () => {}); // a lost connection fails its query; unheard, it would crash the process
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
} else {
  const dir = path.resolve(process.env.PG_DATA_DIR ?? "data/e2e-pg");
  process.env.PG_DATA_DIR = dir;
  await stopLeftoverPostgres(dir);
  fs.rmSync(dir, { recursive: true, force: true });
}

if (process.env.REDIS_URL) {
  const url = new URL(process.env.REDIS_URL);
  url.pathname = `/${process.env.E2E_REDIS_DB ?? 15}`;
  process.env.REDIS_URL = url.toString();
  const redis = new Redis(process.env.REDIS_URL);
  await redis.flushdb();
  redis.disconnect();
}

process.env.DEMO = "on";
await import("../server.ts");

/** A previous run killed hard can leave its PostgreSQL running on this directory: stop it first. */
async function stopLeftoverPostgres(dir: string) {
  const pidFile = path.join(dir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!pid || !alive()) return;
  process.kill(pid, "SIGINT"); // PostgreSQL's fast shutdown
  for (let i = 0; i < 100 && alive(); i++) await new Promise((r) => setTimeout(r, 100));
}
