/**
 * Offline stores (the spec's "store branch") as a business sees them: the list query shared by the
 * list call, the tree, the export job and the branch table; the answer shape of spec section 3
 * "Store (branch)"; the channel and courier parts of a store. The service over these queries is
 * stores-service.ts (list, status, channels, pickers, export), stores-save.ts (the store form) and
 * stores-partnerships.ts (partnerships with other businesses' stores).
 *
 * Which stores a business sees: its own (Flagship) and the stores of other businesses it has a
 * store partnership with (Reseller: core/profile/partnerships.ts, kind "store", this business as the
 * partner, any status but Disconnected). A partner store is read-only here (is_updateable false,
 * no status switch, no bank account shown: that is the owner's), but the partner connects it to
 * its OWN online channels, which is what selling as a reseller means.
 *
 * Channels of a store (channel_online_offline_data):
 * - online: every online channel of the viewing business, with is_connected from store_channels.
 *   Read-only (no switch, refused by channel-toggle):
 *     · an inactive channel (its connections stay as they were until it is active again);
 *     · the Indie Marketplace channel (code IDM): the platform lists every active store of the
 *       business there, so it is connected while both are active and nobody toggles it;
 *     · every channel of a partner store whose partnership is not Connected (yet, or any more).
 *   pos_status: there is no POS subscription model yet, so every entry is 0 Inactive.
 *   The card's Channel List (total_connected_channel/total_channel) counts active channels only.
 * - offline: the business's other stores (type = store type, is_connected false, read-only): stores
 *   do not connect to each other; they are listed so the card shows the whole offline network.
 * delivery_location_data is the store's own address with delivery_address_type 1, else the other
 * address (its `name` is that address's city, like location_data.name).
 * Couriers: courier_datas are the courier groups (Regular, Instant, Same Day, Cargo) the store
 * chose services in; checked_childs are the chosen services ("JNE Layanan Reguler"), each
 * is_active true (a service the platform withdrew would show false; none is withdrawn today).
 */
