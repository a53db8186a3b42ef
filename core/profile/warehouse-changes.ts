/**
 * Warehouse changes (spec section 7 "Warehouses"): create, update and the status change, for the
 * actor's business (privilege "profile"). The schema, queries and reads are core/profile/warehouses.ts.
 *
 * Decisions where the spec is silent:
 * - One default per business. The first warehouse a business adds becomes its default whatever
 *   the form says. `is_default: true` (create or update) moves the default to this warehouse; the
 *   previous default loses it, with a history row of its own. The default cannot be un-set
 *   directly (Refused): make another warehouse the default instead. An inactive warehouse cannot
 *   be made the default, and the default warehouse cannot be deactivated (Refused on the status
 *   change, and nothing of that request changes). Changes that touch the default take a
 *   per-business lock, so two of them never leave two defaults or none.
 * - Overseas (region 2) warehouses have no Indonesian city and any postcode up to 10 characters;
 *   Domestic ones need a city and a 5-digit postcode (the schema).
 * - The status change takes up to 100 ids; if any is not the business's, the whole change is
 *   NotFound and nothing changes. Repeating the current status is harmless, without a history row.
 * - An update replaces the editable fields; `partitions` in an update is ignored (partitions have
 *   their own calls, core/profile/warehouse-partitions.ts, so a form never removes one by accident).
 * - History values are what the person saw: the city's name, codes for type/region (the web shows
 *   their labels), booleans for partner/default.
 */
import { and, count, eq, ne, sql } from "drizzle-orm";
import type { Tx } from "#db/client.ts";
import { warehousePartitions, warehouses } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { Refused } from "#core/errors.ts";
import { diff, recordHistory } from "#core/lib/history.ts";
import { normalizePhone } from "#core/lib/phone.ts";
import { changeStatus } from "#core/lib/status-change.ts";
import { cityOf } from "./warehouses-shared.ts";
import { findWarehouse, warehouseJson, warehouseRow, type WarehouseBody } from "./warehouses.ts";

const REF = "warehouse";

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

/** A new warehouse with its first partitions; the business's first one is its default. */
export async function createWarehouse(scope: Scope, body: WarehouseBody) {
  const { db, actor } = sellerScope(scope, "profile");
  const businessId = actor.member.businessId;
  const userId = actor.user.id;
  await cityOf(body.city_id, "city_id", db);
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
  return warehouseJson(after, actor.t);
}

/** Saves `body` over the warehouse (its partitions aside); the same body again writes nothing. */
export async function updateWarehouse(scope: Scope, id: number, body: WarehouseBody) {
  const seller = sellerScope(scope, "profile");
  const { db, actor } = seller;
  const businessId = actor.member.businessId;
  const userId = actor.user.id;
  await warehouseRow(seller, id); // an unknown warehouse is NotFound before its city is looked up
  const city = await cityOf(body.city_id, "city_id", db);
  const values = valuesOf(body);
  const after = await db.transaction(async (tx) => {
    await lockDefaults(tx, businessId);
    const before = await warehouseRow({ db: tx, actor }, id, true);
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
  return warehouseJson(after, actor.t);
}

/** Activates or inactivates warehouses (the card's switch, the spec's several-at-once call). */
export async function setWarehouseStatus(scope: Scope, ids: number[], activate: boolean) {
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
  const rows = [];
  for (const id of done) {
    const row = await findWarehouse(seller.actor.member.businessId, id, seller.db);
    if (row) rows.push(warehouseJson(row, seller.actor.t));
  }
  return rows;
}

/** The status change's message key: one warehouse or several. */
export const warehouseStatusMessage = (activate: boolean, count: number) =>
  `site:api.${count === 1 ? "warehouse" : "warehouses"}_${activate ? "activated" : "inactivated"}`;
