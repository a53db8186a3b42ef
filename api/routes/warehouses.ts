/**
 * Warehouses (spec section 7 "Warehouses") and their partitions: list with filters, read, create,
 * update, the status change, partitions, the stock pickers' list, update history and the export.
 *
 *   GET  /v0.0.0/warehouses                     list: status 1|0, type 1-3, region 1|2, ownership 1|2,
 *                                               search (name, address, city), sort 1-6, page, limit
 *   GET  /v0.0.0/warehouses/picker              active warehouses with partition_datas (stock pickers)
 *   GET  /v0.0.0/warehouses/{id}
 *   POST /v0.0.1/warehouses/create              (optional `partitions`: names, an array or one per line)
 *   PUT  /v0.0.0/warehouses/{id}
 *   PUT  /v0.0.0/warehouses/status              warehouse_ids=4,7 & action=activate|inactivate
 *                                               (form-encoded as the spec says; JSON too)
 *   PUT  /v0.0.0/warehouses/{id}/{activate|inactivate}   the same change for one warehouse (the web's switch)
 *   GET  /v0.0.0/warehouses/{id}/update-history
 *   GET|POST /v0.0.0/warehouses/{id}/partitions, PUT|DELETE /v0.0.0/warehouses/{id}/partitions/{pid}
 *   export kind "warehouse" (POST /v0.0.0/exports/warehouse, the list's filters)
 *
 * Decisions where the spec is silent:
 * - Scope: the business the caller works in (c.var.member.businessId); any other id answers 404,
 *   on every verb. The "profile" privilege is needed, as for the profile pages.
 * - One default per business. The first warehouse a business adds becomes its default whatever
 *   the form says. `is_default: true` (create or update) moves the default to this warehouse; the
 *   previous default loses it, with a history row of its own. The default cannot be un-set
 *   directly (422): make another warehouse the default instead. An inactive warehouse cannot be
 *   made the default, and the default warehouse cannot be deactivated (422 on the status change,
 *   and nothing of that request changes). Changes that touch the default take a per-business
 *   lock, so two of them never leave two defaults or none.
 * - The ownership filter is shown disabled on the web (spec section 6); the API still applies it:
 *   1 Owned (is_partner false), 2 Partnership (a 3PL partner's warehouse).
 * - Overseas (region 2) warehouses have no Indonesian city (422 when one is given) and any postcode
 *   up to 10 characters; Domestic ones need a city and a 5-digit postcode.
 * - The status change takes up to 100 ids; if any is not the business's, the whole call is 404 and
 *   nothing changes. Repeating the current status is a harmless 200 without a history row.
 * - PUT replaces the editable fields; `partitions` in a PUT is ignored (partitions have their own
 *   calls, so a form never removes one by accident). Partition names are unique per warehouse,
 *   case-insensitively (422 on `name`); partition changes are written into the warehouse's history.
 * - History values are what the person saw: the city's name, codes for type/region (the web shows
 *   their labels), booleans for partner/default.
 */
import { Hono, type Context } from "hono";
import { and, count, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { db, type Tx } from "#db/client.ts";
import { stockLevels, warehousePartitions, warehouses } from "#db/schema/index.ts";
import {
  findWarehouse, findWarehouses, MAX_PARTITIONS, partitionName, pickerWarehouses, warehouseBody, warehouseFilters, warehouseJson,
  type WarehouseBody, type WarehouseRow,
} from "#core/profile/warehouses.ts";
import { cityOf } from "#core/profile/warehouses-shared.ts";
import { statusRoutes } from "#api/lib/status-routes.ts";
import { sellerScope } from "#core/actor.ts";
import { changeStatus } from "#core/lib/status-change.ts";
import { defineExport } from "#core/jobs/exports.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { diff, recordHistory } from "#core/lib/history.ts";
import { historyList } from "#api/lib/history.ts";
import { input, list, ok, whole } from "#api/lib/http.ts";
import { listQuery, offsetOf } from "#core/lib/list-query.ts";
import { normalizePhone } from "#core/lib/phone.ts";
import { NotFound, Refused } from "#core/errors.ts";

export const warehouseRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller("profile")] as const;
const REF = "warehouse";

