/**
 * Trading partners (issue 17 item 7; spec section 2 "Customer centre": reseller, supplier, partner
 * — each with add, data, data-detail, edit): ONE model with a kind. The body schema shared by the
 * API and the web's forms, the list filters shared by the list call and the export jobs, the
 * answer shape, the queries and the service. Every query is scoped by the business (tenant key)
 * AND the kind: a supplier's id asked for as a reseller is NotFound, like another business's.
 *
 * Decisions where the spec is silent:
 * - A partner has a name, up to 5 contact people (name; phone normalised to +62…, e-mail, role
 *   optional), one address (city picker grouped by province, address, 5-digit postcode, optional
 *   pin; the whole address is optional, but an address needs its city), one bank account (bank of
 *   the reference list, account name, 5–20 digit number: all three or none), terms (payment days
 *   0–365, credit limit in whole rupiah 0 … 1 trillion), a note and a status (1 active, 0 not).
 * - Only a reseller has linked stores and brands (the business's own; 422 per field otherwise);
 *   for a supplier or a partner they are ignored and stored as none.
 * - No delete: a partner that stops trading is deactivated (the switch asks first). Its history,
 *   its margin rules and whatever later points at it (invoices, purchase orders) stay readable.
 * - Search: name, a contact's name, a contact's phone (typed as 0812…, 62812… or +62812…).
 *   Filters: status, city, province, and for resellers a linked store. Sorts 1–6 (list-query.ts).
 * - History (recordHistory, ref type "trading_partner"): create, every changed field (names, not
 *   ids), activate / inactivate. The same body again writes nothing.
 * - Privilege: the "customer" group (core/auth/privileges.ts).
 *
 * Shape: partner_id, kind, name, contacts[{name, phone, email, role}], address, city_id,
 * location_name, province_id, province_name, postcode, latitude, longitude,
 * bank{bank_code, bank_name, account_name, account_no} | null, payment_days, credit_limit,
 * note, store_datas[{store_branch_id, name}], brand_datas[{brand_id, name}], status, status_name,
 * time_created, time_modified (unix seconds).
 */
import { and, asc, count, eq, exists, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { TFunction } from "i18next";
import { z } from "zod";
import { db, sideBySide, type Db, type Tx } from "#db/client.ts";
import {
  banks, brands, cities, provinces, stores, tradingPartnerBrands, tradingPartners, tradingPartnerStores, type PartnerContact,
} from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { NotFound, Refused } from "#core/errors.ts";
import { defineExport } from "#core/jobs/exports.ts";
import { diff, historyPage, recordHistory } from "#core/lib/history.ts";
import { contains, listQuery, offsetOf, orderBy } from "#core/lib/list-query.ts";
import { isPhoneLike, normalizePhone } from "#core/lib/phone.ts";
import { changeStatus } from "#core/lib/status-change.ts";
import { unix } from "#core/lib/time.ts";
import { blank, cityOf, coordinates, emailField, nameField, phoneField, statusFilter, statusKey } from "#core/profile/warehouses-shared.ts";
import { MAX_CONTACTS, MAX_CREDIT_LIMIT, MAX_PAYMENT_DAYS, PARTNER_KINDS, type PartnerKind } from "./partner-kinds.ts";

const REF = "trading_partner";
const id32 = z.coerce.number({ error: "invalid" }).int("invalid").min(1, "invalid").max(2_147_483_647, "invalid");

/** A list from a form (one value, several) or JSON (an array, or "1,2"): blank is none. */
const idList = z.preprocess((v) => {
  if (v === undefined || v === null || v === "") return [];
  const all = (Array.isArray(v) ? v : [v]).flatMap((x) => (typeof x === "string" ? x.split(",") : [x]));
  return all.map((x) => (typeof x === "string" ? x.trim() : x)).filter((x) => x !== "" && x !== undefined && x !== null);
}, z.array(z.unknown()).max(500, "too_long").transform((values, ctx): number[] => {
  const parsed = values.map((v) => id32.safeParse(v));
  if (parsed.some((p) => !p.success)) {
    ctx.addIssue({ code: "custom", message: "invalid" });
    return z.NEVER;
  }
  return [...new Set(parsed.map((p) => p.data as number))];
}));

const contactField = z.object({
  name: blank(z.string({ error: "invalid" }).trim().max(100, "too_long")),
  phone: phoneField,
  email: emailField,
  role: blank(z.string({ error: "invalid" }).trim().max(60, "too_long")),
}, { error: "invalid" });

/** The contact rows: blank rows (a form's unused ones) are dropped; a row with anything needs its name. */
const contactsField = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? [] : v),
  z.array(contactField, { error: "invalid" }).max(20, "too_long"),
).transform((rows, ctx) => {
  const kept: PartnerContact[] = [];
  rows.forEach((r, i) => {
    if (!r.name && !r.phone && !r.email && !r.role) return;
    if (!r.name) ctx.addIssue({ code: "custom", path: [i, "name"], message: "required" });
    kept.push({ name: r.name ?? "", phone: r.phone ? normalizePhone(r.phone) : null, email: r.email ?? null, role: r.role ?? null });
  });
  if (kept.length > MAX_CONTACTS) ctx.addIssue({ code: "custom", message: "trading-partner:errors.too_many_contacts" });
  return kept;
});

