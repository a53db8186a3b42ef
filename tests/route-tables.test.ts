import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import config from "#app/routes.ts";
import { routeTables } from "../server/route-tables.ts";

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
  assets: { routes: rows },
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
