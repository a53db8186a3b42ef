import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import config from "#app/routes.ts";
import { manifestAnswer, routeTables } from "../server/route-tables.ts";

type Entry = { id?: string; file: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Entry[] };
type Row = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };

/** The build's route rows as React Router makes them from app/routes.ts (ids: file paths). */
function rowsOf(entries: Entry[], parentId = "root", out: Record<string, Row> = { root: { id: "root", path: "" } }) {
  for (const e of entries) {
    const id = e.id ?? e.file.replace(/\.[jt]sx?$/, "");
    out[id] = { id, parentId, path: e.path, index: e.index, caseSensitive: e.caseSensitive };
    rowsOf(e.children ?? [], id, out);
  }
  return out;
}
const rows = rowsOf(config as Entry[]);
const build = {
  routes: Object.fromEntries(Object.entries(rows).map(([id, r]) => [id, { ...r, module: {} }])),
  assets: { routes: rows, version: "v1" },
  entry: { module: { default: () => new Response("page") } }, future: {}, basename: "/", ssr: true, routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
} as unknown as ServerBuild;

/** Nested route objects from a build's rows, in their order (as React Router's createRoutes). */
function tree(routes: Record<string, Row | undefined>, parentId?: string): RouteObject[] {
  return Object.values(routes).filter((r): r is Row => r !== undefined && r.parentId === parentId).map((r) =>
    (r.index ? { id: r.id, index: true, path: r.path } : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: tree(routes, r.id) }) as RouteObject);
}
const whole = tree(rows);
const leaf = (routes: RouteObject[], path: string) => matchRoutes(routes, path)?.at(-1)?.route.id ?? null;
const pageOf = (path: string) => (path.endsWith("/_.data") ? path.slice(0, -6) : path.replace(/\.data$/, ""));

/** A URL for each route's path, each language; optional params given and left out. */
function samplePaths() {
  const paths = new Set(["/", "/id", "/ORDERS", "/id/Orders/SO-1", "/orders.data", "/_.data", "/id/_.data", "/id.data",
    "/orders/_.data", "/nope", "/id/nope/x", "/%6Frders", "/i18n/en", "/ID/orders", "/orders/print-invoice", "/id/profile/brand/3/edit", "/%69d/orders", "/Id/Profile/Company"]);
  for (const id of Object.keys(rows)) {
    const parts: string[] = [];
    for (let at: string | undefined = id; at; at = rows[at]?.parentId) if (rows[at]?.path) parts.unshift(rows[at]!.path!);
    const full = parts.join("/");
    for (const fill of ["given", "left out"]) {
      for (const lang of ["", "id"]) {
        const path = full.split("/").map((s) => (s === "id?" ? lang : s === "*" ? "no/such/page" : s.startsWith(":") ? (s.endsWith("?") && fill === "left out" ? "" : "v1") : s));
        paths.add(`/${path.filter(Boolean).join("/")}`);
      }
    }
  }
  return [...paths];
}

describe("route tables by language and first segment (server/route-tables.ts)", () => {
  const tables = routeTables(build);

  it("match every URL to the route the whole table matches", () => {
    const paths = samplePaths();
    expect(paths.length).toBeGreaterThan(250);
    for (const path of paths) {
      const table = tree(tables.buildFor(tables.keyOf(path)).routes as Record<string, Row>);
      expect({ path, id: leaf(table, pageOf(path)) }).toEqual({ path, id: leaf(whole, pageOf(path)) });
    }
  });

  it("hold a fraction of the routes, and a made-up segment gets the shared table", () => {
    const size = (path: string) => Object.keys(tables.buildFor(tables.keyOf(path)).routes).length;
    expect(size("/orders")).toBeLessThan(Object.keys(rows).length / 4);
    expect(tables.keyOf("/whatever-1")).toBe(tables.keyOf("/whatever-2"));
    expect(tables.keyOf("/id/orders.data")).toBe("id:orders");
    expect(leaf(tree(tables.buildFor(tables.keyOf("/whatever")).routes as Record<string, Row>), "/whatever")).toBe("splat");
  });
});

describe("the browser's route questions, /__manifest (route discovery lazy)", () => {
  const answer = manifestAnswer(build);
  const ask = async (query: string) => {
    const res = await answer(new Request(`http://x/__manifest?${query}`));
    return { status: res.status, ids: res.status === 200 ? Object.keys(await res.json()) : [], reload: res.headers.get("X-Remix-Reload-Document") };
  };

  it("names the routes of each path and of its ancestors, index pages included, in either language", async () => {
    const { status, ids } = await ask(`paths=${encodeURIComponent("/profile/brand/3/edit,/id/orders")}&version=v1`);
    expect(status).toBe(200);
    expect(ids).toEqual(expect.arrayContaining([
      "routes/admin/profile/brand/edit", "routes/admin/profile/brand/detail",
      // the layouts' own pages: "/profile/brand/3", "/profile" and "/" are not left half-known
      "routes/admin/profile/brand/info", "routes/admin/profile/index", "routes/index",
      "routes/admin/orders/list",
    ]));
  });

  it("answers another build's page with a reload, and a question without paths with 400", async () => {
    expect(await ask("paths=%2Forders&version=old")).toMatchObject({ status: 204, reload: "true" });
    expect((await ask("version=v1")).status).toBe(400);
    expect((await ask(`paths=${"%2Fx".repeat(3000)}&version=v1`)).status).toBe(400);
  });
});
