/**
 * Offline stores (spec section 7 "Stores", shape "Store (branch)" of section 3): list with filters,
 * create, read, update, the status change, the channel connections, the store tree and type names
 * of the pickers, update history, the export, and partnerships with other businesses' stores.
 *
 * Calls:
 *   GET  /v0.0.1/stores, /v0.0.0/stores       list (search, type 1-5, category 1 Flagship / 2 Reseller,
 *                                             status 1 / 0, sort 1-6, page, limit)
 *   POST /v0.0.1/stores/create                create
 *   GET  /v0.0.1/stores/{id}, /v0.0.0/stores/{id}
 *   PUT  /v0.0.0/stores/{id}                  update (the whole form)
 *   PUT  /v0.0.0/stores/status                store_branch_ids (comma separated) + action activate|inactivate,
 *                                             form-encoded or JSON; PUT /v0.0.0/stores/{id}/{activate|inactivate}
 *                                             is the same for one store (the list's switch)
 *   PUT  /v0.0.0/stores/{id}/channel-toggle   action connect|disconnect + channel_ids (comma separated:
 *                                             "Connect all" sends every id at once); also under /v0.0.1
 *   GET  /v0.0.0/stores/list-tree             business → store type → stores (business_ids, show_reseller, status)
 *   GET  /v0.0.0/stores/type-names            the store type names (sort 5 name asc, 6 name desc)
 *   GET  /v0.0.0/stores/{id}/update-history
 *   GET  /v0.0.0/stores/partner-candidates    other businesses' active stores to partner with (search, business_id)
 *   POST /v0.0.0/stores/create-partnership    store_branch_id of another business's store
 *   GET  /v0.0.0/stores/partnerships          direction incoming | outgoing, status, store_branch_id
 *   PUT  /v0.0.0/stores/partnerships/{id}/{action}  approve | decline | cancel | disconnect |
 *                                             approve-disconnect | decline-disconnect | request
 *   POST /v0.0.0/exports/store                the export (api/routes/exports.ts, kind "store" below)
 *
 * Decisions where the spec is silent:
 * - Scope: the business the caller works in (c.var.member.businessId). Its own stores, plus the
 *   stores of other businesses it partners with (core/profile/stores.ts). Any other id is 404.
 *   Members with the profile privilege manage stores (owners and staff alike).
 * - Default store: one per business. The first store becomes the default; `is_default` true on create
 *   or update moves the default there. The default store cannot be deactivated, and an inactive
 *   store cannot become the default (422): the business always has an active default store once it
 *   has any active store. There is no "unset default": choose another store instead.
 * - Partner stores are read-only (422 on update and status: their owner runs them); their partner
 *   connects them to its own channels once the partnership is Connected.
 * - Read-only channels (inactive ones, the Indie Marketplace channel, and every channel of a partner
 *   store not Connected) are refused by channel-toggle with 422. A channel id that is not the
 *   business's answers 404, like every other id of another business.
 * - Status change and channel-toggle accept several ids; all are checked before anything changes
 *   (all or nothing). Repeating the current state is a harmless 200 that writes no history.
 * - Every change writes update history with readable values: city and courier names, the bank as
 *   "BCA 1234567890 a.n. …", connected channels as their names. History rows belong to the business
 *   that made the change, so a partner's channel connections stay in the partner's history.
 * - The store type names answer the filter names of spec section 9 (Dept Store, Mall Shop, …),
 *   which is what the filter widget lists; cards show each store's type_name (Dept Store, Mall Store …).
 * - Partnerships (kind "store", rules in core/profile/partnerships.ts): a business asks to resell
 *   another business's active store; the owner approves. While asked (any status but Disconnected)
 *   the store is in the asker's list as a Reseller store, read-only; once Connected the asker
 *   connects it to its own channels. The owner's history of the store gets the partnership steps.
 * - A store's city is any city of the reference list (/utilities/locations), the village optional
 *   but of that city. delivery_location_data is the store's own address with delivery_address_type
 *   1, else the other address (its `name` is that address's city, like location_data.name).
 * - Couriers are courier services (reference ids, checked to exist); the store keeps the chosen ids.
 * - Feedback messages are up to 500 characters; a message switched on must have text (422).
 */
