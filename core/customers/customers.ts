/**
 * The customer centre's customers (issue 17 item 5; spec section 7 GET /v0.0.0/customers, /{id}):
 * the list with search, segment, channel and tag filters, one customer with their orders and
 * addresses, the seller's note, tags and opt-out, merging two customers and splitting one.
 * Every call needs the "customer" privilege: a customer's personal data is shown to no one else
 * (the orders pages show only what the order itself holds).
 *
 * Decisions where the spec is silent:
 * - Shape: customer_id, name, phone, email, city, orders_count, total_spent (lifetime value: the
 *   totals of the orders that were not cancelled), average_order (rounded down), first_order_time,
 *   last_order_time (unix seconds), channels, tags, note, opt_out, segment (segments.ts).
 * - The list's total is counted up to COUNT_CAP (a figure past it shows "1.000+", as the orders and products lists do): at half a
 *   million customers an exact count under a filter costs more than the page itself.
 * - Search from 2 characters: digits search the phone from its start (as typed, 0812… or +62…),
 *   text with "@" the e-mail from its start, anything else the name anywhere.
 * - Merge moves the other customers' phones, e-mails, orders, tags and notes into this one and
 *   deletes them; split moves one phone or e-mail out into a new customer, with the orders it
 *   decides by the same rule that links a new order (identity.ts). Both are in the update history.
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { TFunction } from "i18next";
import { z } from "zod";
import { db as pool, sideBySide, type Exec, type Tx } from "#db/client.ts";
import { channels, customerKeys, customers, orders } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { NotFound, Refused } from "#core/errors.ts";
import { contains, offsetOf } from "#core/lib/list-query.ts";
import { historyPage, recordHistory } from "#core/lib/history.ts";
import { phoneSearchPrefix } from "#core/lib/phone.ts";
import { unix } from "#core/lib/time.ts";
import { defineExport } from "#core/jobs/exports.ts";
import { assign, keysOf } from "./identity.ts";
import { refreshCustomers } from "./link.ts";
import { CUSTOMER_SORTS, SEGMENT_BOXES, SEGMENTS, segmentOf, type Segment } from "./segments.ts";

export const COUNT_CAP = 1_000;
const REF = "customer";

export const customerFilters = z.object({
  search: z.string().trim().max(100, "too_long").optional(),
  segment: z.enum(SEGMENTS, { error: "invalid" }).optional(),
  channel: z.string().trim().max(100, "too_long").optional(),
  tag: z.string().trim().max(30, "too_long").optional(),
  order_by: z.enum(CUSTOMER_SORTS, { error: "invalid" }).default("recent"),
});
export const customerQuery = customerFilters.extend({
  page: z.coerce.number().int().min(1, "invalid").default(1),
  limit: z.coerce.number().int().min(1, "invalid").max(150, "invalid").default(20),
});
export type CustomerFilters = z.infer<typeof customerFilters>;

const tagList = z.preprocess(
  (v) => (Array.isArray(v) ? v : typeof v === "string" ? v.split(",") : v),
  z.array(z.string().trim().max(30, "customer:errors.tag_too_long")).max(10, "customer:errors.too_many_tags"),
).transform((tags) => [...new Set(tags.filter(Boolean).map((t) => t.toLowerCase()))]);

export const customerUpdate = z.object({
  note: z.string().trim().max(1000, "too_long").optional().transform((v) => v || null),
  tags: tagList.optional().transform((v) => v ?? []),
  opt_out: z.preprocess((v) => v === true || v === "1" || v === "true" || v === "on", z.boolean()),
});
export const mergeBody = z.object({
  customer_ids: z.preprocess(
    (v) => (Array.isArray(v) ? v : typeof v === "string" ? v.split(",").filter(Boolean) : v),
    z.array(z.coerce.number({ error: "invalid" }).int().positive("invalid")).min(1, "customer:errors.merge_none").max(20, "invalid"),
  ),
});
export const splitBody = z.object({ key: z.string({ error: "required" }).trim().min(3, "required").max(200, "invalid") });

type Row = typeof customers.$inferSelect;

export function customerJson(r: Row, now = new Date()) {
  return {
    customer_id: r.id,
    name: r.name,
    phone: r.phone,
    email: r.email,
    city: r.city,
    orders_count: r.ordersCount,
    total_spent: r.totalSpent,
    average_order: r.ordersCount ? Math.floor(r.totalSpent / r.ordersCount) : 0,
    first_order_time: unix(r.firstOrderAt),
    last_order_time: unix(r.lastOrderAt),
    channels: r.channels,
    tags: r.tags,
    note: r.note,
    opt_out: r.optOut,
    segment: segmentOf(r, now) as Segment,
    time_created: unix(r.timeCreated),
  };
}
export type CustomerJson = ReturnType<typeof customerJson>;

const DAY = 86_400_000;
/** The segment's boxes as a condition on the stored totals (segments.ts). */
export function segmentWhere(segment: Segment, now = new Date()): SQL {
  const boxes = SEGMENT_BOXES[segment].map((b) => {
    // No order that counts is no last order either (refreshCustomers): asked only that, the list's
    // index finds them at its end, where a condition on the count would read them from the heap.
    if (b.orders[1] === 0) return sql`(${customers.lastOrderAt} IS NULL)`;
    const parts: SQL[] = [sql`${customers.ordersCount} >= ${b.orders[0]}`];
    if (b.orders[1] !== null) parts.push(sql`${customers.ordersCount} <= ${b.orders[1]}`);
    {
      // Whole days since the last order within [from, to]: the last order lies in (now − (to+1) days, now − from days].
      parts.push(sql`${customers.lastOrderAt} <= ${new Date(now.getTime() - b.days[0] * DAY)}`);
      if (b.days[1] !== null) parts.push(sql`${customers.lastOrderAt} > ${new Date(now.getTime() - (b.days[1] + 1) * DAY)}`);
    }
    return sql`(${sql.join(parts, sql` AND `)})`;
  });
  return sql`(${sql.join(boxes, sql` OR `)})`;
}