const money = (max: number) => z.preprocess(
  (v) => (v === "" || v === null || v === undefined ? 0 : typeof v === "string" ? v.replace(/[.\s]/g, "") : v),
  z.coerce.number({ error: "invalid" }).int("trading-partner:errors.whole_number").min(0, "number_min_zero").max(max, "trading-partner:errors.too_large"),
);

export const partnerBody = z
  .object({
    name: nameField(120),
    contacts: contactsField,
    address: blank(z.string({ error: "invalid" }).trim().max(500, "too_long")),
    city_id: blank(id32),
    postcode: blank(z.string({ error: "invalid" }).trim().regex(/^\d{5}$/, "trading-partner:errors.postcode")),
    ...coordinates,
    bank_code: blank(z.string({ error: "invalid" }).trim().max(20, "too_long")),
    bank_account_name: blank(z.string({ error: "invalid" }).trim().max(100, "too_long")),
    bank_account_no: blank(z.string({ error: "invalid" }).trim().regex(/^\d{5,20}$/, "trading-partner:errors.account_no")),
    payment_days: money(MAX_PAYMENT_DAYS),
    credit_limit: money(MAX_CREDIT_LIMIT),
    note: blank(z.string({ error: "invalid" }).trim().max(1000, "too_long")),
    store_ids: idList,
    brand_ids: idList,
  }, { error: "invalid" })
  .superRefine((v, ctx) => {
    if (!v || typeof v !== "object") return;
    const at = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if ((v.latitude === undefined) !== (v.longitude === undefined)) at(v.latitude === undefined ? "latitude" : "longitude", "trading-partner:errors.pin_point");
    if ((v.address || v.postcode || v.latitude !== undefined) && !v.city_id) at("city_id", "required");
    const bank = [v.bank_code, v.bank_account_name, v.bank_account_no];
    if (bank.some(Boolean) && !bank.every(Boolean)) {
      if (!v.bank_code) at("bank_code", "required");
      if (!v.bank_account_name) at("bank_account_name", "required");
      if (!v.bank_account_no) at("bank_account_no", "required");
    }
  }, { when: () => true });
export type PartnerBody = z.infer<typeof partnerBody>;

export const partnerFilters = z.object({
  kind: z.enum(PARTNER_KINDS, { error: "invalid" }),
  search: z.string().trim().max(100, "too_long").optional(),
  status: statusFilter,
  city_id: blank(id32),
  province_id: blank(id32),
  store_id: blank(id32),
  sort: z.coerce.number().int().min(1, "invalid").max(6, "invalid").default(2),
});
export type PartnerFilters = z.infer<typeof partnerFilters>;
export const partnerListQuery = listQuery.extend(partnerFilters.shape);
export type PartnerListQuery = z.infer<typeof partnerListQuery>;

