/**
 * The `react-router` CLI (build, typegen) with one known line less. @react-router/dev 7.x starts
 * its internal Vite servers (the config loader, the route child compiler) with `envFile: false`,
 * which Vite 8.1+ warns about on every one ("The `envFile` option is deprecated, please use
 * `envDir: false` instead.", three times a build). Only React Router 8 passes `envDir: false`
 * (remix-run/react-router#15230; 7.18.4 is the last 7.x) and no option of ours reaches those
 * servers, so the commands our scripts run drop exactly that line; every other one passes through.
 * CLI: `node --import tsx scripts/react-router.ts build` (`npm run build`), `… typegen`.
 */
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";

// On a terminal Vite colours it, and prints a repeat as "… (x2)" over the one before.
const ENVFILE_WARNING = /^The `envFile` option is deprecated, please use `envDir: false` instead\.( \(x\d+\))?$/;
export const isEnvFileWarning = (line: string) => ENVFILE_WARNING.test(line.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "").trim());

/** `react-router build` into `buildDir`, waited for; stdout ignored (the file list), stderr shown without that line. */
export function reactRouterBuildSync(cwd = ".", buildDir = process.env.BUILD_DIR ?? "build") {
  const b = spawnSync("npx", ["react-router", "build"], {
    cwd,
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, BUILD_DIR: buildDir },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const shown = (b.stderr ?? "").split("\n").filter((l) => !isEnvFileWarning(l)).join("\n");
  if (shown.trim()) process.stderr.write(shown.endsWith("\n") ? shown : `${shown}\n`);
  return b.status ?? 1;
}

/**
 * The CLI: the command's output as it comes, without that line. Both streams go through a pipe, so
 * Vite never takes them for a terminal: it would clear the screen to print "(x2)" over a repeated
 * warning. Colours are kept when ours is one.
 */
function reactRouter(args: string[]) {
  const colour = process.stdout.isTTY && !("NO_COLOR" in process.env) ? { FORCE_COLOR: process.env.FORCE_COLOR ?? "1" } : {};
  const child = spawn("npx", ["react-router", ...args], { stdio: ["inherit", "pipe", "pipe"], env: { ...process.env, ...colour } });
  for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]] as const) {
    readline.createInterface({ input: from, crlfDelay: Infinity }).on("line", (line) => {
      if (!isEnvFileWarning(line)) to.write(`${line}\n`);
    });
  }
  child.on("close", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) reactRouter(process.argv.slice(2));