/** The search's condition: the phone or e-mail from its start, else the name anywhere. */
function searchWhere(businessId: number, text: string): SQL | undefined {
  if (text.length < 2) return undefined;
  const byKey = (prefix: string) => sql`${customers.id} IN (SELECT ${customerKeys.customerId} FROM ${customerKeys}
    WHERE ${customerKeys.businessId} = ${businessId} AND ${customerKeys.key} LIKE ${`${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`;
  // As typed: "0812" and "62812" and "+62812" all start the stored +62812…
  const phone = phoneSearchPrefix(text);
  if (phone) return byKey(`p:${phone}`);
  if (text.includes("@")) return byKey(`e:${text.toLowerCase()}`);
  return sql`lower(${customers.name}) LIKE ${contains(text.toLowerCase())}`;
}

/** The list's filters as a condition (broadcasts choose their audience with it: the same customers). */
export function whereOf(businessId: number, f: CustomerFilters, now: Date): SQL {
  const parts: (SQL | undefined)[] = [
    eq(customers.businessId, businessId),
    f.search ? searchWhere(businessId, f.search) : undefined,
    f.segment ? segmentWhere(f.segment, now) : undefined,
    f.channel ? sql`${customers.channels} @> ARRAY[${f.channel}]::text[]` : undefined,
    f.tag ? sql`${customers.tags} @> ARRAY[${f.tag.toLowerCase()}]::text[]` : undefined,
  ];
  return and(...parts)!;
}

const ORDER: Record<(typeof CUSTOMER_SORTS)[number], SQL[]> = {
  recent: [sql`${customers.lastOrderAt} DESC NULLS LAST`, asc(customers.id)],
  spent: [sql`${customers.totalSpent} DESC NULLS LAST`, asc(customers.id)],
  orders: [sql`${customers.ordersCount} DESC NULLS LAST`, asc(customers.id)],
  name: [sql`lower(${customers.name})`, asc(customers.id)],
};
/**
 * The same orders written so that no index serves them. For a set known to be small (counted
 * under the cap) the planner then reads it through the filter's own index (a tag's, a name's)
 * and sorts it, instead of walking the sort's index past every customer in the hope that a
 * page's worth match early: a tag nobody has walked all half a million (1.5 s).
 */
const ORDER_SORTED: Record<(typeof CUSTOMER_SORTS)[number], SQL[]> = {
  recent: [sql`(${customers.lastOrderAt} + interval '0 s') DESC NULLS LAST`, sql`${customers.id} + 0`],
  spent: [sql`(${customers.totalSpent} + 0) DESC NULLS LAST`, sql`${customers.id} + 0`],
  orders: [sql`(${customers.ordersCount} + 0) DESC NULLS LAST`, sql`${customers.id} + 0`],
  name: [sql`(lower(${customers.name}) || '')`, sql`${customers.id} + 0`],
};

/**
 * A page and its total, counted up to `cap` (the export counts exactly: cap Infinity). The count
 * comes first: it says whether the set is small enough to sort whole (ORDER_SORTED) or large
 * enough that its index's order fills a page at once.
 */
export async function findCustomers(
  exec: Exec, businessId: number, f: CustomerFilters, page: { limit: number; offset: number }, now = new Date(), cap = COUNT_CAP,
) {
  const where = whereOf(businessId, f, now);
  const pageOf = (order: SQL[]) => exec.select().from(customers).where(where).orderBy(...order).limit(page.limit).offset(page.offset);
  if (!Number.isFinite(cap)) {
    const [rows, counted] = await sideBySide(exec, () => pageOf(ORDER[f.order_by]), () => exec.select({ n: count() }).from(customers).where(where));
    return { rows, total: counted[0].n, capped: false };
  }
  const counted = await exec.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${customers} WHERE ${where} LIMIT ${cap + 1}) x`);
  const n = counted.rows[0].n;
  const capped = n > cap;
  const rows = n === 0 || (page.offset >= n && !capped) ? [] : await pageOf((capped ? ORDER : ORDER_SORTED)[f.order_by]);
  return { rows, total: Math.min(n, cap), capped };
}

