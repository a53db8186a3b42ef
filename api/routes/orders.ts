/**
 * Orders, read-only first cut: the list (legacy v0.0.2 and v2.2.0 share one handler) and the
 * count per tab. The lifecycle (accept, pack, send …) comes with the full orders issue.
 */
import { Hono, type Context } from "hono";
import { and, count, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import { db } from "../../db/client.ts";
import { orders } from "../../db/schema/index.ts";
import { isStatusFilter, ORDER_TABS, statusesFor, TAB_KEYS } from "../domain/order-tabs.ts";
import { requireAuth, requireSeller } from "../lib/auth.ts";
import type { ApiEnv } from "../lib/env.ts";
import { input, list, ok, unix } from "../lib/http.ts";
import { contains, listQuery, offsetOf, orderBy } from "../lib/list-query.ts";

export const orderRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller("orders")] as const;

const ordersQuery = listQuery.extend({
  status: z.string().trim().optional().refine((s) => !s || isStatusFilter(s), "orders:errors.unknown_status"),
  // Orders sort by when they were placed only: 1 Oldest, 2 Newest (the shared codes).
  sort: z.coerce.number().int().min(1, "invalid").max(2, "invalid").default(2),
});

function scope(businessId: number, text: string | undefined): SQL {
  const where = [eq(orders.businessId, businessId)];
  if (text) where.push(or(ilike(orders.orderCode, contains(text)), ilike(orders.customerName, contains(text)))!);
  return and(...where)!;
}

async function listOrders(c: Context<ApiEnv>) {
  const q = await input(c, ordersQuery, "query");
  const statuses = statusesFor(q.status);
  const where = and(scope(c.var.member.businessId, q.search), statuses ? inArray(orders.status, [...statuses]) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        order_id: orders.id,
        order_code: orders.orderCode,
        channel_name: orders.channelName,
        customer_name: orders.customerName,
        status: orders.status,
        total_amount: orders.totalAmount,
        time_created: orders.timeCreated,
      })
      .from(orders)
      .where(where)
      .orderBy(...orderBy(q.sort, { created: orders.timeCreated, modified: orders.timeModified, name: orders.orderCode, id: orders.id }))
      .limit(q.limit)
      .offset(offsetOf(q)),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return list(c, rows.map((r) => ({ ...r, time_created: unix(r.time_created) })), total, q.limit);
}

orderRoutes.get("/v0.0.2/orders", ...seller, listOrders);
orderRoutes.get("/v2.2.0/orders", ...seller, listOrders);

/** Orders per tab ({ all, "waiting-payment", … }), with the same search as the list. */
async function countOrders(c: Context<ApiEnv>) {
  const q = await input(c, listQuery.pick({ search: true }), "query");
  const rows = await db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .where(scope(c.var.member.businessId, q.search))
    .groupBy(orders.status);
  const byStatus = new Map(rows.map((r) => [r.status, r.n]));
  const counts = Object.fromEntries(TAB_KEYS.map((tab) => [tab, 0])) as Record<string, number>;
  counts.all = rows.reduce((sum, r) => sum + r.n, 0);
  for (const [tab, statuses] of Object.entries(ORDER_TABS)) {
    counts[tab] = statuses.reduce((sum, s) => sum + (byStatus.get(s) ?? 0), 0);
  }
  return ok(c, counts);
}

orderRoutes.get("/v0.0.0/orders/count", ...seller, countOrders);
orderRoutes.get("/v2.0.0/orders/count", ...seller, countOrders);
