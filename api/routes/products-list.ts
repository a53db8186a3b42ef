import { Hono } from "hono";
import type { ApiEnv } from "../lib/env.ts";

// Routes of this area are added by the issue-4 slice that owns this file.
export const productListRoutes = new Hono<ApiEnv>();
