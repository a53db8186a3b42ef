/**
 * Which copy of the route table answers a URL in production (docs/decisions/0011).
 *
 * React Router matches a URL by trying its table's branches one by one in rank order, twice a
 * request (the handler, then the query), and renders from a route list it rebuilds per request
 * from the whole manifest. With ~135 routes that was a tenth of /orders' server time. So each
 * language and each static first segment of a path ("orders", "products", …) gets its own
 * handler over a table of just the routes that can match such a URL: the routes under that
 * segment, every route whose path starts with a param or a splat (the not-found page), and their
 * layouts. The table keeps the full table's order, so the first branch to match is the one the
 * full table would match. A URL whose first segment no route names gets the table of the param
 * and splat routes: the keys are the build's segments, never the visitor's.
 *
 * The language: every page sits under the optional segment "id?". Each language's copy fixes it
 * (pathless for English, "id" for Indonesian), so neither table holds each page twice.
 * Route ids and modules are unchanged, so a page renders and hydrates exactly as with the whole
 * table. The browser's requests for the routes its links lead to (route discovery "lazy":
 * /__manifest?paths=…) may name any route of either language: `manifestAnswer` answers them from
 * the whole table.
 */
import { createRequestHandler, type ServerBuild } from "react-router";

type Handler = ReturnType<typeof createRequestHandler>;
type Language = "en" | "id";
/** Where the browser asks for routes it has not seen (React Router's default manifestPath). */
const MANIFEST_PATH = "/__manifest";
/** The key of routes that may match any first segment (a param, a splat, an optional segment). */
const ANY = "*";

/** The handler for a request's path, made on first use (at most two per static first segment). */
export function handlersFor(build: ServerBuild, mode: string | undefined): (pathname: string) => Handler {
  const tables = routeTables(build);
  const made = new Map<string, Handler>();
  let manifest: Handler | undefined;
  return (pathname) => {
    if (pathname === MANIFEST_PATH) return (manifest ??= manifestAnswer(build, mode));
    const key = tables.keyOf(pathname);
    let handler = made.get(key);
    if (!handler) {
      handler = createRequestHandler(tables.buildFor(key), mode);
      made.set(key, handler);
    }
    return handler;
  };
}

/**
 * The browser's question "which routes serve these paths?" (/__manifest?paths=…&version=…),
 * answered by React Router over the whole table, with each path's ancestors asked too
 * ("/profile/brand/3" and "/profile" for "/profile/brand/3/edit"), as a page's own inlined
 * manifest has them. Asked for the path alone, React Router names only its routes; the browser
 * then knew a layout without its index page, and a later visit to the layout's own path ("/",
 * "/profile") matched the layout alone and showed an empty page instead of asking. React Router
 * does the matching (over branches it ranked once: a match of our own ranked ~170 routes per
 * path, a second of CPU per question); the ancestors go in pieces under its URL limit. Every
 * page asks the same question for its sidebar, so answers are kept (up to 200 questions).
 */
export function manifestAnswer(build: ServerBuild, mode?: string): Handler {
  const whole = createRequestHandler(build, mode);
  const answers = new Map<string, string>();
  const answer = (json: string) => new Response(json, { headers: { "Content-Type": "application/json", "Cache-Control": "public, max-age=31536000, immutable" } });
  return async (request, context) => {
    const url = new URL(request.url);
    const asked = url.searchParams.get("paths");
    // Anything but a question within React Router's limits gets its own answer (400, 204 reload).
    if (asked === null || url.toString().length > URL_LIMIT || url.searchParams.get("version") !== build.assets.version) return whole(request, context);
    const known = answers.get(asked);
    if (known) return answer(known);
    const paths = new Set<string>();
    for (const path of asked.split(",").filter(Boolean)) {
      const segments = path.split("/").filter(Boolean);
      for (let n = segments.length; n >= 0; n--) paths.add(`/${segments.slice(0, n).join("/")}`);
    }
    const patches: Record<string, unknown> = {};
    const pieces: string[][] = [[]];
    for (const path of paths) {
      if (pieces.at(-1)!.join(",").length + path.length > URL_LIMIT / 4) pieces.push([]);
      pieces.at(-1)!.push(path);
    }
    for (const piece of pieces) {
      const one = new URL(url);
      one.searchParams.set("paths", piece.join(","));
      const res = await whole(new Request(one, { headers: request.headers }), context);
      if (res.status !== 200) return res;
      Object.assign(patches, await res.json());
    }
    const json = JSON.stringify(patches);
    if (answers.size >= 200) answers.clear();
    answers.set(asked, json);
    return answer(json);
  };
}
/** React Router's limit on a /__manifest URL's length (its URL_LIMIT). */
const URL_LIMIT = 7680;

