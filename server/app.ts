/**
 * The SSR bundle's entry: the API under /api, uploaded files, and the React Router handler for
 * every other URL, in one Hono app. server.ts serves it (and static assets, socket.io).
 */
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { withRefusalPages } from "#app/lib/errors.server.ts";
import { randomBytes } from "node:crypto";
import { answerError, api } from "#api/app.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { geocodeReverse, geocodeSearch } from "#api/routes/utilities.ts";
import { clientIpContext, nonceContext, peerContext } from "#app/lib/context.ts";
import { localeFromPath } from "#app/lib/i18n.ts";
import { sessionToken } from "#app/lib/session.server.ts";
import { clientIp, peerOf } from "#api/lib/client-ip.ts";
import { actorFromToken, scopeOf } from "#core/actor.ts";
import { localeFrom, translator } from "#core/i18n.ts";
import { tileOrigin } from "#core/lib/maps.ts";
import { serveUpload } from "#core/lib/uploads.ts";
import { databaseAnswers } from "#db/client.ts";
import { securityHeaders } from "./security-headers.ts";
import { unreadable } from "./unreadable.ts";
export { attachRealtime } from "./realtime.ts";
import "#core/jobs/kinds.ts"; // every job kind, before the worker claims one
export { startWorkers, stopWorkers } from "#core/jobs/worker.ts";
export { startDeadlineSweeper, stopDeadlineSweeper } from "#core/jobs/order-deadlines.ts";
export { closeDatabase } from "#db/client.ts";

// In production the build is handed over once: given a function, React Router derives the route
// table again on every request (about 6% of a page's CPU). Dev keeps the function, for HMR.
// Every route's loader and action answers a core refusal the one way (app/lib/errors.server.ts).
const handler = createRequestHandler(
  import.meta.env.PROD
    ? withRefusalPagesOnEveryRoute(await import("virtual:react-router/server-build"))
    : async () => withRefusalPagesOnEveryRoute(await import("virtual:react-router/server-build")),
  process.env.NODE_ENV,
);

function withRefusalPagesOnEveryRoute(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(Object.entries(build.routes).map(([id, route]) => {
    if (!route) return [id, route];
    const { loader, action } = route.module;
    const module = {
      ...route.module,
      ...(loader ? { loader: withRefusalPages(loader, false) } : {}),
      ...(action ? { action: withRefusalPages(action, true) } : {}),
    };
    return [id, { ...route, module }];
  }));
  return { ...build, routes };
}

export const app = new Hono();

const READS = ["GET", "HEAD", "OPTIONS"];
const MB = 1024 * 1024;

/**
 * A refusal made here, before the API or a page runs: the API's envelope under /api, a line of
 * text elsewhere; in the URL's language (/id/…), else in the Accept-Language one.
 */
function refuse(c: Context, status: ContentfulStatusCode, key: string) {
  const locale = localeFromPath(c.req.path) === "id" ? "id" : localeFrom(c.req.header("accept-language"));
  const message = translator(locale)(key);
  return c.req.path.startsWith("/api/") ? c.json({ code: status, message }, status) : c.text(message, status);
}

// Every answer, whatever made it (server/security-headers.ts); pages add their CSP below.
app.use(securityHeaders);

// Probes for a load balancer or an orchestrator, before anything else reads the request: no
// session, no database for /healthz (the process is up and serving), and /readyz says whether the
// database answers `SELECT 1` within a second (503 while it does not). Plain text, never cached.
const probe = (c: Context, ok: boolean) => {
  c.header("Cache-Control", "no-store");
  return c.text(ok ? "ok" : "unavailable", ok ? 200 : 503);
};
app.get("/healthz", (c) => probe(c, true));
app.get("/readyz", async (c) => probe(c, await databaseAnswers(1000)));

// Cross-origin writes are refused: a POST must come from our own origin (or from a non-browser
// client, which sends no Origin/Sec-Fetch-Site). The API's bearer token is never a cookie, so the
// check matters for the web's cookie session; it runs for both to keep one rule.
// - `Origin: null` is what a sandboxed frame, a data: or file: page or a redirect chain sends:
//   never our own pages, so it is refused when the request carries cookies (a session could ride
//   along). Without cookies there is nothing to forge, and no browser page of ours sends it.
// - Our host is the Host header. X-Forwarded-Host is whatever the client wrote unless a proxy in
//   front sets it, so it counts only with TRUST_PROXY=true (as X-Forwarded-For does for limits).
app.use(async (c, next) => {
  if (!READS.includes(c.req.method)) {
    const site = c.req.header("sec-fetch-site");
    const origin = c.req.header("origin");
    const forwardedHost = process.env.TRUST_PROXY === "true" ? c.req.header("x-forwarded-host") : undefined;
    const host = forwardedHost ?? c.req.header("host");
    const crossSite = site === "cross-site" || site === "same-site";
    let foreignOrigin = false;
    if (origin === "null") foreignOrigin = c.req.header("cookie") !== undefined;
    else if (origin) {
      try { foreignOrigin = new URL(origin).host !== host; } catch { foreignOrigin = true; }
    }
    if (crossSite || foreignOrigin) return refuse(c, 403, "api:errors.cross_origin");
  }
  await next();
});