const columns = {
  id: tradingPartners.id,
  kind: tradingPartners.kind,
  name: tradingPartners.name,
  contacts: tradingPartners.contacts,
  address: tradingPartners.address,
  cityId: tradingPartners.cityId,
  cityName: cities.name,
  provinceId: provinces.id,
  provinceName: provinces.name,
  postcode: tradingPartners.postcode,
  latitude: tradingPartners.latitude,
  longitude: tradingPartners.longitude,
  bankCode: tradingPartners.bankCode,
  bankName: banks.name,
  bankAccountName: tradingPartners.bankAccountName,
  bankAccountNo: tradingPartners.bankAccountNo,
  paymentDays: tradingPartners.paymentDays,
  creditLimit: tradingPartners.creditLimit,
  note: tradingPartners.note,
  status: tradingPartners.status,
  timeCreated: tradingPartners.timeCreated,
  timeModified: tradingPartners.timeModified,
};

function baseQuery(exec: Db | Tx) {
  return exec.select(columns).from(tradingPartners)
    .leftJoin(cities, eq(cities.id, tradingPartners.cityId))
    .leftJoin(provinces, eq(provinces.id, cities.provinceId))
    .leftJoin(banks, eq(banks.code, tradingPartners.bankCode));
}

/** The digits a phone search matches: 0812… and +62812… both find +62812… */
function phoneDigits(text: string) {
  if (!isPhoneLike(text)) return null;
  return normalizePhone(text).replace(/^\+/, "");
}

function filtered(exec: Db | Tx, businessId: number, f: Partial<PartnerFilters> & { kind: PartnerKind }) {
  const where: SQL[] = [eq(tradingPartners.businessId, businessId), eq(tradingPartners.kind, f.kind)];
  if (f.search) {
    const text = contains(f.search);
    const anyContact = (field: "name" | "phone", pattern: string) =>
      sql`exists (select 1 from jsonb_array_elements(${tradingPartners.contacts}) c where c->>${field} ilike ${pattern})`;
    const digits = phoneDigits(f.search);
    where.push(or(
      ilike(tradingPartners.name, text),
      anyContact("name", text),
      anyContact("phone", text),
      ...(digits ? [anyContact("phone", contains(digits))] : []),
    )!);
  }
  if (f.status !== undefined) where.push(eq(tradingPartners.status, f.status));
  if (f.city_id) where.push(eq(tradingPartners.cityId, f.city_id));
  if (f.province_id) where.push(eq(cities.provinceId, f.province_id));
  if (f.store_id) {
    where.push(exists(exec.select({ one: sql`1` }).from(tradingPartnerStores)
      .where(and(eq(tradingPartnerStores.partnerId, tradingPartners.id), eq(tradingPartnerStores.storeId, f.store_id)))));
  }
  return and(...where)!;
}

type Base = Awaited<ReturnType<ReturnType<typeof baseQuery>["limit"]>>[number];
export type PartnerRow = Base & { stores: { store_branch_id: number; name: string }[]; brands: { brand_id: number; name: string }[] };

async function withLinks(exec: Db | Tx, rows: Base[]): Promise<PartnerRow[]> {
  const ids = rows.map((r) => r.id);
  if (!ids.length) return [];
  const [storeRows, brandRows] = await sideBySide(exec,
    () => exec.select({ partnerId: tradingPartnerStores.partnerId, id: stores.id, name: stores.name }).from(tradingPartnerStores)
      .innerJoin(stores, eq(stores.id, tradingPartnerStores.storeId)).where(inArray(tradingPartnerStores.partnerId, ids)).orderBy(sql`lower(${stores.name})`, stores.id),
    () => exec.select({ partnerId: tradingPartnerBrands.partnerId, id: brands.id, name: brands.name }).from(tradingPartnerBrands)
      .innerJoin(brands, eq(brands.id, tradingPartnerBrands.brandId)).where(inArray(tradingPartnerBrands.partnerId, ids)).orderBy(sql`lower(${brands.name})`, brands.id),
  );
  return rows.map((r) => ({
    ...r,
    stores: storeRows.filter((s) => s.partnerId === r.id).map((s) => ({ store_branch_id: s.id, name: s.name })),
    brands: brandRows.filter((b) => b.partnerId === r.id).map((b) => ({ brand_id: b.id, name: b.name })),
  }));
}