import { Hono, type Context } from "hono";
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql } from "drizzle-orm";
import { z } from "zod";
import { db, type Tx } from "#db/client.ts";
import {
  bankAccounts, banks, businesses, channels, cities, courierServices, couriers, partnerships, storeChannels, stores, villages,
} from "#db/schema/index.ts";
import { BUSINESS_STATUS } from "#db/schema/company-enums.ts";
import { actOnPartnership, ANSWER_ACTIONS, OPEN_STATUSES, requestPartnership, type PartnershipAction } from "#core/profile/partnerships.ts";
import { ACTIVE, INACTIVE, PARTNERSHIP_STATUS, STORE_TYPES } from "#core/profile/profile-enums.ts";
import { idList, storeBody, type StoreBody } from "#core/profile/store-schema.ts";
import {
  bankLabel, courierServiceList, findStore, findStores, loadStoreContext, onlineChannels, sells, serviceLabel, storeFilters,
  storeJson, storePartnershipJson, storePartnershipSelect, storesJson, storeSnapshot, storeTree, type StoreRow,
} from "#core/profile/stores.ts";
import { canAccess } from "#core/auth/privileges.ts";
import { defineExport } from "#core/jobs/exports.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import { memberships } from "#core/auth/tokens.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { diff, recordHistory } from "#core/lib/history.ts";
import { historyList } from "#api/lib/history.ts";
import { input, list, ok, whole } from "#api/lib/http.ts";
import { contains, listQuery, offsetOf } from "#core/lib/list-query.ts";
import { normalizePhone } from "#core/lib/phone.ts";
import { NotFound, Refused } from "#core/errors.ts";

export const storeRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller("profile")] as const;

const idParam = (c: Context<ApiEnv>) => Number(c.req.param("id"));
const fail = (fields: Record<string, string[]>): never => {
  throw new Refused("api:errors.validation", fields);
};

/** The store for the caller's business, or 404. With `tx` its row stays locked until the end. */
async function storeFor(c: Context<ApiEnv>, id: number, tx?: Tx) {
  const row = await findStore(c.var.member.businessId, id, tx);
  if (!row) throw new NotFound();
  return row;
}

/** Partner stores are their owner's to change. */
function ownOnly(c: Context<ApiEnv>, row: StoreRow) {
  if (row.businessId !== c.var.member.businessId) throw new Refused("store:api.partner_readonly", undefined, { name: row.name });
}

async function answerOne(c: Context<ApiEnv>, row: StoreRow, exec: typeof db | Tx = db) {
  const viewer = c.var.member.businessId;
  const ctx = await loadStoreContext(viewer, [row.id], exec);
  return storeJson(row, ctx, viewer, c.var.t);
}

/**
 * Checks what the body names (places, bank account, courier services) exists and is the business's;
 * answers their readable names for the history. All problems at once, per field.
 */
