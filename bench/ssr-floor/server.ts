/**
 * The floor's server, as the project's server.ts serves its build: Hono on @hono/node-server,
 * compression, static assets, React Router's request handler in production mode. PORT (3240).
 */
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { getRequestListener } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import type { ServerBuild } from "react-router";

// Before React loads (it picks its build from NODE_ENV once).
process.env.NODE_ENV = "production";
const { createRequestHandler } = await import("react-router");
const buildDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "build");
const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
const handler = createRequestHandler(build, "production");

const app = new Hono();
app.use(compress());
app.use("*", serveStatic({ root: path.relative(process.cwd(), path.join(buildDir, "client")) }));
app.all("*", (c) => handler(c.req.raw));
createServer(getRequestListener(app.fetch)).listen(Number(process.env.PORT ?? 3240));
// A clean exit (so `node --cpu-prof` writes its profile).
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(0));