export async function findPartners(businessId: number, f: PartnerFilters, page: { limit: number; offset: number }, exec: Db | Tx = db) {
  const where = filtered(exec, businessId, f);
  const [rows, [{ total }]] = await sideBySide(exec,
    () => baseQuery(exec).where(where)
      .orderBy(...orderBy(f.sort, { created: tradingPartners.timeCreated, modified: tradingPartners.timeModified, name: tradingPartners.name, id: tradingPartners.id }))
      .limit(page.limit).offset(page.offset),
    () => exec.select({ total: count() }).from(tradingPartners).leftJoin(cities, eq(cities.id, tradingPartners.cityId)).where(where),
  );
  return { rows: await withLinks(exec, rows), total };
}

/** One partner of the business and kind; undefined for any other. `lock`: locked until `exec` (a transaction) ends. */
export async function findPartner(businessId: number, kind: PartnerKind, id: number, exec: Db | Tx = db, lock = false) {
  const query = baseQuery(exec)
    .where(and(eq(tradingPartners.businessId, businessId), eq(tradingPartners.kind, kind), eq(tradingPartners.id, id))).limit(1);
  const [row] = lock ? await query.for("update", { of: tradingPartners }) : await query;
  return row ? (await withLinks(exec, [row]))[0] : undefined;
}

export function partnerJson(r: PartnerRow, t: TFunction) {
  return {
    partner_id: r.id,
    kind: r.kind,
    name: r.name,
    contacts: r.contacts,
    address: r.address,
    city_id: r.cityId,
    location_name: r.cityName,
    province_id: r.provinceId,
    province_name: r.provinceName,
    postcode: r.postcode,
    latitude: r.latitude,
    longitude: r.longitude,
    bank: r.bankCode ? { bank_code: r.bankCode, bank_name: r.bankName, account_name: r.bankAccountName, account_no: r.bankAccountNo } : null,
    payment_days: r.paymentDays,
    credit_limit: r.creditLimit,
    note: r.note,
    store_datas: r.stores,
    brand_datas: r.brands,
    status: r.status,
    status_name: t(statusKey(r.status)),
    time_created: unix(r.timeCreated),
    time_modified: unix(r.timeModified),
  };
}
export type PartnerJson = ReturnType<typeof partnerJson>;

// ---------------------------------------------------------------------------------------------
// The service, for the actor's business (privilege "customer").
// ---------------------------------------------------------------------------------------------

export async function listPartners(scope: Scope, q: PartnerListQuery) {
  const { db, actor } = sellerScope(scope, "customer");
  const { rows, total } = await findPartners(actor.member.businessId, q, { limit: q.limit, offset: offsetOf(q) }, db);
  return { rows: rows.map((r) => partnerJson(r, actor.t)), total };
}

export async function getPartner(scope: Scope, kind: PartnerKind, id: number) {
  const { db, actor } = sellerScope(scope, "customer");
  const row = await findPartner(actor.member.businessId, kind, id, db);
  if (!row) throw new NotFound();
  return partnerJson(row, actor.t);
}

