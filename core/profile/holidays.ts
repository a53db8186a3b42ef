/**
 * Holiday sessions (spec section 2 /profile/holiday "Holiday Session", section 3 "Holiday weekdays
 * MONDAY to SUNDAY"): the days the business, or some of its stores and brands, are closed. The
 * body schema shared by the API and the web's form, the list filters, the answer shape, the
 * queries and the service (the page and api/routes/holidays.ts call the same functions). Every
 * query is scoped by the business (tenant key). What a session does to the orders' deadlines is
 * core/profile/holiday-days.ts (open days).
 *
 * The model (db/schema/holidays.ts), decisions where the spec is silent:
 * - A session has a name ("Lebaran 2027"), a scope — the whole business, or chosen stores and/or
 *   brands (at least one) of the business's own —, a date range (start–end, WIB calendar days,
 *   both included, at most 366 days) and/or recurring weekdays (MONDAY…SUNDAY), a note and an
 *   active switch (1 / 0). At least one of range and weekdays. Range only: every day of it;
 *   weekdays only: those weekdays every week; both: those weekdays inside the range. All seven
 *   weekdays with no range (closed for good) is refused: that is inactivating the store.
 * - Stores and brands must be the business's own (422 per field otherwise, not 404: they are
 *   choices in a form). A partner's brand cannot be closed by this business.
 * - Sessions can be deleted (a setting, nothing points to it); the deletion stays in the update
 *   history. The same body again writes nothing. The status switch is core/lib/status-change.ts.
 * - The list filter store_id / brand_id lists the sessions that close that store / brand: the
 *   whole business's ones included (what the store and brand cards' Holiday links open).
 *
 * Shape: holiday_id, name, scope ("business" | "selected"), store_datas[{store_branch_id, name}],
 * brand_datas[{brand_id, name}], start_date, end_date ("YYYY-MM-DD" or null), weekdays
 * ["MONDAY", …] (in week order), weekday_names, note, is_ongoing (closes today, WIB), status (1
 * active, 0 not), status_name, time_created, time_modified (unix seconds).
 */
import { and, asc, count, eq, exists, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { TFunction } from "i18next";
import { z } from "zod";
import { db, sideBySide, type Db, type Tx } from "#db/client.ts";
import { brands, holidayBrands, holidays, holidayStores, stores } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { NotFound, Refused } from "#core/errors.ts";
import { diff, historyPage, recordHistory } from "#core/lib/history.ts";
import { contains, listQuery, offsetOf, orderBy } from "#core/lib/list-query.ts";
import { changeStatus } from "#core/lib/status-change.ts";
import { unix, wibDate } from "#core/lib/time.ts";
import { closes } from "./holiday-days.ts";
import { HOLIDAY_SCOPES, HOLIDAY_WEEKDAYS } from "./profile-enums.ts";
import { blank, nameField, statusFilter, statusKey } from "./warehouses-shared.ts";

/** The longest date range a session may have, in days. */
export const MAX_HOLIDAY_DAYS = 366;

/** A list from a form (one value, several values) or JSON (an array, or "a,b"): blank is none. */
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === "") return [];
    const all = (Array.isArray(v) ? v : [v]).flatMap((x) => (typeof x === "string" ? x.split(",") : [x]));
    return all.map((x) => (typeof x === "string" ? x.trim() : x)).filter((x) => x !== "");
  }, z.array(z.unknown()).max(500, "too_long").transform((values, ctx): z.infer<T>[] => {
    // One message under the list itself (the form's checkbox group), not under "weekdays.0".
    const parsed = values.map((v) => item.safeParse(v));
    const bad = parsed.find((p) => !p.success);
    if (bad && !bad.success) {
      ctx.addIssue({ code: "custom", message: bad.error.issues[0]?.message ?? "invalid" });
      return z.NEVER;
    }
    return parsed.map((p) => p.data as z.infer<T>);
  }));

const day = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, "holiday:errors.date_invalid")
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), "holiday:errors.date_invalid");
const recordIds = listOf(z.coerce.number({ error: "invalid" }).int("invalid").min(1, "invalid").max(2_147_483_647, "invalid"));
const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86400_000);

