/**
 * Pages get only their own area's namespaces (i18n.server.ts AREA_NAMESPACES). This walks every
 * route module's imports and checks that no page uses an area namespace it would not be sent —
 * which would show raw keys instead of text.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AREA_NAMESPACES } from "./i18n.server.ts";

const appDir = path.resolve("app");
const areaOnly = new Set(Object.values(AREA_NAMESPACES).flat());

function resolveImport(from: string, spec: string): string | null {
  const base = spec.startsWith("#app/") ? path.join(appDir, spec.slice(5)) : spec.startsWith(".") ? path.resolve(path.dirname(from), spec) : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile() && candidate.startsWith(appDir)) return candidate;
  }
  return null;
}

function namespacesOf(entry: string) {
  const seen = new Set<string>();
  const used = new Map<string, string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    // Comments name namespaces as examples; only code counts.
    const text = fs.readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
    for (const ns of areaOnly) {
      if (text.includes(`useTranslation("${ns}")`) || text.includes(`"${ns}:`)) used.set(ns, path.relative(appDir, file));
    }
    for (const [, spec] of text.matchAll(/from "([^"]+)"/g)) {
      const next = resolveImport(file, spec);
      if (next && !next.endsWith(".server.ts")) visit(next);
    }
  };
  visit(entry);
  return used;
}

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    return d.isDirectory() ? routeFiles(p) : /\.tsx?$/.test(d.name) && !d.name.endsWith(".test.ts") ? [p] : [];
  });
}

/** app/routes/admin/products/listing.tsx → "products"; app/routes/become-seller/x.tsx → "become-seller". */
function areaOfFile(file: string) {
  const parts = path.relative(path.join(appDir, "routes"), file).split(path.sep);
  const rest = parts[0] === "admin" ? parts.slice(1) : parts;
  return rest.length > 1 ? rest[0] : rest[0].replace(/\.tsx?$/, "");
}

describe("area namespaces", () => {
  it.each(routeFiles(path.join(appDir, "routes")).map((f) => [path.relative(appDir, f), f]))("%s uses only its own area's", (_, file) => {
    const allowed = new Set(AREA_NAMESPACES[areaOfFile(file)] ?? []);
    const wrong = [...namespacesOf(file)].filter(([ns]) => !allowed.has(ns)).map(([ns, where]) => `${ns} (${where})`);
    expect(wrong).toEqual([]);
  });
});
