/**
 * `npm run bench:lighthouse` (also part of `npm run bench`): Lighthouse's mobile preset (its
 * default: a phone's viewport, simulated slow 4G — 150 ms RTT, 1.6 Mbps — and a 4× CPU slowdown)
 * on the built app, signed in as seller@indie.test.
 *
 * 1. Build: BENCH_LH_BUILD_DIR (build-lh/), when a source is newer than it
 *    (scripts/build-if-stale.ts).
 * 2. The built server (NODE_ENV=production) on BENCH_LH_PORT (3250) with its own embedded
 *    PostgreSQL (PG_DATA_DIR data/lh-pg, PG_PORT 54379; demo data seeded on its first start). Sign-in
 *    through the real /auth form, as bench/orders-ssr.ts does; the first page shown after it takes
 *    the "Welcome back" toast out of the session, then the session cookie goes to Lighthouse as an
 *    extra header. Each page is asked for 3 times before it is measured (a warm server).
 * 3. Lighthouse 12 (node_modules/.bin/lighthouse, a devDependency; nothing is installed at run
 *    time) with Chromium at CHROME_PATH (/usr/bin/chromium), performance category only,
 *    BENCH_LH_RUNS (3) runs a page, the run with the median score reported. Pages: /orders,
 *    /products/listing, /auth (signed out), /dashboard.
 * 4. Per page: score, LCP, FCP, TBT, CLS, the modulepreload links in its HTML, the JavaScript of
 *    the first load (the scripts the HTML names, each gzip-compressed with zlib: bench/run.ts's
 *    budget) and all JavaScript Lighthouse saw transferred until the page settled (lazy chunks
 *    too), every run's score and LCP, the LCP element, and the host's CPU benchmark index.
 *    BENCH_LH_REPORTS=<dir> keeps each median run's JSON report; `--only=/orders,…` measures just
 *    those pages.
 *
 * Targets (issue 11): /orders and /products/listing performance ≥ 95 and LCP ≤ 2.0 s; /auth and
 * /dashboard keep ≥ 95; first-load JavaScript ≤ 130 KB gz on each. Exit code 1 when one is missed.
 *
 * A slow host: the 4× CPU slowdown assumes a desktop-class CPU (Lighthouse benchmark index
 * 1000–2000). On a busier or smaller machine Lighthouse warns that the score suffers (TBT first);
 * BENCH_LH_CPU_SLOWDOWN=<n> sets --throttling.cpuSlowdownMultiplier as Lighthouse's
 * docs/throttling.md ("Calibrating the CPU slowdown") describes. The report says which was used.
 *
 * Paint holding is off (`--disable-features=PaintHolding`). Headless Chromium 156 here held a
 * painted, committed first frame for 1–2 s in about half the runs: the renderer's compositor
 * drew nothing between its commit at ~0.2 s and its next draw at 1.2 or 2.3 s. A static page
 * never showed it in 5 runs; /auth did in 5 of 10, and 0 of 12 with paint holding or the frame
 * rate limit off. Lantern builds LCP from everything the page fetched before the observed paint,
 * so a held frame pulled __manifest, the socket and the realtime chunks into it: /orders read
 * LCP 3.5 s, not 2.1 s. A phone draws the frame when it is ready, and Lighthouse starts every
 * run from about:blank, where there is nothing to hold.
 *
 * What LCP still holds (2.1–2.4 s): the first-load JavaScript. Lantern's LCP counts every request
 * but low-priority images that ended before the observed LCP, whatever its priority
 * (LargestContentfulPaint.isNotLowPriorityImageNode in @paulirish/trace_engine), and on localhost
 * every module ends before the first frame: the deferred modules run before the browser's first
 * rendering opportunity (warm: DOMContentLoaded 73 ms, first paint 108 ms). So LCP is the slow-4G
 * download of the HTML, the stylesheet, the translations and all 127 KB of JavaScript. The bare
 * framework (bench/ssr-floor, the same table, no stylesheet) reads LCP 1.7 s the same way (0.7 s
 * in the runs where its paint beat its scripts). Tried and left out: the preloads at
 * fetchpriority=low move FCP (2.2 → 0.8 s) but not LCP (2.21 s), and put hydration after FCP,
 * into TBT: on a fast host (benchmark index ~2800) TBT 50 ms and score 99, on a slower one TBT
 * 410–500 ms and score 89.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { signIn, untilAnswers } from "./sign-in.ts";
import { buildIfStale } from "#scripts/build-if-stale.ts";

import { DEMO } from "#tests/demo-accounts.ts";

const PORT = Number(process.env.BENCH_LH_PORT ?? 3250);
const BASE = `http://localhost:${PORT}`;
const RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 3));
const CPU_SLOWDOWN = process.env.BENCH_LH_CPU_SLOWDOWN ? Number(process.env.BENCH_LH_CPU_SLOWDOWN) : undefined;
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-features=PaintHolding";
const TARGET_SCORE = 95;
const TARGET_LCP_MS = 2000;
const TARGET_JS_KB = 130;
/** `lcp`: the page is one of issue 11's, held to LCP ≤ 2.0 s too. */
const ONLY = process.argv.find((a) => a.startsWith("--only="))?.slice("--only=".length).split(",");
const PAGES: { path: string; signedIn: boolean; lcp: boolean }[] = [
  { path: "/orders", signedIn: true, lcp: true },
  { path: "/products/listing", signedIn: true, lcp: true },
  { path: "/auth", signedIn: false, lcp: false },
  { path: "/dashboard", signedIn: true, lcp: false },
].filter((page) => !ONLY || ONLY.includes(page.path));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---- 1. build -------------------------------------------------------------------------------
const buildDir = process.env.BENCH_LH_BUILD_DIR ?? "build-lh";
buildIfStale(".", buildDir);

