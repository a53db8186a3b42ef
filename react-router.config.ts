import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets a second build (bench, a parallel check) run without touching ./build.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  future: { v8_middleware: true, v8_splitRouteModules: true },
  // The whole route manifest is one cacheable asset the browser loads anyway (5 KB gz), so a page
  // need not inline its part of it, nor the browser ask /__manifest for every link it shows ("lazy",
  // the default, also cost each answer a walk over every route: docs/decisions/0011).
  routeDiscovery: { mode: "initial" },
} satisfies Config;
