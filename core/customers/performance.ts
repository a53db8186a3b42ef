/**
 * The customer centre's performance (spec section 7 GET /v0.0.0/customers/performance/summary;
 * page /customer/performance): for a period (date_from / date_to, unix seconds, both included;
 * default the last 30 WIB days) the customers who ordered, new and returning, and what each
 * brought; across all customers the repeat rate, the RFM segments (segments.ts) and the top ten
 * by lifetime value. Orders that were cancelled count nowhere.
 *
 * New: their first order is in the period. Returning: they ordered in the period and had ordered
 * before it.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { sideBySide } from "#db/client.ts";
import { customers } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { Refused } from "#core/errors.ts";
import { DAY_MS, wibDayStart } from "#core/lib/time.ts";
import { customerJson, segmentWhere } from "./customers.ts";
import { SEGMENTS } from "./segments.ts";

const seconds = z.coerce.number({ error: "invalid" }).int("invalid").min(0, "invalid").max(4_102_444_800, "invalid");
export const performanceQuery = z.object({ date_from: seconds.optional(), date_to: seconds.optional() });

export async function customerPerformance(scope: Scope, q: z.infer<typeof performanceQuery>) {
  const { db, actor } = sellerScope(scope, "customer");
  const businessId = actor.member.businessId;
  const now = new Date();
  const to = q.date_to !== undefined ? new Date((q.date_to + 1) * 1000) : wibDayStart(now, 1);
  const from = q.date_from !== undefined ? new Date(q.date_from * 1000) : new Date(to.getTime() - 30 * DAY_MS);
  if (from >= to) throw new Refused("api:errors.validation", { date_from: ["customer:errors.range"] });
  const segmentCase = sql.join(SEGMENTS.map((s) => sql`WHEN ${segmentWhere(s, now)} THEN ${s}`), sql` `);
  const [period, overall, segments, top] = await sideBySide(
    db,
    () => db.execute<{ customers: number; new_customers: number; new_orders: number; new_revenue: string; returning_orders: number; returning_revenue: string }>(sql`
      SELECT count(DISTINCT o.customer_id)::int AS customers,
             count(DISTINCT o.customer_id) FILTER (WHERE c.first_order_at >= ${from})::int AS new_customers,
             count(*) FILTER (WHERE c.first_order_at >= ${from})::int AS new_orders,
             coalesce(sum(o.total_amount) FILTER (WHERE c.first_order_at >= ${from}), 0)::bigint AS new_revenue,
             count(*) FILTER (WHERE c.first_order_at < ${from})::int AS returning_orders,
             coalesce(sum(o.total_amount) FILTER (WHERE c.first_order_at < ${from}), 0)::bigint AS returning_revenue
        FROM orders o JOIN customers c ON c.id = o.customer_id
       WHERE o.business_id = ${businessId} AND o.time_created >= ${from} AND o.time_created < ${to} AND o.status <> 'cancelled'`),
    () => db.execute<{ total: number; ordered: number; repeat: number }>(sql`
      SELECT count(*)::int AS total, count(*) FILTER (WHERE orders_count >= 1)::int AS ordered,
             count(*) FILTER (WHERE orders_count >= 2)::int AS repeat
        FROM customers WHERE business_id = ${businessId}`),
    () => db.execute<{ segment: string; n: number }>(sql`
      SELECT CASE ${segmentCase} END AS segment, count(*)::int AS n FROM ${customers} WHERE business_id = ${businessId} GROUP BY 1`),
    () => db.select().from(customers).where(sql`${customers.businessId} = ${businessId}`)
      .orderBy(sql`${customers.totalSpent} DESC NULLS LAST`, customers.id).limit(10),
  );
  const p = period.rows[0];
  const o = overall.rows[0];
  const returning = p.customers - p.new_customers;
  return {
    date_from: Math.floor(from.getTime() / 1000),
    date_to: Math.floor(to.getTime() / 1000) - 1,
    period: {
      customers: p.customers,
      new_customers: p.new_customers,
      returning_customers: returning,
      new_orders: p.new_orders,
      returning_orders: p.returning_orders,
      new_revenue: Number(p.new_revenue),
      returning_revenue: Number(p.returning_revenue),
    },
    total_customers: o.total,
    // Of the customers with an order that was not cancelled, the share with two or more (per mille, whole).
    repeat_rate_permille: o.ordered ? Math.round((1000 * o.repeat) / o.ordered) : 0,
    segments: SEGMENTS.map((s) => ({ segment: s, count: segments.rows.find((r) => r.segment === s)?.n ?? 0 })),
    top_customers: top.map((r) => customerJson(r, now)),
  };
}
