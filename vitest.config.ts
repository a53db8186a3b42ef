import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["core/**/*.test.ts", "api/**/*.test.ts", "app/**/*.test.ts", "db/**/*.test.ts", "tests/api/**/*.test.ts", "tests/routes/**/*.test.ts", "tests/*.test.ts"],
    globalSetup: ["tests/global-setup.ts"],
    setupFiles: ["tests/setup-db.ts"],
    pool: "forks",
    testTimeout: 20_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
  },
});
