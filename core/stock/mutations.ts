/**
 * All mutations (spec section 2 /erp/inventory/all-mutation, issue 14 item 5): every movement of
 * the stock ledger (`stock_movements`, written only by stock-ledger.ts) across the business's
 * locations — when, what (product, variant, SKU), where, which type, the on-hand change with
 * before → after, who, and the reference with a link to where it came from. The page, the REST
 * call (GET /v1.0.0/inventories/mutations) and the export ("inventory-mutations") read it here.
 *
 * Why it is built this way (a business may hold millions of movements):
 * - Keyset pages on (time_created, id), newest first (docs/decisions/0008): a cursor names the
 *   first or last row shown; page 1000 costs what page 1 costs. Every filter leads its own index
 *   (migration: business + time; business + kind + time; business + store / warehouse / partition + time;
 *   the reference prefix), so a page is one index range.
 * - The type is a generated column (`kind`, db/schema/catalog.ts) made from the reason and, for
 *   orders, the sign: a tab is `kind = …`, one range of its index.
 * - The total is bounded: counted up to COUNT_CAP + 1 and shown "1.000+" beyond.
 *
 * Decisions where the spec is silent:
 * - Types (tabs): sale = an order's movement that took on-hand away, return = an order's that put
 *   it back; count = opname; adjustment; transfer out / in (also the legacy "transfer" reason by
 *   its sign); bulk upload = bulk upload and mass update; other = everything else — manual edits,
 *   the initial stock, packages, and an order's reservation (reserved moved, on hand did not).
 *   Reservations are movements of the ledger too, so "All" lists them: the reserved column shows
 *   them, the quantity is 0.
 * - Location filter: `store-<id>`, `warehouse-<id>` (the whole warehouse, its partitions too) or
 *   `warehouse-<id>-<partition>` (that partition only). Another business's location matches nothing.
 * - Dates are WIB calendar days, both ends included; date_to before date_from is refused (422)
 *   under date_to, not an empty list.
 * - Search: the SKU starts with the text, the product name contains it, the barcode is it, or the
 *   reference starts with it (case does not matter). Matches are collected through indexes first
 *   and bounded (MAX_MATCHED variants, MAX_REFERENCE_MATCHES movements by reference), so a
 *   one-letter search stays a few index probes; a prefix matching more than that many movements
 *   lists that many of them (the seller types more of the reference).
 * - Links: an order's reference (its code) → /orders/<id>; TRF-<id> → /erp/inventory/mutation/<id>;
 *   OPN-<id> → /erp/inventory/opname/<id>; ADJ-<id> → /erp/inventory/adjustment/<id>;
 *   product:<id> → the product's edit page; bulk-upload:<id> → the upload's page. Others: text only.
 * - The export takes the same filters (no cursor) and refuses more than MAX_EXPORT_ROWS rows,
 *   naming the count, so the seller narrows it with a date range.
 */
import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { db as pool, sideBySide, type Db, type Tx } from "#db/client.ts";
import { orders, products, productVariants, stockMovements, stores, users, warehousePartitions, warehouses } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { Refused } from "#core/errors.ts";
import { defineExport } from "#core/jobs/exports.ts";
import { contains } from "#core/lib/list-query.ts";
import { DAY_MS, unix, WIB_OFFSET_MS } from "#core/lib/time.ts";
import { blank } from "#core/profile/warehouses-shared.ts";
import { findLocations, parseLocationKey } from "./locations.ts";
import type { StockLocation } from "./stock-ledger.ts";

// The tabs, in page order ("all" is no filter), and the page sizes: browser-safe constants.
import { MUTATION_PAGE_SIZES, MUTATION_TYPES, type MutationType } from "./mutation-types.ts";
export { MUTATION_PAGE_SIZES, MUTATION_TYPES, type MutationType };
export const COUNT_CAP = 1_000;
export const MAX_EXPORT_ROWS = 100_000;
const MAX_MATCHED = 500;
const MAX_REFERENCE_MATCHES = 5_000;

const day = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, "invalid")
  .refine((v) => { const d = new Date(`${v}T00:00:00Z`); return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v); }, "invalid");

