/**
 * The build's browser files, served by server.ts ahead of the app: /assets/* (hashed names, cached
 * for good) and the files at the root of build/client (favicon.svg). They never reach server/app.ts,
 * so they get its security headers here.
 */
import fs from "node:fs";
import path from "node:path";
import type { Hono } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";
import { securityHeaders } from "./security-headers.ts";

/** Serves `client` (a build's client folder) on `root`; any other path falls through to what comes next. */
export function serveBuildFiles(root: Hono, client: string) {
  // Only the build's own files are looked up on disk: a page or an API call costs no stat calls.
  const files = serveStatic({ root: path.relative(process.cwd(), client) });
  const rootFiles = fs.readdirSync(client, { withFileTypes: true }).filter((f) => f.isFile()).map((f) => `/${f.name}`);
  for (const p of ["/assets/*", ...rootFiles]) root.use(p, securityHeaders);
  root.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.ok) c.res.headers.set("Cache-Control", "public, max-age=31536000, immutable");
  });
  root.use("/assets/*", files);
  for (const p of rootFiles) root.get(p, files);
}