// Request bodies are bounded before anything reads them: 25 MB for multipart (the seller
// registration carries up to 10 documents of 2 MB), 1 MB for anything else. This holds for pages
// and the API alike; API routes that take files keep their own tighter limits.
const bodyLimits = {
  multipart: bodyLimit({ maxSize: 25 * MB, onError: (c) => refuse(c, 413, "api:errors.too_large") }),
  other: bodyLimit({ maxSize: 1 * MB, onError: (c) => refuse(c, 413, "api:errors.too_large") }),
};
app.use((c, next) => {
  if (READS.includes(c.req.method)) return next();
  const multipart = (c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
  return (multipart ? bodyLimits.multipart : bodyLimits.other)(c, next);
});

// Bad input is refused here, once for the API and the pages, before anything reads it: a NUL or a
// lone surrogate in the URL or the body, a URL path that does not decode, a form that does not
// parse, a page write that is not a form (server/unreadable.ts). Otherwise PostgreSQL or a form
// parser would meet it in some handler as a 500. After the body limits, so the clone it reads is
// bounded.
app.use(async (c, next) => {
  if (await unreadable(c.req.raw, !c.req.path.startsWith("/api/"))) return refuse(c, 400, "api:errors.unreadable");
  await next();
});

// The map widgets ask for addresses from the browser (core/lib/maps.ts), which holds no bearer
// token: for these read-only lookups the web session's actor stands in, answered by the API's own
// handlers and envelope (errors included) with no second trip through the API. A bearer token, or
// no session, goes on to the API as usual. (The cookie is SameSite=Lax, so another site's page
// cannot make these calls as the user.)
const geocodeFromSession = new Hono<ApiEnv>();
geocodeFromSession.onError(answerError);
geocodeFromSession.get("/api/v0.0.0/utilities/geocode/:kind{reverse|search}", async (c, next) => {
  if (c.req.header("authorization")) return next();
  const token = await sessionToken(c.req.raw);
  if (!token) return next();
  const locale = localeFrom(c.req.header("accept-language"));
  c.set("locale", locale);
  c.set("t", translator(locale));
  c.header("Cache-Control", "no-store");
  const actor = await actorFromToken(token, locale);
  c.set("actor", actor);
  c.set("scope", scopeOf(actor));
  return c.req.param("kind") === "reverse" ? geocodeReverse(c) : geocodeSearch(c);
});
app.route("/", geocodeFromSession);

app.route("/", api);
// An unknown path under /api is the API's own 404 (the envelope), never the web's not-found page.
app.all("/api/*", (c) => c.json({ code: 404, message: "Route not found" }, 404));

// API clients send their bearer token; a browser sends the web session cookie, which holds one.
app.get("/uploads/:name", async (c) => {
  const auth = c.req.header("authorization") ?? "";
  const token = auth.startsWith("Bearer ") ? auth.slice(7).trim() : await sessionToken(c.req.raw);
  return (await serveUpload(c.req.param("name"), token)) ?? refuse(c, 404, "api:errors.not_found");
});

app.all("*", async (c) => {
  const nonce = randomBytes(16).toString("base64");
  const context = new RouterContextProvider();
  context.set(nonceContext, nonce);
  context.set(clientIpContext, clientIp(c));
  context.set(peerContext, peerOf(c)); // the socket's address, for the demo pages (/outbox)
  const res = await handler(c.req.raw, context);
  const headers = new Headers(res.headers);
  const dev = process.env.NODE_ENV !== "production";
  headers.set(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      dev ? "script-src 'self' 'unsafe-inline'" : `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self' 'unsafe-inline'",
      // Map tiles come from MAP_TILE_URL's origin; geocoding goes through our own API.
      `img-src 'self' data: blob: ${tileOrigin() ?? ""}`.trim(),
      "connect-src 'self' ws: wss:",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ].join("; "),
  );
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
});
