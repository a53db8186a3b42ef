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
import { translator } from "#core/i18n.ts";
import { localeOf } from "#api/lib/language.ts";
import { tileOrigin } from "#core/lib/maps.ts";
import { serveUpload } from "#core/lib/uploads.ts";
import { databaseAnswers } from "#db/client.ts";
import { fromAnotherSite, ourHost } from "./same-origin.ts";
import { securityHeaders } from "./security-headers.ts";
import { unreadable } from "./unreadable.ts";
import { handlersFor } from "./route-tables.ts";
export { attachRealtime } from "./realtime.ts";
import "#core/jobs/kinds.ts"; // every job kind, before the worker claims one
export { startWorkers, stopWorkers } from "#core/jobs/worker.ts";
export { startDeadlineSweeper, stopDeadlineSweeper } from "#core/jobs/order-deadlines.ts";
export { closeDatabase, databaseClosing } from "#db/client.ts";

// In production the build is handed over once: given a function, React Router derives the route
// table again on every request (about 6% of a page's CPU). Dev keeps the function, for HMR.
// Every route's loader and action answers a core refusal the one way (app/lib/errors.server.ts).
// Production answers each URL from a table of just the routes that can match it (its language and
// first segment: server/route-tables.ts). Vitest does too: its page requests go the way production
// sends them, and the function's per-request route table made them 4× slower in React's dev build
// (the privilege matrix's 6,000 pages took 135 s, now 30 s).
const handlerFor = import.meta.env.PROD || import.meta.env.MODE === "test"
  ? handlersFor(withRefusalPagesOnEveryRoute(await import("virtual:react-router/server-build")), process.env.NODE_ENV)
  : () => devHandler;
const devHandler = createRequestHandler(async () => withRefusalPagesOnEveryRoute(await import("virtual:react-router/server-build")), process.env.NODE_ENV);

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
async function refuse(c: Context, status: ContentfulStatusCode, key: string) {
  const locale = localeFromPath(c.req.path) === "id" ? "id" : await localeOf(c.req.raw);
  const message = translator(locale)(key);
  return c.req.path.startsWith("/api/") ? c.json({ code: status, message }, status) : c.text(message, status);
}

// Every answer, whatever made it (server/security-headers.ts); pages add their CSP (pageCsp).
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
// check matters for the web's cookie session; it runs for both to keep one rule. The rule is
// server/same-origin.ts, which socket.io's handshakes follow too: `Origin: null` is refused here
// when the request carries cookies (a session could ride along); without them there is nothing
// to forge, and no browser page of ours sends it.
app.use(async (c, next) => {
  if (!READS.includes(c.req.method) && fromAnotherSite((name) => c.req.header(name), c.req.header("cookie") !== undefined)) {
    return refuse(c, 403, "api:errors.cross_origin");
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
  const locale = await localeOf(c.req.raw);
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

/**
 * A page's Content-Security-Policy. Scripts only our own (with the request's nonce in production),
 * styles ours, images ours and the map tiles', and connections ours only:
 * - `connect-src 'self'` covers the socket too (the seller's realtime room, server/realtime.ts).
 *   CSP Level 3 makes 'self' match ws: and wss: on the page's host and port ("Does url match
 *   expression in origin", https://www.w3.org/TR/CSP3/#match-url-to-source-expression: the
 *   page's host, the same or default ports, and wss/https always, ws/http from an http page).
 *   Chromium does so since 71 (2018), Firefox since 2018, Safari since WebKit r292266 (2022). An
 *   older Safari that refuses the websocket still has socket.io's HTTP long-polling, which is
 *   plain same-origin requests: live updates work there too. The bare `ws: wss:` this replaces
 *   let an injected script talk to any websocket host.
 * - In development Vite's HMR socket is on its own port (vite.config.ts, HMR_PORT): that one
 *   origin, on the host the page was asked for, is added — never a bare scheme.
 */
export function pageCsp(nonce: string, header: (name: string) => string | undefined) {
  const dev = process.env.NODE_ENV !== "production";
  return [
    "default-src 'self'",
    dev ? "script-src 'self' 'unsafe-inline'" : `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    // Map tiles come from MAP_TILE_URL's origin; geocoding goes through our own API.
    `img-src 'self' data: blob: ${tileOrigin() ?? ""}`.trim(),
    `connect-src 'self'${dev ? hmrSource(header) : ""}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}

/** Vite's HMR socket on the page's host (development only), or nothing when the host does not parse. */
function hmrSource(header: (name: string) => string | undefined) {
  let hostname = "";
  try {
    hostname = new URL(`http://${ourHost(header) ?? "localhost"}`).hostname;
  } catch {
    // not a host: nothing added
  }
  // A host name or an IP literal only: a Host header is whatever the client wrote (";" would end the directive).
  if (!/^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/i.test(hostname)) return "";
  const port = Number(process.env.HMR_PORT ?? 24678);
  return Number.isInteger(port) ? ` ws://${hostname}:${port}` : "";
}

app.all("*", async (c) => {
  const nonce = randomBytes(16).toString("base64");
  const context = new RouterContextProvider();
  context.set(nonceContext, nonce);
  context.set(clientIpContext, clientIp(c));
  context.set(peerContext, peerOf(c)); // the socket's address, for the demo pages (/outbox)
  const res = await handlerFor(c.req.path)(c.req.raw, context);
  const headers = new Headers(res.headers);
  headers.set("Content-Security-Policy", pageCsp(nonce, (name) => c.req.header(name)));
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
});
