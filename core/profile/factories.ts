/**
 * Factories: the business's own production sites (a konveksi, a batik workshop): the body schema
 * shared by the API and the web's forms, the list filters shared by the list call and the export
 * job, the answer shape and the queries. Every query is scoped by the business (tenant key).
 *
 * Shape (in the style of spec section 3's warehouse): factory_id, name, image, contact_name,
 * email, phone, address, city_id, location_name (the city), province_name, postcode, latitude,
 * longitude, monthly_capacity (pieces a month, null when unknown), status (1 active, 0 not),
 * status_name, business_data{name}, time_created, time_modified (unix seconds).
 */
import { and, count, eq, ilike, or, type SQL } from "drizzle-orm";
import type { TFunction } from "i18next";
import { z } from "zod";
import { db, sideBySide, type Db, type Tx } from "#db/client.ts";
import { businesses, cities, factories, provinces } from "#db/schema/index.ts";
import { unix } from "#core/lib/time.ts";
import { contains, listQuery, offsetOf, orderBy } from "#core/lib/list-query.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { NotFound } from "#core/errors.ts";
import { diff, historyPage, recordHistory } from "#core/lib/history.ts";
import { normalizePhone } from "#core/lib/phone.ts";
import { changeStatus } from "#core/lib/status-change.ts";
import { defineExport } from "#core/jobs/exports.ts";
import {
  addressField, blank, bothOrNone, cityOf, coordinates, emailField, imageField, nameField, phoneField, statusFilter, statusKey,
} from "./warehouses-shared.ts";

/** A month's output a seller may enter: up to 100 million pieces. */
export const MAX_MONTHLY_CAPACITY = 100_000_000;

export const factoryBody = z
  .object({
    name: nameField(100),
    image: imageField,
    contact_name: blank(z.string().trim().max(100, "too_long")),
    email: emailField,
    phone: phoneField,
    address: addressField,
    city_id: z.coerce.number({ error: "required" }).int().positive("required"),
    postcode: blank(z.string().trim().regex(/^\d{5}$/, "site:errors.postcode")),
    ...coordinates,
    monthly_capacity: blank(
      z.coerce.number({ error: "invalid" }).int("site:errors.whole_number").min(0, "number_min_zero").max(MAX_MONTHLY_CAPACITY, "site:errors.too_large"),
    ),
  })
  .superRefine(bothOrNone, { when: () => true }); // also when another field failed: every problem at once
export type FactoryBody = z.infer<typeof factoryBody>;

export const factoryFilters = z.object({
  search: z.string().trim().max(100, "too_long").optional(),
  status: statusFilter,
  sort: z.coerce.number().int().min(1, "invalid").max(6, "invalid").default(2),
});
export type FactoryFilters = z.infer<typeof factoryFilters>;

const columns = {
  id: factories.id,
  businessName: businesses.name,
  name: factories.name,
  image: factories.image,
  contactName: factories.contactName,
  email: factories.email,
  phone: factories.phone,
  address: factories.address,
  cityId: factories.cityId,
  cityName: cities.name,
  provinceName: provinces.name,
  postcode: factories.postcode,
  latitude: factories.latitude,
  longitude: factories.longitude,
  monthlyCapacity: factories.monthlyCapacity,
  status: factories.status,
  timeCreated: factories.timeCreated,
  timeModified: factories.timeModified,
};

function baseQuery(exec: Db | Tx) {
  return exec
    .select(columns)
    .from(factories)
    .innerJoin(businesses, eq(businesses.id, factories.businessId))
    .leftJoin(cities, eq(cities.id, factories.cityId))
    .leftJoin(provinces, eq(provinces.id, cities.provinceId));
}

function filtered(businessId: number, f: Partial<FactoryFilters>) {
  const where: SQL[] = [eq(factories.businessId, businessId)];
  if (f.search) {
    const text = contains(f.search);
    where.push(or(ilike(factories.name, text), ilike(factories.contactName, text), ilike(factories.address, text), ilike(cities.name, text))!);
  }
  if (f.status !== undefined) where.push(eq(factories.status, f.status));
  return and(...where)!;
}

