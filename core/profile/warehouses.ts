/**
 * Warehouses as the business sees them (spec sections 3 "Warehouse" and 7 "Warehouses"): the body
 * schema shared by the API and the web's forms, the list filters shared by the list call and the
 * export job, the answer shape, and the queries. Every query is scoped by the business (tenant key).
 *
 * Shape: the spec's fields (seller_warehouse_id, name, type, type_name, is_partner, is_default,
 * status, image, email, phone, address, location_name, postcode, latitude, longitude,
 * business_data{name}, time_created, time_modified) plus region/region_name (1 Domestic,
 * 2 Overseas), status_name, city_id, province_name and partition_datas[id, name] (the picker's
 * shape). location_name is the city's name (spec "Location: location_id, location_name").
 */
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { TFunction } from "i18next";
import { z } from "zod";
import { db, type Tx } from "#db/client.ts";
import { businesses, cities, provinces, warehousePartitions, warehouses } from "#db/schema/index.ts";
import { unix } from "#core/lib/time.ts";
import { contains, orderBy } from "#core/lib/list-query.ts";
import { WAREHOUSE_REGIONS, WAREHOUSE_TYPES } from "./profile-enums.ts";
import {
  addressField, blank, bothOrNone, coordinates, emailField, flag, imageField, nameField, optionalFlag, phoneField, statusFilter, statusKey,
} from "./warehouses-shared.ts";

export const MAX_PARTITIONS = 50;
export const partitionName = z.string({ error: "required" }).trim().min(1, "required").max(50, "too_long");

/**
 * Partitions given on create: an array (JSON) or one name per line (the add form's textarea).
 * Every problem is reported on the field itself (not on one line of it), so the textarea shows it.
 */
const partitionList = z.preprocess(
  (v) => {
    const items = typeof v === "string" ? v.split(/\r?\n/) : Array.isArray(v) ? v : v === undefined || v === null ? [] : v;
    return Array.isArray(items) ? items.map((x) => (typeof x === "string" ? x.trim() : x)).filter((x) => x !== "") : items;
  },
  z.array(z.string({ error: "invalid" }), { error: "invalid" }).superRefine((names, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: "custom", message });
    if (names.some((n) => n.length > 50)) issue("site:errors.partition_too_long");
    else if (names.length > MAX_PARTITIONS) issue("site:errors.too_many_partitions");
    else if (new Set(names.map((n) => n.toLowerCase())).size !== names.length) issue("site:errors.partition_duplicate");
  }),
);

/**
 * The editable fields. A Domestic warehouse needs its city and a 5-digit postcode; an Overseas one
 * has no Indonesian city (city_id optional) and a free postcode. `is_default` only ever makes a
 * warehouse the default (missing = keep; see api/routes/warehouses.ts).
 */
export const warehouseBody = z
  .object({
    name: nameField(100),
    type: z.coerce.number({ error: "required" }).int().min(1, "required").max(WAREHOUSE_TYPES.length, "invalid"),
    region: blank(z.coerce.number().int().min(1, "invalid").max(WAREHOUSE_REGIONS.length, "invalid")),
    is_partner: flag,
    is_default: optionalFlag,
    image: imageField,
    email: emailField,
    phone: phoneField,
    address: addressField,
    city_id: blank(z.coerce.number({ error: "invalid" }).int().positive("invalid")),
    postcode: blank(z.string().trim().max(10, "too_long")),
    ...coordinates,
    partitions: partitionList.optional(),
  })
  // `when`: also checked when another field failed, so one answer lists every problem.
  .superRefine((v, ctx) => {
    if (!v || typeof v !== "object") return;
    bothOrNone(v, ctx);
    const region = v.region ?? 1;
    if (region === 1) {
      if (!v.city_id) ctx.addIssue({ code: "custom", path: ["city_id"], message: "required" });
      if (!v.postcode) ctx.addIssue({ code: "custom", path: ["postcode"], message: "required" });
      else if (typeof v.postcode === "string" && !/^\d{5}$/.test(v.postcode)) ctx.addIssue({ code: "custom", path: ["postcode"], message: "site:errors.postcode" });
    } else if (region === 2 && v.city_id) {
      ctx.addIssue({ code: "custom", path: ["city_id"], message: "site:errors.city_domestic_only" });
    }
  }, { when: () => true });
export type WarehouseBody = z.infer<typeof warehouseBody>;

export const warehouseFilters = z.object({
  search: z.string().trim().max(100, "too_long").optional(),
  status: statusFilter,
  type: blank(z.coerce.number().int().min(1, "invalid").max(WAREHOUSE_TYPES.length, "invalid")),
  region: blank(z.coerce.number().int().min(1, "invalid").max(WAREHOUSE_REGIONS.length, "invalid")),
  // The web shows the ownership filter disabled (spec section 6); API clients may still use it.
  ownership: blank(z.coerce.number().int().refine((v) => v === 1 || v === 2, "invalid")),
  sort: z.coerce.number().int().min(1, "invalid").max(6, "invalid").default(2),
});
export type WarehouseFilters = z.infer<typeof warehouseFilters>;

const columns = {
  id: warehouses.id,
  businessId: warehouses.businessId,
  businessName: businesses.name,
  name: warehouses.name,
  type: warehouses.type,
  region: warehouses.region,
  isPartner: warehouses.isPartner,
  isDefault: warehouses.isDefault,
  status: warehouses.status,
  image: warehouses.image,
  email: warehouses.email,
  phone: warehouses.phone,
  address: warehouses.address,
  cityId: warehouses.cityId,
  cityName: cities.name,
  provinceName: provinces.name,
  postcode: warehouses.postcode,
  latitude: warehouses.latitude,
  longitude: warehouses.longitude,
  timeCreated: warehouses.timeCreated,
  timeModified: warehouses.timeModified,
};

