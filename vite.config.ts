import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The browser's first load (bench/lighthouse.ts): every chunk a page needs is a <link
// rel="modulepreload"> in its head, one request each. Left to itself the bundler cut the admin
// shell into ~25 of them (React's own parts, React Router, and a chunk per small shared module),
// all asked for at once ahead of the page's stylesheet on a slow connection. Groups keep that to a
// handful: the framework in one chunk, the app's small modules most pages share in another, and the
// form pages' parts in a third that list pages never load (docs/decisions/0011).
const FORM_PARTS = /[\\/]app[\\/]components[\\/](form|form-page|form-error|form-token|image-field|section-card)\.tsx$/;
const clientChunks = {
  groups: [
    {
      name: "framework",
      test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
      priority: 3,
    },
    {
      // The form pages' own parts (fields, the image field, the form shell): one chunk for every
      // form page, and never on a list page's first load. Below "shared" in priority: a group takes
      // its modules' dependencies along, and buttons and i18n must stay in "shared".
      name: "forms",
      test: FORM_PARTS,
      minShareCount: 12,
      priority: 1,
    },
    {
      // Shared by at least a dozen route modules (buttons, the error boundary, i18n, list
      // controls): on almost every page anyway. Rarer ones stay with the pages that use them.
      name: "shared",
      test: (id: string) => /[\\/]app[\\/](components|lib)[\\/]/.test(id) && !FORM_PARTS.test(id),
      minShareCount: 12,
      priority: 2,
    },
  ],
};

// Server code never reaches the browser. A route module's loader and action are cut from its
// client build, and imports only they use go with them; but a component that uses anything from a
// server module (a constant of core/ next to its queries) pulls that module, the database pool and
// Redis into the page's JavaScript (it happened: 1.6 MB on /setting/partner). The client build
// fails instead, naming the module that asked. Browser-safe constants live in modules that reach
// no database (core/auth/privileges.ts, core/lib/format.ts, db/schema enums files).
const SERVER_ONLY = /[\\/](db[\\/]client|core[\\/]i18n|core[\\/]lib[\\/](acting-session|idempotency|rate-limit|secret)|app[\\/]lib[\\/][^\\/]+\.server)\.ts$|[\\/]node_modules[\\/](pg|pg-pool|ioredis|drizzle-orm[\\/]node-postgres)[\\/]/;
function serverOnly() {
  const importerOf = new Map<string, string>();
  const found = new Set<string>();
  const chain = (id: string) => {
    const out = [id];
    for (let at = importerOf.get(id); at && out.length < 12 && !out.includes(at); at = importerOf.get(at)) out.push(at);
    return out.map((m) => m.replace(process.cwd() + "/", "")).join("\n    ← ");
  };
  return {
    name: "server-only-modules",
    applyToEnvironment: (env: { name: string }) => env.name === "client",
    buildStart: () => (importerOf.clear(), found.clear()),
    moduleParsed(info: { id: string; importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] }) {
      if (SERVER_ONLY.test(info.id)) found.add(info.id);
      for (const child of [...info.importedIds, ...info.dynamicallyImportedIds]) if (!importerOf.has(child)) importerOf.set(child, info.id);
    },
    buildEnd() {
      if (found.size) throw new Error(`server-only modules in the browser build (vite.config.ts):\n  ${[...found].map(chain).join("\n  ")}`);
    },
  };
}

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
  plugins: [tailwindcss(), reactRouter(), serverOnly()],
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
});
