import { Hono } from "hono";
import type { ApiEnv } from "../lib/env.ts";

export const webhookRoutes = new Hono<ApiEnv>();
