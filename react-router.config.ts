import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets a second build (bench, a parallel check) run without touching ./build.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    // The build runs through Vite's environments (the SSR entry is set in vite.config.ts's
    // environments.ssr, not behind isSsrBuild): the same bundles, and React Router v8's only way.
    v8_viteEnvironmentApi: true,
    // Only a URL ending in "/" changes (its data request becomes /a/b/_.data, the root's /_.data
    // instead of /_root.data): React Router's own handler reads both, and nothing of ours (server/,
    // proxies, caches) matches those URLs.
    v8_trailingSlashAwareDataRequests: true,
    // Kept off, as today: with it a loader's, action's or middleware's request.url would keep the
    // ".data" suffix and "?index"/"?_routes", and many of ours build links, redirects and list
    // queries from that URL (app/lib/list-page.server.ts, confirm.server.ts, auth.server.ts…):
    // each would have to move to the normalized `url` argument first.
    v8_passThroughRequests: false,
  },
  // A page carries the manifest of its own routes; the browser asks /__manifest (one cached request
  // after hydration) for the routes its links lead to. The whole manifest as one file ("initial")
  // grew with the app to 7 KB gz on every first load, over the 130 KB budget (docs/decisions/0011).
  routeDiscovery: { mode: "lazy" },
} satisfies Config;
