/**
 * Builds the app (`react-router build` into BUILD_DIR, default build/) only when a source is newer
 * than the last build: `npm start` a second time starts at once instead of rebuilding for ~10 s.
 * The benches use the same check for their builds. CLI: `node --import tsx scripts/build-if-stale.ts`.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reactRouterBuildSync } from "./react-router.ts";

/** What a build is made of: when none of these changed since, the build is current. */
export const APP_SOURCES = ["app", "api", "core", "server", "db", "locales", "public", "package-lock.json", "vite.config.ts", "react-router.config.ts"];

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  if (!fs.statSync(p).isDirectory()) return fs.statSync(p).mtimeMs;
  let newest = 0;
  for (const e of fs.readdirSync(p, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) newest = Math.max(newest, fs.statSync(path.join(e.parentPath, e.name)).mtimeMs);
  }
  return newest;
}

export function buildIfStale(cwd = ".", buildDir = process.env.BUILD_DIR ?? "build", sources = APP_SOURCES) {
  const built = path.join(cwd, buildDir, "server/index.js");
  const newest = Math.max(...sources.map((s) => newestMtime(path.join(cwd, s))));
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs >= newest) return false;
  console.log(`Building ${path.join(cwd, buildDir)}/ (react-router build)…`);
  if (reactRouterBuildSync(cwd, buildDir) !== 0) throw new Error(`the build in ${cwd} failed`);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) buildIfStale();
