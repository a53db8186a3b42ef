/**
 * Dashboard figures for the actor's business (privilege "dashboard"), straight from SQL aggregates:
 * orders per status and per tab, sales per WIB day, products per status and the ones running low
 * on stock. The web's dashboard and the REST calls (api/routes/dashboard.ts) answer the same shapes.
 */
import { dashboardPromotions } from "#core/promotions/read.ts";
import { eq, sql } from "drizzle-orm";
import { orders, orderStatusCounts } from "#db/schema/index.ts";
import { NOT_A_SALE, ORDER_STATUSES, ORDER_TABS } from "#db/schema/order-tabs.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { DAY_MS, wibDate, wibDayStart } from "#core/lib/time.ts";
import { canAccess } from "#core/auth/privileges.ts";
import { balances } from "#core/money/balances.ts";

/**
 * Orders per status and per tab (the orders page's tabs, so a card can link to its tab), read from
 * the counter table the order triggers keep (one index range, whatever the number of orders).
 */
export async function orderFigures(scope: Scope) {
  const { db, actor } = sellerScope(scope, "dashboard");
  const rows = await db
    .select({ status: orderStatusCounts.status, n: orderStatusCounts.n })
    .from(orderStatusCounts)
    .where(eq(orderStatusCounts.businessId, actor.member.businessId));
  const byStatus = new Map(rows.map((r) => [r.status, r.n]));
  return {
    total: rows.reduce((sum, r) => sum + r.n, 0),
    groups: Object.entries(ORDER_TABS).map(([tab, statuses]) => ({
      tab,
      count: statuses.reduce((sum, s) => sum + (byStatus.get(s) ?? 0), 0),
    })),
    statuses: ORDER_STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 })),
  };
}
export type OrderFigures = Awaited<ReturnType<typeof orderFigures>>;

const DAYS = 7;

/**
 * Sales per WIB day for the last 7 days, today last. `sales` (rupiah) and `sales_orders` leave out
 * orders that bring no money (unpaid, cancelled, returned); `orders` counts every order placed.
 */
export async function transactionFigures(scope: Scope, now = new Date()) {
  const { db, actor } = sellerScope(scope, "dashboard");
  const from = wibDayStart(now, -(DAYS - 1));
  const to = wibDayStart(now, 1);
  const excluded = sql.join(NOT_A_SALE.map((s) => sql`${s}`), sql`, `);
  const { rows } = await db.execute<{ day: number; orders: number; sales_orders: number; sales: number }>(sql`
    SELECT floor(extract(epoch FROM ${orders.timeCreated} - ${from.toISOString()}::timestamptz) / 86400)::int AS day,
           count(*) AS orders,
           count(*) FILTER (WHERE ${orders.status} NOT IN (${excluded})) AS sales_orders,
           coalesce(sum(${orders.totalAmount}) FILTER (WHERE ${orders.status} NOT IN (${excluded})), 0)::bigint AS sales
      FROM ${orders}
     WHERE ${orders.businessId} = ${actor.member.businessId}
       AND ${orders.timeCreated} >= ${from.toISOString()}::timestamptz
       AND ${orders.timeCreated} < ${to.toISOString()}::timestamptz
     GROUP BY 1`);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days = Array.from({ length: DAYS }, (_, i) => {
    const r = byDay.get(i);
    return {
      date: wibDate(new Date(from.getTime() + i * DAY_MS)),
      sales: r?.sales ?? 0,
      sales_orders: r?.sales_orders ?? 0,
      orders: r?.orders ?? 0,
    };
  });
  return { today: days[DAYS - 1], yesterday: days[DAYS - 2], days };
}
export type TransactionFigures = Awaited<ReturnType<typeof transactionFigures>>;

const LOWEST = 5;

/**
 * Products per status, and stock alerts for published products: available stock is the sum of
 * on-hand minus reserved over every variant and stock location, kept on the product by the stock
 * ledger. Low stock is available ≤ the product's minimum; out of stock is nothing available.
 */
export async function productFigures(scope: Scope) {
  const { db, actor } = sellerScope(scope, "dashboard");
  const available = sql`
    SELECT p.id, p.name, p.sku, p.status, p.min_stock, p.available
      FROM products p
     WHERE p.business_id = ${actor.member.businessId}`;
  // One after the other: `db` may be a transaction's, which runs one query at a time.
  const { rows: [totals] } = await db.execute<Record<"total" | "published" | "draft" | "archived" | "suspended" | "out_of_stock" | "low_stock", number>>(sql`
    WITH a AS (${available})
    SELECT count(*) AS total,
           count(*) FILTER (WHERE status = 'published') AS published,
           count(*) FILTER (WHERE status = 'draft') AS draft,
           count(*) FILTER (WHERE status = 'archived') AS archived,
           count(*) FILTER (WHERE status = 'suspended') AS suspended,
           count(*) FILTER (WHERE status = 'published' AND available <= 0) AS out_of_stock,
           count(*) FILTER (WHERE status = 'published' AND available <= min_stock) AS low_stock
      FROM a`);
  const { rows: lowest } = await db.execute<{ product_id: number; name: string; sku: string; available: number; min_stock: number }>(sql`
    WITH a AS (${available})
    SELECT id AS product_id, name, sku, available, min_stock
      FROM a
     WHERE status = 'published' AND available <= min_stock
     ORDER BY available, name
     LIMIT ${LOWEST}`);
  const { total, out_of_stock, low_stock, ...statuses } = totals;
  return { total, statuses, out_of_stock, low_stock, lowest };
}
export type ProductFigures = Awaited<ReturnType<typeof productFigures>>;

/**
 * The balances panel (issue 15): every balance of the business (core/money/balances.ts), for a
 * member who holds "balance" as well as "dashboard"; null for one who does not (the panel is left
 * out rather than refused: the rest of the dashboard is theirs).
 */
export async function balanceFigures(scope: Scope) {
  const { actor } = sellerScope(scope, "dashboard");
  if (!canAccess(actor.member, "balance")) return null;
  return balances(scope);
}
export type BalanceFigures = Awaited<ReturnType<typeof balanceFigures>>;

/** The dashboard's promotion panels (running, upcoming), for members who may open promotions. */
export async function promotionFigures(scope: Scope) {
  const { actor } = sellerScope(scope, "dashboard");
  if (!canAccess(actor.member, "promotion")) return null;
  const [onGoing, upcoming] = await Promise.all([dashboardPromotions(scope, "on_going"), dashboardPromotions(scope, "upcoming")]);
  return { on_going: onGoing, upcoming };
}
export type PromotionFigures = Awaited<ReturnType<typeof promotionFigures>>;
