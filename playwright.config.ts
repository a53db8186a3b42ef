/**
 * End-to-end journeys in Debian's Chromium (/usr/bin/chromium; never `playwright install`) against
 * the production build, started on a fresh database for every run (scripts/e2e-server.ts).
 * Project "js" runs every journey; "no-js" runs the core ones (tagged @core) with JavaScript off,
 * since every page must work without it; both reuse the sessions project "accounts" signs in.
 */
import { defineConfig } from "@playwright/test";
import { E2E_DATABASE, E2E_OUTPUT_DIR, E2E_PG_DATA_DIR, E2E_PG_PORT, E2E_PORT } from "./tests/e2e/env.ts";

const baseURL = `http://localhost:${E2E_PORT}`;
const ci = Boolean(process.env.CI);

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: E2E_OUTPUT_DIR,
  // Two cores: the server and the browser share them.
  workers: 2,
  retries: ci ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  forbidOnly: ci,
  reporter: [
    [ci ? "line" : "list"],
    ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? "playwright-report/results.json" }],
  ],
  use: {
    baseURL,
    locale: "en-US",
    timezoneId: "Asia/Jakarta",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    // Signs in once as the accounts whose sessions the journeys reuse (tests/e2e/fixtures.ts).
    { name: "accounts", testMatch: /\.setup\.ts$/ },
    { name: "js", dependencies: ["accounts"], use: { javaScriptEnabled: true } },
    { name: "no-js", dependencies: ["accounts"], grep: /@core/, use: { javaScriptEnabled: false } },
  ],
  webServer: {
    // Build once (into BUILD_DIR, default build/), then the production server on a fresh database
    // (embedded, or a fresh database on DATABASE_URL's server). E2E_REUSE_BUILD=1 serves the build
    // already there (CI's second run: the same code on another database).
    command: `${process.env.E2E_REUSE_BUILD === "1" ? "" : "node --import tsx scripts/react-router.ts build && "}node --import tsx scripts/e2e-server.ts`,
    url: `${baseURL}/auth`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    env: {
      PORT: String(E2E_PORT),
      PG_PORT: String(E2E_PG_PORT),
      PG_DATA_DIR: E2E_PG_DATA_DIR,
      E2E_DATABASE,
      NOTIFY_CONSOLE: "off",
      // A new promotion is approved (demo) and started within seconds, so a journey can watch it run.
      PROMOTION_APPROVE_MS: "2000",
      PROMOTION_SWEEP_MS: "1000",
    },
  },
});
