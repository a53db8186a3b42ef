/**
 * `npm run bench`: what a user's browser is sent, and how fast the server answers, for every page
 * the end-to-end suite visits; and how long `npm start` takes to serve its first page.
 *
 * 1. Builds the app when BUILD_DIR (default build/) is missing or older than the sources.
 * 2. Start time: spawns the built server on a fresh data dir and times until /auth answers 200
 *    (first start: initdb + migrations + seed), stops it, and times a second start on the same dir.
 * 3. With that server: signs in (seller, newbie) through the real /auth form in Chromium, then per
 *    page: HTML bytes (raw and gzip), JavaScript of the first load (every <script src> and
 *    <link rel="modulepreload">, each fetched and gzip-compressed with zlib), and time to first
 *    byte p50/p95 over 20 requests. Admin pages over the 130 KB gz budget are flagged.
 * Ports: BENCH_PORT (3220), BENCH_PG_PORT (54369). Bounded: ~1 minute.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { DEMO, signIn } from "#tests/e2e/auth.ts";
import { reactRouterBuildSync } from "#scripts/react-router.ts";

const PORT = Number(process.env.BENCH_PORT ?? 3220);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 54369);
const BASE = `http://localhost:${PORT}`;
const BUDGET_KB = 130;
const RUNS = 20;
// The bench after the build stays under 3 minutes (the build takes what it takes).
let deadline = Date.now() + 170_000;

// ---- 1. build -------------------------------------------------------------------------------

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

// BUILD_DIR (default build/) is where react-router builds and where server.ts serves from.
const buildDir = process.env.BUILD_DIR ?? "build";
const built = path.join(buildDir, "server/index.js");
const sourcesChanged = () =>
  Math.max(
    ...["app", "api", "server", "db", "locales"].map(newestMtime),
    ...["package-lock.json", "vite.config.ts", "react-router.config.ts"].map((f) => fs.statSync(f).mtimeMs),
  );
if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < sourcesChanged()) {
  console.log(`Building into ${buildDir}/ (react-router build)…`);
  if (reactRouterBuildSync(".", buildDir) !== 0) throw new Error("build failed");
  deadline = Date.now() + 170_000;
}

// ---- 2. start time ---------------------------------------------------------------------------

const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), "indie-bench-"));
fs.chmodSync(dataRoot, 0o755); // embedded PostgreSQL runs initdb as its own user when started by root
const env = {
  ...process.env,
  NODE_ENV: "production",
  BUILD_DIR: buildDir,
  PORT: String(PORT),
  PG_PORT: String(PG_PORT),
  PG_DATA_DIR: path.join(dataRoot, "pg"),
  NOTIFY_CONSOLE: "off",
  DATABASE_URL: "",
  REDIS_URL: "",
};

async function startServer(): Promise<{ child: ChildProcess; ms: number }> {
  const t0 = performance.now();
  const child = spawn("node", ["--import", "tsx", "server.ts"], { env, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${stderr}`);
    const res = await fetch(`${BASE}/auth`, { redirect: "manual" }).catch(() => undefined);
    if (res?.status === 200) {
      await res.arrayBuffer();
      return { child, ms: performance.now() - t0 };
    }
    await res?.arrayBuffer();
    await sleep(25);
  }
  child.kill("SIGKILL");
  throw new Error(`server did not answer 200 on /auth in time:\n${stderr}`);
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([exited, sleep(15_000)]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let server: ChildProcess | undefined;
const cleanup = async () => {
  if (server) await stopServer(server);
  fs.rmSync(dataRoot, { recursive: true, force: true });
};
process.on("SIGINT", () => void cleanup().then(() => process.exit(130)));

try {
  const first = await startServer();
  await stopServer(first.child);
  const second = await startServer();
  server = second.child;
  console.log(`\nStart time (spawn → first 200 from /auth, built app):`);
  console.log(`  first start (initdb + migrate + seed): ${(first.ms / 1000).toFixed(2)} s`);
  console.log(`  second start (existing data):          ${(second.ms / 1000).toFixed(2)} s`);

  // ---- 3. pages ------------------------------------------------------------------------------

  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
  });
  async function sessionCookie(email: string) {
    const context = await browser.newContext({ baseURL: BASE });
    const page = await context.newPage();
    await signIn(page, email);
    const cookies = await context.cookies();
    await context.close();
    return cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  }
  const seller = await sessionCookie(DEMO.seller);
  const newbie = await sessionCookie(DEMO.newbie);
  await browser.close();

  // A record of the seller's to open: the first detail link on a list page.
  async function firstSlug(section: string) {
    const html = await (await fetch(`${BASE}/profile/${section}`, { headers: { Cookie: seller } })).text();
    const found = [...html.matchAll(new RegExp(`href="/profile/${section}/([^"/?#]+)"`, "g"))].map((m) => m[1]).find((s) => s !== "add");
    return found ?? "missing";
  }
  // The first id a list page links to in `/<base>/<id>/<tail>` (the catalogue's edit and view links).
  async function firstId(list: string, base: string, tail: string) {
    const html = await (await fetch(`${BASE}${list}`, { headers: { Cookie: seller } })).text();
    return new RegExp(`href="${base}/([^"/?#]+)/${tail}"`).exec(html)?.[1] ?? "missing";
  }
  const slug = await firstSlug("company");
  const profilePages = await Promise.all(["brand", "channel", "store", "warehouse", "factory"].map(async (section) => [
    { label: `/profile/${section}`, path: `/profile/${section}`, cookie: seller, admin: true },
    { label: `/profile/${section}/add`, path: `/profile/${section}/add`, cookie: seller, admin: true },
    { label: `/profile/${section}/:slug`, path: `/profile/${section}/${await firstSlug(section)}`, cookie: seller, admin: true },
  ]));

  // The catalogue: the product pages, then each offering section's list, add and record pages.
  const productId = await firstId("/products/listing", "/products", "edit");
  const catalogPages = [
    [
      { label: "/products/listing", path: "/products/listing", cookie: seller, admin: true },
      { label: "/products/add", path: "/products/add", cookie: seller, admin: true },
      { label: "/products/add/single", path: "/products/add/single", cookie: seller, admin: true },
      { label: "/products/:slug/edit", path: `/products/${productId}/edit`, cookie: seller, admin: true },
      { label: "/products/add/bulk", path: "/products/add/bulk", cookie: seller, admin: true },
      { label: "/products/mass-update", path: "/products/mass-update", cookie: seller, admin: true },
      { label: "/products/mass-update/price", path: "/products/mass-update/price", cookie: seller, admin: true },
      { label: "/products/barcode", path: "/products/barcode", cookie: seller, admin: true },
    ],
    ...(await Promise.all(([
      ["service", ["edit"]],
      ["gift-voucher", ["edit", "view"]],
      ["voucher", ["edit"]],
      ["package", ["edit"]],
    ] as const).map(async ([section, tails]) => [
      { label: `/products/${section}`, path: `/products/${section}`, cookie: seller, admin: true },
      { label: `/products/${section}/add`, path: `/products/${section}/add`, cookie: seller, admin: true },
      ...(await Promise.all(tails.map(async (tail) => {
        const id = await firstId(`/products/${section}`, `/products/${section}`, tail);
        return { label: `/products/${section}/:slug/${tail}`, path: `/products/${section}/${id}/${tail}`, cookie: seller, admin: true };
      }))),
    ]))),
    [{ label: "/id/products/listing", path: "/id/products/listing", cookie: seller, admin: true }],
  ];

  // An order of the demo: its page and its print views (the print views mark it printed: harmless here).
  const orderId = /href="\/orders\/(\d+)"/.exec(await (await fetch(`${BASE}/orders`, { headers: { Cookie: seller } })).text())?.[1] ?? "missing";
  const pages: { label: string; path: string; cookie?: string; admin: boolean }[] = [
    { label: "/auth", path: "/auth", admin: false },
    { label: "/dashboard", path: "/dashboard", cookie: seller, admin: true },
    { label: "/orders", path: "/orders", cookie: seller, admin: true },
    { label: "/orders/:slug", path: `/orders/${orderId}`, cookie: seller, admin: true },
    { label: "/orders/print-invoice", path: `/orders/print-invoice?ids=${orderId}`, cookie: seller, admin: true },
    { label: "/orders/selected-picklist", path: `/orders/selected-picklist?ids=${orderId}`, cookie: seller, admin: true },
    { label: "/id/orders", path: "/id/orders", cookie: seller, admin: true },
    { label: "/profile/company", path: "/profile/company", cookie: seller, admin: true },
    { label: "/profile/company/add", path: "/profile/company/add", cookie: seller, admin: true },
    { label: "/profile/company/:slug", path: `/profile/company/${slug}`, cookie: seller, admin: true },
    { label: "/profile/company/:slug/edit", path: `/profile/company/${slug}/edit`, cookie: seller, admin: true },
    ...profilePages.flat(),
    { label: "/profile/brand/:slug/banners", path: `${profilePages[0][2].path}/banners`, cookie: seller, admin: true },
    { label: "/profile/store-fee", path: "/profile/store-fee", cookie: seller, admin: true },
    { label: "/profile/branch", path: "/profile/branch", cookie: seller, admin: true },
    ...catalogPages.flat(),
    { label: "/become-seller/form-register (newbie)", path: "/become-seller/form-register", cookie: newbie, admin: false },
    { label: "404 (/no-such-page)", path: "/no-such-page", cookie: seller, admin: false },
    { label: "/id/dashboard", path: "/id/dashboard", cookie: seller, admin: true },
    { label: "/id/profile/company", path: "/id/profile/company", cookie: seller, admin: true },
  ];

  const jsCache = new Map<string, number>();
  async function gzBytes(url: string) {
    if (!jsCache.has(url)) {
      const res = await fetch(new URL(url, BASE));
      jsCache.set(url, gzipSync(Buffer.from(await res.arrayBuffer())).length);
    }
    return jsCache.get(url)!;
  }

  const rows: string[][] = [];
  const overBudget: string[] = [];
  for (const p of pages) {
    if (Date.now() > deadline) throw new Error("bench ran out of time");
    const headers = p.cookie ? { Cookie: p.cookie } : undefined;
    const get = async () => {
      const t0 = performance.now();
      const res = await fetch(`${BASE}${p.path}`, { headers, redirect: "manual" });
      const ttfb = performance.now() - t0; // fetch resolves when the status line and headers arrive
      const body = Buffer.from(await res.arrayBuffer());
      return { res, ttfb, body };
    };
    const { res, body } = await get(); // warm-up, and the copy measured for size
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push((await get()).ttfb);
    times.sort((a, b) => a - b);
    const html = body.toString("utf8");
    const urls = new Set<string>();
    for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(m[1]);
    for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
      const href = /\bhref="([^"]+)"/.exec(m[0]);
      if (href) urls.add(href[1]);
    }
    let js = 0;
    for (const u of urls) js += await gzBytes(u);
    const jsKb = js / 1024;
    const flag = p.admin && jsKb > BUDGET_KB ? "OVER BUDGET" : "";
    if (flag) overBudget.push(p.label);
    const status = res.status >= 300 && res.status < 400 ? `${res.status}→${res.headers.get("location")}` : String(res.status);
    rows.push([
      p.label,
      status,
      String(body.length),
      String(gzipSync(body).length),
      `${jsKb.toFixed(1)} (${urls.size})`,
      times[Math.floor(RUNS * 0.5)].toFixed(1),
      times[Math.ceil(RUNS * 0.95) - 1].toFixed(1),
      flag,
    ]);
  }

  const head = ["page", "status", "HTML B", "HTML gz B", "JS gz KB (files)", "TTFB p50 ms", "TTFB p95 ms", `budget ${BUDGET_KB} KB`];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  console.log(`\nPages (production build, ${RUNS} requests each after one warm-up):`);
  console.log(line(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(r));
  console.log(`\nLargest JavaScript files sent on first load (gz KB):`);
  for (const [url, bytes] of [...jsCache].sort((a, b) => b[1] - a[1]).slice(0, 8)) {
    console.log(`  ${(bytes / 1024).toFixed(1).padStart(6)}  ${url}`);
  }
  console.log(overBudget.length ? `\nOver the ${BUDGET_KB} KB gz JS budget: ${overBudget.join(", ")}` : `\nEvery admin page is within the ${BUDGET_KB} KB gz JS budget.`);
  await cleanup();
  process.exit(overBudget.length ? 1 : 0);
} catch (e) {
  await cleanup();
  throw e;
}