/** The filters (page URL, API query, export). */
export const mutationFilterFields = z.object({
  type: blank(z.enum(MUTATION_TYPES, { error: "invalid" })),
  location: blank(z.string().trim().max(40, "invalid").refine((v) => parseLocationKey(v) !== null, "invalid")),
  date_from: blank(day),
  date_to: blank(day),
  search: blank(z.string().trim().max(100, "too_long")),
});

const withDateRange = <S extends z.ZodType<{ date_from?: string; date_to?: string }>>(schema: S) =>
  schema.superRefine((f, ctx) => {
    if (f.date_from && f.date_to && f.date_to < f.date_from) ctx.addIssue({ code: "custom", path: ["date_to"], message: "inventory-mutation:date_range" });
  });

export const mutationFilters = withDateRange(mutationFilterFields);
export type MutationFilters = z.infer<typeof mutationFilterFields>;

// ---------------------------------------------------------------------------------------------
// Cursors (opaque: base64url of a small JSON, as the orders list's)
// ---------------------------------------------------------------------------------------------
export type MutationCursor = { t: string; i: number; d: "next" | "prev" };
const cursorShape = z.object({
  t: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
  i: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  d: z.enum(["next", "prev"]),
});
export const encodeCursor = (c: MutationCursor) => Buffer.from(JSON.stringify(c)).toString("base64url");
export function decodeCursor(text: string): MutationCursor | null {
  try {
    const parsed = cursorShape.safeParse(JSON.parse(Buffer.from(text, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const mutationListQuery = withDateRange(mutationFilterFields.extend({
  limit: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number({ error: "invalid" }).int("invalid")
    .refine((v) => (MUTATION_PAGE_SIZES as readonly number[]).includes(v), "invalid").default(50)),
  cursor: blank(z.string().max(300, "inventory-mutation:cursor").transform((text, ctx) => {
    const c = decodeCursor(text);
    if (!c) {
      ctx.addIssue({ code: "custom", message: "inventory-mutation:cursor" });
      return z.NEVER;
    }
    return c;
  })),
}));
export type MutationListQuery = z.infer<typeof mutationListQuery>;

// ---------------------------------------------------------------------------------------------
// Conditions
// ---------------------------------------------------------------------------------------------
const dayStart = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - WIB_OFFSET_MS);

function locationCondition(l: StockLocation): SQL {
  if (l.sourceType === 1) return eq(stockMovements.storeId, l.storeId);
  // A partition's own index (partition ids are unique; its warehouse is checked too).
  if (l.partitionId != null) return and(eq(stockMovements.partitionId, l.partitionId), eq(stockMovements.warehouseId, l.warehouseId))!;
  return eq(stockMovements.warehouseId, l.warehouseId);
}

/** The variants a search names (SKU prefix, name contains, barcode), bounded. */
async function matchedVariants(exec: Db | Tx, businessId: number, search: string): Promise<number[]> {
  const prefix = `${search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const rows = await exec
    .select({ id: productVariants.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(
      eq(productVariants.businessId, businessId),
      or(sql`lower(${productVariants.sku}) LIKE ${prefix}`, ilike(products.name, contains(search)), eq(productVariants.barcode, search)),
    ))
    .limit(MAX_MATCHED);
  return rows.map((r) => r.id);
}

async function whereOf(exec: Db | Tx, businessId: number, f: MutationFilters): Promise<SQL> {
  const w: (SQL | undefined)[] = [eq(stockMovements.businessId, businessId)];
  if (f.type && f.type !== "all") w.push(eq(stockMovements.kind, f.type));
  const l = f.location ? parseLocationKey(f.location) : null;
  if (l) w.push(locationCondition(l));
  if (f.date_from) w.push(gte(stockMovements.timeCreated, dayStart(f.date_from)));
  if (f.date_to) w.push(lt(stockMovements.timeCreated, new Date(dayStart(f.date_to).getTime() + DAY_MS)));
  if (f.search) {
    const variants = await matchedVariants(exec, businessId, f.search);
    // The reference's matches are collected through its prefix index first (an InitPlan, bounded):
    // the planner cannot tell how rare a prefix is and would otherwise walk the time index.
    const prefix = `${f.search.toUpperCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const ref = sql`${stockMovements.id} = ANY(ARRAY(SELECT r.id FROM ${stockMovements} r WHERE r.business_id = ${businessId}
      AND upper(r.reference) LIKE ${prefix} AND r.reference IS NOT NULL LIMIT ${MAX_REFERENCE_MATCHES}))`;
    w.push(variants.length ? or(inArray(stockMovements.variantId, variants), ref) : ref);
  }
  return and(...w)!;
}

// ---------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------
const keyText = sql<string>`to_char(${stockMovements.timeCreated} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

async function movementRows(exec: Db | Tx, where: SQL, ascending: boolean, limit: number, offset = 0) {
  return exec
    .select({
      id: stockMovements.id, key: keyText, time: stockMovements.timeCreated, kind: stockMovements.kind, reason: stockMovements.reason,
      productId: stockMovements.productId, variantId: stockMovements.variantId,
      productName: products.name, variantName: productVariants.variantName, sizeName: productVariants.sizeName, sku: productVariants.sku,
      storeId: stockMovements.storeId, warehouseId: stockMovements.warehouseId, partitionId: stockMovements.partitionId,
      storeName: stores.name, warehouseName: warehouses.name, partitionName: warehousePartitions.name,
      onHandBefore: stockMovements.onHandBefore, onHandAfter: stockMovements.onHandAfter,
      reservedBefore: stockMovements.reservedBefore, reservedAfter: stockMovements.reservedAfter,
      reference: stockMovements.reference, note: stockMovements.note, userId: stockMovements.userId, userName: users.name,
    })
    .from(stockMovements)
    .leftJoin(products, eq(products.id, stockMovements.productId))
    .leftJoin(productVariants, eq(productVariants.id, stockMovements.variantId))
    .leftJoin(stores, eq(stores.id, stockMovements.storeId))
    .leftJoin(warehouses, eq(warehouses.id, stockMovements.warehouseId))
    .leftJoin(warehousePartitions, eq(warehousePartitions.id, stockMovements.partitionId))
    .leftJoin(users, eq(users.id, stockMovements.userId))
    .where(where)
    .orderBy(...(ascending ? [asc(stockMovements.timeCreated), asc(stockMovements.id)] : [desc(stockMovements.timeCreated), desc(stockMovements.id)]))
    .limit(limit)
    .offset(offset);
}
type MovementRow = Awaited<ReturnType<typeof movementRows>>[number];

/** Where a reference leads (see the header); orders by their code, looked up for the page. */
export function referenceLink(reference: string | null, reason: string, orderIds: Map<string, number>): string | null {
  if (!reference) return null;
  if (reason === "order") {
    const id = orderIds.get(reference);
    return id ? `/orders/${id}` : null;
  }
  const m = /^(TRF|OPN|ADJ)-(\d{1,12})$/.exec(reference);
  if (m) return `/erp/inventory/${{ TRF: "mutation", OPN: "opname", ADJ: "adjustment" }[m[1] as "TRF" | "OPN" | "ADJ"]}/${m[2]}`;
  const p = /^product:(\d{1,12})$/.exec(reference);
  if (p) return `/products/${p[1]}/edit`;
  const b = /^bulk-upload:(\d{1,12})$/.exec(reference);
  if (b) return `/products/add/${b[1]}/view-bulk`;
  return null;
}

async function orderIdsOf(exec: Db | Tx, businessId: number, rows: MovementRow[]) {
  const codes = [...new Set(rows.filter((r) => r.reason === "order" && r.reference).map((r) => r.reference!))];
  if (!codes.length) return new Map<string, number>();
  const found = await exec.select({ id: orders.id, code: orders.orderCode }).from(orders)
    .where(and(eq(orders.businessId, businessId), inArray(orders.orderCode, codes)));
  return new Map(found.map((o) => [o.code, o.id]));
}

export function mutationJson(r: MovementRow, orderIds: Map<string, number>) {
  const location = r.storeId != null
    ? { key: `store-${r.storeId}`, kind: "store" as const, name: r.storeName ?? "" }
    : r.partitionId != null
      ? { key: `warehouse-${r.warehouseId}-${r.partitionId}`, kind: "partition" as const, name: [r.warehouseName, r.partitionName].filter(Boolean).join(" › ") }
      : { key: `warehouse-${r.warehouseId}`, kind: "warehouse" as const, name: r.warehouseName ?? "" };
  return {
    movement_id: r.id,
    time_created: unix(r.time)!,
    type: r.kind as Exclude<MutationType, "all">,
    reason: r.reason,
    /** An order's reservation: reserved moved, on hand did not. */
    is_reservation: r.onHandBefore === r.onHandAfter && r.reservedBefore !== r.reservedAfter,
    product_id: r.productId,
    product_name: r.productName ?? "",
    variant_id: r.variantId,
    variant_name: [r.variantName, r.sizeName].filter(Boolean).join(", "),
    sku: r.sku ?? "",
    location,
    quantity: r.onHandAfter - r.onHandBefore,
    on_hand_before: r.onHandBefore,
    on_hand_after: r.onHandAfter,
    reserved_change: r.reservedAfter - r.reservedBefore,
    reserved_before: r.reservedBefore,
    reserved_after: r.reservedAfter,
    reference: r.reference,
    reference_link: referenceLink(r.reference, r.reason, orderIds),
    note: r.note,
    user_id: r.userId,
    user_name: r.userName ?? null,
  };
}
export type Mutation = ReturnType<typeof mutationJson>;

/** The total under the filters, bounded (capped: more than COUNT_CAP). */
async function boundedTotal(exec: Db | Tx, where: SQL) {
  const { rows } = await exec.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${stockMovements} WHERE ${where} LIMIT ${COUNT_CAP + 1}) x`);
  const n = rows[0]?.n ?? 0;
  return { total: Math.min(n, COUNT_CAP), capped: n > COUNT_CAP };
}

/**
 * One keyset page of the business's movements, newest first: the rows, the bounded total and the
 * cursors of the pages before and after (null at either end).
 */
export async function listMutations(scope: Scope, q: MutationListQuery) {
  const { db, actor } = sellerScope(scope, "erp");
  const businessId = actor.member.businessId;
  const where = await whereOf(db, businessId, q);
  const cursor = q.cursor;
  // Newest first; a "prev" page scans the other way and is put back in the list's order.
  const ascending = cursor?.d === "prev";
  const range = cursor
    ? sql`(${stockMovements.timeCreated}, ${stockMovements.id}) ${ascending ? sql`>` : sql`<`} (${cursor.t}::timestamptz, ${cursor.i})`
    : undefined;
  const [fetched, count] = await sideBySide(db,
    () => movementRows(db, and(where, range)!, ascending, q.limit + 1),
    () => boundedTotal(db, where),
  );
  const more = fetched.length > q.limit;
  const rows = fetched.slice(0, q.limit);
  if (ascending) rows.reverse();
  const first = rows[0];
  const last = rows[rows.length - 1];
  const hasNext = cursor?.d === "prev" ? true : more;
  const hasPrev = cursor ? (cursor.d === "next" ? true : more) : false;
  const orderIds = await orderIdsOf(db, businessId, rows);
  return {
    rows: rows.map((r) => mutationJson(r, orderIds)),
    ...count,
    cap: COUNT_CAP,
    nextCursor: last && hasNext ? encodeCursor({ t: last.key, i: last.id, d: "next" }) : null,
    prevCursor: first && hasPrev ? encodeCursor({ t: first.key, i: first.id, d: "prev" }) : null,
  };
}

/**
 * The tabs' counts under the other filters (the type ignored), each bounded at COUNT_CAP
 * ("1.000+"), each one range of the kind index: { all: { count, capped }, sale: …, … }.
 */
export async function mutationTypeCounts(scope: Scope, f: MutationFilters) {
  const { db, actor } = sellerScope(scope, "erp");
  const businessId = actor.member.businessId;
  const base = await whereOf(db, businessId, { ...f, type: undefined });
  const parts = MUTATION_TYPES.map((type) => {
    const cond = type === "all" ? base : and(base, eq(stockMovements.kind, type))!;
    return sql`(SELECT count(*) FROM (SELECT 1 FROM ${stockMovements} WHERE ${cond} LIMIT ${COUNT_CAP + 1}) x)::int AS ${sql.identifier(type)}`;
  });
  const { rows } = await db.execute<Record<MutationType, number>>(sql`SELECT ${sql.join(parts, sql`, `)}`);
  const row = rows[0];
  return Object.fromEntries(MUTATION_TYPES.map((type) => {
    const n = Number(row?.[type] ?? 0);
    return [type, { count: Math.min(n, COUNT_CAP), capped: n > COUNT_CAP }];
  })) as Record<MutationType, { count: number; capped: boolean }>;
}

/** The location filter's choices: every location of the business (core/stock/locations.ts). */
export async function mutationLocations(scope: Scope) {
  const { db, actor } = sellerScope(scope, "erp");
  return findLocations(db, actor.member.businessId);
}

// ---------------------------------------------------------------------------------------------
// The export: the same filters, pages read by keyset (the job's pages follow each other).
// ---------------------------------------------------------------------------------------------
const exportState = new WeakMap<object, { where: Promise<SQL>; next?: { offset: number; cursor: MutationCursor } }>();

defineExport("inventory-mutations", {
  privilege: "erp",
  filename: "inventory-mutation:export.filename",
  sheet: "inventory-mutation:export.sheet",
  filters: mutationFilters,
  async check(businessId, filters: MutationFilters) {
    const where = await whereOf(pool, businessId, filters);
    const { rows } = await pool.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${stockMovements} WHERE ${where} LIMIT ${MAX_EXPORT_ROWS + 1}) x`);
    const count = rows[0]?.n ?? 0;
    if (count > MAX_EXPORT_ROWS) {
      throw new Refused("inventory-mutation:export_too_big", { date_from: ["inventory-mutation:export_too_big"] }, { count, max: MAX_EXPORT_ROWS });
    }
  },
  columns: [
    { key: "time", header: "inventory-mutation:column.time", width: 18, date: true },
    { key: "type", header: "inventory-mutation:column.type", width: 16 },
    { key: "product", header: "inventory-mutation:column.product", width: 32 },
    { key: "sku", header: "inventory-mutation:column.sku", width: 18 },
    { key: "location", header: "inventory-mutation:column.location", width: 24 },
    { key: "quantity", header: "inventory-mutation:column.quantity", width: 10 },
    { key: "before", header: "inventory-mutation:column.before", width: 10 },
    { key: "after", header: "inventory-mutation:column.after", width: 10 },
    { key: "reserved", header: "inventory-mutation:column.reserved", width: 10 },
    { key: "reference", header: "inventory-mutation:column.reference", width: 24 },
    { key: "user", header: "inventory-mutation:column.user", width: 20 },
    { key: "note", header: "inventory-mutation:column.note", width: 30 },
  ],
  async page(job, filters: MutationFilters, offset, limit, t) {
    let state = exportState.get(job);
    if (!state) {
      state = { where: whereOf(pool, job.businessId, filters) };
      exportState.set(job, state);
    }
    const where = await state.where;
    const cursor = state.next?.offset === offset ? state.next.cursor : undefined;
    const range = cursor ? sql`(${stockMovements.timeCreated}, ${stockMovements.id}) < (${cursor.t}::timestamptz, ${cursor.i})` : undefined;
    const [rows, count] = await Promise.all([
      movementRows(pool, and(where, range)!, false, limit, cursor ? 0 : offset),
      offset === 0 ? boundedExportTotal(where) : Promise.resolve(undefined),
    ]);
    if (count !== undefined) (state as { total?: number }).total = count;
    const total = (state as { total?: number }).total ?? offset + rows.length;
    const last = rows[rows.length - 1];
    if (last) state.next = { offset: offset + rows.length, cursor: { t: last.key, i: last.id, d: "next" } };
    const orderIds = await orderIdsOf(pool, job.businessId, rows);
    return {
      total,
      rows: rows.map((r) => mutationJson(r, orderIds)).map((m) => ({
        time: new Date(m.time_created * 1000),
        type: t(m.is_reservation ? "inventory-mutation:type.reservation" : `inventory-mutation:type.${m.type}`),
        product: [m.product_name, m.variant_name].filter(Boolean).join(" · "),
        sku: m.sku,
        location: m.location.name,
        quantity: m.quantity,
        before: m.on_hand_before,
        after: m.on_hand_after,
        reserved: m.reserved_change,
        reference: m.reference,
        user: m.user_name ?? t("inventory-mutation:system"),
        note: m.note,
      })),
    };
  },
});

async function boundedExportTotal(where: SQL) {
  const { rows } = await pool.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${stockMovements} WHERE ${where} LIMIT ${MAX_EXPORT_ROWS + 1}) x`);
  return rows[0]?.n ?? 0;
}
