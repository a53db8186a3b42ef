import type { Config } from "@react-router/dev/config";

// The floor of bench/ssr.ts: a bare React Router app, server-rendered, built into ./build.
export default { ssr: true, buildDirectory: "build" } satisfies Config;
