/**
 * Realtime tickets: POST /v0.0.0/realtime/ticket gives a seller the ticket its browser joins its
 * business's socket room with (core/orders/realtime.ts says why a ticket and holds the rule).
 */
import { Hono } from "hono";
import { realtimeTicket } from "#core/orders/realtime.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { ok } from "#api/lib/http.ts";

export const realtimeRoutes = new Hono<ApiEnv>();

realtimeRoutes.post("/v0.0.0/realtime/ticket", requireAuth, requireSeller, (c) => ok(c, realtimeTicket(c.var.scope), "api:ok", 200));
