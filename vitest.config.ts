import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // The React Router plugin makes `virtual:react-router/server-build` (app/routes.ts and its modules),
  // so a test can send a page request through the whole app (server/app.ts) as the server does.
  plugins: [reactRouter()],
  test: {
    include: ["core/**/*.test.ts", "api/**/*.test.ts", "app/**/*.test.ts", "db/**/*.test.ts", "tests/api/**/*.test.ts", "tests/routes/**/*.test.ts", "tests/*.test.ts"],
    globalSetup: ["tests/global-setup.ts"],
    setupFiles: ["tests/setup-db.ts"],
    pool: "forks",
    testTimeout: 20_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    // The page's stylesheet link is its URL (root.tsx imports it with ?url), not an empty href.
    css: { include: [/app\.css/] },
  },
});