async function checkRefs(c: Context<ApiEnv>, body: StoreBody) {
  const businessId = c.var.member.businessId;
  const errors: Record<string, string[]> = {};
  const t = c.var.t;
  const [city] = await db.select({ name: cities.name }).from(cities).where(eq(cities.id, body.city_id)).limit(1);
  if (!city) errors.city_id = [t("validation:invalid")];
  let village: string | null = null;
  if (body.village_id) {
    const [v] = await db.select({ name: villages.name, cityId: villages.cityId }).from(villages).where(eq(villages.id, body.village_id)).limit(1);
    if (!v || v.cityId !== body.city_id) errors.village_id = [t("store:errors.village_city")];
    else village = v.name;
  }
  let deliveryCity: string | null = null;
  if (body.delivery_address_type === 2 && body.delivery_city_id) {
    const [d] = await db.select({ name: cities.name }).from(cities).where(eq(cities.id, body.delivery_city_id)).limit(1);
    if (!d) errors.delivery_city_id = [t("validation:invalid")];
    else deliveryCity = d.name;
  }
  let bankAccount: string | null = null;
  if (body.bank_account_id) {
    const [b] = await db.select({ shortName: banks.shortName, accountNo: bankAccounts.accountNo, accountName: bankAccounts.accountName })
      .from(bankAccounts).innerJoin(banks, eq(banks.code, bankAccounts.bankCode))
      .where(and(eq(bankAccounts.id, body.bank_account_id), eq(bankAccounts.businessId, businessId))).limit(1);
    if (!b) errors.bank_account_id = [t("store:errors.bank_account")];
    else bankAccount = bankLabel(b);
  }
  const wanted = [...new Set(body.courier_service_ids)];
  const services = wanted.length
    ? await db.select({ id: courierServices.id, name: courierServices.name, courierName: couriers.name })
      .from(courierServices).innerJoin(couriers, eq(couriers.code, courierServices.courierCode)).where(inArray(courierServices.id, wanted))
    : [];
  if (services.length !== wanted.length) errors.courier_service_ids = [t("store:errors.courier_service")];
  if (Object.keys(errors).length) fail(errors);
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

/** One store-changing call at a time per business: "the first store is the default" and "one default" hold. */
const lockBusiness = (tx: Tx, businessId: number) => tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)).for("update");

/** Moves the default to `storeId` (history rows on both stores). */
async function moveDefault(c: Context<ApiEnv>, tx: Tx, storeId: number) {
  const businessId = c.var.member.businessId;
  const previous = await tx.update(stores).set({ isDefault: false, timeModified: new Date() })
    .where(and(eq(stores.businessId, businessId), eq(stores.isDefault, true), ne(stores.id, storeId)))
    .returning({ id: stores.id });
  for (const p of previous) {
    await recordHistory(tx, {
      businessId, refType: "store", refId: p.id, userId: c.var.user.id, action: "update", changes: { is_default: { from: true, to: false } },
    });
  }
}

// ---------------------------------------------------------------------------------------------
// List, create, read, update
// ---------------------------------------------------------------------------------------------
async function listStores(c: Context<ApiEnv>) {
  const q = await input(c, listQuery.extend(storeFilters.shape), "query");
  const viewer = c.var.member.businessId;
  const { rows, total } = await findStores(viewer, q, { limit: q.limit, offset: offsetOf(q) });
  return list(c, await storesJson(rows, viewer, c.var.t), total, q.limit);
}
storeRoutes.get("/v0.0.1/stores", ...seller, listStores);
storeRoutes.get("/v0.0.0/stores", ...seller, listStores);

storeRoutes.post("/v0.0.1/stores/create", ...seller, async (c) => {
  const body = await input(c, storeBody);
  const refs = await checkRefs(c, body);
  const businessId = c.var.member.businessId;
  const values = storeValues(body, refs);
  const row = await db.transaction(async (tx) => {
    await lockBusiness(tx, businessId);
    const [{ n }] = await tx.select({ n: count() }).from(stores).where(eq(stores.businessId, businessId));
    const isDefault = n === 0 || body.is_default;
    if (isDefault) await moveDefault(c, tx, -1);
    const [created] = await tx.insert(stores).values({ ...values, businessId, isDefault, status: ACTIVE }).returning({ id: stores.id });
    await recordHistory(tx, {
      businessId, refType: "store", refId: created.id, userId: c.var.user.id, action: "create",
      changes: diff({}, valuesSnapshot(values, refs, isDefault)),
    });
    return (await findStore(businessId, created.id, tx))!;
  });
  return ok(c, await answerOne(c, row), "store:api.created");
});

