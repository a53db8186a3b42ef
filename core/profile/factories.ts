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
import { db, type Tx } from "#db/client.ts";
import { businesses, cities, factories, provinces } from "#db/schema/index.ts";
import { unix } from "#api/lib/http.ts";
import { contains, orderBy } from "#core/lib/list-query.ts";
import {
  addressField, blank, bothOrNone, coordinates, emailField, imageField, nameField, phoneField, statusFilter, statusKey,
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

function baseQuery(exec: typeof db | Tx = db) {
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

export async function findFactories(businessId: number, f: FactoryFilters, page: { limit: number; offset: number }) {
  const where = filtered(businessId, f);
  const [rows, [{ total }]] = await Promise.all([
    baseQuery()
      .where(where)
      .orderBy(...orderBy(f.sort, { created: factories.timeCreated, modified: factories.timeModified, name: factories.name, id: factories.id }))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(factories).leftJoin(cities, eq(cities.id, factories.cityId)).where(where),
  ]);
  return { rows, total };
}

/** One factory of the business; undefined for any other. With `tx` the row stays locked. */
export async function findFactory(businessId: number, id: number, tx?: Tx) {
  const query = baseQuery(tx).where(and(eq(factories.businessId, businessId), eq(factories.id, id))).limit(1);
  const [row] = tx ? await query.for("update", { of: factories }) : await query;
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