/** GET /customers: a page of the business's customers. */
export async function listCustomers(scope: Scope, q: z.infer<typeof customerQuery>) {
  const { db, actor } = sellerScope(scope, "customer");
  const now = new Date();
  const { rows, total, capped } = await findCustomers(db, actor.member.businessId, q, { limit: q.limit, offset: offsetOf(q) }, now);
  return { rows: rows.map((r) => customerJson(r, now)), total, capped };
}

async function findCustomer(exec: Exec, businessId: number, id: number) {
  const [row] = await exec.select().from(customers).where(and(eq(customers.id, id), eq(customers.businessId, businessId)));
  return row;
}

/** GET /customers/{id}: the customer, their phones and e-mails, addresses and a page of their orders. */
export async function getCustomer(scope: Scope, id: number, q: { page?: number; limit?: number } = {}) {
  const { db, actor } = sellerScope(scope, "customer");
  const businessId = actor.member.businessId;
  const row = await findCustomer(db, businessId, id);
  if (!row) throw new NotFound();
  const limit = q.limit ?? 10;
  const page = q.page ?? 1;
  const [keys, orderRows, counts, addresses] = await sideBySide(
    db,
    () => db.select({ key: customerKeys.key }).from(customerKeys).where(eq(customerKeys.customerId, id)).orderBy(customerKeys.key),
    () => db.select({
      id: orders.id, orderCode: orders.orderCode, channelName: orders.channelName, status: orders.status,
      totalAmount: orders.totalAmount, timeCreated: orders.timeCreated,
    }).from(orders).where(and(eq(orders.customerId, id), eq(orders.businessId, businessId)))
      .orderBy(desc(orders.timeCreated), desc(orders.id)).limit(limit).offset((page - 1) * limit),
    () => db.execute<{ all: number; cancelled: number }>(sql`
      SELECT count(*)::int AS all, count(*) FILTER (WHERE status = 'cancelled')::int AS cancelled
        FROM orders WHERE customer_id = ${id} AND business_id = ${businessId}`),
    () => db.execute<{ address: string; city: string | null; province: string | null; postcode: string | null; recipient: string | null; last: Date }>(sql`
      SELECT shipping_address AS address, shipping_city AS city, shipping_province AS province, shipping_postcode AS postcode,
             (array_agg(recipient_name ORDER BY time_created DESC))[1] AS recipient, max(time_created) AS last
        FROM orders WHERE customer_id = ${id} AND business_id = ${businessId} AND shipping_address IS NOT NULL
       GROUP BY 1, 2, 3, 4 ORDER BY last DESC LIMIT 5`),
  );
  const { all, cancelled } = counts.rows[0];
  return {
    ...customerJson(row),
    keys: keys.map((k) => ({ key: k.key, kind: k.key.startsWith("p:") ? "phone" as const : "email" as const, value: k.key.slice(2) })),
    cancelled_count: cancelled,
    addresses: addresses.rows.map((a) => ({
      address: a.address, city: a.city, province: a.province, postcode: a.postcode, recipient: a.recipient, last_used: unix(new Date(a.last)),
    })),
    orders: orderRows.map((o) => ({
      order_id: o.id, order_code: o.orderCode, channel_name: o.channelName, status: o.status, status_name: actor.t(`orders:status.${o.status}`), total_amount: o.totalAmount, time_created: unix(o.timeCreated),
    })),
    orders_pagination: { page, limit, total_record: all, total_page: Math.max(1, Math.ceil(all / limit)) },
  };
}

