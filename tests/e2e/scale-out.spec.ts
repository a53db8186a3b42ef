/**
 * Scaling out is more identical processes on one PostgreSQL and one Redis (docs/architecture.md).
 * This starts two more app processes of the built app, A and B, on a database of their own on the
 * machine's PostgreSQL and on the machine's Redis, and shows what must hold across them:
 * - a new order delivered to B reaches, as the new-order notice, a browser connected to A
 *   (socket.io's Redis adapter);
 * - an export asked on A is made exactly once although both processes' workers poll for jobs
 *   (claims with FOR UPDATE SKIP LOCKED);
 * - an overdue order is expired exactly once although both processes sweep every second (the
 *   order's row lock; the loser is "already expired").
 * It needs the machine's PostgreSQL (127.0.0.1:5432) and Redis (127.0.0.1:6379), as CI has them.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHmac } from "node:crypto";
import pg from "pg";
import { Redis } from "ioredis";
import { webhookSecret } from "#core/orders/webhook-signing.ts";
import { expect, submitSignIn, test } from "./fixtures.ts";
import { uid } from "./orders.ts";

const PG = process.env.SCALE_OUT_PG ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS = process.env.SCALE_OUT_REDIS ?? "redis://127.0.0.1:6379/14";
const DATABASE = "indie_scale_out";
const SECRET = "scale-out-test-secret-0123456789abcdef";
const PORTS = { a: 3241, b: 3242 };

const databaseUrl = () => {
  const u = new URL(PG);
  u.pathname = `/${DATABASE}`;
  return u.toString();
};

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = [], url = databaseUrl()): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

const processes: ChildProcess[] = [];

async function startApp(port: number) {
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: {
      ...process.env, PORT: String(port), DATABASE_URL: databaseUrl(), REDIS_URL: REDIS, SESSION_SECRET: SECRET,
      DEMO: "on", NOTIFY_CONSOLE: "off", ORDER_SWEEP_MS: "1000", RATE_LIMIT_PREFIX: "scale-out:", NODE_ENV: "production",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  processes.push(child);
  let log = "";
  child.stdout!.on("data", (d) => (log += d));
  child.stderr!.on("data", (d) => (log += d));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app on ${port} exited: ${log}`);
    const up = await fetch(`http://localhost:${port}/auth`).then((r) => r.ok, () => false);
    if (up) return child;
    if (Date.now() > deadline) throw new Error(`app on ${port} did not start: ${log}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await sql(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`, [], PG);
  await sql(`CREATE DATABASE "${DATABASE}"`, [], PG);
  const redis = new Redis(REDIS);
  await redis.flushdb();
  redis.disconnect();
  // A first: it migrates and seeds the empty database; then B joins the same data.
  await startApp(PORTS.a);
  await startApp(PORTS.b);
});

test.afterAll(async () => {
  await Promise.all(processes.map((p) => new Promise<void>((resolve) => {
    if (p.exitCode !== null) return resolve();
    p.once("exit", () => resolve());
    p.kill("SIGTERM");
  })));
  await sql(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`, [], PG).catch(() => {});
});

test("a new order delivered to one process is announced to a browser on the other", async ({ browser }) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ baseURL: `http://localhost:${PORTS.a}` });
  const page = await context.newPage();
  await page.goto("/auth");
  await submitSignIn(page, "seller@indie.test");
  await page.goto("/orders");
  await expect(page.getByRole("img", { name: "Live updates: on" })).toBeAttached();

  const [ch] = await sql<{ id: number; code: string; name: string }>(`
    SELECT c.id, lower(c.platform_code) || '-' || c.id AS code, c.name FROM channels c JOIN businesses b ON b.id = c.business_id
     WHERE b.name = 'Toko Demo' AND c.status = 1 AND c.platform_code = 'IDM' ORDER BY c.id LIMIT 1`);
  const [variant] = await sql<{ sku: string }>(`
    SELECT v.sku FROM product_variants v JOIN products p ON p.id = v.product_id JOIN businesses b ON b.id = p.business_id
     WHERE b.name = 'Toko Demo' AND p.status = 'published' ORDER BY v.id LIMIT 1`);
  const id = uid();
  const body = JSON.stringify({
    id: `scale-${id}`, type: "order.created",
    data: {
      order_id: `SO-${id}`, customer: { name: `Tamu ${id}` }, shipping: { address: "Jl. Braga No. 10", city: "Bandung" },
      courier: { code: "jne", service: "REG" }, paid: false, items: [{ sku: variant.sku, quantity: 1 }], shipping_cost: 12000,
    },
  });
  const signature = `sha256=${createHmac("sha256", webhookSecret(ch.code, SECRET)).update(body, "utf8").digest("hex")}`;
  const res = await fetch(`http://localhost:${PORTS.b}/api/webhooks/channels/${ch.code}/orders`, {
    method: "POST", body, headers: { "Content-Type": "application/json", "X-Indie-Signature": signature },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const order = (await res.json()).data as { order_id: string };
  await expect(page.getByText(`You have new order on ${ch.name} with Order ID ${order.order_id}`)).toBeVisible({ timeout: 5_000 });
  await context.close();
});

test("an export asked on one process is made once, though both poll for jobs", async () => {
  const login = await fetch(`http://localhost:${PORTS.a}/api/v0.0/auth/login`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "seller@indie.test", password: "indie-demo" }),
  });
  const token = (await login.json()).data.token as string;
  const jobs: number[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await fetch(`http://localhost:${PORTS[i % 2 ? "b" : "a"]}/api/v0.0.0/exports/factory`, {
      method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: "{}",
    });
    expect(res.status).toBe(202);
    jobs.push((await res.json()).data.job_id);
  }
  await expect.poll(async () => (await sql<{ n: number }>(
    "SELECT count(*)::int AS n FROM jobs WHERE id = ANY($1) AND status = 'success'", [jobs]))[0].n, { timeout: 20_000 }).toBe(jobs.length);
  const claims = await sql<{ attempts: number }>("SELECT attempts FROM jobs WHERE id = ANY($1)", [jobs]);
  expect(claims.map((c) => c.attempts)).toEqual(jobs.map(() => 1));
});

test("an overdue order is expired once, though both processes sweep", async () => {
  const due = await sql<{ id: number }>(`
    UPDATE orders SET deadline_at = now() - interval '1 minute'
     WHERE id IN (SELECT o.id FROM orders o JOIN businesses b ON b.id = o.business_id
                   WHERE b.name = 'Toko Demo' AND o.status = 'waiting-payment' AND o.return_stage IS NULL ORDER BY o.id LIMIT 3)
     RETURNING id`);
  expect(due.length).toBeGreaterThan(0);
  const ids = due.map((d) => d.id);
  await expect.poll(async () => (await sql<{ n: number }>(
    "SELECT count(*)::int AS n FROM orders WHERE id = ANY($1) AND status = 'cancelled'", [ids]))[0].n, { timeout: 15_000 }).toBe(ids.length);
  const expiries = await sql<{ order_id: number; n: number }>(
    `SELECT order_id, count(*)::int AS n FROM order_status_history
      WHERE order_id = ANY($1) AND action LIKE 'expire-%' GROUP BY order_id ORDER BY order_id`, [ids]);
  expect(expiries.map((e) => e.n)).toEqual(ids.map(() => 1));
});