/** `keyOf(pathname)`: which table answers the path; `buildFor(key)`: the build with that table. */
export function routeTables(build: ServerBuild) {
  const languageId = Object.entries(build.routes).find(([, route]) => route?.path === "id?")?.[0];
  const tables = { en: keyedRoutes(forLanguage(build, "en"), languageId), id: keyedRoutes(forLanguage(build, "id"), languageId) };
  return {
    keyOf(pathname: string) {
      const { language, segment } = firstSegment(pathname);
      return `${language}:${tables[language].keys.has(segment) ? segment : ANY}`;
    },
    buildFor(key: string) {
      const [language, segment] = key.split(/:(.*)/) as [Language, string];
      return tables[language].buildFor(segment);
    },
  };
}

/** The page's language and its path's first segment, as React Router matches them (decoded, any case). */
function firstSegment(pathname: string): { language: Language; segment: string } {
  // A data request names its page: /orders.data, /_.data and /orders/_.data (trailing-slash aware).
  const path = pathname.endsWith("/_.data") ? pathname.slice(0, -"_.data".length) : pathname.replace(/\.data$/, "");
  const segments = path.split("/").filter(Boolean).slice(0, 2).map((s) => decoded(s).toLowerCase());
  const language: Language = segments[0] === "id" ? "id" : "en";
  return { language, segment: (language === "id" ? segments[1] : segments[0]) ?? "" };
}

function decoded(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // matched as it is (server/unreadable.ts refuses such a path before this)
  }
}

function forLanguage(build: ServerBuild, language: Language): ServerBuild {
  const routes = Object.fromEntries(Object.entries(build.routes).map(([id, route]) =>
    [id, route?.path === "id?" ? { ...route, path: language === "id" ? "id" : undefined } : route]));
  return { ...build, routes };
}

type ServerRoutes = ServerBuild["routes"];

/** One language's table, and the build for each first-segment key (routes by key, layouts included). */
function keyedRoutes(build: ServerBuild, languageId: string | undefined) {
  const routes = build.routes;
  const keyOf = new Map<string, string | null>(); // null: pathless, matches only through its children
  for (const [id, route] of Object.entries(routes)) {
    if (!route) continue;
    if (route.path === undefined && !route.index) keyOf.set(id, null);
    else keyOf.set(id, keyOfPath(pathOf(routes, id, languageId)));
  }
  const keys = new Set([...keyOf.values()].filter((k): k is string => k !== null && k !== ANY));
  const buildFor = (key: string): ServerBuild => {
    const kept = new Set<string>();
    for (const [id, k] of keyOf) {
      // "" (the landing "/") too: a page's inlined manifest has the routes of its path's ancestors,
      // "/" among them, so that going back to "/" in the app finds its route.
      if (k !== key && k !== ANY && k !== "") continue;
      for (let at: string | undefined = id; at && !kept.has(at); at = routes[at]?.parentId) kept.add(at);
    }
    const only = <T>(all: Record<string, T>) => Object.fromEntries(Object.entries(all).filter(([id]) => kept.has(id)));
    // The server's copy of the manifest too: React Router rebuilds its route list from it on
    // every render. The browser's copy is the manifest file, which this does not touch.
    return { ...build, routes: only(routes) as ServerRoutes, assets: { ...build.assets, routes: only(build.assets.routes) } };
  };
  return { keys, buildFor };
}

/** A route's full path below the language segment, from its layouts' paths and its own. */
function pathOf(routes: ServerRoutes, id: string, languageId: string | undefined): string {
  const parts: string[] = [];
  for (let at: string | undefined = id; at; at = routes[at]?.parentId) {
    const path = routes[at]?.path;
    if (at !== languageId && path) parts.unshift(path);
  }
  return parts.join("/");
}

function keyOfPath(path: string): string {
  const first = path.split("/").find(Boolean) ?? "";
  return first.startsWith(":") || first.includes("*") || first.endsWith("?") ? ANY : first.toLowerCase();
}