async function getOne(c: Context<ApiEnv>) {
  return ok(c, await answerOne(c, await storeFor(c, idParam(c))));
}
storeRoutes.get("/v0.0.1/stores/:id{[0-9]+}", ...seller, getOne);
storeRoutes.get("/v0.0.0/stores/:id{[0-9]+}", ...seller, getOne);

storeRoutes.put("/v0.0.0/stores/:id{[0-9]+}", ...seller, async (c) => {
  const found = await storeFor(c, idParam(c));
  ownOnly(c, found);
  const body = await input(c, storeBody);
  const refs = await checkRefs(c, body);
  const values = storeValues(body, refs);
  const businessId = c.var.member.businessId;
  const services = new Map((await courierServiceList()).map((s) => [s.id, s]));
  const after = await db.transaction(async (tx) => {
    await lockBusiness(tx, businessId);
    const before = await storeFor(c, found.id, tx);
    const makeDefault = body.is_default && !before.isDefault;
    if (makeDefault && before.status !== ACTIVE) fail({ is_default: [c.var.t("store:errors.default_inactive")] });
    const changes = diff(storeSnapshot(before, services), valuesSnapshot(values, refs, before.isDefault || makeDefault));
    if (!Object.keys(changes).length) return before;
    if (makeDefault) await moveDefault(c, tx, before.id);
    await tx.update(stores).set({ ...values, isDefault: before.isDefault || makeDefault, timeModified: new Date() }).where(eq(stores.id, before.id));
    await recordHistory(tx, { businessId, refType: "store", refId: before.id, userId: c.var.user.id, action: "update", changes });
    return (await findStore(businessId, before.id, tx))!;
  });
  return ok(c, await answerOne(c, after), "store:api.updated");
});

storeRoutes.get("/v0.0.0/stores/:id{[0-9]+}/update-history", ...seller, async (c) => {
  const store = await storeFor(c, idParam(c));
  const q = await input(c, listQuery.pick({ page: true, limit: true }), "query");
  return historyList(c, { businessId: c.var.member.businessId, refType: "store", refId: store.id }, q);
});

// ---------------------------------------------------------------------------------------------
// Status: PUT /v0.0.0/stores/status (store_branch_ids + action), and one store's switch
// ---------------------------------------------------------------------------------------------
const statusBody = z.object({
  store_branch_ids: idList().refine((ids) => ids.length > 0, "required"),
  action: z.enum(["activate", "inactivate"], { error: "required" }),
});

async function changeStatus(c: Context<ApiEnv>, ids: number[], activate: boolean) {
  const businessId = c.var.member.businessId;
  const to = activate ? ACTIVE : INACTIVE;
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const rows = await db.transaction(async (tx) => {
    await lockBusiness(tx, businessId);
    const found: StoreRow[] = [];
    // Every store is checked (and locked) before any changes: all or nothing.
    for (const id of unique) {
      const row = await storeFor(c, id, tx);
      ownOnly(c, row);
      if (!activate && row.isDefault && row.status === ACTIVE) throw new Refused("store:api.default_inactivate", undefined, { name: row.name });
      found.push(row);
    }
    const out: StoreRow[] = [];
    for (const row of found) {
      if (row.status === to) {
        out.push(row);
        continue;
      }
      await tx.update(stores).set({ status: to, timeModified: new Date() }).where(eq(stores.id, row.id));
      await recordHistory(tx, {
        businessId, refType: "store", refId: row.id, userId: c.var.user.id, action: activate ? "activate" : "inactivate",
        changes: { status: { from: row.status, to } },
      });
      out.push((await findStore(businessId, row.id, tx))!);
    }
    return out;
  });
  const message = rows.length === 1 ? (activate ? "store:api.activated" : "store:api.inactivated") : (activate ? "store:api.activated_many" : "store:api.inactivated_many");
  const answer = await storesJson(rows, businessId, c.var.t);
  return c.json({ code: 200, message: c.var.t(message, { name: rows[0]?.name, count: rows.length }), data: answer }, 200);
}

