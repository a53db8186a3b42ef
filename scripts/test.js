#!/usr/bin/env node
/**
 * `npm test`: the whole suite. Vitest (unit + API tests) then Playwright (end-to-end), each with
 * its readable reporter on the terminal and a JSON report on the side, then one closing line
 * `N passed, N failed[, N skipped]` summed from both JSON reports (CI reads that line).
 * Exits non-zero when anything failed, including a runner that crashed before counting.
 * TEST_SCOPE=database: CI's second run, the same code on another database server (and Redis), so
 * only what that can change: Vitest without the files that check the app's own tables
 * (vitest.config.ts SAME_ON_ANY_DATABASE), the money property at 50 runs instead of 150 (here the
 * point is the same writes and locks on this server, not new sequences), and of the end-to-end
 * suite the core journeys (tagged @core) with JavaScript on (the no-JS runs and the layout checks
 * do not touch the database differently).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const reports = fs.mkdtempSync(path.join(os.tmpdir(), "indie-test-"));
const bin = (name) => path.resolve("node_modules/.bin", name);

function run(command, args, env = {}) {
  console.log(`\n$ ${[path.basename(command), ...args].join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/** Vitest's JSON report; a file that failed to load counts as one failure (it has no test results). */
function vitestCounts(report) {
  if (!report) return { passed: 0, failed: 0, skipped: 0 };
  const brokenFiles = report.testResults.filter(
    (file) => file.status === "failed" && !file.assertionResults.some((t) => t.status === "failed"),
  ).length;
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

/** Playwright's JSON report: a flaky test passed on retry; errors outside tests (webServer) count once each. */
function playwrightCounts(report) {
  if (!report) return { passed: 0, failed: 0, skipped: 0 };
  const { expected, unexpected, flaky, skipped } = report.stats;
  return { passed: expected + flaky, failed: unexpected + (report.errors?.length ?? 0), skipped };
}

/** The names of what failed, so the closing lines say it (CI shows only the tail of a long run). */
function vitestFailures(report) {
  if (!report) return [];
  return report.testResults.flatMap((file) => {
    const tests = file.assertionResults.filter((t) => t.status === "failed");
    if (file.status === "failed" && tests.length === 0) return [`${path.relative(".", file.name)} (did not load)`];
    return tests.map((t) => `${path.relative(".", file.name)} › ${t.fullName}`);
  });
}

function playwrightFailures(report) {
  if (!report) return [];
  const names = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === "unexpected") names.push(`[${test.projectName}] ${spec.file}:${spec.line} › ${[...titles, spec.title].join(" › ")}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.title && !child.title.endsWith(".ts") ? [...titles, child.title] : titles);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return [...names, ...(report.errors ?? []).map((e) => `(outside a test) ${String(e.message ?? "").split("\n")[0]}`)];
}

const databaseOnly = process.env.TEST_SCOPE === "database";
const vitestJson = path.join(reports, "vitest.json");
const vitestExit = run(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`], databaseOnly ? { MONEY_PROPERTY_RUNS: process.env.MONEY_PROPERTY_RUNS ?? "50" } : {});
const vitestReport = readJson(vitestJson);
const unit = vitestCounts(vitestReport);
if (vitestExit !== 0 && unit.failed === 0) unit.failed = 1; // crashed before reporting a failure

const playwrightJson = path.join(reports, "playwright.json");
const scope = databaseOnly ? ["--grep", "@core", "--project", "js"] : [];
const playwrightExit = run(bin("playwright"), ["test", ...scope], { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightJson });
const playwrightReport = readJson(playwrightJson);
const e2e = playwrightCounts(playwrightReport);
if (playwrightExit !== 0 && e2e.failed === 0) e2e.failed = 1;

fs.rmSync(reports, { recursive: true, force: true });
const failures = [...vitestFailures(vitestReport), ...playwrightFailures(playwrightReport)];
if (failures.length > 0) console.log(`\nWhat failed:\n${failures.map((name) => `✘ ${name}`).join("\n")}`);
const passed = unit.passed + e2e.passed;
const failed = unit.failed + e2e.failed;
const skipped = unit.skipped + e2e.skipped;
console.log(`\nVitest: ${unit.passed} ok and ${unit.failed} failing; Playwright: ${e2e.passed} ok and ${e2e.failed} failing.`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