/** What the forms and filters offer: the business's own stores and brands, by name. */
export async function partnerChoices(scope: Scope) {
  const { db, actor } = sellerScope(scope, "customer");
  const businessId = actor.member.businessId;
  const [storeRows, brandRows] = await sideBySide(db,
    () => db.select({ store_branch_id: stores.id, name: stores.name }).from(stores).where(eq(stores.businessId, businessId)).orderBy(sql`lower(${stores.name})`, stores.id),
    () => db.select({ brand_id: brands.id, name: brands.name }).from(brands).where(eq(brands.businessId, businessId)).orderBy(sql`lower(${brands.name})`, brands.id),
  );
  return { stores: storeRows, brands: brandRows };
}

/** The body's references when they are the business's own or real (422 per field otherwise): their names. */
async function checkRefs(exec: Db | Tx, businessId: number, kind: PartnerKind, body: PartnerBody) {
  const storeIds = kind === "reseller" ? body.store_ids : [];
  const brandIds = kind === "reseller" ? body.brand_ids : [];
  const [storeRows, brandRows, bankRows] = await sideBySide(exec,
    () => storeIds.length ? exec.select({ id: stores.id, name: stores.name }).from(stores)
      .where(and(eq(stores.businessId, businessId), inArray(stores.id, storeIds))).orderBy(asc(stores.id)) : [],
    () => brandIds.length ? exec.select({ id: brands.id, name: brands.name }).from(brands)
      .where(and(eq(brands.businessId, businessId), inArray(brands.id, brandIds))).orderBy(asc(brands.id)) : [],
    () => body.bank_code ? exec.select({ name: banks.name }).from(banks).where(eq(banks.code, body.bank_code)).limit(1) : [],
  );
  const errors: Record<string, string[]> = {};
  if (storeRows.length !== storeIds.length) errors.store_ids = ["trading-partner:errors.store_not_yours"];
  if (brandRows.length !== brandIds.length) errors.brand_ids = ["trading-partner:errors.brand_not_yours"];
  if (body.bank_code && !bankRows.length) errors.bank_code = ["trading-partner:errors.bank_unknown"];
  if (Object.keys(errors).length) throw new Refused("api:errors.validation", errors);
  const city = await cityOf(body.city_id, "city_id", exec);
  return { stores: storeRows, brands: brandRows, bankName: bankRows[0]?.name ?? null, city: city?.name ?? null };
}

function valuesOf(body: PartnerBody) {
  return {
    name: body.name,
    contacts: body.contacts,
    address: body.address ?? null,
    cityId: body.city_id ?? null,
    postcode: body.postcode ?? null,
    latitude: body.latitude ?? null,
    longitude: body.longitude ?? null,
    bankCode: body.bank_code ?? null,
    bankAccountName: body.bank_account_name ?? null,
    bankAccountNo: body.bank_account_no ?? null,
    paymentDays: body.payment_days,
    creditLimit: body.credit_limit,
    note: body.note ?? null,
  };
}

const names = (list: { name: string }[]) => list.map((x) => x.name).sort((a, b) => a.localeCompare(b)).join(", ") || null;
const contactText = (list: PartnerContact[]) => list.map((c) => [c.name, c.role, c.phone, c.email].filter(Boolean).join(" · ")).join("; ") || null;

/** What the history shows: names, not ids. */
function snapshot(v: ReturnType<typeof valuesOf>, shown: { city: string | null; bankName: string | null; stores: { name: string }[]; brands: { name: string }[] }) {
  return {
    name: v.name, contacts: contactText(v.contacts), address: v.address, city: shown.city, postcode: v.postcode,
    latitude: v.latitude, longitude: v.longitude, bank: shown.bankName, bank_account_name: v.bankAccountName,
    bank_account_no: v.bankAccountNo, payment_days: v.paymentDays, credit_limit: v.creditLimit, note: v.note,
    stores: names(shown.stores), brands: names(shown.brands),
  };
}

