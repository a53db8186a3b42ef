/**
 * The orders list's queries (spec section 2 "Order tabs", section 7 GET /v0.0.2/orders, /v2.2.0/orders):
 * the filters shared by the list, the counts (counts.ts) and the export, keyset pages and the row
 * shape. Every query is scoped by the business (the tenant key); the service over them, for the
 * actor's business, is listing.ts. The read side runs on the pool, never inside a transaction:
 * its queries run side by side.
 *
 * Why it is built this way (a business may hold a million orders):
 * - Pages are keyset pages, not OFFSET: a `cursor` names the last (or first) row shown, and the next
 *   page is one range of the (business_id, tab | stage, time_created, id) index that the `status`
 *   filter picks (tab key → `tab` column, stage → `stage`, a single status → its stage + status),
 *   so page 1000 costs what page 1 costs. `page` (OFFSET) stays for the legacy API clients.
 * - Counts without filters are read from `order_status_counts`, kept by triggers in the same
 *   transaction as every order write (migration 0005): one primary-key range, no GROUP BY.
 *   With filters they are bounded: each status is counted up to COUNT_CAP + 1 on its index and a
 *   figure past the cap is shown "1.000+" (same rule as the product listing).
 * - A search collects its matches through indexes first (order code prefix, customer name trigram,
 *   SKU prefix, tracking number, the channel's own order id) and the page is taken from those.
 *
 * Decisions where the spec is silent:
 * - `date_from` / `date_to` are unix seconds naming WIB calendar days; both days are included
 *   (the date picker sends the days the seller chose, the way the app shows them).
 * - Search: the order code starts with the text (INV/2026…), the customer's name contains it,
 *   an item's SKU starts with it, or it is the tracking number or the channel's order id. Case
 *   does not matter; LIKE wildcards are searched as text.
 * - Sort: 1 oldest first, 2 newest first (by when the order was placed), the spec's codes.
 */
import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { db } from "#db/client.ts";
import { channels, orderItems, orders } from "#db/schema/index.ts";
import { couriersOnce } from "#core/utilities/reference.ts";
import { unix } from "#core/lib/time.ts";
import { allowedActions } from "./lifecycle.ts";
import { isStatusFilter, ORDER_STAGES, ORDER_STATUSES, ORDER_TABS, STAGE_OF, type OrderStatus } from "#db/schema/order-tabs.ts";
import { wibDayStart } from "#core/lib/time.ts";
import { blank } from "#core/profile/warehouses-shared.ts";

/** Filtered counts stop here (the page shows "1.000+"). */
export const COUNT_CAP = 1_000;
/** Page sizes of the spec (section 9). */
export const PAGE_SIZES = [10, 20, 50, 100, 150] as const;
export const ORDER_TYPES = [1, 2, 3] as const; // Ready Stock, Pre-Order, Custom

const id = blank(z.coerce.number({ error: "invalid" }).int("invalid").positive("invalid").max(2_147_483_647, "invalid"));
const unixSeconds = blank(z.coerce.number({ error: "invalid" }).int("invalid").min(0, "invalid").max(4_102_444_800, "invalid"));

/** The list's filters (also the counts' and the export's). */
export const orderFilterFields = z.object({
  status: blank(z.string().trim().refine(isStatusFilter, "api-orders:unknown_status")),
  channel_id: id,
  store_id: id,
  date_from: unixSeconds,
  date_to: unixSeconds,
  order_type: blank(z.coerce.number({ error: "invalid" }).int("invalid").refine((v) => (ORDER_TYPES as readonly number[]).includes(v), "invalid")),
  courier: blank(z.string().trim().toLowerCase().max(40, "too_long")),
  search: blank(z.string().trim().max(100, "too_long")),
  sort: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number({ error: "invalid" }).int("invalid").min(1, "invalid").max(2, "invalid").default(2)),
});

/** date_to before date_from is a mistake worth saying, not an empty list. */
export function withDateRange<S extends z.ZodType<{ date_from?: number; date_to?: number }>>(schema: S) {
  return schema.superRefine((f, ctx) => {
    if (f.date_from !== undefined && f.date_to !== undefined && f.date_to < f.date_from) {
      ctx.addIssue({ code: "custom", path: ["date_to"], message: "api-orders:date_range" });
    }
  });
}

