/**
 * `npm run bench:orders` (second half; also part of `npm run bench`): server-side rendering of
 * /orders at a million orders, as load: the built server on one core, autocannon with 20
 * connections asking for the 50-row page as a signed-in seller's browser does (session cookie,
 * gzip accepted).
 *
 * 1. Database: bench/orders-db.ts (the same million orders bench/orders-listing.ts reads).
 * 2. Build: BUILD_DIR (default build/) is built when missing or older than the sources.
 * 3. The built server (NODE_ENV=production) is started pinned to CPU 0 with `taskset` when there is
 *    one (autocannon is pinned to the last CPU, PostgreSQL runs where the OS puts it); sign-in
 *    through the real /auth form; the page's HTML weight (raw, gzip) is measured on one request.
 * 4. autocannon: a 5 s warm-up, then BENCH_SSR_SECONDS (20) s at 20 connections: requests/s, p50,
 *    p99 latency, non-2xx answers.
 * Targets (issue 5): ≥ 250 requests/s, p99 ≤ 150 ms, HTML of the 50-row page ≤ 14 KB gzip.
 * Exit code 1 when one is missed. Port: BENCH_SSR_PORT (3230). BENCH_SSR_HTML=<file> keeps the page's HTML.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { signIn, untilAnswers } from "./sign-in.ts";
import { reactRouterBuildSync } from "#scripts/react-router.ts";

const PORT = Number(process.env.BENCH_SSR_PORT ?? 3230);
const BASE = `http://localhost:${PORT}`;
const PAGE = "/orders?limit=50";
const SECONDS = Number(process.env.BENCH_SSR_SECONDS ?? 20);
const CONNECTIONS = 20;
const TARGET_RPS = 250;
const TARGET_P99_MS = 150;
const TARGET_GZ_BYTES = 14 * 1024;

// ---- 1. database ----------------------------------------------------------------------------
const { openOrdersBenchDb } = await import("./orders-db.ts");
const database = await openOrdersBenchDb();
await database.pool.end();

// ---- 2. build -------------------------------------------------------------------------------
const buildDir = process.env.BUILD_DIR ?? "build";
const built = path.join(buildDir, "server/index.js");
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}
const sourcesChanged = () => Math.max(
  ...["app", "api", "server", "db", "locales"].map(newestMtime),
  ...["package-lock.json", "vite.config.ts", "react-router.config.ts"].map((f) => fs.statSync(f).mtimeMs),
);
if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < sourcesChanged()) {
  console.log(`Building into ${buildDir}/ (react-router build)…`);
  if (reactRouterBuildSync(".", buildDir) !== 0) throw new Error("build failed");
}

// ---- 3. the server --------------------------------------------------------------------------
const cpus = os.availableParallelism();
const hasTaskset = spawnSync("taskset", ["--version"]).status === 0;
const pinned = (cpu: number, cmd: string, args: string[]) => (hasTaskset ? ["taskset", ["-c", String(cpu), cmd, ...args]] : [cmd, args]) as [string, string[]];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const [cmd, cmdArgs] = pinned(0, "node", ["--import", "tsx", "server.ts"]);
const server: ChildProcess = spawn(cmd, cmdArgs, {
  env: {
    ...process.env,
    NODE_ENV: "production",
    BUILD_DIR: buildDir,
    PORT: String(PORT),
    DATABASE_URL: database.url,
    REDIS_URL: "",
    NOTIFY_CONSOLE: "off",
    SESSION_SECRET: process.env.SESSION_SECRET ?? "bench-orders-ssr-session-secret-0123456789",
  },
  stdio: ["ignore", "ignore", "pipe"],
});
let stderr = "";
server.stderr!.on("data", (d) => (stderr += d));

async function stopAll() {
  if (server.exitCode === null) {
    const exited = new Promise((r) => server.once("exit", r));
    server.kill("SIGTERM");
    await Promise.race([exited, sleep(15_000)]);
    if (server.exitCode === null) server.kill("SIGKILL");
  }
  await database.stop();
}
process.on("SIGINT", () => void stopAll().then(() => process.exit(130)));

try {
  await untilAnswers(BASE, server, () => stderr);
  const cookie = await signIn(BASE);

  const page = await fetch(`${BASE}${PAGE}`, { headers: { Cookie: cookie }, redirect: "manual" });
  const html = Buffer.from(await page.arrayBuffer());
  if (page.status !== 200) throw new Error(`${PAGE} answered ${page.status}`);
  if (process.env.BENCH_SSR_HTML) fs.writeFileSync(process.env.BENCH_SSR_HTML, html);
  // One request at a time: what a page costs the server alone (the floor under the latency).
  const alone: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    await (await fetch(`${BASE}${PAGE}`, { headers: { Cookie: cookie, "Accept-Encoding": "gzip" } })).arrayBuffer();
    alone.push(performance.now() - t0);
  }
  alone.sort((a, b) => a - b);
  const shownRows = new Set([...html.toString("utf8").matchAll(/href="\/orders\/(\d+)"/g)].map((m) => m[1])).size;
  const gz = gzipSync(html).length;

  // ---- 4. load ------------------------------------------------------------------------------
  type Result = { requests: { average: number; total: number }; latency: { p50: number; p99: number; average: number }; non2xx: number; errors: number; timeouts: number };
  function autocannon(seconds: number): Result {
    const bin = path.resolve("node_modules/autocannon/autocannon.js");
    const [c, a] = pinned(cpus - 1, process.execPath, [
      bin, "-j", "-c", String(CONNECTIONS), "-d", String(seconds),
      "-H", `Cookie=${cookie}`, "-H", "Accept-Encoding=gzip", "-H", "Accept=text/html", `${BASE}${PAGE}`,
    ]);
    const r = spawnSync(c, a, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    if (r.status !== 0) throw new Error(`autocannon failed: ${r.stderr}`);
    return JSON.parse(r.stdout) as Result;
  }
  autocannon(5);
  const r = autocannon(SECONDS);

  console.log(`\n/orders server-side rendering (${database.orders.toLocaleString("en")} orders in Toko Demo; built server${hasTaskset ? " pinned to CPU 0" : ", not pinned (no taskset)"}; ${cpus} CPUs):`);
  console.log(`  page:        ${PAGE} as seller@indie.test, ${shownRows} orders on it`);
  console.log(`  HTML:        ${html.length.toLocaleString("en")} B, ${gz.toLocaleString("en")} B gzip (target ≤ ${TARGET_GZ_BYTES.toLocaleString("en")})`);
  console.log(`  one at a time: p50 ${alone[10].toFixed(1)} ms, p95 ${alone[18].toFixed(1)} ms per page (20 requests)`);
  console.log(`  load:        autocannon, ${CONNECTIONS} connections, ${SECONDS} s after a 5 s warm-up`);
  console.log(`  throughput:  ${r.requests.average.toFixed(1)} requests/s (target ≥ ${TARGET_RPS}), ${r.requests.total} requests`);
  console.log(`  latency:     p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms (target ≤ ${TARGET_P99_MS}), mean ${r.latency.average.toFixed(1)} ms`);
  console.log(`  failures:    ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  const misses = [
    ...(r.requests.average < TARGET_RPS ? ["throughput"] : []),
    ...(r.latency.p99 > TARGET_P99_MS ? ["p99 latency"] : []),
    ...(gz > TARGET_GZ_BYTES ? ["HTML gzip size"] : []),
    ...(r.non2xx || r.errors ? ["failed requests"] : []),
    ...(shownRows !== 50 ? [`rows shown (${shownRows}, expected 50)`] : []),
  ];
  console.log(misses.length ? `  Over target: ${misses.join(", ")}` : "  Every target met.");
  await stopAll();
  process.exit(misses.length ? 1 : 0);
} catch (e) {
  await stopAll();
  throw e;
}
