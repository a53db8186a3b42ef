/**
 * A data directory of its own for a test run's embedded PostgreSQL, so that two runs on one machine
 * (two worktrees, a run beside CI) never share a server: a copy of a cluster made once by initdb
 * (data/test-pg-template, kept between runs: a copy takes ~0.2 s where initdb takes ~3 s) in a new
 * temporary directory, removed by `remove()`. A run that could not remove its copy (killed) is
 * cleared by the next run: its server stopped, its directory removed.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { initialiseCluster } from "#db/embedded.ts";

const TEMPLATE = path.resolve("data/test-pg-template");
const PREFIX = "indie-test-pg-";

export async function testCluster(): Promise<{ dir: string; remove: () => void }> {
  if (!fs.existsSync(path.join(TEMPLATE, "PG_VERSION"))) {
    // Made aside then renamed into place, so a run beside this one never copies a half-made one.
    const making = `${TEMPLATE}.${process.pid}`;
    fs.rmSync(making, { recursive: true, force: true });
    await initialiseCluster(making);
    try {
      fs.renameSync(making, TEMPLATE);
    } catch {
      fs.rmSync(making, { recursive: true, force: true }); // another run's is there first
    }
  }
  await clearAbandoned();
  // Named after this process: a later run tells from the name whether its run is still going.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `${PREFIX}${process.pid}-`));
  fs.chmodSync(root, 0o755); // run as root, the server runs as the postgres user
  const dir = path.join(root, "pg");
  // cp -a keeps the owner (the postgres user, when run as root) and the cluster's 0700.
  const cp = spawnSync("cp", ["-a", TEMPLATE, dir], { encoding: "utf8" });
  if (cp.status !== 0) throw new Error(`copying ${TEMPLATE} failed: ${cp.stderr}`);
  return { dir, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM"; // someone else's
  }
};

/** Copies whose run is gone: their server (if still up) stopped, then removed. */
async function clearAbandoned() {
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith(PREFIX)) continue;
    const owner = Number(name.slice(PREFIX.length).split("-")[0]);
    if (!owner || alive(owner)) continue;
    const root = path.join(os.tmpdir(), name);
    let postmaster = 0;
    try {
      postmaster = Number(fs.readFileSync(path.join(root, "pg", "postmaster.pid"), "utf8").split("\n")[0]);
    } catch {}
    if (postmaster && alive(postmaster)) {
      process.kill(postmaster, "SIGINT"); // PostgreSQL's fast shutdown
      for (let i = 0; i < 50 && alive(postmaster); i++) await new Promise((r) => setTimeout(r, 100));
    }
    fs.rmSync(root, { recursive: true, force: true });
  }
}
