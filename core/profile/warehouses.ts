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
 *
 * The reads of the service (list, one, picker, history) and the export kind "warehouse" are here;
 * the changes are core/profile/warehouse-changes.ts and core/profile/warehouse-partitions.ts
 * (their decisions are in their headers). Every call needs the "profile" privilege; another
 * business's warehouse is NotFound, exactly like an unknown id.
 */
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { TFunction } from "i18next";
import { z } from "zod";
import { db, sideBySide, type Db, type Tx } from "#db/client.ts";
import { businesses, cities, provinces, warehousePartitions, warehouses } from "#db/schema/index.ts";
import { unix } from "#core/lib/time.ts";
import { contains, listQuery, offsetOf, orderBy } from "#core/lib/list-query.ts";
import { sellerScope, type Scope, type SellerScope } from "#core/actor.ts";
import { NotFound } from "#core/errors.ts";
import { historyPage } from "#core/lib/history.ts";
import { defineExport } from "#core/jobs/exports.ts";
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
 * warehouse the default (missing = keep; see core/profile/warehouse-changes.ts).
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

function baseQuery(exec: Db | Tx = db) {
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
export async function partitionsOf(ids: number[], exec: Db | Tx = db) {
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
export async function findWarehouses(businessId: number, f: WarehouseFilters, page: { limit: number; offset: number }, exec: Db | Tx = db) {
  const where = filtered(businessId, f);
  const [rows, [{ total }]] = await sideBySide(exec,
    () => baseQuery(exec)
      .where(where)
      .orderBy(...orderBy(f.sort, { created: warehouses.timeCreated, modified: warehouses.timeModified, name: warehouses.name, id: warehouses.id }))
      .limit(page.limit)
      .offset(page.offset),
    () => exec.select({ total: count() }).from(warehouses).leftJoin(cities, eq(cities.id, warehouses.cityId)).where(where),
  );
  const partitions = await partitionsOf(rows.map((r) => r.id), exec);
  return { rows: rows.map((r) => ({ ...r, partitions: partitions.get(r.id) ?? [] })), total };
}

/**
 * One warehouse of the business, with its partitions; undefined for any other (the caller refuses
 * NotFound). `lock`: the row stays locked until `exec` (a transaction) ends, so a change decides
 * on current values.
 */
export async function findWarehouse(businessId: number, id: number, exec: Db | Tx = db, lock = false) {
  const query = baseQuery(exec).where(and(eq(warehouses.businessId, businessId), eq(warehouses.id, id))).limit(1);
  const [row] = lock ? await query.for("update", { of: warehouses }) : await query;
  if (!row) return undefined;
  const partitions = (await partitionsOf([row.id], exec)).get(row.id) ?? [];
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
export async function pickerWarehouses(businessId: number, search?: string, exec: Db | Tx = db) {
  const where = and(
    eq(warehouses.businessId, businessId),
    eq(warehouses.status, 1),
    search ? ilike(warehouses.name, contains(search)) : undefined,
  );
  const rows = await exec
    .select({ id: warehouses.id, name: warehouses.name, isDefault: warehouses.isDefault })
    .from(warehouses)
    .where(where)
    .orderBy(sql`${warehouses.isDefault} DESC`, sql`lower(${warehouses.name})`, asc(warehouses.id));
  const partitions = await partitionsOf(rows.map((r) => r.id), exec);
  return rows.map((r) => ({ seller_warehouse_id: r.id, name: r.name, is_default: r.isDefault, partition_datas: partitions.get(r.id) ?? [] }));
}

// ---------------------------------------------------------------------------------------------
// The service's reads (privilege "profile").
// ---------------------------------------------------------------------------------------------

export const warehouseListQuery = listQuery.extend(warehouseFilters.shape);
export type WarehouseListQuery = z.infer<typeof warehouseListQuery>;
export const pickerQuery = listQuery.pick({ search: true });

export async function listWarehouses(scope: Scope, q: WarehouseListQuery) {
  const { db, actor } = sellerScope(scope, "profile");
  const { rows, total } = await findWarehouses(actor.member.businessId, q, { limit: q.limit, offset: offsetOf(q) }, db);
  return { rows: rows.map((r) => warehouseJson(r, actor.t)), total };
}

/** The warehouse row of the actor's business, else NotFound (`lock`: see findWarehouse). */
export async function warehouseRow({ db, actor }: SellerScope, id: number, lock = false) {
  const row = await findWarehouse(actor.member.businessId, id, db, lock);
  if (!row) throw new NotFound();
  return row;
}

export async function getWarehouse(scope: Scope, id: number) {
  const seller = sellerScope(scope, "profile");
  return warehouseJson(await warehouseRow(seller, id), seller.actor.t);
}

/** Active warehouses with their partitions (the stock pickers). */
export async function warehousePicker(scope: Scope, q: z.infer<typeof pickerQuery>) {
  const { db, actor } = sellerScope(scope, "profile");
  return pickerWarehouses(actor.member.businessId, q.search, db);
}

export async function warehouseHistory(scope: Scope, id: number, q: { page: number; limit: number }) {
  const seller = sellerScope(scope, "profile");
  const w = await warehouseRow(seller, id);
  return historyPage(seller.db, { businessId: seller.actor.member.businessId, refType: "warehouse", refId: w.id }, q);
}

/** Export kind "warehouse": the list of /profile/warehouse with its filters, as an .xlsx (core/jobs/exports.ts). */
defineExport("warehouse", {
  privilege: "profile",
  filename: "site:warehouse.export.filename",
  sheet: "site:warehouse.export.sheet",
  filters: warehouseFilters,
  columns: [
    { key: "name", header: "site:warehouse.fields.name", width: 30 },
    { key: "type", header: "site:warehouse.fields.type", width: 12 },
    { key: "region", header: "site:warehouse.fields.region", width: 12 },
    { key: "ownership", header: "site:warehouse.fields.ownership", width: 14 },
    { key: "is_default", header: "site:warehouse.fields.is_default", width: 12 },
    { key: "status", header: "site:fields.status", width: 12 },
    { key: "email", header: "site:fields.email", width: 26 },
    { key: "phone", header: "site:fields.phone", width: 18 },
    { key: "address", header: "site:fields.address", width: 40 },
    { key: "city", header: "site:fields.city", width: 24 },
    { key: "province", header: "site:fields.province", width: 20 },
    { key: "postcode", header: "site:fields.postcode", width: 10 },
    { key: "latitude", header: "site:fields.latitude", width: 12 },
    { key: "longitude", header: "site:fields.longitude", width: 12 },
    { key: "partitions", header: "site:warehouse.fields.partitions", width: 40 },
    { key: "time_created", header: "site:fields.time_created", date: true },
    { key: "time_modified", header: "site:fields.time_modified", date: true },
  ],
  async page(job, filters, offset, limit, t) {
    const { rows, total } = await findWarehouses(job.businessId, filters, { limit, offset });
    return {
      total,
      rows: rows.map((r) => {
        const w = warehouseJson(r, t);
        return {
          name: w.name,
          type: w.type_name,
          region: w.region_name,
          ownership: t(w.is_partner ? "site:warehouse.partner" : "site:warehouse.owned"),
          is_default: t(w.is_default ? "site:yes" : "site:no"),
          status: w.status_name,
          email: w.email,
          phone: w.phone,
          address: w.address,
          city: w.location_name,
          province: w.province_name,
          postcode: w.postcode,
          latitude: w.latitude,
          longitude: w.longitude,
          partitions: w.partition_datas.map((p) => p.name).join(", "),
          time_created: r.timeCreated,
          time_modified: r.timeModified,
        };
      }),
    };
  },
});
