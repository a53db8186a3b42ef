import type { Hono } from "hono";
import type { ApiEnv } from "../lib/env.ts";
import { accountRoutes } from "./accounts.ts";
import { authRoutes } from "./auth.ts";
import { businessRoutes } from "./business.ts";
import { dashboardRoutes } from "./dashboard.ts";
import { exportRoutes } from "./exports.ts";
import { orderRoutes } from "./orders.ts";
import { realtimeRoutes } from "./realtime.ts";
import { sellerRoutes } from "./sellers.ts";
import { settingRoutes } from "./settings.ts";
import { utilityRoutes } from "./utilities.ts";

// Every resource router; each declares its full versioned paths (aliases share one handler).
export const routers: Hono<ApiEnv>[] = [
  authRoutes,
  accountRoutes,
  settingRoutes,
  realtimeRoutes,
  utilityRoutes,
  dashboardRoutes,
  orderRoutes,
  businessRoutes,
  sellerRoutes,
  exportRoutes,
];
