/**
 * Saving an offline store (the one body of core/profile/store-schema.ts, from the API and the web's
 * store form): create and update, with the default store and the update history.
 *
 * Decisions where the spec is silent:
 * - Default store: one per business. The first store becomes the default; `is_default` true on
 *   create or update moves the default there. An inactive store cannot become the default (422 on
 *   is_default): the business always has an active default store once it has any active store.
 *   There is no "unset default": choose another store instead.
 * - Partner stores are read-only (422 "partner store": their owner runs them).
 * - A store's city is any city of the reference list (/utilities/locations), the village optional
 *   but of that city. The other delivery address is kept only when delivery_address_type is 2.
 * - Couriers are courier services (reference ids, checked to exist); the store keeps the chosen ids.
 * - The bank account must be one of the business's own (POST /banks/create).
 * - Every change writes update history with readable values: city and courier names, the bank as
 *   "BCA 1234567890 a.n. …". Saving the same values again writes nothing.
 */
import { and, count, eq, inArray, ne } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { bankAccounts, banks, businesses, cities, courierServices, couriers, stores, villages } from "#db/schema/index.ts";
import { sellerScope, type Scope, type SellerActor } from "#core/actor.ts";
import { requireRecentAuth } from "#core/auth/reauth.ts";
import { NotFound, Refused } from "#core/errors.ts";
import { diff, recordHistory } from "#core/lib/history.ts";
import { normalizePhone } from "#core/lib/phone.ts";
import { ACTIVE } from "./profile-enums.ts";
import type { StoreBody } from "./store-schema.ts";
import { bankLabel, courierServiceList, findStore, serviceLabel, storesJson, storeSnapshot, type StoreJson, type StoreRow } from "./stores.ts";

export const STORE_REF = "store";

/** Partner stores are their owner's to change. */
export function ownOnly(actor: SellerActor, row: StoreRow) {
  if (row.businessId !== actor.member.businessId) throw new Refused("store:api.partner_readonly", undefined, { name: row.name });
}

/** One store-changing call at a time per business: "the first store is the default" and "one default" hold. */
export const lockBusiness = (tx: Tx, businessId: number) =>
  tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)).for("update");

/** The store in the answer shape, as `actor`'s business sees it. */
export async function answerStore(exec: Db | Tx, actor: SellerActor, row: StoreRow): Promise<StoreJson> {
  const [answer] = await storesJson([row], actor.member.businessId, actor.t, exec);
  return answer;
}

/**
 * Checks what the body names (places, bank account, courier services) exists and is the business's;
 * answers their readable names for the history. All problems at once, per field.
 */
async function checkRefs(exec: Db | Tx, businessId: number, body: StoreBody) {
  const errors: Record<string, string[]> = {};
  const [city] = await exec.select({ name: cities.name }).from(cities).where(eq(cities.id, body.city_id)).limit(1);
  if (!city) errors.city_id = ["validation:invalid"];
  let village: string | null = null;
  if (body.village_id) {
    const [v] = await exec.select({ name: villages.name, cityId: villages.cityId }).from(villages).where(eq(villages.id, body.village_id)).limit(1);
    if (!v || v.cityId !== body.city_id) errors.village_id = ["store:errors.village_city"];
    else village = v.name;
  }
  let deliveryCity: string | null = null;
  if (body.delivery_address_type === 2 && body.delivery_city_id) {
    const [d] = await exec.select({ name: cities.name }).from(cities).where(eq(cities.id, body.delivery_city_id)).limit(1);
    if (!d) errors.delivery_city_id = ["validation:invalid"];
    else deliveryCity = d.name;
  }
  let bankAccount: string | null = null;
  if (body.bank_account_id) {
    const [b] = await exec.select({ shortName: banks.shortName, accountNo: bankAccounts.accountNo, accountName: bankAccounts.accountName })
      .from(bankAccounts).innerJoin(banks, eq(banks.code, bankAccounts.bankCode))
      .where(and(eq(bankAccounts.id, body.bank_account_id), eq(bankAccounts.businessId, businessId))).limit(1);
    if (!b) errors.bank_account_id = ["store:errors.bank_account"];
    else bankAccount = bankLabel(b);
  }
  const wanted = [...new Set(body.courier_service_ids)];
  const services = wanted.length
    ? await exec.select({ id: courierServices.id, name: courierServices.name, courierName: couriers.name })
      .from(courierServices).innerJoin(couriers, eq(couriers.code, courierServices.courierCode)).where(inArray(courierServices.id, wanted))
    : [];
  if (services.length !== wanted.length) errors.courier_service_ids = ["store:errors.courier_service"];
  if (Object.keys(errors).length) throw new Refused("api:errors.validation", errors);
  const byId = new Map(services.map((s) => [s.id, s]));
  return { city: city!.name, village, deliveryCity, bankAccount, serviceIds: wanted, couriers: wanted.map((id) => serviceLabel(byId.get(id)!)).join(", ") || null };
}
type Refs = Awaited<ReturnType<typeof checkRefs>>;