export const holidayBody = z
  .object({
    name: nameField(100),
    scope: z.preprocess((v) => (v === "" || v === null || v === undefined ? "business" : v), z.enum(HOLIDAY_SCOPES, { error: "invalid" })),
    store_ids: recordIds,
    brand_ids: recordIds,
    start_date: blank(day),
    end_date: blank(day),
    weekdays: listOf(z.enum(HOLIDAY_WEEKDAYS, { error: "invalid" })),
    note: blank(z.string().trim().max(500, "too_long")),
  })
  .superRefine((v, ctx) => {
    const at = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (v.start_date && !v.end_date) at("end_date", "required");
    if (v.end_date && !v.start_date) at("start_date", "required");
    if (v.start_date && v.end_date) {
      if (v.end_date < v.start_date) at("end_date", "holiday:errors.end_before_start");
      else if (daysBetween(v.start_date, v.end_date) >= MAX_HOLIDAY_DAYS) at("end_date", "holiday:errors.range_too_long");
    }
    if (!v.start_date && !v.end_date && v.weekdays.length === 0) at("weekdays", "holiday:errors.no_days");
    if (!v.start_date && new Set(v.weekdays).size === HOLIDAY_WEEKDAYS.length) at("weekdays", "holiday:errors.every_day");
    if (v.scope === "selected" && v.store_ids.length === 0 && v.brand_ids.length === 0) at("store_ids", "holiday:errors.no_scope");
  });
export type HolidayBody = z.infer<typeof holidayBody>;

export const holidayFilters = z.object({
  search: z.string().trim().max(100, "too_long").optional(),
  status: statusFilter,
  store_id: blank(z.coerce.number({ error: "invalid" }).int("invalid").min(1, "invalid").max(2_147_483_647, "invalid")),
  brand_id: blank(z.coerce.number({ error: "invalid" }).int("invalid").min(1, "invalid").max(2_147_483_647, "invalid")),
  sort: z.coerce.number().int().min(1, "invalid").max(6, "invalid").default(2),
});
export type HolidayFilters = z.infer<typeof holidayFilters>;
export const holidayListQuery = listQuery.extend(holidayFilters.shape);
export type HolidayListQuery = z.infer<typeof holidayListQuery>;

const REF = "holiday";

type HolidayRow = typeof holidays.$inferSelect & {
  stores: { store_branch_id: number; name: string }[];
  brands: { brand_id: number; name: string }[];
};

/** The stores and brands of the sessions `ids`, by name. */
async function scopesOf(exec: Db | Tx, ids: number[]) {
  if (!ids.length) return { storesOf: new Map(), brandsOf: new Map() };
  const [storeRows, brandRows] = await sideBySide(exec,
    () => exec.select({ holidayId: holidayStores.holidayId, id: stores.id, name: stores.name }).from(holidayStores)
      .innerJoin(stores, eq(stores.id, holidayStores.storeId)).where(inArray(holidayStores.holidayId, ids)).orderBy(sql`lower(${stores.name})`, stores.id),
    () => exec.select({ holidayId: holidayBrands.holidayId, id: brands.id, name: brands.name }).from(holidayBrands)
      .innerJoin(brands, eq(brands.id, holidayBrands.brandId)).where(inArray(holidayBrands.holidayId, ids)).orderBy(sql`lower(${brands.name})`, brands.id),
  );
  const storesOf = new Map<number, { store_branch_id: number; name: string }[]>();
  const brandsOf = new Map<number, { brand_id: number; name: string }[]>();
  for (const s of storeRows) storesOf.set(s.holidayId, [...(storesOf.get(s.holidayId) ?? []), { store_branch_id: s.id, name: s.name }]);
  for (const b of brandRows) brandsOf.set(b.holidayId, [...(brandsOf.get(b.holidayId) ?? []), { brand_id: b.id, name: b.name }]);
  return { storesOf, brandsOf };
}

async function withScopes(exec: Db | Tx, rows: (typeof holidays.$inferSelect)[]): Promise<HolidayRow[]> {
  const { storesOf, brandsOf } = await scopesOf(exec, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, stores: storesOf.get(r.id) ?? [], brands: brandsOf.get(r.id) ?? [] }));
}

function filtered(exec: Db | Tx, businessId: number, f: Partial<HolidayFilters>) {
  const where: SQL[] = [eq(holidays.businessId, businessId)];
  if (f.search) where.push(or(ilike(holidays.name, contains(f.search)), ilike(holidays.note, contains(f.search)))!);
  if (f.status !== undefined) where.push(eq(holidays.status, f.status));
  if (f.store_id) {
    where.push(or(eq(holidays.allStores, 1), exists(exec.select({ one: sql`1` }).from(holidayStores)
      .where(and(eq(holidayStores.holidayId, holidays.id), eq(holidayStores.storeId, f.store_id)))))!);
  }
  if (f.brand_id) {
    where.push(or(eq(holidays.allStores, 1), exists(exec.select({ one: sql`1` }).from(holidayBrands)
      .where(and(eq(holidayBrands.holidayId, holidays.id), eq(holidayBrands.brandId, f.brand_id)))))!);
  }
  return and(...where)!;
}

