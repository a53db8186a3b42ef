/**
 * The embedded PostgreSQL started again after it dies (issue 12): a server of its own (own data
 * directory, a free port), the app's pool pointed at it, the postmaster killed with SIGKILL, and
 * /readyz through the whole app 200 again within 10 s — the same Node process throughout.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startEmbeddedPostgres } from "#db/embedded.ts";
import { freePort } from "#tests/free-port.ts";
import { testCluster } from "#tests/test-pg.ts";

let cluster: Awaited<ReturnType<typeof testCluster>>;
let dir: string;
let server: Awaited<ReturnType<typeof startEmbeddedPostgres>>;
let app: typeof import("#server/app.ts").app;
let closeDatabase: () => Promise<void>;

beforeAll(async () => {
  cluster = await testCluster();
  dir = cluster.dir;
  server = await startEmbeddedPostgres({ dataDir: dir, port: await freePort(), database: "postgres" });
  process.env.DATABASE_URL = server.url; // before the app (and its pool) is first imported
  ({ app, closeDatabase } = await import("#server/app.ts"));
}, 120_000);

afterAll(async () => {
  await closeDatabase?.().catch(() => {});
  await server?.stop();
  cluster?.remove();
});

const ready = async () => (await app.request("/readyz")).status;

const postmaster = () => {
  try {
    return Number(fs.readFileSync(path.join(dir, "postmaster.pid"), "utf8").split("\n")[0]);
  } catch {
    return 0; // between the old server and the new one
  }
};

it("comes back after its postmaster is killed, and /readyz is 200 again within 10 s", async () => {
  expect(await ready()).toBe(200);
  const pid = postmaster();
  process.kill(pid, "SIGKILL");
  const killed = Date.now();
  // Ready again means a new postmaster answering (a backend of the old one may answer a moment
  // before it notices its postmaster is gone).
  let status = 0;
  let now = pid;
  while (Date.now() - killed < 10_000) {
    status = await ready();
    now = postmaster();
    if (status === 200 && now && now !== pid) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  expect([status, now === pid]).toEqual([200, false]);
  expect(Date.now() - killed).toBeLessThan(10_000);
  expect((await app.request("/healthz")).status).toBe(200);
}, 60_000);