function baseQuery(exec: typeof db | Tx = db) {
  return exec
    .select(columns)
    .from(warehouses)
    .innerJoin(businesses, eq(businesses.id, warehouses.businessId))
    .leftJoin(cities, eq(cities.id, warehouses.cityId))
    .leftJoin(provinces, eq(provinces.id, cities.provinceId));
}

function filtered(businessId: number, f: Partial<WarehouseFilters>) {
  const where: SQL[] = [eq(warehouses.businessId, businessId)];
  if (f.search) {
    const text = contains(f.search);
    where.push(or(ilike(warehouses.name, text), ilike(warehouses.address, text), ilike(cities.name, text))!);
  }
  if (f.status !== undefined) where.push(eq(warehouses.status, f.status));
  if (f.type !== undefined) where.push(eq(warehouses.type, f.type));
  if (f.region !== undefined) where.push(eq(warehouses.region, f.region));
  if (f.ownership !== undefined) where.push(eq(warehouses.isPartner, f.ownership === 2));
  return and(...where)!;
}

export type WarehouseRow = NonNullable<Awaited<ReturnType<typeof findWarehouse>>>;
export type Partition = { id: number; name: string };

/** The partitions of some warehouses, in the order they were added. */
export async function partitionsOf(ids: number[], exec: typeof db | Tx = db) {
  const out = new Map<number, Partition[]>();
  if (!ids.length) return out;
  const rows = await exec
    .select({ id: warehousePartitions.id, name: warehousePartitions.name, warehouseId: warehousePartitions.warehouseId })
    .from(warehousePartitions)
    .where(inArray(warehousePartitions.warehouseId, ids))
    .orderBy(asc(warehousePartitions.id));
  for (const r of rows) out.set(r.warehouseId, [...(out.get(r.warehouseId) ?? []), { id: r.id, name: r.name }]);
  return out;
}

/** One page of the business's warehouses, each with its partitions. */
export async function findWarehouses(businessId: number, f: WarehouseFilters, page: { limit: number; offset: number }) {
  const where = filtered(businessId, f);
  const [rows, [{ total }]] = await Promise.all([
    baseQuery()
      .where(where)
      .orderBy(...orderBy(f.sort, { created: warehouses.timeCreated, modified: warehouses.timeModified, name: warehouses.name, id: warehouses.id }))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(warehouses).leftJoin(cities, eq(cities.id, warehouses.cityId)).where(where),
  ]);
  const partitions = await partitionsOf(rows.map((r) => r.id));
  return { rows: rows.map((r) => ({ ...r, partitions: partitions.get(r.id) ?? [] })), total };
}

/**
 * One warehouse of the business, with its partitions; undefined for any other (the caller answers
 * 404). With a transaction the row stays locked until it ends, so a change decides on current values.
 */
export async function findWarehouse(businessId: number, id: number, tx?: Tx) {
  const query = baseQuery(tx).where(and(eq(warehouses.businessId, businessId), eq(warehouses.id, id))).limit(1);
  const [row] = tx ? await query.for("update", { of: warehouses }) : await query;
  if (!row) return undefined;
  const partitions = (await partitionsOf([row.id], tx)).get(row.id) ?? [];
  return { ...row, partitions };
}

/** The answer shape (spec "Warehouse"), labels in the caller's language. */
export function warehouseJson(r: WarehouseRow, t: TFunction) {
  return {
    seller_warehouse_id: r.id,
    name: r.name,
    type: r.type,
    type_name: t(`profile:warehouse_types.${r.type}`, { defaultValue: t("profile:unknown") }),
    region: r.region,
    region_name: t(`profile:warehouse_regions.${r.region}`, { defaultValue: t("profile:unknown") }),
    is_partner: r.isPartner,
    is_default: r.isDefault,
    status: r.status,
    status_name: t(statusKey(r.status)),
    image: r.image,
    email: r.email,
    phone: r.phone,
    address: r.address,
    city_id: r.cityId,
    location_name: r.cityName,
    province_name: r.provinceName,
    postcode: r.postcode,
    latitude: r.latitude,
    longitude: r.longitude,
    business_data: { name: r.businessName },
    partition_datas: r.partitions,
    time_created: unix(r.timeCreated),
    time_modified: unix(r.timeModified),
  };
}
export type WarehouseJson = ReturnType<typeof warehouseJson>;

/** Active warehouses with their partitions, by name: the stock pickers' list (spec "Seller warehouse in pickers"). */
export async function pickerWarehouses(businessId: number, search?: string) {
  const where = and(
    eq(warehouses.businessId, businessId),
    eq(warehouses.status, 1),
    search ? ilike(warehouses.name, contains(search)) : undefined,
  );
  const rows = await db
    .select({ id: warehouses.id, name: warehouses.name, isDefault: warehouses.isDefault })
    .from(warehouses)
    .where(where)
    .orderBy(sql`${warehouses.isDefault} DESC`, sql`lower(${warehouses.name})`, asc(warehouses.id));
  const partitions = await partitionsOf(rows.map((r) => r.id));
  return rows.map((r) => ({ seller_warehouse_id: r.id, name: r.name, is_default: r.isDefault, partition_datas: partitions.get(r.id) ?? [] }));
}