export async function findHolidays(businessId: number, f: HolidayFilters, page: { limit: number; offset: number }, exec: Db | Tx = db) {
  const where = filtered(exec, businessId, f);
  const [rows, [{ total }]] = await sideBySide(exec,
    () => exec.select().from(holidays).where(where)
      .orderBy(...orderBy(f.sort, { created: holidays.timeCreated, modified: holidays.timeModified, name: holidays.name, id: holidays.id }))
      .limit(page.limit).offset(page.offset),
    () => exec.select({ total: count() }).from(holidays).where(where),
  );
  return { rows: await withScopes(exec, rows), total };
}

/** One session of the business; undefined for any other. `lock`: locked until `exec` (a transaction) ends. */
export async function findHoliday(businessId: number, id: number, exec: Db | Tx = db, lock = false): Promise<HolidayRow | undefined> {
  const query = exec.select().from(holidays).where(and(eq(holidays.businessId, businessId), eq(holidays.id, id))).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row ? (await withScopes(exec, [row]))[0] : undefined;
}

const inWeekOrder = (days: readonly string[]) => HOLIDAY_WEEKDAYS.filter((d) => days.includes(d));

export function holidayJson(r: HolidayRow, t: TFunction, today = wibDate(new Date())) {
  const weekdays = inWeekOrder(r.weekdays);
  return {
    holiday_id: r.id,
    name: r.name,
    scope: r.allStores === 1 ? ("business" as const) : ("selected" as const),
    store_datas: r.stores,
    brand_datas: r.brands,
    start_date: r.startDate,
    end_date: r.endDate,
    weekdays,
    weekday_names: weekdays.map((d) => t(`profile:weekdays.${d}`)),
    note: r.note,
    is_ongoing: r.status === 1 && closes({ startDate: r.startDate, endDate: r.endDate, weekdays: r.weekdays }, today),
    status: r.status,
    status_name: t(statusKey(r.status)),
    time_created: unix(r.timeCreated),
    time_modified: unix(r.timeModified),
  };
}
export type HolidayJson = ReturnType<typeof holidayJson>;

// ---------------------------------------------------------------------------------------------
// The service, for the actor's business (privilege "profile"). Another business's session is
// NotFound, like an unknown id.
// ---------------------------------------------------------------------------------------------

export async function listHolidays(scope: Scope, q: HolidayListQuery) {
  const { db, actor } = sellerScope(scope, "profile");
  const { rows, total } = await findHolidays(actor.member.businessId, q, { limit: q.limit, offset: offsetOf(q) }, db);
  return { rows: rows.map((r) => holidayJson(r, actor.t)), total };
}

export async function getHoliday(scope: Scope, id: number) {
  const { db, actor } = sellerScope(scope, "profile");
  const row = await findHoliday(actor.member.businessId, id, db);
  if (!row) throw new NotFound();
  return holidayJson(row, actor.t);
}

/** What the form offers: the business's own stores and brands (any status), by name. */
export async function holidayChoices(scope: Scope) {
  const { db, actor } = sellerScope(scope, "profile");
  const businessId = actor.member.businessId;
  const [storeRows, brandRows] = await sideBySide(db,
    () => db.select({ store_branch_id: stores.id, name: stores.name }).from(stores).where(eq(stores.businessId, businessId)).orderBy(sql`lower(${stores.name})`, stores.id),
    () => db.select({ brand_id: brands.id, name: brands.name }).from(brands).where(eq(brands.businessId, businessId)).orderBy(sql`lower(${brands.name})`, brands.id),
  );
  return { stores: storeRows, brands: brandRows };
}

/** The body's stores and brands when they are all the business's own (422 per field otherwise); their names. */
async function checkRefs(exec: Db | Tx, businessId: number, body: HolidayBody) {
  if (body.scope === "business") return { stores: [] as { id: number; name: string }[], brands: [] as { id: number; name: string }[] };
  const storeIds = [...new Set(body.store_ids)];
  const brandIds = [...new Set(body.brand_ids)];
  const [storeRows, brandRows] = await sideBySide(exec,
    () => storeIds.length ? exec.select({ id: stores.id, name: stores.name }).from(stores)
      .where(and(eq(stores.businessId, businessId), inArray(stores.id, storeIds))).orderBy(asc(stores.id)) : [],
    () => brandIds.length ? exec.select({ id: brands.id, name: brands.name }).from(brands)
      .where(and(eq(brands.businessId, businessId), inArray(brands.id, brandIds))).orderBy(asc(brands.id)) : [],
  );
  const errors: Record<string, string[]> = {};
  if (storeRows.length !== storeIds.length) errors.store_ids = ["site:errors.store_not_yours"];
  if (brandRows.length !== brandIds.length) errors.brand_ids = ["holiday:errors.brand_not_yours"];
  if (Object.keys(errors).length) throw new Refused("api:errors.validation", errors);
  return { stores: storeRows, brands: brandRows };
}