/** PUT /customers/{id}: the seller's note, tags and whether the customer gets broadcasts. */
export async function updateCustomer(scope: Scope, id: number, body: z.infer<typeof customerUpdate>) {
  const { db, actor } = sellerScope(scope, "customer");
  const businessId = actor.member.businessId;
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(customers).where(and(eq(customers.id, id), eq(customers.businessId, businessId))).for("update");
    if (!before) throw new NotFound();
    const [after] = await tx.update(customers)
      .set({ note: body.note, tags: body.tags, optOut: body.opt_out, timeModified: new Date() })
      .where(eq(customers.id, id)).returning();
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if ((before.note ?? null) !== (after.note ?? null)) changes.note = { from: before.note, to: after.note };
    if (before.tags.join(", ") !== after.tags.join(", ")) changes.tags = { from: before.tags.join(", "), to: after.tags.join(", ") };
    if (before.optOut !== after.optOut) changes.opt_out = { from: before.optOut, to: after.optOut };
    if (Object.keys(changes).length) await recordHistory(tx, { businessId, refType: REF, refId: id, userId: actor.user.id, action: "update", changes });
    return customerJson(after);
  });
}

/** Locks, in the writer's order (link.ts): the customers' orders, then their keys' buckets, then the customers. */
async function lockForMove(tx: Tx, businessId: number, ids: number[]) {
  await tx.execute(sql`SELECT id FROM orders WHERE customer_id = ANY(${sql.param(ids)}::int[]) AND business_id = ${businessId} ORDER BY id FOR UPDATE`);
  const keys = await tx.select({ key: customerKeys.key }).from(customerKeys).where(inArray(customerKeys.customerId, ids));
  if (keys.length) {
    await tx.execute(sql`
      SELECT pg_advisory_xact_lock(hashtext('customer-key'), b)
        FROM (SELECT DISTINCT hashtext(${businessId}::text || ':' || (abs(hashtext(k)) % 512)::text) AS b
                FROM unnest(${sql.param(keys.map((k) => k.key))}::text[]) k ORDER BY b) s`);
  }
  const rows = await tx.select().from(customers)
    .where(and(inArray(customers.id, ids), eq(customers.businessId, businessId))).orderBy(customers.id).for("update");
  return rows;
}

