import type { Hono } from "hono";
import type { ApiEnv } from "../lib/env.ts";
import { accountRoutes } from "./accounts.ts";
import { authRoutes } from "./auth.ts";
import { realtimeRoutes } from "./realtime.ts";

// Every resource router; each declares its full versioned paths (aliases share one handler).
export const routers: Hono<ApiEnv>[] = [authRoutes, accountRoutes, realtimeRoutes];
