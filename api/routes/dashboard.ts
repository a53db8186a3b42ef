/**
 * Dashboard figures for the active business: orders per status and per tab, sales per WIB day,
 * products per status and the ones running low on stock.
 *
 *   GET /v0.0.0/dashboard/order
 *   GET /v0.0.1/dashboard/transaction
 *   GET /v0.0.0/dashboard/product
 *
 * The queries are core/dashboard/figures.ts; this file is the REST adapter over them.
 */
import { Hono } from "hono";
import { orderFigures, productFigures, transactionFigures } from "#core/dashboard/figures.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { ok } from "#api/lib/http.ts";

export const dashboardRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller] as const;

dashboardRoutes.get("/v0.0.0/dashboard/order", ...seller, async (c) => ok(c, await orderFigures(c.var.scope)));
dashboardRoutes.get("/v0.0.1/dashboard/transaction", ...seller, async (c) => ok(c, await transactionFigures(c.var.scope)));
dashboardRoutes.get("/v0.0.0/dashboard/product", ...seller, async (c) => ok(c, await productFigures(c.var.scope)));