storeRoutes.put("/v0.0.0/stores/status", ...seller, async (c) => {
  const body = await input(c, statusBody);
  return changeStatus(c, body.store_branch_ids, body.action === "activate");
});

storeRoutes.put("/v0.0.0/stores/:id{[0-9]+}/:action{activate|inactivate}", ...seller, async (c) =>
  changeStatus(c, [idParam(c)], c.req.param("action") === "activate"));

// ---------------------------------------------------------------------------------------------
// Channel connections: PUT /stores/{id}/channel-toggle (action + channel_ids)
// ---------------------------------------------------------------------------------------------
const toggleBody = z.object({
  action: z.enum(["connect", "disconnect"], { error: "required" }),
  channel_ids: idList().refine((ids) => ids.length > 0, "required"),
});

async function channelToggle(c: Context<ApiEnv>) {
  const body = await input(c, toggleBody);
  const viewer = c.var.member.businessId;
  const t = c.var.t;
  const wanted = [...new Set(body.channel_ids)];
  const connect = body.action === "connect";
  const after = await db.transaction(async (tx) => {
    const store = await storeFor(c, idParam(c), tx);
    // A channel id that is not this business's is as unknown as any other business's id.
    const mine = await tx.select({ id: channels.id }).from(channels).where(and(eq(channels.businessId, viewer), inArray(channels.id, wanted)));
    if (mine.length !== wanted.length) throw new NotFound();
    const ctx = await loadStoreContext(viewer, [store.id], tx);
    const entries = onlineChannels(store, ctx, viewer, t);
    const asked = entries.filter((e) => wanted.includes(e.id));
    const locked = asked.filter((e) => e.is_readonly);
    if (locked.length) {
      fail({ channel_ids: locked.map((e) => t(`store:errors.readonly_${e.readonly_reason}`, { name: e.name })) });
    }
    if (!sells(store, viewer)) fail({ channel_ids: [t("store:errors.readonly_partnership", { name: store.name })] });
    const changing = asked.filter((e) => e.is_connected !== connect);
    if (!changing.length) return store;
    const ids = changing.map((e) => e.id);
    if (connect) {
      await tx.insert(storeChannels).values(ids.map((channelId) => ({ storeId: store.id, channelId, businessId: viewer }))).onConflictDoNothing();
    } else {
      await tx.delete(storeChannels).where(and(eq(storeChannels.storeId, store.id), eq(storeChannels.businessId, viewer), inArray(storeChannels.channelId, ids)));
    }
    const names = (list: typeof entries) => list.map((e) => e.name).sort((a, b) => a.localeCompare(b)).join(", ") || null;
    const before = entries.filter((e) => e.is_connected && !e.is_readonly);
    const now = entries.filter((e) => (ids.includes(e.id) ? connect : e.is_connected) && !e.is_readonly);
    await recordHistory(tx, {
      businessId: viewer, refType: "store", refId: store.id, userId: c.var.user.id, action: body.action,
      changes: { channels: { from: names(before), to: names(now) } },
    });
    // Connections are not the store's own fields: its time_modified stays.
    return store;
  });
  const answer = await answerOne(c, after);
  const message = wanted.length > 1 ? (connect ? "store:api.connected_many" : "store:api.disconnected_many") : (connect ? "store:api.connected" : "store:api.disconnected");
  const channelName = answer.channel_online_offline_data.online.find((e) => e.id === wanted[0])?.name;
  return c.json({ code: 200, message: t(message, { name: channelName, store: answer.name, count: wanted.length }), data: answer }, 200);
}
storeRoutes.put("/v0.0.0/stores/:id{[0-9]+}/channel-toggle", ...seller, channelToggle);
storeRoutes.put("/v0.0.1/stores/:id{[0-9]+}/channel-toggle", ...seller, channelToggle);