async function writeLinks(tx: Tx, id: number, refs: { stores: { id: number }[]; brands: { id: number }[] }) {
  await tx.delete(tradingPartnerStores).where(eq(tradingPartnerStores.partnerId, id));
  await tx.delete(tradingPartnerBrands).where(eq(tradingPartnerBrands.partnerId, id));
  if (refs.stores.length) await tx.insert(tradingPartnerStores).values(refs.stores.map((s) => ({ partnerId: id, storeId: s.id })));
  if (refs.brands.length) await tx.insert(tradingPartnerBrands).values(refs.brands.map((b) => ({ partnerId: id, brandId: b.id })));
}

export async function createPartner(scope: Scope, kind: PartnerKind, body: PartnerBody) {
  const { db, actor } = sellerScope(scope, "customer");
  const businessId = actor.member.businessId;
  const after = await db.transaction(async (tx) => {
    const refs = await checkRefs(tx, businessId, kind, body);
    const [p] = await tx.insert(tradingPartners).values({ ...valuesOf(body), businessId, kind }).returning({ id: tradingPartners.id });
    await writeLinks(tx, p.id, refs);
    await recordHistory(tx, { businessId, refType: REF, refId: p.id, userId: actor.user.id, action: "create" });
    return (await findPartner(businessId, kind, p.id, tx))!;
  });
  return partnerJson(after, actor.t);
}

/** Saves `body` over the partner (PUT: the whole record); the same body again writes nothing. */
export async function updatePartner(scope: Scope, kind: PartnerKind, id: number, body: PartnerBody) {
  const { db, actor } = sellerScope(scope, "customer");
  const businessId = actor.member.businessId;
  const values = valuesOf(body);
  const after = await db.transaction(async (tx) => {
    const before = await findPartner(businessId, kind, id, tx, true);
    if (!before) throw new NotFound();
    const refs = await checkRefs(tx, businessId, kind, body);
    const was = snapshot({ ...before, contacts: before.contacts }, { city: before.cityName, bankName: before.bankName, stores: before.stores, brands: before.brands });
    const changes = diff(was, snapshot(values, refs));
    if (!Object.keys(changes).length) return before;
    await tx.update(tradingPartners).set({ ...values, timeModified: new Date() }).where(eq(tradingPartners.id, id));
    await writeLinks(tx, id, refs);
    await recordHistory(tx, { businessId, refType: REF, refId: id, userId: actor.user.id, action: "update", changes });
    return (await findPartner(businessId, kind, id, tx))!;
  });
  return partnerJson(after, actor.t);
}

/** "Reseller activated", "3 suppliers deactivated". */
export const partnerStatusKey = (kind: PartnerKind, activate: boolean, count: number) =>
  `trading-partner:api.${kind}.${count === 1 ? "one" : "many"}_${activate ? "activated" : "inactivated"}`;

/** Activates or inactivates partners of one kind: the whole change is NotFound if any id is not the business's of that kind. */
export async function setPartnerStatus(scope: Scope, kind: PartnerKind, ids: number[], activate: boolean) {
  const seller = sellerScope(scope, "customer");
  const done = await changeStatus(seller, {
    table: tradingPartners, refType: REF, columns: { kind: tradingPartners.kind },
    check: (rows) => { if (rows.some((r) => r.kind !== kind)) throw new NotFound(); },
  }, ids, activate);
  const rows = [];
  for (const id of done) rows.push(await findPartner(seller.actor.member.businessId, kind, id, seller.db));
  return rows.filter((r) => r !== undefined).map((r) => partnerJson(r, seller.actor.t));
}

export async function partnerHistory(scope: Scope, kind: PartnerKind, id: number, q: { page: number; limit: number }) {
  const { db, actor } = sellerScope(scope, "customer");
  const row = await findPartner(actor.member.businessId, kind, id, db);
  if (!row) throw new NotFound();
  return historyPage(db, { businessId: actor.member.businessId, refType: REF, refId: id }, q);
}

