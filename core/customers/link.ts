/**
 * The one writer of who ordered (issue 17 item 5): orders.customer_id, customer_keys and each
 * customer's totals. A new order is linked inside the intake's transaction (core/orders/intake.ts);
 * older orders by the backfill job (backfill.ts), in batches, through the same function; an order
 * cancelled, or with lines cancelled, refreshes its customer's totals (core/orders/actions.ts).
 *
 * Under concurrency:
 * - Two orders of one new person at once must make one customer: the writer first takes an
 *   advisory lock per key bucket (512 a business, in sorted order), then reads who owns the keys.
 *   The second order waits, then sees the first one's keys.
 * - Totals are recomputed from the orders, never added to: the customer's row is locked first and
 *   the sums read in a statement after it, so the sums see every order committed before the lock
 *   was granted (READ COMMITTED takes a fresh snapshot per statement).
 * - Lock order everywhere: orders rows → key buckets → customers rows (order actions lock their
 *   order, then its customer; the backfill its batch of orders, then buckets, then customers).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "#db/client.ts";
import { customerKeys, customers } from "#db/schema/index.ts";
import { assign, keysOf, storedKeys } from "./identity.ts";

export type OrderToLink = { id: number; customerName: string; customerPhone: string | null; customerEmail: string | null };

const BUCKETS = 512;

async function lockKeys(tx: Tx, businessId: number, keys: string[]) {
  if (!keys.length) return;
  await tx.execute(sql`
    SELECT pg_advisory_xact_lock(hashtext('customer-key'), b)
      FROM (SELECT DISTINCT hashtext(${businessId}::text || ':' || (abs(hashtext(k)) % ${BUCKETS})::text) AS b
              FROM unnest(${sql.param(keys)}::text[]) k ORDER BY b) s`);
}

/** Links the orders (of one business, not yet linked) to their customers; answers the customers touched. */
export async function linkOrders(tx: Tx, businessId: number, list: OrderToLink[]): Promise<number[]> {
  if (!list.length) return [];
  const keys = list.map((o) => keysOf({ name: o.customerName, phone: o.customerPhone, email: o.customerEmail }));
  const all = [...new Set(keys.flatMap(storedKeys))];
  await lockKeys(tx, businessId, all);
  const owners = new Map<string, number>();
  if (all.length) {
    const rows = await tx.select({ key: customerKeys.key, customerId: customerKeys.customerId }).from(customerKeys)
      .where(and(eq(customerKeys.businessId, businessId), inArray(customerKeys.key, all)));
    for (const r of rows) owners.set(r.key, r.customerId);
  }
  // New customers get a placeholder (−1, −2, …) first, then as many ids as were needed.
  const firstOf = new Map<number, number>(); // placeholder → index of its first order
  const assigned = assign(keys, owners, (i) => {
    const placeholder = -(firstOf.size + 1);
    firstOf.set(placeholder, i);
    return placeholder;
  });
  const idOf = new Map<number, number>();
  if (firstOf.size) {
    const { rows } = await tx.execute<{ id: number }>(
      sql`SELECT nextval(pg_get_serial_sequence('customers', 'id'))::int AS id FROM generate_series(1, ${firstOf.size})`);
    [...firstOf.keys()].forEach((placeholder, k) => idOf.set(placeholder, rows[k].id));
    await tx.insert(customers).values([...firstOf].map(([placeholder, i]) => ({
      id: idOf.get(placeholder)!, businessId, name: list[i].customerName.trim() || "-", phone: keys[i].phone, email: keys[i].email,
    })));
  }
  const real = (id: number) => (id < 0 ? idOf.get(id)! : id);
  const claimed = assigned.flatMap((a) => a.claimed.map((key) => ({ businessId, key, customerId: real(a.customerId) })));
  if (claimed.length) await tx.insert(customerKeys).values(claimed).onConflictDoNothing();
  const orderIds = list.map((o) => o.id);
  const customerIds = assigned.map((a) => real(a.customerId));
  await tx.execute(sql`
    UPDATE orders SET customer_id = v.c
      FROM unnest(${sql.param(orderIds)}::int[], ${sql.param(customerIds)}::int[]) AS v(o, c)
     WHERE orders.id = v.o AND orders.business_id = ${businessId}`);
  const touched = [...new Set(customerIds)];
  await refreshCustomers(tx, touched);
  return touched;
}

/**
 * Recomputes the customers' totals from their orders that are not cancelled: count, lifetime
 * value, first and last order, channels, last delivery city; a missing phone or e-mail is filled
 * from the keys the customer has gained since.
 */
export async function refreshCustomers(tx: Tx, ids: number[]) {
  if (!ids.length) return;
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  await tx.execute(sql`SELECT id FROM customers WHERE id = ANY(${sql.param(sorted)}::int[]) ORDER BY id FOR UPDATE`);
  await tx.execute(sql`
    UPDATE customers c
       SET orders_count = a.n, total_spent = a.spent, first_order_at = a.first, last_order_at = a.last,
           channels = a.channels, city = coalesce(a.city, c.city),
           phone = coalesce(c.phone, (SELECT substr(min(k.key), 3) FROM customer_keys k WHERE k.customer_id = c.id AND k.key LIKE 'p:%')),
           email = coalesce(c.email, (SELECT substr(min(k.key), 3) FROM customer_keys k WHERE k.customer_id = c.id AND k.key LIKE 'e:%'))
      FROM (
        SELECT ids.id, coalesce(x.n, 0) AS n, coalesce(x.spent, 0) AS spent, x.first, x.last, coalesce(x.channels, '{}') AS channels, x.city
          FROM unnest(${sql.param(sorted)}::int[]) AS ids(id)
          LEFT JOIN LATERAL (
            SELECT count(*)::int AS n, sum(o.total_amount)::bigint AS spent, min(o.time_created) AS first, max(o.time_created) AS last,
                   array_agg(DISTINCT o.channel_name) AS channels,
                   (array_agg(o.shipping_city ORDER BY o.time_created DESC) FILTER (WHERE o.shipping_city IS NOT NULL))[1] AS city
              FROM orders o WHERE o.customer_id = ids.id AND o.status <> 'cancelled'
          ) x ON true
      ) a
     WHERE c.id = a.id`);
}