// ---------------------------------------------------------------------------------------------
// Pickers: the store tree and the store type names
// ---------------------------------------------------------------------------------------------
const treeQuery = z.object({
  business_ids: idList().optional(),
  business_id: z.coerce.number().int().positive("invalid").optional(),
  show_reseller: z.enum(["true", "false", "1", "0"], { error: "invalid" }).optional(),
  status: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().refine((v) => v === 0 || v === 1, "invalid").optional()),
});

async function listTree(c: Context<ApiEnv>) {
  const q = await input(c, treeQuery, "query");
  const asked = [...(q.business_ids ?? []), ...(q.business_id ? [q.business_id] : [])];
  // The caller's active businesses whose profile they may open; the one they work in when none is asked.
  const mine = (await memberships(c.var.user.id)).filter((m) => canAccess(m, "profile"));
  const chosen = asked.length ? mine.filter((m) => asked.includes(m.businessId)) : mine.filter((m) => m.businessId === c.var.member.businessId);
  const tree = await storeTree(
    chosen.map((m) => ({ id: m.businessId, name: m.businessName })),
    { showReseller: !(q.show_reseller === "false" || q.show_reseller === "0"), status: q.status },
    c.var.t,
  );
  return whole(c, tree.filter((b) => b.childs.length > 0));
}
storeRoutes.get("/v0.0.0/stores/list-tree", ...seller, listTree);
storeRoutes.get("/v0.0.1/stores/list-tree", ...seller, listTree);

storeRoutes.get("/v0.0.0/stores/type-names", ...seller, async (c) => {
  const q = await input(c, z.object({ sort: z.coerce.number().int().min(1, "invalid").max(6, "invalid").optional() }), "query");
  const names = STORE_TYPES.map((id) => ({ id, name: c.var.t(`profile:store_type_filters.${id}`) }));
  if (q.sort === 5) names.sort((a, b) => a.name.localeCompare(b.name));
  if (q.sort === 6) names.sort((a, b) => b.name.localeCompare(a.name));
  return whole(c, names);
});

// ---------------------------------------------------------------------------------------------
// Partnerships with other businesses' stores (core/profile/partnerships.ts, kind "store")
// ---------------------------------------------------------------------------------------------
const candidatesQuery = listQuery.pick({ page: true, limit: true, search: true }).extend({
  business_id: z.coerce.number().int().positive("invalid").optional(),
});

/** Other businesses' active stores the caller may ask to partner with, with its partnership status. */
storeRoutes.get("/v0.0.0/stores/partner-candidates", ...seller, async (c) => {
  const q = await input(c, candidatesQuery, "query");
  const viewer = c.var.member.businessId;
  const mine = and(eq(partnerships.kind, "store"), eq(partnerships.refId, stores.id), eq(partnerships.partnerBusinessId, viewer));
  const where = and(
    ne(stores.businessId, viewer),
    eq(stores.status, ACTIVE),
    eq(businesses.status, BUSINESS_STATUS.active),
    q.business_id ? eq(stores.businessId, q.business_id) : undefined,
    q.search ? or(ilike(stores.name, contains(q.search)), ilike(businesses.name, contains(q.search)), ilike(cities.name, contains(q.search))) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db.select({
      id: stores.id, name: stores.name, image: stores.image, type: stores.type, city: cities.name, businessId: businesses.id,
      businessName: businesses.name, partnershipStatus: partnerships.status,
    })
      .from(stores)
      .innerJoin(businesses, eq(businesses.id, stores.businessId))
      .innerJoin(cities, eq(cities.id, stores.cityId))
      .leftJoin(partnerships, mine)
      .where(where)
      .orderBy(asc(sql`lower(${businesses.name})`), asc(sql`lower(${stores.name})`), asc(stores.id))
      .limit(q.limit).offset(offsetOf(q)),
    db.select({ total: count() }).from(stores)
      .innerJoin(businesses, eq(businesses.id, stores.businessId))
      .innerJoin(cities, eq(cities.id, stores.cityId))
      .where(where),
  ]);
  return list(c, rows.map((r) => ({
    store_branch_id: r.id,
    name: r.name,
    image: r.image,
    type: r.type,
    type_name: c.var.t(`profile:store_types.${r.type}`),
    city: r.city,
    business_data: { business_id: r.businessId, name: r.businessName },
    partnership_status: r.partnershipStatus,
    partnership_status_name: r.partnershipStatus === null ? null : c.var.t(`profile:partnership_status.${r.partnershipStatus}`),
    is_requestable: r.partnershipStatus === null || r.partnershipStatus === PARTNERSHIP_STATUS.disconnected,
  })), total, q.limit);
});