/** POST /customers/{id}/merge: the other customers become this one. */
export async function mergeCustomers(scope: Scope, id: number, body: z.infer<typeof mergeBody>) {
  const { db, actor } = sellerScope(scope, "customer");
  const businessId = actor.member.businessId;
  const others = [...new Set(body.customer_ids)].filter((o) => o !== id);
  if (!others.length) throw new Refused("customer:errors.merge_none", { customer_ids: ["customer:errors.merge_none"] });
  return db.transaction(async (tx) => {
    const rows = await lockForMove(tx, businessId, [id, ...others]);
    const into = rows.find((r) => r.id === id);
    if (!into) throw new NotFound();
    const from = rows.filter((r) => r.id !== id);
    if (from.length !== others.length) throw new Refused("customer:errors.merge_unknown", { customer_ids: ["customer:errors.merge_unknown"] });
    await tx.update(customerKeys).set({ customerId: id }).where(inArray(customerKeys.customerId, others));
    await tx.update(orders).set({ customerId: id }).where(and(inArray(orders.customerId, others), eq(orders.businessId, businessId)));
    const notes = [into.note, ...from.map((r) => r.note)].filter(Boolean).join("\n\n");
    await tx.update(customers).set({
      tags: [...new Set([...into.tags, ...from.flatMap((r) => r.tags)])].slice(0, 20),
      note: notes ? notes.slice(0, 1000) : null,
      optOut: into.optOut || from.some((r) => r.optOut),
      phone: into.phone ?? from.find((r) => r.phone)?.phone ?? null,
      email: into.email ?? from.find((r) => r.email)?.email ?? null,
      timeModified: new Date(),
    }).where(eq(customers.id, id));
    await tx.delete(customers).where(inArray(customers.id, others));
    await refreshCustomers(tx, [id]);
    await recordHistory(tx, {
      businessId, refType: REF, refId: id, userId: actor.user.id, action: "merge",
      changes: { merged: { from: from.map((r) => `${r.name} (#${r.id})`).join(", "), to: `${into.name} (#${id})` } },
    });
    return customerJson((await findCustomer(tx, businessId, id))!);
  });
}

/** POST /customers/{id}/split: one phone or e-mail, and the orders that go with it, become a customer of their own. */
export async function splitCustomer(scope: Scope, id: number, body: z.infer<typeof splitBody>) {
  const { db, actor } = sellerScope(scope, "customer");
  const businessId = actor.member.businessId;
  return db.transaction(async (tx) => {
    const [row] = await lockForMove(tx, businessId, [id]);
    if (!row) throw new NotFound();
    const keys = (await tx.select({ key: customerKeys.key }).from(customerKeys).where(eq(customerKeys.customerId, id))).map((k) => k.key);
    if (!keys.includes(body.key)) throw new Refused("customer:errors.split_unknown", { key: ["customer:errors.split_unknown"] });
    if (keys.length < 2) throw new Refused("customer:errors.split_only", { key: ["customer:errors.split_only"] });
    // Who each order is now, by the linking rule, with this key belonging to the new customer (−1).
    const owners = new Map(keys.map((k) => [k, k === body.key ? -1 : id]));
    const theirs = await tx.select({ id: orders.id, name: orders.customerName, phone: orders.customerPhone, email: orders.customerEmail })
      .from(orders).where(eq(orders.customerId, id)).orderBy(asc(orders.timeCreated));
    const moved = assign(theirs.map((o) => keysOf(o)), owners, () => id).map((a, i) => ({ ...a, order: theirs[i] }))
      .filter((a) => a.customerId === -1).map((a) => a.order);
    const value = body.key.slice(2);
    const [created] = await tx.insert(customers).values({
      businessId, name: moved[0]?.name ?? row.name,
      phone: body.key.startsWith("p:") ? value : null, email: body.key.startsWith("e:") ? value : null,
    }).returning();
    await tx.update(customerKeys).set({ customerId: created.id }).where(and(eq(customerKeys.businessId, businessId), eq(customerKeys.key, body.key)));
    if (moved.length) await tx.update(orders).set({ customerId: created.id }).where(inArray(orders.id, moved.map((o) => o.id)));
    // The customer shown keeps a phone and e-mail that are still theirs.
    const stays = keys.filter((k) => k !== body.key);
    await tx.update(customers).set({
      phone: row.phone && `p:${row.phone}` !== body.key ? row.phone : stays.find((k) => k.startsWith("p:"))?.slice(2) ?? null,
      email: row.email && `e:${row.email}` !== body.key ? row.email : stays.find((k) => k.startsWith("e:"))?.slice(2) ?? null,
      timeModified: new Date(),
    }).where(eq(customers.id, id));
    await refreshCustomers(tx, [id, created.id]);
    const label = `${created.name} (#${created.id})`;
    await recordHistory(tx, { businessId, refType: REF, refId: id, userId: actor.user.id, action: "split", changes: { split: { from: value, to: label } } });
    await recordHistory(tx, { businessId, refType: REF, refId: created.id, userId: actor.user.id, action: "split", changes: { split: { from: `${row.name} (#${id})`, to: label } } });
    return customerJson((await findCustomer(tx, businessId, created.id))!);
  });
}