// ---- 2. the server --------------------------------------------------------------------------
// Another server on the port (bench:ssr uses 3250 too) would be measured instead of this build.
if (await fetch(BASE).then((r) => r.body?.cancel().then(() => true), () => false)) {
  throw new Error(`${BASE} already answers: stop what runs there or set BENCH_LH_PORT`);
}
const server: ChildProcess = spawn("node", ["--import", "tsx", "server.ts"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    BUILD_DIR: buildDir,
    PORT: String(PORT),
    PG_DATA_DIR: process.env.BENCH_LH_PG_DATA_DIR ?? "data/lh-pg",
    PG_PORT: process.env.BENCH_LH_PG_PORT ?? "54379",
    DATABASE_URL: "",
    REDIS_URL: "",
    NOTIFY_CONSOLE: "off",
  },
  stdio: ["ignore", "ignore", "pipe"],
});
let stderr = "";
server.stderr!.on("data", (d) => (stderr += d));

async function stopServer() {
  if (server.exitCode !== null) return;
  const exited = new Promise((r) => server.once("exit", r));
  server.kill("SIGTERM");
  await Promise.race([exited, sleep(20_000)]);
  if (server.exitCode === null) server.kill("SIGKILL");
}
process.on("SIGINT", () => void stopServer().then(() => process.exit(130)));

type Audit = { numericValue?: number; score: number | null; details?: { items?: Record<string, unknown>[] } };
type Lhr = {
  categories: { performance: { score: number | null } };
  audits: Record<string, Audit>;
  environment: { benchmarkIndex: number };
  runWarnings: string[];
  runtimeError?: { message: string };
};

/**
 * One Lighthouse run through its CLI; the report (JSON) is read back from a temporary file. Not
 * spawnSync: a blocked event loop would keep a keep-alive socket the server has closed meanwhile.
 */
