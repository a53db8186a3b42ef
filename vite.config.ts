import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The browser's first load (bench/lighthouse.ts): every chunk a page needs is a <link
// rel="modulepreload"> in its head, one request each. Left to itself the bundler cut the admin
// shell into ~25 of them (React's own parts, React Router, and a chunk per small shared module),
// all asked for at once ahead of the page's stylesheet on a slow connection. Two groups keep that
// to a handful: the framework in one chunk, and the app's small modules most pages share in another.
const clientChunks = {
  groups: [
    {
      name: "framework",
      test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
      priority: 2,
    },
    {
      // Shared by at least a dozen route modules (buttons, the error boundary, i18n, list
      // controls): on almost every page anyway. Rarer ones stay with the pages that use them.
      name: "shared",
      test: /[\\/]app[\\/](components|lib)[\\/]/,
      minShareCount: 12,
      priority: 1,
    },
  ],
};

// The SSR bundle's entry is server/app.ts (Hono API + React Router handler in one bundle),
// so middleware, routes and the API share one module graph. server.ts stays thin.
export default defineConfig({
  build: {
    // Rolldown's PLUGIN_TIMINGS note (JavaScript plugin hooks, React Router's virtual modules for
    // the most part, take most of a ~3 s build) is nothing this app can act on: not on every build.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  environments: {
    client: { build: { rolldownOptions: { output: { codeSplitting: clientChunks } } } },
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  plugins: [tailwindcss(), reactRouter()],
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
});
