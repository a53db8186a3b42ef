import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The SSR bundle's entry is server/app.ts (Hono API + React Router handler in one bundle),
// so middleware, routes and the API share one module graph. server.ts stays thin.
export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : undefined,
  plugins: [tailwindcss(), reactRouter()],
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
}));
