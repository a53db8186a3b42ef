/**
 * One PostgreSQL for the whole run: the machine's (DATABASE_URL) or the embedded one. A template
 * database is migrated and seeded once; every test file gets its own copy (tests/setup-db.ts).
 * The embedded one is the run's own: on a free port (TEST_PG_PORT to choose one) in a fresh copy
 * of a ready cluster (tests/test-pg.ts; TEST_PG_DIR to keep one directory instead), so runs side by
 * side never meet. Workers reach it through the URL provided here, not a port of their own.
 */
import type { TestProject } from "vitest/node";
import pg from "pg";
import { startEmbeddedPostgres } from "#db/embedded.ts";
import { runMigrations } from "#db/migrate.ts";
import { freePort } from "./free-port.ts";
import { testCluster } from "./test-pg.ts";

export default async function setup(project: TestProject) {
  let adminUrl: string;
  let stop = async () => {};
  if (process.env.DATABASE_URL) {
    adminUrl = process.env.DATABASE_URL;
  } else {
    const cluster = process.env.TEST_PG_DIR ? { dir: process.env.TEST_PG_DIR, remove: () => {} } : await testCluster();
    const port = process.env.TEST_PG_PORT ? Number(process.env.TEST_PG_PORT) : await freePort();
    const server = await startEmbeddedPostgres({ dataDir: cluster.dir, port, database: "postgres" });
    adminUrl = server.url;
    stop = async () => {
      await server.stop();
      cluster.remove();
    };
  }
  const template = `indie_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  // Connected for the whole run: a server stopped under it (a Ctrl-C) fails its next query, not the process.
  admin.on("error", () => {});
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${template}"`);
  await admin.query(`CREATE DATABASE "${template}"`);
  const templateUrl = withDatabase(adminUrl, template);
  await runMigrations(templateUrl);
  // Seed reference + demo data into the template with the app's own seed code.
  process.env.DATABASE_URL = templateUrl;
  const { db, pool } = await import("#db/client.ts");
  const { seedDemo, seedReference } = await import("#core/demo/seed.ts");
  await seedReference(db);
  await seedDemo(db);
  await pool.end();
  project.provide("adminUrl", adminUrl);
  project.provide("templateDb", template);

  return async () => {
    const { rows } = await admin.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`indie_t_${process.pid}_%`]);
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
    await admin.end();
    await stop();
  };
}

export function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

declare module "vitest" {
  export interface ProvidedContext {
    adminUrl: string;
    templateDb: string;
  }
}
