/**
 * The house's dependency rule (docs/architecture.md): db ← core ← {app, api}. Nothing in core/ or
 * db/ imports app/ or api/; api/ never imports app/; and the modules of core/ and db/ form no
 * import cycle. Read from the source's import lines, so a wrong arrow fails here first.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = process.cwd();
const TOPS = ["core", "db", "app", "api", "server"];

function filesOf(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return filesOf(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [p] : [];
  });
}

/** The project files a module imports (type-only imports too: they are arrows of the design). */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  const out: string[] = [];
  for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)) {
    let target: string | null = null;
    if (spec.startsWith("#")) target = path.join(root, spec.slice(1));
    else if (spec.startsWith(".")) target = path.resolve(path.dirname(file), spec);
    if (target && fs.existsSync(target)) out.push(target);
  }
  return out;
}

const top = (file: string) => path.relative(root, file).split(path.sep)[0];

describe("layers", () => {
  const files = TOPS.flatMap((t) => filesOf(path.join(root, t)));
  const graph = new Map(files.map((f) => [f, importsOf(f)]));

  it("core/ and db/ import nothing from app/, api/ or server/", () => {
    const wrong = [...graph].flatMap(([f, deps]) =>
      ["core", "db"].includes(top(f)) ? deps.filter((d) => ["app", "api", "server"].includes(top(d))).map((d) => `${path.relative(root, f)} → ${path.relative(root, d)}`) : []);
    expect(wrong).toEqual([]);
  });

  it("db/ imports nothing from core/", () => {
    const wrong = [...graph].flatMap(([f, deps]) =>
      top(f) === "db" ? deps.filter((d) => top(d) === "core").map((d) => `${path.relative(root, f)} → ${path.relative(root, d)}`) : []);
    expect(wrong).toEqual([]);
  });

  it("api/ imports nothing from app/", () => {
    const wrong = [...graph].flatMap(([f, deps]) =>
      top(f) === "api" ? deps.filter((d) => top(d) === "app").map((d) => `${path.relative(root, f)} → ${path.relative(root, d)}`) : []);
    expect(wrong).toEqual([]);
  });

  it("core/ and db/ have no import cycle", () => {
    const inner = files.filter((f) => ["core", "db"].includes(top(f)));
    const state = new Map<string, "open" | "done">();
    const cycles: string[] = [];
    const visit = (f: string, trail: string[]) => {
      if (state.get(f) === "done") return;
      if (state.get(f) === "open") {
        cycles.push([...trail.slice(trail.indexOf(f)), f].map((x) => path.relative(root, x)).join(" → "));
        return;
      }
      state.set(f, "open");
      for (const d of graph.get(f) ?? []) if (["core", "db"].includes(top(d))) visit(d, [...trail, f]);
      state.set(f, "done");
    };
    for (const f of inner) visit(f, []);
    expect(cycles).toEqual([]);
  });

  it("core loads under plain Node (tsx), as server.ts, the seed and the simulator load it: no Vite-only code", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e",
      "await import('#core/demo/seed.ts'); await import('#core/actor.ts'); await import('#core/orders/listing.ts');"], {
      env: { ...process.env, DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" }, encoding: "utf8", timeout: 60_000,
    });
    expect(run.stderr).not.toMatch(/Error/);
    expect(run.status).toBe(0);
  }, 90_000);

  it("no page imports core or db for its side effects (route modules are split for the browser: such an import ships the server there)", () => {
    const bare = filesOf(path.join(root, "app")).filter((f) => /^import\s+"#(core|db)\//m.test(fs.readFileSync(f, "utf8")));
    expect(bare.map((f) => path.relative(root, f))).toEqual([]);
  });
});