const biz = (c: Context<ApiEnv>) => c.var.member.businessId;
const idParam = (c: Context<ApiEnv>, name = "id") => Number(c.req.param(name));
const answer = (c: Context<ApiEnv>, row: WarehouseRow) => warehouseJson(row, c.var.t);

/** The warehouse of the caller's business, else 404. With `tx` its row stays locked. */
async function warehouseFor(c: Context<ApiEnv>, id: number, tx?: Tx) {
  const row = await findWarehouse(biz(c), id, tx);
  if (!row) throw new NotFound();
  return row;
}

/** Serialises the changes that touch a business's default warehouse (create, update, status). */
const lockDefaults = (tx: Tx, businessId: number) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('warehouse-default'), ${businessId})`);

/** Takes the default away from the business's current default (other than `except`), with its history row. */
async function clearDefault(tx: Tx, businessId: number, userId: number, except?: number) {
  const old = await tx
    .update(warehouses)
    .set({ isDefault: false, timeModified: new Date() })
    .where(and(eq(warehouses.businessId, businessId), eq(warehouses.isDefault, true), except ? ne(warehouses.id, except) : undefined))
    .returning({ id: warehouses.id });
  for (const w of old) {
    await recordHistory(tx, { businessId, refType: REF, refId: w.id, userId, action: "update", changes: { is_default: { from: true, to: false } } });
  }
}

/** The row values of a body (phone in E.164; an overseas warehouse has no city). */
function valuesOf(body: WarehouseBody) {
  return {
    name: body.name,
    type: body.type,
    region: body.region ?? 1,
    isPartner: body.is_partner,
    image: body.image ?? null,
    email: body.email ?? null,
    phone: body.phone ? normalizePhone(body.phone) : null,
    address: body.address,
    cityId: body.city_id ?? null,
    postcode: body.postcode ?? null,
    latitude: body.latitude ?? null,
    longitude: body.longitude ?? null,
  };
}

type Shown = ReturnType<typeof valuesOf>;
/** What the history shows of a warehouse: readable values (the city's name, not its id). */
function snapshot(v: Shown, city: string | null) {
  return {
    name: v.name, type: v.type, region: v.region, is_partner: v.isPartner, image: v.image, email: v.email, phone: v.phone,
    address: v.address, city, postcode: v.postcode, latitude: v.latitude, longitude: v.longitude,
  };
}

// ---------------------------------------------------------------------------------------------
// List, picker, read
// ---------------------------------------------------------------------------------------------
warehouseRoutes.get("/v0.0.0/warehouses", ...seller, async (c) => {
  const q = await input(c, listQuery.extend(warehouseFilters.shape), "query");
  const { rows, total } = await findWarehouses(biz(c), q, { limit: q.limit, offset: offsetOf(q) });
  return list(c, rows.map((r) => answer(c, r)), total, q.limit);
});

warehouseRoutes.get("/v0.0.0/warehouses/picker", ...seller, async (c) => {
  const q = await input(c, listQuery.pick({ search: true }), "query");
  return whole(c, await pickerWarehouses(biz(c), q.search));
});

warehouseRoutes.get("/v0.0.0/warehouses/:id{[0-9]+}", ...seller, async (c) => ok(c, answer(c, await warehouseFor(c, idParam(c)))));

// ---------------------------------------------------------------------------------------------
// Create, update
// ---------------------------------------------------------------------------------------------
warehouseRoutes.post("/v0.0.1/warehouses/create", ...seller, async (c) => {
  const body = await input(c, warehouseBody);
  await cityOf(body.city_id);
  const businessId = biz(c);
  const userId = c.var.user.id;
  const after = await db.transaction(async (tx) => {
    await lockDefaults(tx, businessId);
    const [{ n }] = await tx.select({ n: count() }).from(warehouses).where(eq(warehouses.businessId, businessId));
    const makeDefault = n === 0 || body.is_default === true;
    if (makeDefault) await clearDefault(tx, businessId, userId);
    const [w] = await tx
      .insert(warehouses)
      .values({ ...valuesOf(body), businessId, isDefault: makeDefault })
      .returning({ id: warehouses.id });
    if (body.partitions?.length) {
      await tx.insert(warehousePartitions).values(body.partitions.map((name) => ({ businessId, warehouseId: w.id, name })));
    }
    await recordHistory(tx, { businessId, refType: REF, refId: w.id, userId, action: "create" });
    return (await findWarehouse(businessId, w.id, tx))!;
  });
  return ok(c, answer(c, after), "site:api.warehouse_created");
});

warehouseRoutes.put("/v0.0.0/warehouses/:id{[0-9]+}", ...seller, async (c) => {
  const { id } = await warehouseFor(c, idParam(c));
  const body = await input(c, warehouseBody);
  const city = await cityOf(body.city_id);
  const values = valuesOf(body);
  const businessId = biz(c);
  const userId = c.var.user.id;
  const after = await db.transaction(async (tx) => {
    await lockDefaults(tx, businessId);
    const before = await warehouseFor(c, id, tx);
    if (body.is_default === false && before.isDefault) {
      throw new Refused("api:errors.validation", { is_default: ["site:errors.default_required"] });
    }
    const makeDefault = body.is_default === true && !before.isDefault;
    if (makeDefault && before.status !== 1) {
      throw new Refused("api:errors.validation", { is_default: ["site:errors.default_needs_active"] });
    }
    const changes = diff(snapshot(before, before.cityName), snapshot(values, city?.name ?? null));
    if (makeDefault) {
      await clearDefault(tx, businessId, userId, id);
      changes.is_default = { from: false, to: true };
    }
    if (!Object.keys(changes).length) return before;
    await tx.update(warehouses).set({ ...values, ...(makeDefault ? { isDefault: true } : {}), timeModified: new Date() }).where(eq(warehouses.id, id));
    await recordHistory(tx, { businessId, refType: REF, refId: id, userId, action: "update", changes });
    return (await findWarehouse(businessId, id, tx))!;
  });
  return ok(c, answer(c, after), "site:api.warehouse_updated");
});

// ---------------------------------------------------------------------------------------------
// Status change: several (the spec's form-encoded call) or one (the card's switch)
// ---------------------------------------------------------------------------------------------
statusRoutes(warehouseRoutes, seller, {
  base: "/v0.0.0/warehouses",
  idsField: "warehouse_ids",
  message: (activate, count) => `site:api.${count === 1 ? "warehouse" : "warehouses"}_${activate ? "activated" : "inactivated"}`,
  async set(scope, ids, activate) {
    const seller = sellerScope(scope, "profile");
    const done = await changeStatus(seller, {
      table: warehouses,
      refType: REF,
      columns: { name: warehouses.name, isDefault: warehouses.isDefault },
      lock: lockDefaults,
      // The default warehouse cannot be made inactive (another one becomes the default first).
      check: (rows, activate) => {
        const theDefault = rows.find((r) => r.isDefault);
        if (!activate && theDefault) throw new Refused("site:errors.default_inactivate", undefined, { name: theDefault.name as string });
      },
    }, ids, activate);
    const rows = await Promise.all(done.map((id) => findWarehouse(seller.actor.member.businessId, id)));
    return rows.filter((r) => r !== undefined).map((r) => warehouseJson(r!, seller.actor.t));
  },
});

warehouseRoutes.get("/v0.0.0/warehouses/:id{[0-9]+}/update-history", ...seller, async (c) => {
  const w = await warehouseFor(c, idParam(c));
  const q = await input(c, listQuery.pick({ page: true, limit: true }), "query");
  return historyList(c, { businessId: biz(c), refType: REF, refId: w.id }, q);
});

// ---------------------------------------------------------------------------------------------
// Partitions
// ---------------------------------------------------------------------------------------------
const partitionBody = z.object({ name: partitionName });

/** 422 on `name` when the warehouse already has a partition of that name (any case), other than `except`. */
async function checkUniqueName(tx: Tx, warehouseId: number, name: string, except?: number) {
  const [taken] = await tx
    .select({ id: warehousePartitions.id })
    .from(warehousePartitions)
    .where(and(
      eq(warehousePartitions.warehouseId, warehouseId),
      sql`lower(${warehousePartitions.name}) = lower(${name})`,
      except ? ne(warehousePartitions.id, except) : undefined,
    ))
    .limit(1);
  if (taken) throw new Refused("api:errors.validation", { name: ["site:errors.partition_duplicate"] });
}

async function partitionFor(tx: Tx, warehouseId: number, pid: number) {
  const [p] = await tx
    .select()
    .from(warehousePartitions)
    .where(and(eq(warehousePartitions.warehouseId, warehouseId), eq(warehousePartitions.id, pid)))
    .limit(1)
    .for("update");
  if (!p) throw new NotFound();
  return p;
}

const partitionJson = (p: { id: number; name: string }) => ({ id: p.id, name: p.name });

warehouseRoutes.get("/v0.0.0/warehouses/:id{[0-9]+}/partitions", ...seller, async (c) => {
  const w = await warehouseFor(c, idParam(c));
  return whole(c, w.partitions);
});

warehouseRoutes.post("/v0.0.0/warehouses/:id{[0-9]+}/partitions", ...seller, async (c) => {
  const { id } = await warehouseFor(c, idParam(c));
  const { name } = await input(c, partitionBody);
  const p = await db.transaction(async (tx) => {
    const w = await warehouseFor(c, id, tx); // locks the warehouse: one partition change at a time
    if (w.partitions.length >= MAX_PARTITIONS) throw new Refused("api:errors.validation", { name: ["site:errors.too_many_partitions"] });
    await checkUniqueName(tx, id, name);
    const [row] = await tx.insert(warehousePartitions).values({ businessId: biz(c), warehouseId: id, name }).returning();
    await tx.update(warehouses).set({ timeModified: new Date() }).where(eq(warehouses.id, id));
    await recordHistory(tx, {
      businessId: biz(c), refType: REF, refId: id, userId: c.var.user.id, action: "partition_add", changes: { partition: { from: null, to: name } },
    });
    return row;
  });
  return ok(c, partitionJson(p), "site:api.partition_added");
});

warehouseRoutes.put("/v0.0.0/warehouses/:id{[0-9]+}/partitions/:pid{[0-9]+}", ...seller, async (c) => {
  const { id } = await warehouseFor(c, idParam(c));
  const pid = idParam(c, "pid");
  const { name } = await input(c, partitionBody);
  const p = await db.transaction(async (tx) => {
    await warehouseFor(c, id, tx);
    const before = await partitionFor(tx, id, pid);
    if (before.name === name) return before;
    await checkUniqueName(tx, id, name, pid);
    const [row] = await tx.update(warehousePartitions).set({ name }).where(eq(warehousePartitions.id, pid)).returning();
    await tx.update(warehouses).set({ timeModified: new Date() }).where(eq(warehouses.id, id));
    await recordHistory(tx, {
      businessId: biz(c), refType: REF, refId: id, userId: c.var.user.id, action: "partition_rename",
      changes: { partition: { from: before.name, to: name } },
    });
    return row;
  });
  return ok(c, partitionJson(p), "site:api.partition_renamed");
});

warehouseRoutes.delete("/v0.0.0/warehouses/:id{[0-9]+}/partitions/:pid{[0-9]+}", ...seller, async (c) => {
  const { id } = await warehouseFor(c, idParam(c));
  const pid = idParam(c, "pid");
  const p = await db.transaction(async (tx) => {
    await warehouseFor(c, id, tx);
    const before = await partitionFor(tx, id, pid);
    // Stock was kept there: its history stays readable, so the partition stays (spec section 5's
    // "you can't delete the {title} because it already had transaction").
    const [held] = await tx.select({ id: stockLevels.id }).from(stockLevels).where(eq(stockLevels.partitionId, pid)).limit(1);
    if (held) throw new Refused("site:api.partition_has_stock", { name: ["site:api.partition_has_stock"] }, { title: before.name });
    await tx.delete(warehousePartitions).where(eq(warehousePartitions.id, pid));
    await tx.update(warehouses).set({ timeModified: new Date() }).where(eq(warehouses.id, id));
    await recordHistory(tx, {
      businessId: biz(c), refType: REF, refId: id, userId: c.var.user.id, action: "partition_remove",
      changes: { partition: { from: before.name, to: null } },
    });
    return before;
  });
  return ok(c, partitionJson(p), "site:api.partition_removed");
});

// ---------------------------------------------------------------------------------------------
// Export: the list of /profile/warehouse with its filters
// ---------------------------------------------------------------------------------------------
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