export async function findFactories(businessId: number, f: FactoryFilters, page: { limit: number; offset: number }, exec: Db | Tx = db) {
  const where = filtered(businessId, f);
  const [rows, [{ total }]] = await sideBySide(exec,
    () => baseQuery(exec)
      .where(where)
      .orderBy(...orderBy(f.sort, { created: factories.timeCreated, modified: factories.timeModified, name: factories.name, id: factories.id }))
      .limit(page.limit)
      .offset(page.offset),
    () => exec.select({ total: count() }).from(factories).leftJoin(cities, eq(cities.id, factories.cityId)).where(where),
  );
  return { rows, total };
}

/** One factory of the business; undefined for any other. `lock`: the row stays locked until `exec` (a transaction) ends. */
export async function findFactory(businessId: number, id: number, exec: Db | Tx = db, lock = false) {
  const query = baseQuery(exec).where(and(eq(factories.businessId, businessId), eq(factories.id, id))).limit(1);
  const [row] = lock ? await query.for("update", { of: factories }) : await query;
  return row;
}
export type FactoryRow = NonNullable<Awaited<ReturnType<typeof findFactory>>>;

export function factoryJson(r: FactoryRow, t: TFunction) {
  return {
    factory_id: r.id,
    name: r.name,
    image: r.image,
    contact_name: r.contactName,
    email: r.email,
    phone: r.phone,
    address: r.address,
    city_id: r.cityId,
    location_name: r.cityName,
    province_name: r.provinceName,
    postcode: r.postcode,
    latitude: r.latitude,
    longitude: r.longitude,
    monthly_capacity: r.monthlyCapacity,
    status: r.status,
    status_name: t(statusKey(r.status)),
    business_data: { name: r.businessName },
    time_created: unix(r.timeCreated),
    time_modified: unix(r.timeModified),
  };
}
export type FactoryJson = ReturnType<typeof factoryJson>;

// ---------------------------------------------------------------------------------------------
// The service: what the web's pages and the REST calls do, for the actor's business (privilege
// "profile"). Another business's factory is NotFound, exactly like an unknown id.
// ---------------------------------------------------------------------------------------------

export const factoryListQuery = listQuery.extend(factoryFilters.shape);
export type FactoryListQuery = z.infer<typeof factoryListQuery>;
const REF = "factory";

export async function listFactories(scope: Scope, q: FactoryListQuery) {
  const { db, actor } = sellerScope(scope, "profile");
  const { rows, total } = await findFactories(actor.member.businessId, q, { limit: q.limit, offset: offsetOf(q) }, db);
  return { rows: rows.map((r) => factoryJson(r, actor.t)), total };
}

export async function getFactory(scope: Scope, id: number) {
  const { db, actor } = sellerScope(scope, "profile");
  const row = await findFactory(actor.member.businessId, id, db);
  if (!row) throw new NotFound();
  return factoryJson(row, actor.t);
}

function valuesOf(body: FactoryBody) {
  return {
    name: body.name,
    image: body.image ?? null,
    contactName: body.contact_name ?? null,
    email: body.email ?? null,
    phone: body.phone ? normalizePhone(body.phone) : null,
    address: body.address,
    cityId: body.city_id,
    postcode: body.postcode ?? null,
    latitude: body.latitude ?? null,
    longitude: body.longitude ?? null,
    monthlyCapacity: body.monthly_capacity ?? null,
  };
}

type Shown = Omit<ReturnType<typeof valuesOf>, "cityId">;
function snapshot(v: Shown, city: string | null) {
  return {
    name: v.name, image: v.image, contact_name: v.contactName, email: v.email, phone: v.phone, address: v.address, city,
    postcode: v.postcode, latitude: v.latitude, longitude: v.longitude, monthly_capacity: v.monthlyCapacity,
  };
}

export async function createFactory(scope: Scope, body: FactoryBody) {
  const { db, actor } = sellerScope(scope, "profile");
  const businessId = actor.member.businessId;
  await cityOf(body.city_id);
  const after = await db.transaction(async (tx) => {
    const [f] = await tx.insert(factories).values({ ...valuesOf(body), businessId }).returning({ id: factories.id });
    await recordHistory(tx, { businessId, refType: REF, refId: f.id, userId: actor.user.id, action: "create" });
    return (await findFactory(businessId, f.id, tx))!;
  });
  return factoryJson(after, actor.t);
}