export async function customerHistory(scope: Scope, id: number, q: { page: number; limit: number }) {
  const { db, actor } = sellerScope(scope, "customer");
  if (!(await findCustomer(db, actor.member.businessId, id))) throw new NotFound();
  return historyPage(db, { businessId: actor.member.businessId, refType: REF, refId: id }, q);
}

/** Export kind "customer": the list with its filters (core/jobs/exports.ts); who asked, when and for what is in the audit log. */
defineExport("customer", {
  privilege: "customer",
  audit: "customer_export",
  filename: "customer:export.filename",
  sheet: "customer:export.sheet",
  filters: customerFilters,
  columns: [
    { key: "name", header: "customer:fields.name", width: 28 },
    { key: "phone", header: "customer:fields.phone", width: 18 },
    { key: "email", header: "customer:fields.email", width: 28 },
    { key: "city", header: "customer:fields.city", width: 20 },
    { key: "segment", header: "customer:fields.segment", width: 16 },
    { key: "orders_count", header: "customer:fields.orders_count", width: 10 },
    { key: "total_spent", header: "customer:fields.total_spent", width: 16 },
    { key: "average_order", header: "customer:fields.average_order", width: 16 },
    { key: "first_order", header: "customer:fields.first_order", date: true },
    { key: "last_order", header: "customer:fields.last_order", date: true },
    { key: "channels", header: "customer:fields.channels", width: 30 },
    { key: "tags", header: "customer:fields.tags", width: 24 },
    { key: "opt_out", header: "customer:fields.opt_out", width: 10 },
  ],
  async page(job, filters, offset, limit, t: TFunction) {
    const now = new Date();
    const { rows, total } = await findCustomers(pool, job.businessId, filters, { limit, offset }, now, Infinity);
    return {
      total,
      rows: rows.map((r) => {
        const c = customerJson(r, now);
        return {
          name: c.name, phone: c.phone, email: c.email, city: c.city, segment: t(`customer:segment.${c.segment}`),
          orders_count: c.orders_count, total_spent: c.total_spent, average_order: c.average_order,
          first_order: r.firstOrderAt, last_order: r.lastOrderAt, channels: c.channels.join(", "), tags: c.tags.join(", "),
          opt_out: c.opt_out ? t("common:actions.yes") : t("common:actions.no"),
        };
      }),
    };
  },
});


/** The business's channel names: the list's channel filter. */
export async function customerChannelNames(scope: Scope) {
  const { db, actor } = sellerScope(scope, "customer");
  const rows = await db.select({ name: channels.name }).from(channels).where(eq(channels.businessId, actor.member.businessId)).orderBy(asc(channels.name));
  return rows.map((c) => c.name);
}
