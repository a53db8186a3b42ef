/**
 * Where the end-to-end server runs, shared by playwright.config.ts, the journeys (which read the
 * e2e database to check the figures a page shows) and scripts/e2e-server.ts's defaults.
 *
 * Its ports are free ones unless E2E_PORT / E2E_PG_PORT say: picked once, by the first import —
 * playwright.config.ts in Playwright's main process — and written back into process.env, which the
 * web server and every worker (which load the config and these modules again) inherit, so all of
 * them agree.
 */
import { freePort } from "../free-port.ts";

process.env.E2E_PORT ||= String(await freePort());
process.env.E2E_PG_PORT ||= String(await freePort());
export const E2E_PORT = Number(process.env.E2E_PORT);
export const E2E_PG_PORT = Number(process.env.E2E_PG_PORT);
export const E2E_PG_DATA_DIR = process.env.E2E_PG_DATA_DIR ?? "data/e2e-pg";
export const E2E_DATABASE = "indie_e2e";
/** Playwright's output folder (signed-in sessions included): its own per parallel run. */
export const E2E_OUTPUT_DIR = process.env.E2E_OUTPUT_DIR ?? "test-results";

/** The e2e server's database: a fresh one on DATABASE_URL's server, else the embedded one. */
export function e2eDatabaseUrl() {
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${E2E_DATABASE}`;
    return url.toString();
  }
  return `postgres://indie:indie@127.0.0.1:${E2E_PG_PORT}/indie`;
}