/** Saves `body` over the factory; the same body again writes nothing (no history row). */
export async function updateFactory(scope: Scope, id: number, body: FactoryBody) {
  const { db, actor } = sellerScope(scope, "profile");
  const businessId = actor.member.businessId;
  const city = await cityOf(body.city_id);
  const values = valuesOf(body);
  const after = await db.transaction(async (tx) => {
    const before = await findFactory(businessId, id, tx, true);
    if (!before) throw new NotFound();
    const changes = diff(snapshot(before, before.cityName), snapshot(values, city?.name ?? null));
    if (!Object.keys(changes).length) return before;
    await tx.update(factories).set({ ...values, timeModified: new Date() }).where(eq(factories.id, id));
    await recordHistory(tx, { businessId, refType: REF, refId: id, userId: actor.user.id, action: "update", changes });
    return (await findFactory(businessId, id, tx))!;
  });
  return factoryJson(after, actor.t);
}

/** The notice of a status change: "Factory activated", "3 factories deactivated". */
export const factoryStatusMessage = (activate: boolean, count: number) =>
  `site:api.${count === 1 ? "factory" : "factories"}_${activate ? "activated" : "inactivated"}`;

/** Activates or inactivates factories (the list's switch, the spec's several-at-once call). */
export async function setFactoryStatus(scope: Scope, ids: number[], activate: boolean) {
  const seller = sellerScope(scope, "profile");
  const done = await changeStatus(seller, { table: factories, refType: REF }, ids, activate);
  const rows = await sideBySide(seller.db, ...done.map((id) => () => findFactory(seller.actor.member.businessId, id, seller.db)));
  return rows.filter((r) => r !== undefined).map((r) => factoryJson(r, seller.actor.t));
}

export async function factoryHistory(scope: Scope, id: number, q: { page: number; limit: number }) {
  const { db, actor } = sellerScope(scope, "profile");
  const row = await findFactory(actor.member.businessId, id, db);
  if (!row) throw new NotFound();
  return historyPage(db, { businessId: actor.member.businessId, refType: REF, refId: id }, q);
}

/** Export kind "factory": the list with its filters, as an .xlsx (core/jobs/exports.ts). */
defineExport("factory", {
  privilege: "profile",
  filename: "site:factory.export.filename",
  sheet: "site:factory.export.sheet",
  filters: factoryFilters,
  columns: [
    { key: "name", header: "site:factory.fields.name", width: 30 },
    { key: "status", header: "site:fields.status", width: 12 },
    { key: "contact_name", header: "site:factory.fields.contact_name", width: 22 },
    { key: "email", header: "site:fields.email", width: 26 },
    { key: "phone", header: "site:fields.phone", width: 18 },
    { key: "address", header: "site:fields.address", width: 40 },
    { key: "city", header: "site:fields.city", width: 24 },
    { key: "province", header: "site:fields.province", width: 20 },
    { key: "postcode", header: "site:fields.postcode", width: 10 },
    { key: "latitude", header: "site:fields.latitude", width: 12 },
    { key: "longitude", header: "site:fields.longitude", width: 12 },
    { key: "monthly_capacity", header: "site:factory.fields.monthly_capacity", width: 16 },
    { key: "time_created", header: "site:fields.time_created", date: true },
    { key: "time_modified", header: "site:fields.time_modified", date: true },
  ],
  async page(job, filters, offset, limit, t) {
    const { rows, total } = await findFactories(job.businessId, filters, { limit, offset });
    return {
      total,
      rows: rows.map((r) => {
        const f = factoryJson(r, t);
        return {
          name: f.name, status: f.status_name, contact_name: f.contact_name, email: f.email, phone: f.phone, address: f.address,
          city: f.location_name, province: f.province_name, postcode: f.postcode, latitude: f.latitude, longitude: f.longitude,
          monthly_capacity: f.monthly_capacity, time_created: r.timeCreated, time_modified: r.timeModified,
        };
      }),
    };
  },
});
