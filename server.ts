/**
 * Thin process entry: database (embedded unless DATABASE_URL), migrations, demo seed, then the
 * HTTP server with static assets, the app (API + web) and socket.io. `--dev` uses Vite's middleware.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { bootstrapDatabase } from "./db/bootstrap.ts";
import { isDemo } from "./core/lib/demo.ts";
import { serveBuildFiles } from "./server/static.ts";
import { compressAnswers } from "./server/compress.ts";

const started = Date.now();
const dev = process.argv.includes("--dev");
process.env.NODE_ENV ??= dev ? "development" : "production";
const port = Number(process.env.PORT ?? 3000);

// The embedded server outlives the app's connections: shutdown() below stops it last.
const database = await bootstrapDatabase({ stopOnSignal: false });
const { db, pool } = await import("./db/client.ts");
const { seedDemo, seedReference, DEMO_LOGINS, DEMO_PASSWORD } = await import("./core/demo/seed.ts");
await seedReference(db);
if (isDemo()) await seedDemo(db);
// The app bundle opens its own pool; this one was only for migrating and seeding.
await pool.end();

type Entry = typeof import("./server/app.ts");
let listener: (req: IncomingMessage, res: ServerResponse) => void;
let entry: Entry;

if (dev) {
  // The dev server runs @react-router/dev's internal Vite servers in this process: their envFile
  // warning (scripts/react-router.ts) is dropped here, exactly that line.
  const { isEnvFileWarning } = await import("./scripts/react-router.ts");
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!(typeof args[0] === "string" && isEnvFileWarning(args[0]))) warn(...args);
  };
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
  entry = (await devServer.ssrLoadModule("./server/app.ts")) as Entry;
  listener = (req, res) =>
    devServer.middlewares(req, res, async () => {
      const fresh = (await devServer.ssrLoadModule("./server/app.ts")) as Entry;
      getRequestListener(fresh.app.fetch)(req, res);
    });
} else {
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  entry = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as Entry;
  const root = new Hono();
  root.use(compressAnswers);
  serveBuildFiles(root, path.join(buildDir, "client"));
  root.all("*", (c) => entry.app.fetch(c.req.raw, c.env));
  listener = getRequestListener(root.fetch);
}

const server = createServer(listener);
entry.attachRealtime(server);
entry.startWorkers();
entry.startDeadlineSweeper();
server.listen(port, () => {
  const url = `http://localhost:${port}`;
  console.log(`\nIndie seller back-office on ${url}  (${database.embedded ? `embedded PostgreSQL in ${process.env.PG_DATA_DIR ?? "./data/pg"}` : "DATABASE_URL"}, ready in ${Date.now() - started} ms)`);
  if (isDemo()) {
    // Demo mode is not for a server others reach: say so, and how to turn it off (core/lib/demo.ts).
    console.log(`Demo mode is on (demo logins, one-time codes readable on /outbox); start with DEMO=off to turn it off.`);
    console.log(`Demo logins (password "${DEMO_PASSWORD}"):`);
    for (const l of DEMO_LOGINS) console.log(`  ${l.email.padEnd(22)} ${l.who}`);
    console.log(`Messages sent in demo mode (OTPs): ${url}/outbox — answers this machine only (loopback, not through a proxy)\n`);
  }
});

async function shutdown() {
  entry.databaseClosing();
  server.close();
  await Promise.all([entry.stopWorkers().catch(() => {}), entry.stopDeadlineSweeper().catch(() => {})]);
  // Close the app's connections before stopping the embedded server, so none is cut mid-query.
  await entry.closeDatabase().catch(() => {});
  await database.stop().catch(() => {});
  console.log("Stopped.");
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