export const orderFilters = withDateRange(orderFilterFields);
export type OrderFilters = z.infer<typeof orderFilterFields>;

// ---------------------------------------------------------------------------------------------
// Cursors: where a keyset page starts. Opaque to clients (base64url of a small JSON).
// ---------------------------------------------------------------------------------------------
export type Cursor = {
  /** time_created of the row, exact to the microsecond, as ISO text (a JS Date would lose µs). */
  t: string;
  i: number;
  /** next: the rows after this one in the list's order; prev: the rows before it. */
  d: "next" | "prev";
  /** The sort the cursor was made for: another sort starts again from the first page. */
  s: number;
};

const cursorShape = z.object({
  t: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
  i: z.number().int().positive().max(2_147_483_647),
  d: z.enum(["next", "prev"]),
  s: z.number().int().min(1).max(2),
});

export const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString("base64url");

function decodeCursor(text: string): Cursor | null {
  try {
    const parsed = cursorShape.safeParse(JSON.parse(Buffer.from(text, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const cursorField = blank(z.string().max(200, "api-orders:cursor").transform((text, ctx) => {
  const c = decodeCursor(text);
  if (!c) {
    ctx.addIssue({ code: "custom", message: "api-orders:cursor" });
    return z.NEVER;
  }
  return c;
}));

export const orderListQuery = withDateRange(orderFilterFields.extend({
  limit: z.coerce.number({ error: "invalid" }).int("invalid").refine((v) => (PAGE_SIZES as readonly number[]).includes(v), "api-orders:page_size").default(10),
  // OFFSET pages (legacy clients) stop at page 1,000; `cursor` pages go anywhere at the same cost.
  page: z.coerce.number({ error: "invalid" }).int("invalid").min(1, "invalid").max(1_000, "invalid").default(1),
  cursor: cursorField,
}));
export type OrderListQuery = z.infer<typeof orderListQuery>;

// ---------------------------------------------------------------------------------------------
// Conditions
// ---------------------------------------------------------------------------------------------

/** The `status` filter as the index it reads: a tab, a stage, or a single status (inside its stage). */
export function statusCondition(filter: string | undefined): SQL | undefined {
  if (!filter || filter === "all") return undefined;
  if (Object.hasOwn(ORDER_TABS, filter)) return eq(orders.tab, filter);
  if (Object.hasOwn(ORDER_STAGES, filter)) return eq(orders.stage, filter);
  return exactStatus(filter as OrderStatus);
}

/**
 * One status exactly ("hold" and "returned" are also a stage and a tab), read inside its stage's
 * index range. A status that is its stage's only one is the stage itself: no status test, so the
 * planner sees one exact index range (a redundant test would make it guess too few rows).
 */
const stageSize = (stage: string) => ORDER_STATUSES.filter((s) => STAGE_OF[s] === stage).length;
export const exactStatus = (status: OrderStatus) =>
  stageSize(STAGE_OF[status]) === 1 ? eq(orders.stage, STAGE_OF[status]) : and(eq(orders.stage, STAGE_OF[status]), eq(orders.status, status));

/** Any filter beyond the tab: then counts are bounded counts, not the counter table. */
export const isFiltered = (f: ListFilters) =>
  Boolean(f.channel_id || f.store_id || f.date_from !== undefined || f.date_to !== undefined || f.order_type || f.courier || f.search);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * How a search is written for the plan PostgreSQL can make of it. "sparse": few matches — collect
 * them through the search's indexes, then sort those. "dense": many matches (a common name, a SKU
 * prefix half the orders share) — walk the list's own index and test each row, which finds a page
 * after a few hundred rows instead of sorting tens of thousands. searchMode decides by probing.
 */
export type SearchMode = "sparse" | "dense";
/** The filters as the queries take them: the search's mode rides along once decided. */
export type ListFilters = Partial<OrderFilters> & { searchMode?: SearchMode };

function searchParts(businessId: number, text: string) {
  const lower = text.toLowerCase();
  const prefix = `${escapeLike(lower)}%`;
  const anywhere = `%${escapeLike(lower)}%`;
  const ownChannels = sql`SELECT ${channels.id} FROM ${channels} WHERE ${channels.businessId} = ${businessId}`;
  return {
    code: sql`lower(${orders.orderCode}) LIKE ${prefix}`,
    customer: sql`lower(${orders.customerName}) LIKE ${anywhere}`,
    tracking: sql`${orders.trackingNumber} IN (${text}, ${text.toUpperCase()})`,
    channelOrder: sql`(${orders.channelId} IN (${ownChannels}) AND ${orders.channelOrderId} = ${text})`,
    skuPrefix: sql`lower(${orderItems.sku}) LIKE ${prefix}`,
  };
}

/** The ids of the business's orders the search finds, each half on its own index (duplicates possible). */
export function searchIds(businessId: number, text: string): SQL {
  const p = searchParts(businessId, text);
  const own = (cond: SQL) => sql`SELECT ${orders.id} FROM ${orders} WHERE ${orders.businessId} = ${businessId} AND ${cond}`;
  return sql`
    ${own(p.code)} UNION ALL ${own(p.customer)} UNION ALL ${own(p.tracking)} UNION ALL ${own(p.channelOrder)}
    UNION ALL SELECT ${orderItems.orderId} FROM ${orderItems} WHERE ${orderItems.businessId} = ${businessId} AND ${p.skuPrefix}`;
}

function searchCondition(businessId: number, text: string, mode: SearchMode): SQL {
  if (mode === "sparse") return sql`${orders.id} IN (${searchIds(businessId, text)})`;
  const p = searchParts(businessId, text);
  // The SKU test is a scalar subquery, not EXISTS: PostgreSQL may turn an EXISTS under OR into a
  // hash of every matching line (a scan of all lines); this stays a lookup of the row's own lines.
  return sql`(${p.code} OR ${p.customer} OR ${p.tracking} OR ${p.channelOrder}
    OR (SELECT true FROM ${orderItems} WHERE ${orderItems.orderId} = ${orders.id} AND ${p.skuPrefix} LIMIT 1))`;
}

/** Dense when the search's indexes hold more than COUNT_CAP hits (read no further than that). */
export async function searchMode(businessId: number, text: string): Promise<SearchMode> {
  const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM (${searchIds(businessId, text)}) u LIMIT ${COUNT_CAP + 1}) x`);
  return rows[0].n > COUNT_CAP ? "dense" : "sparse";
}

/** The filters with the search's mode decided (once per request: the page, the total and the counts share it). */
export async function prepareFilters<F extends ListFilters>(businessId: number, f: F): Promise<F> {
  if (!f.search || f.searchMode) return f;
  return { ...f, searchMode: await searchMode(businessId, f.search) };
}

/** Every filter but the status (the counts share them). */
export function filterConditions(businessId: number, f: ListFilters): SQL[] {
  const where: SQL[] = [eq(orders.businessId, businessId)];
  if (f.channel_id) where.push(eq(orders.channelId, f.channel_id));
  if (f.store_id) where.push(eq(orders.storeId, f.store_id));
  if (f.order_type) where.push(eq(orders.orderType, f.order_type));
  if (f.courier) where.push(eq(orders.courierCode, f.courier));
  if (f.date_from !== undefined) where.push(gte(orders.timeCreated, wibDayStart(new Date(f.date_from * 1000))));
  if (f.date_to !== undefined) where.push(lt(orders.timeCreated, wibDayStart(new Date(f.date_to * 1000), 1)));
  if (f.search) where.push(searchCondition(businessId, f.search, f.searchMode ?? "sparse"));
  return where;
}

// ---------------------------------------------------------------------------------------------
// The page
// ---------------------------------------------------------------------------------------------
const keyText = sql<string>`to_char(${orders.timeCreated} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const listColumns = {
  id: orders.id,
  orderCode: orders.orderCode,
  channelId: orders.channelId,
  channelName: orders.channelName,
  channelOrderId: orders.channelOrderId,
  storeId: orders.storeId,
  warehouseId: orders.warehouseId,
  orderType: orders.orderType,
  deliveryMethod: orders.deliveryMethod,
  status: orders.status,
  tab: orders.tab,
  stage: orders.stage,
  returnStage: orders.returnStage,
  customerName: orders.customerName,
  shippingCity: orders.shippingCity,
  courierCode: orders.courierCode,
  courierService: orders.courierService,
  trackingNumber: orders.trackingNumber,
  paymentMethod: orders.paymentMethod,
  totalAmount: orders.totalAmount,
  paidAt: orders.paidAt,
  deadlineAt: orders.deadlineAt,
  invoicePrintedAt: orders.invoicePrintedAt,
  labelPrintedAt: orders.labelPrintedAt,
  picklistPrintedAt: orders.picklistPrintedAt,
  timeCreated: orders.timeCreated,
  timeModified: orders.timeModified,
  key: keyText,
};

type ItemPreview = { orderId: number; productName: string; variantName: string | null; sizeName: string | null; sku: string; image: string | null; quantity: number; cancelled: boolean };

/**
 * What the web's list shows of a row (core/orders/listing.ts orderListLines): the API's rows carry
 * 28 columns with seven timestamps, and reading those for 50 rows was a tenth of the page's server
 * time (issue 11). The time comes as unix seconds, parsed by no one.
 */
const lineColumns = {
  id: orders.id,
  orderCode: orders.orderCode,
  channelName: orders.channelName,
  customerName: orders.customerName,
  status: orders.status,
  returnStage: orders.returnStage,
  deliveryMethod: orders.deliveryMethod,
  totalAmount: orders.totalAmount,
  createdUnix: sql<number>`extract(epoch from ${orders.timeCreated})::int`,
  key: keyText,
};

const pageOrder = (ascending: boolean) => (ascending ? [asc(orders.timeCreated), asc(orders.id)] : [desc(orders.timeCreated), desc(orders.id)]);

type PageRows<R> = (where: SQL | undefined, ascending: boolean, limit: number, offset: number) => Promise<R[]>;
const listRows = (where: SQL | undefined, ascending: boolean, limit: number, offset: number) =>
  db.select(listColumns).from(orders).where(where).orderBy(...pageOrder(ascending)).limit(limit).offset(offset);
const lineRowsQuery = (where: SQL | undefined, ascending: boolean, limit: number, offset: number) =>
  db.select(lineColumns).from(orders).where(where).orderBy(...pageOrder(ascending)).limit(limit).offset(offset);

/**
 * One page: the rows in the list's order, and the cursors of the pages before and after it
 * (null at either end). With a cursor the page is a keyset range; without one, `page` is an OFFSET
 * (legacy clients; the web always follows cursors).
 */
export function findOrders(businessId: number, q: FindQuery) {
  return findPage(listRows, businessId, q);
}

export type OrderListRow = Awaited<ReturnType<typeof listRows>>[number];

/** findOrders with only what the web's list shows (lineColumns). */
export function findOrderLines(businessId: number, q: FindQuery) {
  return findPage(lineRowsQuery, businessId, q);
}

type FindQuery = Omit<OrderListQuery, "cursor"> & { cursor?: Cursor; searchMode?: SearchMode };

async function findPage<R extends { id: number; key: string }>(pageRows: PageRows<R>, businessId: number, q: FindQuery) {
  q = await prepareFilters(businessId, q);
  const newestFirst = q.sort !== 1;
  const cursor = q.cursor && q.cursor.s === q.sort ? q.cursor : undefined;
  const offset = cursor ? 0 : (q.page - 1) * q.limit;
  let ascending = !newestFirst;
  let range: SQL | undefined;
  if (cursor) {
    // Rows after the cursor in a newest-first list are older ones, and so on: the scan direction
    // is the list's, reversed for a "prev" page (then the rows are put back in the list's order).
    ascending = newestFirst === (cursor.d === "prev");
    const op = ascending ? sql`>` : sql`<`;
    range = sql`(${orders.timeCreated}, ${orders.id}) ${op} (${cursor.t}::timestamptz, ${cursor.i})`;
  }
  const where = and(...filterConditions(businessId, q), statusCondition(q.status), range);
  const fetched = await pageRows(where, ascending, q.limit + 1, offset);
  const more = fetched.length > q.limit;
  const rows = fetched.slice(0, q.limit);
  if (cursor?.d === "prev") rows.reverse();

  const first = rows[0];
  const last = rows[rows.length - 1];
  const hasNext = cursor?.d === "prev" ? true : more;
  const hasPrev = cursor ? (cursor.d === "next" ? true : more) : offset > 0;
  const next: Cursor | null = last && hasNext ? { t: last.key, i: last.id, d: "next", s: q.sort } : null;
  const prev: Cursor | null = first && hasPrev ? { t: first.key, i: first.id, d: "prev", s: q.sort } : null;
  return { rows, next, nextCursor: next && encodeCursor(next), prevCursor: prev && encodeCursor(prev) };
}

/** The first few lines of each order on the page (the list shows them), and every order's totals. */
export async function itemPreviews(orderIds: number[], shown = 3) {
  if (!orderIds.length) return new Map<number, { items: ItemPreview[]; itemCount: number; quantity: number }>();
  const rows = await db
    .select({
      orderId: orderItems.orderId, productName: orderItems.productName, variantName: orderItems.variantName, sizeName: orderItems.sizeName,
      sku: orderItems.sku, image: orderItems.image, quantity: orderItems.quantity, cancelled: sql<boolean>`${orderItems.cancelledAt} IS NOT NULL`,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(orderItems.orderId, orderItems.id);
  const out = new Map<number, { items: ItemPreview[]; itemCount: number; quantity: number }>();
  for (const r of rows) {
    const o = out.get(r.orderId) ?? { items: [], itemCount: 0, quantity: 0 };
    if (!r.cancelled) {
      o.itemCount += 1;
      o.quantity += r.quantity;
    }
    if (o.items.length < shown) o.items.push(r);
    out.set(r.orderId, o);
  }
  return out;
}

/** Courier and service names by code (reference data: core/utilities/reference.ts couriersOnce). */
export async function courierNamesOf() {
  const { couriers, services } = await couriersOnce();
  return { couriers, services: new Map(services.map((s) => [`${s.courierCode}:${s.code}`, s.name])) };
}

/** The list row as the API answers it. */
export function orderListJson(
  r: OrderListRow,
  preview: { items: ItemPreview[]; itemCount: number; quantity: number } | undefined,
  names: Awaited<ReturnType<typeof courierNamesOf>>,
  t: (key: string) => string,
) {
  return {
    order_id: r.id,
    order_code: r.orderCode,
    channel_id: r.channelId,
    channel_name: r.channelName,
    channel_order_id: r.channelOrderId,
    store_id: r.storeId,
    warehouse_id: r.warehouseId,
    order_type: r.orderType,
    delivery_method: r.deliveryMethod,
    status: r.status,
    status_name: t(`orders:status.${r.status}`),
    tab: r.tab,
    stage: r.stage,
    return_stage: r.returnStage,
    customer_name: r.customerName,
    shipping_city: r.shippingCity,
    courier: r.courierCode
      ? {
        code: r.courierCode,
        name: names.couriers.get(r.courierCode) ?? r.courierCode,
        service: r.courierService,
        service_name: r.courierService ? names.services.get(`${r.courierCode}:${r.courierService}`) ?? r.courierService : null,
      }
      : null,
    tracking_number: r.trackingNumber,
    payment_method: r.paymentMethod,
    total_amount: r.totalAmount,
    item_count: preview?.itemCount ?? 0,
    quantity: preview?.quantity ?? 0,
    items: (preview?.items ?? []).map((i) => ({
      product_name: i.productName, variant_name: i.variantName, size_name: i.sizeName, sku: i.sku, image: i.image, quantity: i.quantity,
      is_cancelled: i.cancelled,
    })),
    allowed_actions: allowedActions(r),
    printed: { invoice: unix(r.invoicePrintedAt), label: unix(r.labelPrintedAt), picklist: unix(r.picklistPrintedAt) },
    paid_at: unix(r.paidAt),
    deadline_at: unix(r.deadlineAt),
    time_created: unix(r.timeCreated),
    time_modified: unix(r.timeModified),
  };
}