/** The partners of a kind as picker options (the margin pages): id and name, active ones first. */
export async function partnerOptions(scope: Scope, kind: PartnerKind) {
  const { db, actor } = sellerScope(scope, "customer");
  return db.select({ partner_id: tradingPartners.id, name: tradingPartners.name, status: tradingPartners.status }).from(tradingPartners)
    .where(and(eq(tradingPartners.businessId, actor.member.businessId), eq(tradingPartners.kind, kind)))
    .orderBy(sql`${tradingPartners.status} desc`, sql`lower(${tradingPartners.name})`, tradingPartners.id).limit(1000);
}

/** Export kinds "reseller", "supplier", "partner": the list with its filters, as an .xlsx. The job row keeps who asked, when, and the filters. */
for (const kind of PARTNER_KINDS) {
  defineExport(kind, {
    privilege: "customer",
    filename: `trading-partner:${kind}.export_filename`,
    sheet: `trading-partner:${kind}.title`,
    filters: partnerFilters.extend({ kind: z.literal(kind).default(kind) }),
    columns: [
      { key: "name", header: "trading-partner:fields.name", width: 30 },
      { key: "status", header: "trading-partner:fields.status", width: 12 },
      { key: "contacts", header: "trading-partner:fields.contacts", width: 40 },
      { key: "address", header: "trading-partner:fields.address", width: 40 },
      { key: "city", header: "trading-partner:fields.city", width: 24 },
      { key: "province", header: "trading-partner:fields.province", width: 20 },
      { key: "postcode", header: "trading-partner:fields.postcode", width: 10 },
      { key: "bank", header: "trading-partner:fields.bank_code", width: 24 },
      { key: "bank_account_name", header: "trading-partner:fields.bank_account_name", width: 24 },
      { key: "bank_account_no", header: "trading-partner:fields.bank_account_no", width: 20 },
      { key: "payment_days", header: "trading-partner:fields.payment_days", width: 12 },
      { key: "credit_limit", header: "trading-partner:fields.credit_limit", width: 16 },
      ...(kind === "reseller" ? [
        { key: "stores", header: "trading-partner:fields.stores", width: 30 },
        { key: "brands", header: "trading-partner:fields.brands", width: 30 },
      ] : []),
      { key: "note", header: "trading-partner:fields.note", width: 30 },
      { key: "time_created", header: "trading-partner:fields.time_created", date: true },
      { key: "time_modified", header: "trading-partner:fields.time_modified", date: true },
    ],
    async page(job, filters, offset, limit, t) {
      const { rows, total } = await findPartners(job.businessId, filters, { limit, offset });
      return {
        total,
        rows: rows.map((r) => ({
          name: r.name, status: t(statusKey(r.status)), contacts: contactText(r.contacts), address: r.address, city: r.cityName,
          province: r.provinceName, postcode: r.postcode, bank: r.bankName, bank_account_name: r.bankAccountName,
          bank_account_no: r.bankAccountNo, payment_days: r.paymentDays, credit_limit: r.creditLimit,
          stores: names(r.stores), brands: names(r.brands), note: r.note, time_created: r.timeCreated, time_modified: r.timeModified,
        })),
      };
    },
  });
}

/** The list's place filters: the cities and provinces the business's partners of `kind` are in. */
export async function partnerPlaces(scope: Scope, kind: PartnerKind) {
  const { db, actor } = sellerScope(scope, "customer");
  const rows = await db.selectDistinct({ cityId: cities.id, cityName: cities.name, provinceId: provinces.id, provinceName: provinces.name })
    .from(tradingPartners).innerJoin(cities, eq(cities.id, tradingPartners.cityId)).innerJoin(provinces, eq(provinces.id, cities.provinceId))
    .where(and(eq(tradingPartners.businessId, actor.member.businessId), eq(tradingPartners.kind, kind)))
    .orderBy(cities.name, cities.id);
  const provinceMap = new Map(rows.map((r) => [r.provinceId, r.provinceName]));
  return {
    cities: rows.map((r) => ({ city_id: r.cityId, name: r.cityName })),
    provinces: [...provinceMap].map(([province_id, name]) => ({ province_id, name })).sort((a, b) => a.name.localeCompare(b.name)),
  };
}