import { alias } from "drizzle-orm/pg-core";
import { and, asc, count, eq, ilike, inArray, isNotNull, ne, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { TFunction } from "i18next";
import { z } from "zod";
import { db, joinsAsWritten, prepared, preparedSql, type Db, type Tx } from "#db/client.ts";
import {
  bankAccounts, banks, businesses, channels, cities, partnerships, provinces, storeChannels, stores, villages,
} from "#db/schema/index.ts";
import { unix } from "#core/lib/time.ts";
import { couriersOnce } from "#core/utilities/reference.ts";
import { contains, orderBy, totalOf } from "#core/lib/list-query.ts";
import { OPEN_STATUSES } from "./partnerships.ts";
import { ACTIVE, CHANNEL_PLATFORMS, PARTNERSHIP_STATUS, STORE_TYPES, type ChannelPlatformCode } from "./profile-enums.ts";

/** "" from a query string means "not given" (status=0 is a real filter). */
const blank = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

/** The list filters of spec section 9: store type 1-5, category Flagship 1 / Reseller 2, status 1 / 0. */
export const storeFilters = z.object({
  search: z.string().trim().max(100, "too_long").optional(),
  type: blank(z.coerce.number().int().refine((v) => (STORE_TYPES as readonly number[]).includes(v), "invalid")),
  category: blank(z.coerce.number().int().refine((v) => v === 1 || v === 2, "invalid")),
  status: blank(z.coerce.number().int().refine((v) => v === 0 || v === 1, "invalid")),
  sort: z.coerce.number().int().min(1, "invalid").max(6, "invalid").default(2),
});
export type StoreFilters = z.infer<typeof storeFilters>;

/** The partnership statuses under which a partner store is listed (all but Disconnected). */
export const LISTED = OPEN_STATUSES;
/** ... and under which its partner may connect it to channels. */
export const SELLING: number[] = [PARTNERSHIP_STATUS.connected, PARTNERSHIP_STATUS.requesting_disconnect];

const deliveryCity = alias(cities, "delivery_city");
const deliveryProvince = alias(provinces, "delivery_province");

const columns = {
  id: stores.id,
  businessId: stores.businessId,
  businessName: businesses.name,
  name: stores.name,
  type: stores.type,
  image: stores.image,
  email: stores.email,
  phone: stores.phone,
  status: stores.status,
  isDefault: stores.isDefault,
  address: stores.address,
  cityId: stores.cityId,
  cityName: cities.name,
  provinceName: provinces.name,
  villageId: stores.villageId,
  villageName: villages.name,
  villageDistrict: villages.district,
  postcode: stores.postcode,
  latitude: stores.latitude,
  longitude: stores.longitude,
  deliveryAddressType: stores.deliveryAddressType,
  deliveryCityId: stores.deliveryCityId,
  deliveryCityName: deliveryCity.name,
  deliveryProvinceName: deliveryProvince.name,
  deliveryAddress: stores.deliveryAddress,
  deliveryPostcode: stores.deliveryPostcode,
  isPickupAtStore: stores.isPickupAtStore,
  processDay: stores.processDay,
  bankAccountId: stores.bankAccountId,
  bankCode: bankAccounts.bankCode,
  bankName: banks.name,
  bankShortName: banks.shortName,
  bankAccountName: bankAccounts.accountName,
  bankAccountNo: bankAccounts.accountNo,
  courierServiceIds: stores.courierServiceIds,
  orderFinishedMessage: stores.orderFinishedMessage,
  orderFinishedActive: stores.orderFinishedActive,
  orderReturnedMessage: stores.orderReturnedMessage,
  orderReturnedActive: stores.orderReturnedActive,
  partnershipId: partnerships.id,
  partnershipStatus: partnerships.status,
  timeCreated: stores.timeCreated,
  timeModified: stores.timeModified,
};

function baseQuery(viewer: number | Placeholder, exec: Db | Tx) {
  return exec
    .select(columns)
    .from(stores)
    .innerJoin(businesses, eq(businesses.id, stores.businessId))
    .innerJoin(cities, eq(cities.id, stores.cityId))
    .innerJoin(provinces, eq(provinces.id, cities.provinceId))
    .leftJoin(villages, eq(villages.id, stores.villageId))
    .leftJoin(deliveryCity, eq(deliveryCity.id, stores.deliveryCityId))
    .leftJoin(deliveryProvince, eq(deliveryProvince.id, deliveryCity.provinceId))
    .leftJoin(bankAccounts, eq(bankAccounts.id, stores.bankAccountId))
    .leftJoin(banks, eq(banks.code, bankAccounts.bankCode))
    .leftJoin(partnerships, partnerJoin(viewer));
}

export const partnerJoin = (viewer: number | Placeholder, statuses: readonly number[] = LISTED) =>
  and(eq(partnerships.kind, "store"), eq(partnerships.refId, stores.id), eq(partnerships.partnerBusinessId, viewer), inArray(partnerships.status, [...statuses]));

/** The stores `viewer` sees, narrowed by the filters. Needs the partnerships join (baseQuery). */
function scoped(viewer: number | Placeholder, f: Partial<StoreFilters> = {}) {
  const where: SQL[] = [or(eq(stores.businessId, viewer), isNotNull(partnerships.id))!];
  if (f.search) {
    const text = contains(f.search);
    where.push(or(ilike(stores.name, text), ilike(stores.address, text), ilike(cities.name, text))!);
  }
  if (f.type !== undefined) where.push(eq(stores.type, f.type));
  if (f.status !== undefined) where.push(eq(stores.status, f.status));
  if (f.category === 1) where.push(eq(stores.businessId, viewer));
  if (f.category === 2) where.push(ne(stores.businessId, viewer));
  return and(...where);
}

export async function findStores(viewer: number, f: StoreFilters, page: { limit: number; offset: number }, exec: Db | Tx = db) {
  const where = scoped(viewer, f);
  const read = (e: Db | Tx, viewer: number | Placeholder, name: string) => baseQuery(viewer, e)
    .where(scoped(viewer, f))
    .orderBy(...orderBy(f.sort, { created: stores.timeCreated, modified: stores.timeModified, name: stores.name, id: stores.id }))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare(name);
  const values = { viewer, limit: page.limit, offset: page.offset };
  // Ten tables, each a lookup by key. The list as it opens (a sort, a page) is a prepared query
  // (db/client.ts), planned on its first runs only; a filter's, or one inside a transaction, is
  // planned as written (joinsAsWritten): a tenth of the planning, but three more round trips.
  const filtered = f.search || f.type !== undefined || f.status !== undefined || f.category !== undefined;
  const rows = filtered || exec !== db
    ? await joinsAsWritten(exec, (e) => read(e, viewer, "").execute(values))
    : await prepared(db, `store_page_${f.sort}`, (e, name) => read(e, sql.placeholder("viewer"), name)).execute(values);
  const total = await totalOf(page, rows.length, async () => {
    const [{ n }] = await exec.select({ n: count() }).from(stores)
      .innerJoin(cities, eq(cities.id, stores.cityId))
      .leftJoin(partnerships, partnerJoin(viewer))
      .where(where);
    return n;
  });
  return { rows, total };
}

/**
 * One store `viewer` sees (its own or a partner's), or undefined (the caller answers 404). `lock`
 * (inside a transaction): the store's row stays locked until it ends, so a change decides on
 * current values.
 */
export async function findStore(viewer: number, id: number, exec: Db | Tx = db, lock = false) {
  const [row] = await joinsAsWritten(exec, (e) => {
    const query = baseQuery(viewer, e).where(and(scoped(viewer), eq(stores.id, id))).limit(1);
    return lock ? query.for("update", { of: stores }) : query;
  });
  return row;
}
export type StoreRow = NonNullable<Awaited<ReturnType<typeof findStore>>>;

// ---------------------------------------------------------------------------------------------
// What the cards need besides the store's row: the viewer's channels and stores, the
// connections of the stores shown, and the courier services. Loaded once for a page of stores.
// ---------------------------------------------------------------------------------------------
export type StoreContext = Awaited<ReturnType<typeof loadStoreContext>>;

export async function loadStoreContext(viewer: number, storeIds: number[], exec: Db | Tx = db) {
  // One round trip for the three (the default first, then by name); every store page asks it: prepared.
  const [row] = await preparedSql<{
    channels: { id: number; name: string; code: string; logo: string | null; status: number }[];
    links: { storeId: number; channelId: number }[];
    own_stores: { id: number; name: string; type: number; image: string | null; status: number }[];
  }>(exec, "store_context", (value) => sql`SELECT
    (SELECT coalesce(json_agg(json_build_object('id', ${channels.id}, 'name', ${channels.name}, 'code', ${channels.platformCode},
            'logo', ${channels.logo}, 'status', ${channels.status}) ORDER BY ${channels.isDefault} DESC, lower(${channels.name}), ${channels.id}), '[]'::json)
       FROM ${channels} WHERE ${channels.businessId} = ${value("viewer")}) AS channels,
    (SELECT coalesce(json_agg(json_build_object('storeId', ${storeChannels.storeId}, 'channelId', ${storeChannels.channelId})), '[]'::json)
       FROM ${storeChannels} WHERE ${storeChannels.businessId} = ${value("viewer")} AND ${storeChannels.storeId} = ANY(${value("stores")}::int[])) AS links,
    (SELECT coalesce(json_agg(json_build_object('id', ${stores.id}, 'name', ${stores.name}, 'type', ${stores.type}, 'image', ${stores.image},
            'status', ${stores.status}) ORDER BY ${stores.isDefault} DESC, lower(${stores.name}), ${stores.id}), '[]'::json)
       FROM ${stores} WHERE ${stores.businessId} = ${value("viewer")}) AS own_stores`).execute({ viewer, stores: storeIds });
  const { channels: channelRows, links, own_stores: ownStores } = row;
  const services = await courierServiceList(exec);
  const connected = new Set(links.map((l) => `${l.storeId}:${l.channelId}`));
  return { channels: channelRows, connected, ownStores, services: new Map(services.map((s) => [s.id, s])) };
}

/** The courier services, by courier name then id (reference data, read once: core/utilities/reference.ts). */
export async function courierServiceList(exec: Db | Tx = db) {
  return (await couriersOnce(exec)).services;
}

/** Courier groups in the order of the courier tree (GET /utilities/delivery-couriers). */
const COURIER_GROUP_ORDER = ["regular", "instant", "same_day", "cargo"];

/** A courier service as people read it: "JNE Layanan Reguler". */
export const serviceLabel = (s: { courierName: string; name: string }) => `${s.courierName} ${s.name}`;

export type ChannelEntry = {
  id: number; name: string; code: string | null; type: number; type_name: string; image: string | null; status: number;
  is_connected: boolean; is_readonly: boolean; readonly_reason: "inactive" | "marketplace" | "partnership" | "offline" | null;
  pos_status: number; pos_status_name: string;
};

/** Can the viewer change this store's connections at all (own store, or a partner store it sells)? */
export const sells = (r: StoreRow, viewer: number) => r.businessId === viewer || SELLING.includes(r.partnershipStatus ?? -1);

/** The online channels of the viewer as entries of one store. */
export function onlineChannels(r: StoreRow, ctx: StoreContext, viewer: number, t: TFunction): ChannelEntry[] {
  const selling = sells(r, viewer);
  return ctx.channels.map((ch) => {
    const platform = CHANNEL_PLATFORMS[ch.code as ChannelPlatformCode];
    const type = platform?.type ?? 2;
    const marketplace = ch.code === "IDM";
    const reason = ch.status !== ACTIVE ? "inactive" : marketplace ? "marketplace" : !selling ? "partnership" : null;
    return {
      id: ch.id,
      name: ch.name,
      code: ch.code,
      type,
      type_name: t(`profile:channel_types.${type}`),
      image: ch.logo,
      status: ch.status,
      is_connected: marketplace ? ch.status === ACTIVE && r.status === ACTIVE && selling : ctx.connected.has(`${r.id}:${ch.id}`),
      is_readonly: reason !== null,
      readonly_reason: reason,
      pos_status: 0,
      pos_status_name: t("profile:pos_status.0"),
    };
  });
}

export function storeJson(r: StoreRow, ctx: StoreContext, viewer: number, t: TFunction) {
  const isPartner = r.businessId !== viewer;
  const online = onlineChannels(r, ctx, viewer, t);
  const offline: ChannelEntry[] = ctx.ownStores
    .filter((s) => s.id !== r.id)
    .map((s) => ({
      id: s.id, name: s.name, code: null, type: s.type, type_name: t(`profile:store_types.${s.type}`), image: s.image, status: s.status,
      is_connected: false, is_readonly: true, readonly_reason: "offline", pos_status: 0, pos_status_name: t("profile:pos_status.0"),
    }));
  const chosen = r.courierServiceIds.map((id) => ctx.services.get(id)).filter((s) => s !== undefined);
  const courierDatas = COURIER_GROUP_ORDER
    .map((group) => ({
      id: group,
      name: t(`utilities:courier_groups.${group}`),
      checked_childs: chosen.filter((s) => s.group === group)
        .map((s) => ({ delivery_courier_id: s.id, name: serviceLabel(s), courier_name: s.courierName, service_name: s.name, is_active: true })),
    }))
    .filter((g) => g.checked_childs.length > 0);
  const sameAddress = r.deliveryAddressType !== 2;
  return {
    store_branch_id: r.id,
    name: r.name,
    type: r.type,
    type_name: t(`profile:store_types.${r.type}`, { defaultValue: t("profile:unknown") }),
    image: r.image,
    status: r.status,
    status_name: t(r.status === ACTIVE ? "profile:status.active" : "profile:status.inactive"),
    is_default: r.isDefault && !isPartner,
    is_partner: isPartner,
    is_reseller: isPartner,
    is_updateable: !isPartner,
    category: isPartner ? 2 : 1,
    category_name: t(`profile:store_categories.${isPartner ? 2 : 1}`),
    partnership: isPartner && r.partnershipId
      ? { partnership_id: r.partnershipId, status: r.partnershipStatus, status_name: t(`profile:partnership_status.${r.partnershipStatus}`) }
      : null,
    email: r.email,
    phone: r.phone,
    time_created: unix(r.timeCreated),
    time_modified: unix(r.timeModified),
    business_data: { business_id: r.businessId, name: r.businessName },
    location_data: {
      location_id: r.cityId,
      name: r.cityName,
      province_name: r.provinceName,
      address: r.address,
      postcode: r.postcode,
      latitude: r.latitude,
      longitude: r.longitude,
      village_id: r.villageId,
      village_name: r.villageName,
      district: r.villageDistrict,
    },
    delivery_address_type: r.deliveryAddressType,
    delivery_address_type_name: t(`profile:delivery_address_types.${r.deliveryAddressType}`),
    delivery_location_data: sameAddress
      ? { address: r.address, name: r.cityName, location_id: r.cityId, province_name: r.provinceName, postcode: r.postcode }
      : { address: r.deliveryAddress, name: r.deliveryCityName, location_id: r.deliveryCityId, province_name: r.deliveryProvinceName, postcode: r.deliveryPostcode },
    // The bank account is the owner's business matter: a partner never sees it.
    bank_data: !isPartner && r.bankAccountId
      ? { bank_account_id: r.bankAccountId, bank_code: r.bankCode, title: r.bankShortName, name: r.bankName, account_name: r.bankAccountName, account_no: r.bankAccountNo }
      : null,
    is_pickup_at_store: r.isPickupAtStore,
    process_day: r.processDay,
    courier_datas: courierDatas,
    courier_service_ids: chosen.map((s) => s.id),
    customer_feedback_data: {
      order_finished: r.orderFinishedMessage,
      order_finished_is_active: r.orderFinishedActive,
      order_returned: r.orderReturnedMessage,
      order_returned_is_active: r.orderReturnedActive,
    },
    channel_online_offline_data: { online, offline },
    // Channel List connected/total counts the active channels: an inactive one sells nothing.
    total_channel: online.filter((c) => c.status === ACTIVE).length,
    total_connected_channel: online.filter((c) => c.status === ACTIVE && c.is_connected).length,
  };
}
export type StoreJson = ReturnType<typeof storeJson>;

/** Rows of one page in the answer shape (context loaded once for the page). */
export async function storesJson(rows: StoreRow[], viewer: number, t: TFunction, exec: Db | Tx = db) {
  const ctx = await loadStoreContext(viewer, rows.map((r) => r.id), exec);
  return rows.map((r) => storeJson(r, ctx, viewer, t));
}

/** What the update history shows of a store: readable values (names, not ids). */
export function storeSnapshot(r: StoreRow, services: Map<number, { courierName: string; name: string }>) {
  return {
    name: r.name,
    type: r.type,
    image: r.image,
    email: r.email,
    phone: r.phone,
    address: r.address,
    city: r.cityName,
    village: r.villageName,
    postcode: r.postcode,
    latitude: r.latitude,
    longitude: r.longitude,
    is_pickup_at_store: r.isPickupAtStore,
    delivery_address_type: r.deliveryAddressType,
    delivery_address: r.deliveryAddressType === 2 ? r.deliveryAddress : null,
    delivery_city: r.deliveryAddressType === 2 ? r.deliveryCityName : null,
    delivery_postcode: r.deliveryAddressType === 2 ? r.deliveryPostcode : null,
    bank_account: r.bankAccountId ? bankLabel({ shortName: r.bankShortName, accountNo: r.bankAccountNo, accountName: r.bankAccountName }) : null,
    process_day: r.processDay,
    couriers: r.courierServiceIds.map((id) => services.get(id)).filter((s) => s !== undefined).map(serviceLabel).join(", ") || null,
    order_finished: r.orderFinishedMessage,
    order_finished_is_active: r.orderFinishedActive,
    order_returned: r.orderReturnedMessage,
    order_returned_is_active: r.orderReturnedActive,
    is_default: r.isDefault,
  };
}

/** A bank account as people read it: "BCA 1234567890 a.n. PT Toko Demo". */
export const bankLabel = (b: { shortName: string | null; accountNo: string | null; accountName: string | null }) =>
  `${b.shortName ?? ""} ${b.accountNo ?? ""} a.n. ${b.accountName ?? ""}`.trim();

/**
 * The store tree of the pickers (GET /stores/list-tree): business → store type → stores. Only the
 * businesses the caller may open (memberships with the profile privilege) among `businessIds`; each
 * business's partner stores are included unless showReseller is false.
 */
export async function storeTree(
  businessIdsAllowed: { id: number; name: string }[],
  opts: { showReseller: boolean; status?: number },
  t: TFunction,
  exec: Db | Tx = db,
) {
  const out = [];
  for (const biz of businessIdsAllowed) {
    const where: SQL[] = [or(eq(stores.businessId, biz.id), isNotNull(partnerships.id))!];
    if (!opts.showReseller) where.push(eq(stores.businessId, biz.id));
    if (opts.status !== undefined) where.push(eq(stores.status, opts.status));
    const rows = await exec
      .select({ id: stores.id, name: stores.name, type: stores.type, status: stores.status, businessId: stores.businessId })
      .from(stores)
      .leftJoin(partnerships, partnerJoin(biz.id, SELLING))
      .where(and(...where))
      .orderBy(asc(stores.type), asc(sql`lower(${stores.name})`), asc(stores.id));
    const types = [...new Set(rows.map((r) => r.type))];
    out.push({
      id: biz.id,
      name: biz.name,
      childs: types.map((type) => ({
        id: type,
        name: t(`profile:store_types.${type}`),
        childs: rows.filter((r) => r.type === type).map((r) => ({
          id: r.id, name: r.name, status: r.status, is_reseller: r.businessId !== biz.id,
        })),
      })),
    });
  }
  return out;
}