storeRoutes.post("/v0.0.0/stores/create-partnership", ...seller, async (c) => {
  const body = await input(c, z.object({ store_branch_id: z.coerce.number({ error: "required" }).int().positive("required") }));
  const viewer = c.var.member.businessId;
  const [target] = await db
    .select({ id: stores.id, businessId: stores.businessId, status: stores.status, businessStatus: businesses.status })
    .from(stores).innerJoin(businesses, eq(businesses.id, stores.businessId))
    .where(eq(stores.id, body.store_branch_id)).limit(1);
  if (target?.businessId === viewer) fail({ store_branch_id: [c.var.t("store:errors.own_store")] });
  if (!target || target.status !== ACTIVE || target.businessStatus !== BUSINESS_STATUS.active) {
    fail({ store_branch_id: [c.var.t("store:errors.not_available")] });
  }
  const [existing] = await db.select({ status: partnerships.status }).from(partnerships)
    .where(and(eq(partnerships.kind, "store"), eq(partnerships.refId, target!.id), eq(partnerships.partnerBusinessId, viewer))).limit(1);
  if (existing && OPEN_STATUSES.includes(existing.status)) fail({ store_branch_id: [c.var.t("store:errors.already_partner")] });
  await db.transaction((tx) => requestPartnership(tx, {
    kind: "store", refId: target!.id, ownerBusinessId: target!.businessId, partnerBusinessId: viewer, userId: c.var.user.id,
  }));
  return ok(c, await answerOne(c, (await findStore(viewer, target!.id))!), "store:api.partnership_requested");
});

const partnershipsQuery = listQuery.pick({ page: true, limit: true }).extend({
  direction: z.enum(["incoming", "outgoing"], { error: "invalid" }).default("incoming"),
  status: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0, "invalid").max(4, "invalid").optional()),
  store_branch_id: z.coerce.number().int().positive("invalid").optional(),
});

/** Store partnerships of the caller: incoming (its stores, asked by others) or outgoing (it asked). */
storeRoutes.get("/v0.0.0/stores/partnerships", ...seller, async (c) => {
  const q = await input(c, partnershipsQuery, "query");
  const viewer = c.var.member.businessId;
  const where = and(
    q.direction === "incoming" ? eq(partnerships.ownerBusinessId, viewer) : eq(partnerships.partnerBusinessId, viewer),
    q.status === undefined ? inArray(partnerships.status, [...OPEN_STATUSES]) : eq(partnerships.status, q.status),
    q.store_branch_id ? eq(partnerships.refId, q.store_branch_id) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    // Waiting for the caller first, then the latest change first.
    storePartnershipSelect(where)
      .orderBy(sql`CASE WHEN ${partnerships.status} IN (0, 2, 3) AND ${partnerships.requestedByBusinessId} <> ${viewer} THEN 0 ELSE 1 END`,
        desc(partnerships.timeModified), desc(partnerships.id))
      .limit(q.limit).offset(offsetOf(q)),
    db.select({ total: count() }).from(partnerships).where(and(eq(partnerships.kind, "store"), where)),
  ]);
  return list(c, rows.map((r) => storePartnershipJson(r, viewer, c.var.t)), total, q.limit);
});