/** The row values of a body (phone in E.164; the other address only when it is used). */
function storeValues(body: StoreBody, refs: Refs) {
  const other = body.delivery_address_type === 2;
  return {
    name: body.name,
    type: body.type,
    image: body.image ?? null,
    email: body.email ?? null,
    phone: normalizePhone(body.phone),
    address: body.address,
    cityId: body.city_id,
    villageId: body.village_id ?? null,
    postcode: body.postcode,
    latitude: body.latitude ?? null,
    longitude: body.longitude ?? null,
    isPickupAtStore: body.is_pickup_at_store,
    deliveryAddressType: body.delivery_address_type,
    deliveryAddress: other ? body.delivery_address ?? null : null,
    deliveryCityId: other ? body.delivery_city_id ?? null : null,
    deliveryPostcode: other ? body.delivery_postcode ?? null : null,
    bankAccountId: body.bank_account_id ?? null,
    processDay: body.process_day,
    courierServiceIds: refs.serviceIds,
    orderFinishedMessage: body.order_finished ?? null,
    orderFinishedActive: body.order_finished_is_active,
    orderReturnedMessage: body.order_returned ?? null,
    orderReturnedActive: body.order_returned_is_active,
  };
}

/** The history snapshot of the values about to be written (same keys as storeSnapshot). */
function valuesSnapshot(v: ReturnType<typeof storeValues>, refs: Refs, isDefault: boolean): ReturnType<typeof storeSnapshot> {
  const other = v.deliveryAddressType === 2;
  return {
    name: v.name, type: v.type, image: v.image, email: v.email, phone: v.phone, address: v.address, city: refs.city, village: refs.village,
    postcode: v.postcode, latitude: v.latitude, longitude: v.longitude, is_pickup_at_store: v.isPickupAtStore,
    delivery_address_type: v.deliveryAddressType, delivery_address: other ? v.deliveryAddress : null,
    delivery_city: other ? refs.deliveryCity : null, delivery_postcode: other ? v.deliveryPostcode : null,
    bank_account: refs.bankAccount, process_day: v.processDay, couriers: refs.couriers,
    order_finished: v.orderFinishedMessage, order_finished_is_active: v.orderFinishedActive,
    order_returned: v.orderReturnedMessage, order_returned_is_active: v.orderReturnedActive, is_default: isDefault,
  };
}

/** Moves the default to `storeId` (-1: a store not created yet); history rows on the stores that lose it. */
async function moveDefault(tx: Tx, actor: SellerActor, storeId: number) {
  const businessId = actor.member.businessId;
  const previous = await tx.update(stores).set({ isDefault: false, timeModified: new Date() })
    .where(and(eq(stores.businessId, businessId), eq(stores.isDefault, true), ne(stores.id, storeId)))
    .returning({ id: stores.id });
  for (const p of previous) {
    await recordHistory(tx, {
      businessId, refType: STORE_REF, refId: p.id, userId: actor.user.id, action: "update", changes: { is_default: { from: true, to: false } },
    });
  }
}

export async function createStore(scope: Scope, body: StoreBody): Promise<StoreJson> {
  const { db, actor } = sellerScope(scope, "profile");
  const businessId = actor.member.businessId;
  const refs = await checkRefs(db, businessId, body);
  const values = storeValues(body, refs);
  const row = await db.transaction(async (tx) => {
    await lockBusiness(tx, businessId);
    const [{ n }] = await tx.select({ n: count() }).from(stores).where(eq(stores.businessId, businessId));
    const isDefault = n === 0 || body.is_default;
    if (isDefault) await moveDefault(tx, actor, -1);
    const [created] = await tx.insert(stores).values({ ...values, businessId, isDefault, status: ACTIVE }).returning({ id: stores.id });
    await recordHistory(tx, {
      businessId, refType: STORE_REF, refId: created.id, userId: actor.user.id, action: "create",
      changes: diff({}, valuesSnapshot(values, refs, isDefault)),
    });
    return (await findStore(businessId, created.id, tx))!;
  });
  return answerStore(db, actor, row);
}

/** Refuses a store the actor may not edit: NotFound, or 422 for a partner's store (the API asks before reading a body). */
export async function checkStoreEditable(scope: Scope, id: number) {
  const { db, actor } = sellerScope(scope, "profile");
  const row = await findStore(actor.member.businessId, id, db);
  if (!row) throw new NotFound();
  ownOnly(actor, row);
}

/** Saves the whole form over the store; the same values again write nothing (no history row). */
export async function updateStore(scope: Scope, id: number, body: StoreBody): Promise<StoreJson> {
  const { db, actor } = sellerScope(scope, "profile");
  const businessId = actor.member.businessId;
  const found = await findStore(businessId, id, db);
  if (!found) throw new NotFound();
  ownOnly(actor, found);
  // Where the store's money goes: the password again when the business asks (core/auth/reauth.ts).
  if ((body.bank_account_id ?? null) !== found.bankAccountId) await requireRecentAuth(scope);
  const refs = await checkRefs(db, businessId, body);
  const values = storeValues(body, refs);
  const services = new Map((await courierServiceList(db)).map((s) => [s.id, s]));
  const after = await db.transaction(async (tx) => {
    await lockBusiness(tx, businessId);
    const before = await findStore(businessId, id, tx, true);
    if (!before) throw new NotFound();
    const makeDefault = body.is_default && !before.isDefault;
    if (makeDefault && before.status !== ACTIVE) throw new Refused("api:errors.validation", { is_default: ["store:errors.default_inactive"] });
    const changes = diff(storeSnapshot(before, services), valuesSnapshot(values, refs, before.isDefault || makeDefault));
    if (!Object.keys(changes).length) return before;
    if (makeDefault) await moveDefault(tx, actor, before.id);
    await tx.update(stores).set({ ...values, isDefault: before.isDefault || makeDefault, timeModified: new Date() }).where(eq(stores.id, before.id));
    await recordHistory(tx, { businessId, refType: STORE_REF, refId: before.id, userId: actor.user.id, action: "update", changes });
    return (await findStore(businessId, before.id, tx))!;
  });
  return answerStore(db, actor, after);
}
