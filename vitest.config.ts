import { reactRouter } from "@react-router/dev/vite";
import { configDefaults, defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The slowest files start first, so the two workers end together. Vitest orders by the last run's
 * times, but a clean clone (CI) has none, and by file size these started last: 2–3 minutes alone
 * at the end of the run. Measured on main; a file that becomes slow belongs here.
 */
const SLOWEST = [
  "tests/api/money-property.test.ts",
  "tests/api/privilege-matrix.test.ts",
  "tests/api/bad-input-pages.test.ts",
  "tests/api/transfer-crash.test.ts",
  "tests/api/backup.test.ts",
];
class SlowestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const rank = (f: TestSpecification) => {
      const i = SLOWEST.findIndex((path) => f.moduleId.endsWith(path));
      return i < 0 ? SLOWEST.length : i;
    };
    const sorted = await super.sort(files);
    return sorted.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i).map(({ f }) => f);
  }
}

/**
 * What CI's second run skips (TEST_SCOPE=database: the same code on the machine's PostgreSQL and
 * Redis). These check what the app decides from its own tables, the same on any server: every
 * admin page × every privilege (~6,000 page renders, 40 s) and every form's bad input (30 s).
 * Everything that reads or writes through the database runs on both.
 */
const SAME_ON_ANY_DATABASE = ["tests/api/privilege-matrix.test.ts", "tests/api/bad-input-pages.test.ts"];

export default defineConfig({
  // The React Router plugin makes `virtual:react-router/server-build` (app/routes.ts and its modules),
  // so a test can send a page request through the whole app (server/app.ts) as the server does.
  plugins: [reactRouter()],
  test: {
    include: ["core/**/*.test.ts", "api/**/*.test.ts", "app/**/*.test.ts", "db/**/*.test.ts", "tests/api/**/*.test.ts", "tests/routes/**/*.test.ts", "tests/*.test.ts"],
    exclude: [...configDefaults.exclude, ...(process.env.TEST_SCOPE === "database" ? SAME_ON_ANY_DATABASE : [])],
    globalSetup: ["tests/global-setup.ts"],
    setupFiles: ["tests/setup-db.ts"],
    pool: "forks",
    testTimeout: 20_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    sequence: { sequencer: SlowestFirst },
    // The page's stylesheet link is its URL (root.tsx imports it with ?url), not an empty href.
    css: { include: [/app\.css/] },
  },
});