const valuesOf = (body: HolidayBody) => ({
  name: body.name,
  allStores: body.scope === "business" ? 1 : 0,
  startDate: body.start_date ?? null,
  endDate: body.end_date ?? null,
  weekdays: inWeekOrder([...new Set(body.weekdays)]),
  note: body.note ?? null,
});

const names = (list: { name: string }[]) => list.map((x) => x.name).sort((a, b) => a.localeCompare(b)).join(", ") || null;

/** What the history shows: names, not ids. */
function snapshot(v: Omit<ReturnType<typeof valuesOf>, "weekdays"> & { weekdays: string[] }, scopeNames: { stores: { name: string }[]; brands: { name: string }[] }) {
  return {
    name: v.name, scope: v.allStores === 1 ? "business" : "selected", stores: names(scopeNames.stores), brands: names(scopeNames.brands),
    start_date: v.startDate, end_date: v.endDate, weekdays: v.weekdays.join(", ") || null, note: v.note,
  };
}

async function writeScopes(tx: Tx, id: number, refs: { stores: { id: number }[]; brands: { id: number }[] }) {
  await tx.delete(holidayStores).where(eq(holidayStores.holidayId, id));
  await tx.delete(holidayBrands).where(eq(holidayBrands.holidayId, id));
  if (refs.stores.length) await tx.insert(holidayStores).values(refs.stores.map((s) => ({ holidayId: id, storeId: s.id })));
  if (refs.brands.length) await tx.insert(holidayBrands).values(refs.brands.map((b) => ({ holidayId: id, brandId: b.id })));
}

export async function createHoliday(scope: Scope, body: HolidayBody) {
  const { db, actor } = sellerScope(scope, "profile");
  const businessId = actor.member.businessId;
  const after = await db.transaction(async (tx) => {
    const refs = await checkRefs(tx, businessId, body);
    const [h] = await tx.insert(holidays).values({ ...valuesOf(body), businessId }).returning({ id: holidays.id });
    await writeScopes(tx, h.id, refs);
    await recordHistory(tx, { businessId, refType: REF, refId: h.id, userId: actor.user.id, action: "create" });
    return (await findHoliday(businessId, h.id, tx))!;
  });
  return holidayJson(after, actor.t);
}

/** Saves `body` over the session; the same body again writes nothing (no history row). */
export async function updateHoliday(scope: Scope, id: number, body: HolidayBody) {
  const { db, actor } = sellerScope(scope, "profile");
  const businessId = actor.member.businessId;
  const values = valuesOf(body);
  const after = await db.transaction(async (tx) => {
    const before = await findHoliday(businessId, id, tx, true);
    if (!before) throw new NotFound();
    const refs = await checkRefs(tx, businessId, body);
    const changes = diff(snapshot(before, before), snapshot(values, refs));
    if (!Object.keys(changes).length) return before;
    await tx.update(holidays).set({ ...values, timeModified: new Date() }).where(eq(holidays.id, id));
    await writeScopes(tx, id, refs);
    await recordHistory(tx, { businessId, refType: REF, refId: id, userId: actor.user.id, action: "update", changes });
    return (await findHoliday(businessId, id, tx))!;
  });
  return holidayJson(after, actor.t);
}

/** "Holiday session activated" / "3 holiday sessions deactivated". */
export const holidayStatusKey = (activate: boolean, count: number) =>
  `holiday:api.${count === 1 ? "one" : "many"}_${activate ? "activated" : "inactivated"}`;

export async function setHolidayStatus(scope: Scope, ids: number[], activate: boolean) {
  const seller = sellerScope(scope, "profile");
  const done = await changeStatus(seller, { table: holidays, refType: REF }, ids, activate);
  const rows = [];
  for (const id of done) rows.push(await findHoliday(seller.actor.member.businessId, id, seller.db));
  return rows.filter((r) => r !== undefined).map((r) => holidayJson(r, seller.actor.t));
}

/** Deletes a session; the deletion stays in the update history. Answers the session as it was. */
export async function deleteHoliday(scope: Scope, id: number) {
  const { db, actor } = sellerScope(scope, "profile");
  const businessId = actor.member.businessId;
  const gone = await db.transaction(async (tx) => {
    const before = await findHoliday(businessId, id, tx, true);
    if (!before) throw new NotFound();
    await tx.delete(holidays).where(eq(holidays.id, before.id));
    await recordHistory(tx, {
      businessId, refType: REF, refId: before.id, userId: actor.user.id, action: "delete",
      changes: { name: { from: before.name, to: null } },
    });
    return before;
  });
  return holidayJson(gone, actor.t);
}

export async function holidayHistory(scope: Scope, id: number, q: { page: number; limit: number }) {
  const { db, actor } = sellerScope(scope, "profile");
  const row = await findHoliday(actor.member.businessId, id, db);
  if (!row) throw new NotFound();
  return historyPage(db, { businessId: actor.member.businessId, refType: REF, refId: id }, q);
}