async function lighthouse(url: string, headers: Record<string, string>, out: string): Promise<Lhr> {
  const args = [
    url,
    `--chrome-flags=${CHROME_FLAGS}`,
    "--only-categories=performance",
    "--output=json",
    `--output-path=${out}`,
    "--quiet",
    ...(CPU_SLOWDOWN ? [`--throttling.cpuSlowdownMultiplier=${CPU_SLOWDOWN}`] : []),
    ...(Object.keys(headers).length ? [`--extra-headers=${JSON.stringify(headers)}`] : []),
  ];
  const child = spawn(path.resolve("node_modules/.bin/lighthouse"), args, { env: { ...process.env, CHROME_PATH }, stdio: ["ignore", "ignore", "pipe"] });
  let err = "";
  child.stderr!.on("data", (d) => (err += d));
  const timer = setTimeout(() => child.kill("SIGKILL"), 180_000);
  const code = await new Promise<number | null>((r) => child.once("exit", r));
  clearTimeout(timer);
  if (code !== 0 || !fs.existsSync(out)) throw new Error(`lighthouse ${url} failed (${code}):\n${err}`);
  const lhr = JSON.parse(fs.readFileSync(out, "utf8")) as Lhr;
  if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.message}`);
  return lhr;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "indie-lh-"));
try {
  await untilAnswers(BASE, server, () => stderr, "/auth", 180_000);
  let cookie = await signIn(BASE);
  // The session cookie carries the "Welcome back" toast until a page shows it: show it once here,
  // or every measured page would paint it (Lighthouse sends this same cookie on every request).
  const first = await fetch(`${BASE}/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" });
  await first.arrayBuffer();
  const renewed = first.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  if (renewed) cookie = renewed;

  // ---- 3. Lighthouse ------------------------------------------------------------------------
  const reports = process.env.BENCH_LH_REPORTS;
  if (reports) fs.mkdirSync(reports, { recursive: true });
  const misses: string[] = [];
  const lines: string[] = [];
  const benchmarkIndexes: number[] = [];
  const gzSizes = new Map<string, number>();
  let slowHost = false;
  for (const page of PAGES) {
    const headers: Record<string, string> = page.signedIn ? { Cookie: cookie } : {};
    let html = "";
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${BASE}${page.path}`, { headers, redirect: "manual" });
      html = await res.text();
      if (res.status !== 200) throw new Error(`${page.path} answered ${res.status}`);
    }
    const preloads = [...html.matchAll(/<link[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]);
    const named = new Set([...preloads, ...[...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1])]);
    // The first load's JavaScript as bench/run.ts weighs it: each file the HTML names, gzip (zlib).
    let firstLoadBytes = 0;
    for (const href of named) {
      if (!gzSizes.has(href)) gzSizes.set(href, gzipSync(Buffer.from(await (await fetch(new URL(href, BASE))).arrayBuffer())).length);
      firstLoadBytes += gzSizes.get(href)!;
    }
    const firstLoadKb = firstLoadBytes / 1024;

    const runs: { lhr: Lhr; file: string }[] = [];
    for (let i = 0; i < RUNS; i++) {
      const file = path.join(tmp, `${page.path.replace(/\W+/g, "_")}-${i}.json`);
      runs.push({ lhr: await lighthouse(`${BASE}${page.path}`, headers, file), file });
    }
    const scoreOf = (lhr: Lhr) => Math.round((lhr.categories.performance.score ?? 0) * 100);
    const lcpOf = (lhr: Lhr) => lhr.audits["largest-contentful-paint"].numericValue ?? NaN;
    const all = runs.map((r) => `${scoreOf(r.lhr)}/${(lcpOf(r.lhr) / 1000).toFixed(1)}s`).join(" ");
    runs.sort((a, b) => scoreOf(a.lhr) - scoreOf(b.lhr));
    const { lhr, file } = runs[Math.floor((runs.length - 1) / 2)];
    if (reports) fs.copyFileSync(file, path.join(reports, `${page.path.replace(/^\//, "").replace(/\W+/g, "_")}.json`));

    const a = lhr.audits;
    const score = scoreOf(lhr);
    const lcp = lcpOf(lhr);
    const fcp = a["first-contentful-paint"].numericValue ?? NaN;
    const tbt = a["total-blocking-time"].numericValue ?? NaN;
    const cls = a["cumulative-layout-shift"].numericValue ?? NaN;
    const requests = (a["network-requests"].details?.items ?? []) as { url: string; resourceType?: string; transferSize?: number }[];
    const scripts = requests.filter((r) => r.resourceType === "Script");
    const kb = (rs: typeof requests) => rs.reduce((s, r) => s + (r.transferSize ?? 0), 0) / 1024;
    const allJsKb = kb(scripts);
    const lcpItems = a["largest-contentful-paint-element"]?.details?.items ?? [];
    const lcpNode = (lcpItems[0] as { items?: { node?: { snippet?: string } }[] } | undefined)?.items?.[0]?.node?.snippet ?? "?";
    benchmarkIndexes.push(lhr.environment.benchmarkIndex);
    slowHost ||= lhr.runWarnings.some((w) => /slower CPU/i.test(w));

    lines.push(
      `  ${page.path.padEnd(18)} score ${String(score).padStart(3)}  LCP ${(lcp / 1000).toFixed(2)} s  FCP ${(fcp / 1000).toFixed(2)} s  TBT ${String(Math.round(tbt)).padStart(4)} ms  ` +
        `CLS ${cls.toFixed(3)}  modulepreloads ${String(preloads.length).padStart(2)}  JS first load ${firstLoadKb.toFixed(1)} KB (all ${allJsKb.toFixed(1)} KB)\n` +
        `  ${"".padEnd(18)} runs (score/LCP): ${all}; benchmark index ${Math.round(lhr.environment.benchmarkIndex)}; LCP element ${lcpNode.slice(0, 90)}`,
    );
    if (score < TARGET_SCORE) misses.push(`${page.path} score ${score}`);
    if (page.lcp && lcp > TARGET_LCP_MS) misses.push(`${page.path} LCP ${(lcp / 1000).toFixed(2)} s`);
    if (firstLoadKb > TARGET_JS_KB) misses.push(`${page.path} JS ${firstLoadKb.toFixed(1)} KB`);
  }

  const throttling = `slow 4G, ${CPU_SLOWDOWN ?? 4}× CPU slowdown${CPU_SLOWDOWN ? " (BENCH_LH_CPU_SLOWDOWN)" : ""}`;
  console.log(`\nLighthouse mobile preset (${throttling}; ${RUNS > 1 ? `median score of ${RUNS} runs a page` : "one run a page"}), built app on ${BASE}, signed in as ${DEMO.seller}:`);
  for (const l of lines) console.log(l);
  console.log(`  targets: performance ≥ ${TARGET_SCORE} on every page, ${PAGES.some((p) => p.lcp) ? `LCP ≤ ${(TARGET_LCP_MS / 1000).toFixed(1)} s on ${PAGES.filter((p) => p.lcp).map((p) => p.path).join(" and ")}, ` : ""}first-load JS ≤ ${TARGET_JS_KB} KB gz`);
  if (slowHost) {
    console.log(
      `  Note: Lighthouse found this host's CPU slower than it expects (benchmark index ${Math.min(...benchmarkIndexes).toFixed(0)}–${Math.max(...benchmarkIndexes).toFixed(0)}, ` +
        `expected ≥ 1000): TBT, and with it the score, reads high. BENCH_LH_CPU_SLOWDOWN calibrates (Lighthouse docs/throttling.md).`,
    );
  }
  console.log(misses.length ? `  Over target: ${misses.join(", ")}` : "  Every target met.");
  await stopServer();
  fs.rmSync(tmp, { recursive: true, force: true });
  process.exit(misses.length ? 1 : 0);
} catch (e) {
  if (stderr) console.error(`server stderr:\n${stderr.slice(-4000)}`);
  await stopServer();
  fs.rmSync(tmp, { recursive: true, force: true });
  throw e;
}
