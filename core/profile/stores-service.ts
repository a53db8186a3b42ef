/**
 * Offline stores, the service: what the web's store pages and the REST calls (api/routes/stores.ts)
 * do, for the actor's business (privilege "profile"): the list, one store, the status change, the
 * channel connections, update history, the pickers' store tree and type names, and the export.
 * Saving the store form is stores-save.ts; partnerships with other businesses' stores are
 * stores-partnerships.ts; the queries and the answer shape are stores.ts.
 *
 * Decisions where the spec is silent:
 * - Scope: the business the actor works in. Its own stores, plus the stores of other businesses it
 *   partners with (stores.ts). Any other id is NotFound. Members with the profile privilege manage
 *   stores (owners and staff alike).
 * - The default store cannot be deactivated (422): make another store the default first.
 * - Partner stores are read-only (422 on update and status: their owner runs them); their partner
 *   connects them to its own channels once the partnership is Connected.
 * - Read-only channels (inactive ones, the Indie Marketplace channel, and every channel of a partner
 *   store not Connected) are refused by the channel change with 422 on channel_ids. A channel id
 *   that is not the business's is NotFound, like every other id of another business.
 * - Status change and channel change accept several ids; all are checked before anything changes
 *   (all or nothing). Repeating the current state is harmless and writes no history.
 * - History rows belong to the business that made the change, so a partner's channel connections
 *   stay in the partner's history; connected channels are written as their names.
 * - The store type names answer the filter names of spec section 9 (Dept Store, Mall Shop, …),
 *   which is what the filter widget lists; cards show each store's type_name (Dept Store, Mall Store …).
 * - Feedback messages are up to 500 characters; a message switched on must have text (422).
 */
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { channels, storeChannels, stores } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { canAccess } from "#core/auth/privileges.ts";
import { NotFound, Refused } from "#core/errors.ts";
import { defineExport } from "#core/jobs/exports.ts";
import { historyPage, recordHistory } from "#core/lib/history.ts";
import { listQuery, offsetOf } from "#core/lib/list-query.ts";
import { ACTIVE, INACTIVE, STORE_TYPES } from "./profile-enums.ts";
import { idList } from "./store-schema.ts";
import { findStore, findStores, loadStoreContext, onlineChannels, sells, storeFilters, storesJson, storeTree, type StoreJson, type StoreRow } from "./stores.ts";
import { answerStore, lockBusiness, ownOnly, STORE_REF } from "./stores-save.ts";

/** A success notice: its translation key and values, the same on the web (a toast) and in the API (`message`). */
export type { Notice } from "#core/i18n.ts";
import type { Notice } from "#core/i18n.ts";

export const storeListQuery = listQuery.extend(storeFilters.shape);
export type StoreListQuery = z.infer<typeof storeListQuery>;

export async function listStores(scope: Scope, q: StoreListQuery) {
  const { db, actor } = sellerScope(scope, "profile");
  const viewer = actor.member.businessId;
  const { rows, total } = await findStores(viewer, q, { limit: q.limit, offset: offsetOf(q) }, db);
  return { rows: await storesJson(rows, viewer, actor.t, db), total };
}

/** One store the actor's business sees (its own or a partner's); NotFound for any other. */
export async function getStore(scope: Scope, id: number): Promise<StoreJson> {
  const { db, actor } = sellerScope(scope, "profile");
  const row = await findStore(actor.member.businessId, id, db);
  if (!row) throw new NotFound();
  return answerStore(db, actor, row);
}

export async function storeHistory(scope: Scope, id: number, q: { page: number; limit: number }) {
  const { db, actor } = sellerScope(scope, "profile");
  const row = await findStore(actor.member.businessId, id, db);
  if (!row) throw new NotFound();
  return historyPage(db, { businessId: actor.member.businessId, refType: STORE_REF, refId: row.id }, q);
}

// ---------------------------------------------------------------------------------------------
// Status: several stores at once (the spec's call) or one (the list's switch)
// ---------------------------------------------------------------------------------------------
export const storeStatusBody = z.object({
  store_branch_ids: idList().refine((ids) => ids.length > 0, "required"),
  action: z.enum(["activate", "inactivate"], { error: "required" }),
});

/** Activates or inactivates the business's own stores; answers them as the list shows them. */
export async function setStoreStatus(scope: Scope, ids: number[], activate: boolean): Promise<StoreJson[]> {
  const { db, actor } = sellerScope(scope, "profile");
  const businessId = actor.member.businessId;
  const to = activate ? ACTIVE : INACTIVE;
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const rows = await db.transaction(async (tx) => {
    await lockBusiness(tx, businessId);
    const found: StoreRow[] = [];
    // Every store is checked (and locked) before any changes: all or nothing.
    for (const id of unique) {
      const row = await findStore(businessId, id, tx, true);
      if (!row) throw new NotFound();
      ownOnly(actor, row);
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
        businessId, refType: STORE_REF, refId: row.id, userId: actor.user.id, action: activate ? "activate" : "inactivate",
        changes: { status: { from: row.status, to } },
      });
      out.push((await findStore(businessId, row.id, tx))!);
    }
    return out;
  });
  return storesJson(rows, businessId, actor.t, db);
}

