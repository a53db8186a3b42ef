import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets a second build (bench, a parallel check) run without touching ./build.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  future: { v8_middleware: true, v8_splitRouteModules: true },
} satisfies Config;
