/**
 * A V8 CPU profile (`node --cpu-prof`, a .cpuprofile file) summed by self time: per module group
 * (React Router, React render, drizzle, pg, i18next, Hono, our code, Node's HTTP, zlib…) and the
 * top functions, as shares of the busy time (idle left out); then our code's functions by total
 * time (self + callees), which says which loader, helper or middleware the time is spent under.
 * `window` keeps the samples between two instants (seconds from the profile's start), e.g. the
 * measured load without the server's start. Used by `npm run bench:ssr -- --profile`; on its own:
 * `node --import tsx bench/cpu-profile.ts <file.cpuprofile> [from-s] [to-s]`.
 */
import fs from "node:fs";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const GROUPS: [RegExp, string][] = [
  [/node_modules\/(react-router|@react-router)\//, "React Router"],
  [/node_modules\/(react-dom|react|scheduler)\//, "React render"],
  [/node_modules\/drizzle-orm\//, "drizzle"],
  [/node_modules\/(pg|pg-[a-z]+|postgres-[a-z]+)\//, "pg"],
  [/node_modules\/(i18next|react-i18next|remix-i18next)\//, "i18next"],
  [/node_modules\/(hono|@hono)\//, "Hono"],
  [/node_modules\/zod\//, "zod"],
  [/node_modules\/(tsx|esbuild|get-tsconfig)\//, "tsx loader"],
  [/node_modules\//, "other packages"],
  [/^node:zlib/, "Node zlib (compression)"],
  [/^node:internal\/deps\/undici|^node:internal\/(webstreams|blob|url|encoding)/, "Node web APIs (Request, streams, URL)"],
  [/^node:(_http|http|net|internal\/(http|stream|streams))/, "Node HTTP and streams"],
  [/^node:|^internal\//, "Node (other)"],
  [/^$/, "native (V8 builtins, syscalls)"],
];

function groupOf(url: string, name: string): string {
  if (name === "(garbage collector)") return "GC";
  if (name === "(program)") return "V8 (program)";
  for (const [re, group] of GROUPS) if (re.test(url.replace(/^file:\/\//, ""))) return group;
  return "our code";
}

const where = (url: string, line: number) =>
  `${url.replace(/^file:\/\/.*?node_modules\//, "").replace(/^file:\/\/\/.*?\/(build[^/]*|app|core|api|db|server)\//, "$1/")}:${line + 1}`;

export function summarizeProfile(file: string, window: [number, number] = [0, Infinity], top = 25): string {
  const p = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const keyOf = (n: Node) => `${n.callFrame.functionName || "(anonymous)"}  ${where(n.callFrame.url, n.callFrame.lineNumber)}`;

  const groups = new Map<string, number>();
  const self = new Map<string, { us: number; group: string }>();
  const total = new Map<string, number>(); // our code only
  let busy = 0;
  let idle = 0;
  let t = 0;
  p.samples.forEach((id, i) => {
    const us = p.timeDeltas[i] ?? 0;
    t += us;
    if (t < window[0] * 1e6 || t > window[1] * 1e6) return;
    const node = byId.get(id)!;
    const { functionName, url } = node.callFrame;
    if (functionName === "(idle)") return void (idle += us);
    busy += us;
    const group = groupOf(url, functionName);
    groups.set(group, (groups.get(group) ?? 0) + us);
    const s = self.get(keyOf(node)) ?? { us: 0, group };
    s.us += us;
    self.set(keyOf(node), s);
    const seen = new Set<string>();
    for (let n: Node | undefined = node; n; n = byId.get(parent.get(n.id) ?? -1)) {
      if (groupOf(n.callFrame.url, n.callFrame.functionName) === "our code" && n.callFrame.url && !seen.has(keyOf(n))) {
        seen.add(keyOf(n));
        total.set(keyOf(n), (total.get(keyOf(n)) ?? 0) + us);
      }
    }
  });
  const pct = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)} %`;
  const lines = [`  busy ${(busy / 1e6).toFixed(1)} s, idle ${(idle / 1e6).toFixed(1)} s; self time by module:`];
  for (const [g, us] of [...groups].sort((a, b) => b[1] - a[1])) lines.push(`  ${pct(us)}  ${g}`);
  lines.push(`  top ${top} functions by self time:`);
  for (const [key, f] of [...self].sort((a, b) => b[1].us - a[1].us).slice(0, top)) lines.push(`  ${pct(f.us)}  ${f.group.padEnd(16)} ${key}`);
  lines.push(`  our code by total time (self + callees):`);
  for (const [key, us] of [...total].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`  ${pct(us)}  ${key}`);
  return lines.join("\n");
}

if (process.argv[1]?.endsWith("cpu-profile.ts") && process.argv[2]) {
  const [file, from, to] = process.argv.slice(2);
  console.log(summarizeProfile(file, [Number(from ?? 0), Number(to ?? Infinity)]));
}