/** "Toko Senopati activated" / "2 stores deactivated". */
export function storeStatusNotice(activate: boolean, rows: { name: string }[]): Notice {
  const one = rows.length === 1;
  const key = activate ? (one ? "store:api.activated" : "store:api.activated_many") : (one ? "store:api.inactivated" : "store:api.inactivated_many");
  return { key, vars: { name: rows[0]?.name, count: rows.length } };
}

// ---------------------------------------------------------------------------------------------
// Channel connections: connect or disconnect some of the business's online channels to a store
// ---------------------------------------------------------------------------------------------
export const storeChannelsBody = z.object({
  action: z.enum(["connect", "disconnect"], { error: "required" }),
  channel_ids: idList().refine((ids) => ids.length > 0, "required"),
});
export type StoreChannelsBody = z.infer<typeof storeChannelsBody>;

/** Connects or disconnects channels of the store (all or nothing); answers the store and the notice. */
export async function setStoreChannels(scope: Scope, id: number, body: StoreChannelsBody): Promise<{ store: StoreJson; notice: Notice }> {
  const { db, actor } = sellerScope(scope, "profile");
  const viewer = actor.member.businessId;
  const t = actor.t;
  const wanted = [...new Set(body.channel_ids)];
  const connect = body.action === "connect";
  const after = await db.transaction(async (tx) => {
    const store = await findStore(viewer, id, tx, true);
    if (!store) throw new NotFound();
    // A channel id that is not this business's is as unknown as any other business's id.
    const mine = await tx.select({ id: channels.id }).from(channels).where(and(eq(channels.businessId, viewer), inArray(channels.id, wanted)));
    if (mine.length !== wanted.length) throw new NotFound();
    const ctx = await loadStoreContext(viewer, [store.id], tx);
    const entries = onlineChannels(store, ctx, viewer, t);
    const asked = entries.filter((e) => wanted.includes(e.id));
    const locked = asked.filter((e) => e.is_readonly);
    // One message per channel, each naming its own channel: written out here, since a refusal
    // carries one set of values for all its messages.
    if (locked.length) {
      throw new Refused("api:errors.validation", { channel_ids: locked.map((e) => t(`store:errors.readonly_${e.readonly_reason}`, { name: e.name })) });
    }
    if (!sells(store, viewer)) throw new Refused("api:errors.validation", { channel_ids: ["store:errors.readonly_partnership"] }, { name: store.name });
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
      businessId: viewer, refType: STORE_REF, refId: store.id, userId: actor.user.id, action: body.action,
      changes: { channels: { from: names(before), to: names(now) } },
    });
    // Connections are not the store's own fields: its time_modified stays.
    return store;
  });
  const store = await answerStore(db, actor, after);
  const many = wanted.length > 1;
  const key = connect ? (many ? "store:api.connected_many" : "store:api.connected") : (many ? "store:api.disconnected_many" : "store:api.disconnected");
  const channelName = store.channel_online_offline_data.online.find((e) => e.id === wanted[0])?.name;
  return { store, notice: { key, vars: { name: channelName, store: store.name, count: wanted.length } } };
}

// ---------------------------------------------------------------------------------------------
// Pickers: the store tree and the store type names
// ---------------------------------------------------------------------------------------------
export const storeTreeQuery = z.object({
  business_ids: idList().optional(),
  business_id: z.coerce.number().int().positive("invalid").optional(),
  show_reseller: z.enum(["true", "false", "1", "0"], { error: "invalid" }).optional(),
  status: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().refine((v) => v === 0 || v === 1, "invalid").optional()),
});

/**
 * Business → store type → stores, for the businesses asked (the one the actor works in when none
 * is): only the actor's active businesses whose profile they may open; businesses without stores
 * are left out.
 */
export async function listStoreTree(scope: Scope, q: z.infer<typeof storeTreeQuery>) {
  const { db, actor } = sellerScope(scope, "profile");
  const asked = [...(q.business_ids ?? []), ...(q.business_id ? [q.business_id] : [])];
  const mine = actor.businesses.filter((m) => canAccess(m, "profile"));
  const chosen = asked.length ? mine.filter((m) => asked.includes(m.businessId)) : mine.filter((m) => m.businessId === actor.member.businessId);
  const tree = await storeTree(
    chosen.map((m) => ({ id: m.businessId, name: m.businessName })),
    { showReseller: !(q.show_reseller === "false" || q.show_reseller === "0"), status: q.status },
    actor.t,
    db,
  );
  return tree.filter((b) => b.childs.length > 0);
}

export const storeTypeNamesQuery = z.object({ sort: z.coerce.number().int().min(1, "invalid").max(6, "invalid").optional() });

/** The filter names of the store types; sort 5 by name, 6 by name descending, else in type order. */
export function storeTypeNames(scope: Scope, q: z.infer<typeof storeTypeNamesQuery>) {
  const { actor } = sellerScope(scope, "profile");
  const names = STORE_TYPES.map((id) => ({ id, name: actor.t(`profile:store_type_filters.${id}`) }));
  if (q.sort === 5) names.sort((a, b) => a.name.localeCompare(b.name));
  if (q.sort === 6) names.sort((a, b) => b.name.localeCompare(a.name));
  return names;
}

// ---------------------------------------------------------------------------------------------
// Export kind "store": the list of /profile/store with its filters, as an .xlsx (core/jobs/exports.ts)
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