// Longest first: the router's pattern takes the first alternative that fits ("decline" of "decline-disconnect").
const ACTION_PATTERN = [...ANSWER_ACTIONS].sort((a, b) => b.length - a.length).join("|");
storeRoutes.put(`/v0.0.0/stores/partnerships/:id{[0-9]+}/:action{${ACTION_PATTERN}}`, ...seller, async (c) => {
  const action = c.req.param("action") as PartnershipAction;
  const viewer = c.var.member.businessId;
  const { row } = await db.transaction((tx) => actOnPartnership(tx, { id: idParam(c), businessId: viewer, action, userId: c.var.user.id, kind: "store" }));
  const [after] = await storePartnershipSelect(eq(partnerships.id, row.id));
  return ok(c, storePartnershipJson(after, viewer, c.var.t), `store:partnership.done.${action}`);
});

// ---------------------------------------------------------------------------------------------
// Export: the list of /profile/store with its filters
// ---------------------------------------------------------------------------------------------
defineExport("store", {
  privilege: "profile",
  filename: "store:export.filename",
  sheet: "store:export.sheet",
  filters: storeFilters,
  columns: [
    { key: "name", header: "store:fields.name", width: 30 },
    { key: "type", header: "store:fields.type", width: 16 },
    { key: "category", header: "store:fields.category", width: 14 },
    { key: "status", header: "store:fields.status", width: 14 },
    { key: "is_default", header: "store:fields.is_default", width: 12 },
    { key: "company", header: "store:fields.company", width: 24 },
    { key: "email", header: "store:fields.email", width: 26 },
    { key: "phone", header: "store:fields.phone", width: 18 },
    { key: "address", header: "store:fields.address", width: 40 },
    { key: "city", header: "store:fields.city", width: 24 },
    { key: "province", header: "store:fields.province", width: 20 },
    { key: "postcode", header: "store:fields.postcode", width: 10 },
    { key: "latitude", header: "store:fields.latitude", width: 12 },
    { key: "longitude", header: "store:fields.longitude", width: 12 },
    { key: "channels", header: "store:fields.channels_connected", width: 40 },
    { key: "bank_account", header: "store:fields.bank_account", width: 34 },
    { key: "couriers", header: "store:fields.couriers", width: 40 },
    { key: "process_day", header: "store:fields.process_day", width: 12 },
    { key: "time_created", header: "store:fields.time_created", date: true },
    { key: "time_modified", header: "store:fields.time_modified", date: true },
  ],
  async page(job, filters, offset, limit, t) {
    const { rows, total } = await findStores(job.businessId, filters, { limit, offset });
    const shaped = await storesJson(rows, job.businessId, t);
    return {
      total,
      rows: shaped.map((s, i) => ({
        name: s.name,
        type: s.type_name,
        category: s.category_name,
        status: s.status_name,
        is_default: s.is_default ? t("store:export.yes") : t("store:export.no"),
        company: s.business_data.name,
        email: s.email,
        phone: s.phone,
        address: s.location_data.address,
        city: s.location_data.name,
        province: s.location_data.province_name,
        postcode: s.location_data.postcode,
        latitude: s.location_data.latitude,
        longitude: s.location_data.longitude,
        channels: s.channel_online_offline_data.online.filter((e) => e.is_connected).map((e) => e.name).join(", "),
        bank_account: s.bank_data ? `${s.bank_data.title} ${s.bank_data.account_no} a.n. ${s.bank_data.account_name}` : null,
        couriers: s.courier_datas.flatMap((g) => g.checked_childs.map((x) => x.name)).join(", "),
        process_day: s.process_day,
        time_created: rows[i].timeCreated,
        time_modified: rows[i].timeModified,
      })),
    };
  },
});
