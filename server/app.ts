/**
 * The SSR bundle's entry: the API under /api, uploaded files, and the React Router handler for
 * every other URL, in one Hono app. server.ts serves it (and static assets, socket.io).
 */
import { Hono } from "hono";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { randomBytes } from "node:crypto";
import { api } from "../api/app.ts";
import { clientIpContext, nonceContext } from "../app/lib/context.ts";
import { clientIp } from "../api/lib/client-ip.ts";
import { serveUpload } from "../api/lib/uploads.ts";
export { attachRealtime } from "./realtime.ts";
export { startWorkers } from "../api/jobs/worker.ts";

const handler = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  process.env.NODE_ENV,
);

export const app = new Hono();

// Cross-origin writes are refused: a POST must come from our own origin (or from a non-browser
// client, which sends no Origin/Sec-Fetch-Site). The API's bearer token is never a cookie, so the
// check matters for the web's cookie session; it runs for both to keep one rule.
app.use(async (c, next) => {
  if (!["GET", "HEAD", "OPTIONS"].includes(c.req.method)) {
    const site = c.req.header("sec-fetch-site");
    const origin = c.req.header("origin");
    const host = c.req.header("x-forwarded-host") ?? c.req.header("host");
    const crossSite = site === "cross-site" || site === "same-site";
    let foreignOrigin = false;
    if (origin && origin !== "null") {
      try { foreignOrigin = new URL(origin).host !== host; } catch { foreignOrigin = true; }
    }
    if (crossSite || foreignOrigin) return c.json({ code: 403, message: "Cross-origin request refused" }, 403);
  }
  await next();
});

app.route("/", api);
app.get("/uploads/:name", (c) => serveUpload(c.req.param("name")));

app.all("*", async (c) => {
  const nonce = randomBytes(16).toString("base64");
  const context = new RouterContextProvider();
  context.set(nonceContext, nonce);
  context.set(clientIpContext, clientIp(c));
  const res = await handler(c.req.raw, context);
  const headers = new Headers(res.headers);
  const dev = process.env.NODE_ENV !== "production";
  headers.set(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      dev ? "script-src 'self' 'unsafe-inline'" : `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob: ${process.env.MAP_TILE_ORIGIN ?? ""}`.trim(),
      `connect-src 'self' ws: wss: ${process.env.GEOCODE_ORIGIN ?? ""}`.trim(),
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ].join("; "),
  );
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
});
