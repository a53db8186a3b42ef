/**
 * Store fees: what an offline store pays on each sale (spec: the /profile/store-fee page; the model
 * is ours, the spec names the page only). The list filters shared by the list call and the export
 * job, the answer shape, the queries and the service (the web's page and api/routes/store-fees.ts
 * call the same functions). Every query is scoped by the business (tenant key). The body schemas
 * are store-fees-schema.ts; the arithmetic is store-fees-money.ts.
 *
 * The model (db/schema/profile.ts storeFees):
 * - A fee belongs to one of the business's offline stores and, optionally, one of its online
 *   channels. It is `percent_bp` basis points of the sale (250 = 2.5 %, 0 to 10000) plus
 *   `fixed_amount` whole rupiah per transaction (0 or more). Both are integers in storage: the
 *   percentage is typed as text ("2.5", "2,5") and parsed exactly, never through a float; more than
 *   two decimals is refused, not rounded.
 * - With a channel, the fee applies to the store's sales through that channel; without one
 *   ("All channels"), to every sale of the store, its own till included. The most specific active
 *   fee applies: store + channel, else the store's. So a 0 % fee for a channel is a real choice
 *   (that channel pays nothing even though the store-wide fee is 20 %).
 * - One fee per store + channel (and one store-wide fee per store): a second one is 422 on
 *   channel_id. Deactivated fees still hold their place (edit or delete them instead).
 * - Worked example: Toko Demo's stand in a mall pays the mall a 20 % concession on everything it
 *   sells: store = the mall store, no channel, 20 % + Rp 0. The same store's stock sold on
 *   Tokopedia pays 2.5 % + Rp 1.000 per transaction: store = the mall store, channel = Tokopedia.
 *   A Rp 200.000 sale on Tokopedia → 2.5 % = Rp 5.000, + Rp 1.000 = Rp 6.000 fee; a Rp 200.000 sale
 *   at the till → 20 % = Rp 40.000. The percentage is rounded half up to whole rupiah
 *   (store-fees-money.ts feeAmount).
 *
 * Other decisions where the spec is silent:
 * - The store and the channel must be the business's own (422 on store_id / channel_id otherwise,
 *   not 404: they are choices in a form). A channel must be an online one (every channel row is).
 * - Fees can be deleted (a fee is a setting, not a record others point to); the deletion is kept
 *   in the business's update history. Scope, PUT semantics, the status change and history follow
 *   the warehouses (core/lib/status-change.ts). History values: store and channel names, percent
 *   as "2.5", rupiah.
 *
 * Shape: store_fee_id, store_data{store_branch_id, name, type, type_name, status},
 * channel_data{channel_id, name, code, type, type_name, status} or null (every sale of the store),
 * channel_name (the channel's, or "All channels"), percent_bp (integer basis points), percent
 * (the same as a decimal number, 2.5), fixed_amount (integer rupiah), note, status (1 active,
 * 0 not), status_name, time_created, time_modified (unix seconds).
 */
import { and, count, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { TFunction } from "i18next";
import { z } from "zod";
import { db, sideBySide, type Db, type Tx } from "#db/client.ts";
import { channels, storeFees, stores } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { NotFound, Refused } from "#core/errors.ts";
import { defineExport } from "#core/jobs/exports.ts";
import { diff, historyPage, recordHistory } from "#core/lib/history.ts";
import { unix } from "#core/lib/time.ts";
import { contains, listQuery, offsetOf, orderBy } from "#core/lib/list-query.ts";
import { changeStatus } from "#core/lib/status-change.ts";
import { CHANNEL_PLATFORMS, type ChannelPlatformCode } from "./profile-enums.ts";
import { percentText } from "./store-fees-money.ts";
import { storeFeeFilters, type StoreFeeBody, type StoreFeeFilters } from "./store-fees-schema.ts";
import { statusKey } from "./warehouses-shared.ts";

export { storeFeeBody, storeFeeFilters, storeFeeForm, type StoreFeeBody, type StoreFeeFilters } from "./store-fees-schema.ts";

/** The platform codes of one channel type. */
export const codesOfType = (type: number) =>
  (Object.entries(CHANNEL_PLATFORMS) as [ChannelPlatformCode, { type: number }][]).filter(([, p]) => p.type === type).map(([code]) => code);
export const channelType = (code: string): number | null => CHANNEL_PLATFORMS[code as ChannelPlatformCode]?.type ?? null;

const columns = {
  id: storeFees.id,
  storeId: storeFees.storeId,
  storeName: stores.name,
  storeType: stores.type,
  storeStatus: stores.status,
  channelId: storeFees.channelId,
  channelName: channels.name,
  channelCode: channels.platformCode,
  channelStatus: channels.status,
  percentBp: storeFees.percentBp,
  fixedAmount: storeFees.fixedAmount,
  note: storeFees.note,
  status: storeFees.status,
  timeCreated: storeFees.timeCreated,
  timeModified: storeFees.timeModified,
};

function baseQuery(exec: Db | Tx) {
  return exec
    .select(columns)
    .from(storeFees)
    .innerJoin(stores, eq(stores.id, storeFees.storeId))
    .leftJoin(channels, eq(channels.id, storeFees.channelId));
}

function filtered(businessId: number, f: Partial<StoreFeeFilters>) {
  const where: SQL[] = [eq(storeFees.businessId, businessId)];
  if (f.search) {
    const text = contains(f.search);
    where.push(or(ilike(stores.name, text), ilike(channels.name, text))!);
  }
  if (f.status !== undefined) where.push(eq(storeFees.status, f.status));
  if (f.store_id !== undefined) where.push(eq(storeFees.storeId, f.store_id));
  if (f.channel_id !== undefined) where.push(eq(storeFees.channelId, f.channel_id));
  if (f.channel_type === "none") where.push(isNull(storeFees.channelId));
  else if (f.channel_type !== undefined) {
    const codes = codesOfType(Number(f.channel_type));
    where.push(codes.length ? inArray(channels.platformCode, codes) : sql`false`);
  }
  return and(...where)!;
}

export async function findStoreFees(businessId: number, f: StoreFeeFilters, page: { limit: number; offset: number }, exec: Db | Tx = db) {
  const where = filtered(businessId, f);
  const [rows, [{ total }]] = await sideBySide(exec,
    () => baseQuery(exec)
      .where(where)
      // "Name" sorts by the store, then the store-wide fee first, then the channel's name.
      .orderBy(
        ...orderBy(f.sort, { created: storeFees.timeCreated, modified: storeFees.timeModified, name: stores.name, id: storeFees.id }).flatMap((o, i) =>
          i === 0 && (f.sort === 5 || f.sort === 6) ? [o, sql`${channels.name} NULLS FIRST`] : [o]),
      )
      .limit(page.limit)
      .offset(page.offset),
    () => exec.select({ total: count() }).from(storeFees)
      .innerJoin(stores, eq(stores.id, storeFees.storeId)).leftJoin(channels, eq(channels.id, storeFees.channelId)).where(where),
  );
  return { rows, total };
}

/** One fee of the business; undefined for any other. `lock`: the row stays locked until `exec` (a transaction) ends. */
export async function findStoreFee(businessId: number, id: number, exec: Db | Tx = db, lock = false) {
  const query = baseQuery(exec).where(and(eq(storeFees.businessId, businessId), eq(storeFees.id, id))).limit(1);
  const [row] = lock ? await query.for("update", { of: storeFees }) : await query;
  return row;
}
export type StoreFeeRow = NonNullable<Awaited<ReturnType<typeof findStoreFee>>>;

export function storeFeeJson(r: StoreFeeRow, t: TFunction) {
  const type = r.channelCode ? channelType(r.channelCode) : null;
  return {
    store_fee_id: r.id,
    store_data: {
      store_branch_id: r.storeId,
      name: r.storeName,
      type: r.storeType,
      type_name: t(`profile:store_types.${r.storeType}`, { defaultValue: t("profile:unknown") }),
      status: r.storeStatus,
    },
    channel_data: r.channelId
      ? {
        channel_id: r.channelId,
        name: r.channelName,
        code: r.channelCode,
        type,
        type_name: type === null ? t("profile:unknown") : t(`profile:channel_types.${type}`),
        status: r.channelStatus,
      }
      : null,
    channel_name: r.channelId ? r.channelName : t("site:store_fee.all_channels"),
    percent_bp: r.percentBp,
    percent: Number(percentText(r.percentBp)),
    fixed_amount: r.fixedAmount,
    note: r.note,
    status: r.status,
    status_name: t(statusKey(r.status)),
    time_created: unix(r.timeCreated),
    time_modified: unix(r.timeModified),
  };
}
export type StoreFeeJson = ReturnType<typeof storeFeeJson>;

/** What the fee form offers: the business's stores and online channels (any status), by name. */
export async function storeFeeChoices(scope: Scope) {
  const { db, actor } = sellerScope(scope, "profile");
  const businessId = actor.member.businessId;
  const t = actor.t;
  const [storeRows, channelRows] = await sideBySide(db,
    () => db.select({ id: stores.id, name: stores.name, type: stores.type, status: stores.status }).from(stores)
      .where(eq(stores.businessId, businessId)).orderBy(sql`lower(${stores.name})`, stores.id),
    () => db.select({ id: channels.id, name: channels.name, code: channels.platformCode, status: channels.status }).from(channels)
      .where(eq(channels.businessId, businessId)).orderBy(sql`lower(${channels.name})`, channels.id),
  );
  return {
    stores: storeRows.map((s) => ({
      store_branch_id: s.id, name: s.name, type: s.type, type_name: t(`profile:store_types.${s.type}`, { defaultValue: t("profile:unknown") }), status: s.status,
    })),
    channels: channelRows
      .map((ch) => ({ ch, type: channelType(ch.code) }))
      .filter(({ type }) => type !== null && type !== 1)
      .map(({ ch, type }) => ({
        channel_id: ch.id, name: ch.name, code: ch.code, type: type!, type_name: t(`profile:channel_types.${type}`), status: ch.status,
      })),
  };
}

// ---------------------------------------------------------------------------------------------
// The service: what the web's page and the REST calls (api/routes/store-fees.ts) do, for the
// actor's business (privilege "profile"). Another business's fee is NotFound, like an unknown id.
// ---------------------------------------------------------------------------------------------

export const storeFeeListQuery = listQuery.extend(storeFeeFilters.shape);
export type StoreFeeListQuery = z.infer<typeof storeFeeListQuery>;
const REF = "store_fee";

export async function listStoreFees(scope: Scope, q: StoreFeeListQuery) {
  const { db, actor } = sellerScope(scope, "profile");
  const { rows, total } = await findStoreFees(actor.member.businessId, q, { limit: q.limit, offset: offsetOf(q) }, db);
  return { rows: rows.map((r) => storeFeeJson(r, actor.t)), total };
}

export async function getStoreFee(scope: Scope, id: number) {
  const { db, actor } = sellerScope(scope, "profile");
  const row = await findStoreFee(actor.member.businessId, id, db);
  if (!row) throw new NotFound();
  return storeFeeJson(row, actor.t);
}

/** The store and channel of a body, when they are the business's own (422 per field otherwise, not 404: they are choices in a form). */
async function checkRefs(exec: Db | Tx, businessId: number, body: StoreFeeBody) {
  const [store] = await exec.select({ id: stores.id, name: stores.name }).from(stores)
    .where(and(eq(stores.id, body.store_id), eq(stores.businessId, businessId))).limit(1);
  const [channel] = body.channel_id
    ? await exec.select({ id: channels.id, name: channels.name, code: channels.platformCode }).from(channels)
      .where(and(eq(channels.id, body.channel_id), eq(channels.businessId, businessId))).limit(1)
    : [undefined];
  const errors: Record<string, string[]> = {};
  if (!store) errors.store_id = ["site:errors.store_not_yours"];
  if (body.channel_id) {
    if (!channel) errors.channel_id = ["site:errors.channel_not_yours"];
    else if (channelType(channel.code) === null || channelType(channel.code) === 1) errors.channel_id = ["site:errors.channel_not_online"];
  }
  if (Object.keys(errors).length) throw new Refused("api:errors.validation", errors);
  return { store: store!.name, channel: channel?.name ?? null };
}

/** 422 on channel_id when the store already has a fee for that channel (or a store-wide one), other than `except`. */
async function checkUnique(tx: Tx, body: StoreFeeBody, except?: number) {
  const [taken] = await tx
    .select({ id: storeFees.id })
    .from(storeFees)
    .where(and(
      eq(storeFees.storeId, body.store_id),
      body.channel_id ? eq(storeFees.channelId, body.channel_id) : isNull(storeFees.channelId),
      except ? ne(storeFees.id, except) : undefined,
    ))
    .limit(1);
  if (taken) throw new Refused("api:errors.validation", { channel_id: [body.channel_id ? "site:errors.fee_duplicate" : "site:errors.fee_duplicate_store"] });
}

/** Takes a per-store lock, so two requests for the same store + channel never both pass checkUnique. */
const lockStore = (tx: Tx, storeId: number) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('store-fee'), ${storeId})`);

const valuesOf = (body: StoreFeeBody) => ({
  storeId: body.store_id,
  channelId: body.channel_id ?? null,
  percentBp: body.percent,
  fixedAmount: body.fixed_amount,
  note: body.note ?? null,
});

/** What the history shows: names, the percentage as "2.5", rupiah. */
const snapshot = (v: { percentBp: number; fixedAmount: number; note: string | null }, names: { store: string; channel: string | null }) => ({
  store: names.store, channel: names.channel, percent: percentText(v.percentBp), fixed_amount: v.fixedAmount, note: v.note,
});

export async function createStoreFee(scope: Scope, body: StoreFeeBody) {
  const { db, actor } = sellerScope(scope, "profile");
  const businessId = actor.member.businessId;
  await checkRefs(db, businessId, body);
  const after = await db.transaction(async (tx) => {
    await lockStore(tx, body.store_id);
    await checkUnique(tx, body);
    const [f] = await tx.insert(storeFees).values({ ...valuesOf(body), businessId }).returning({ id: storeFees.id });
    await recordHistory(tx, { businessId, refType: REF, refId: f.id, userId: actor.user.id, action: "create" });
    return (await findStoreFee(businessId, f.id, tx))!;
  });
  return storeFeeJson(after, actor.t);
}

/** Saves `body` over the fee; the same body again writes nothing (no history row). */
export async function updateStoreFee(scope: Scope, id: number, body: StoreFeeBody) {
  const { db, actor } = sellerScope(scope, "profile");
  const businessId = actor.member.businessId;
  const current = await findStoreFee(businessId, id, db);
  if (!current) throw new NotFound();
  const names = await checkRefs(db, businessId, body);
  const values = valuesOf(body);
  const after = await db.transaction(async (tx) => {
    // Both stores' locks (the old and the new), in id order.
    for (const storeId of [...new Set([current.storeId, body.store_id])].sort((a, b) => a - b)) await lockStore(tx, storeId);
    const before = await findStoreFee(businessId, id, tx, true);
    if (!before) throw new NotFound();
    await checkUnique(tx, body, id);
    const changes = diff(
      snapshot(before, { store: before.storeName, channel: before.channelId ? before.channelName : null }),
      snapshot(values, names),
    );
    if (!Object.keys(changes).length) return before;
    await tx.update(storeFees).set({ ...values, timeModified: new Date() }).where(eq(storeFees.id, id));
    await recordHistory(tx, { businessId, refType: REF, refId: id, userId: actor.user.id, action: "update", changes });
    return (await findStoreFee(businessId, id, tx))!;
  });
  return storeFeeJson(after, actor.t);
}

/** Activates or inactivates fees (the list's switch, the spec's several-at-once call). */
export async function setStoreFeeStatus(scope: Scope, ids: number[], activate: boolean) {
  const seller = sellerScope(scope, "profile");
  const done = await changeStatus(seller, { table: storeFees, refType: REF }, ids, activate);
  const rows = [];
  for (const id of done) rows.push(await findStoreFee(seller.actor.member.businessId, id, seller.db));
  return rows.filter((r) => r !== undefined).map((r) => storeFeeJson(r, seller.actor.t));
}

/** "Fee activated" / "3 fees deactivated": the notice of a status change, on the web and in the API. */
export const storeFeeStatusKey = (activate: boolean, count: number) => `site:api.${count === 1 ? "fee" : "fees"}_${activate ? "activated" : "inactivated"}`;

/**
 * Deletes a fee (a setting, not a record others point to); the deletion stays in the business's
 * update history. Answers the fee as it was.
 */
export async function deleteStoreFee(scope: Scope, id: number) {
  const { db, actor } = sellerScope(scope, "profile");
  const businessId = actor.member.businessId;
  const gone = await db.transaction(async (tx) => {
    const before = await findStoreFee(businessId, id, tx, true);
    if (!before) throw new NotFound();
    await tx.delete(storeFees).where(eq(storeFees.id, before.id));
    await recordHistory(tx, {
      businessId, refType: REF, refId: before.id, userId: actor.user.id, action: "delete",
      changes: { store: { from: before.storeName, to: null }, channel: { from: before.channelId ? before.channelName : null, to: null } },
    });
    return before;
  });
  return storeFeeJson(gone, actor.t);
}

export async function storeFeeHistory(scope: Scope, id: number, q: { page: number; limit: number }) {
  const { db, actor } = sellerScope(scope, "profile");
  const row = await findStoreFee(actor.member.businessId, id, db);
  if (!row) throw new NotFound();
  return historyPage(db, { businessId: actor.member.businessId, refType: REF, refId: id }, q);
}

/** Export kind "store-fee": the list with its filters, as an .xlsx (core/jobs/exports.ts). */
defineExport("store-fee", {
  privilege: "profile",
  filename: "site:store_fee.export.filename",
  sheet: "site:store_fee.export.sheet",
  filters: storeFeeFilters,
  columns: [
    { key: "store", header: "site:store_fee.fields.store", width: 30 },
    { key: "channel", header: "site:store_fee.fields.channel", width: 26 },
    { key: "channel_type", header: "site:store_fee.fields.channel_type", width: 18 },
    { key: "percent", header: "site:store_fee.fields.percent", width: 12 },
    { key: "fixed_amount", header: "site:store_fee.fields.fixed_amount", width: 16 },
    { key: "status", header: "site:fields.status", width: 12 },
    { key: "note", header: "site:store_fee.fields.note", width: 40 },
    { key: "time_created", header: "site:fields.time_created", date: true },
    { key: "time_modified", header: "site:fields.time_modified", date: true },
  ],
  async page(job, filters, offset, limit, t) {
    const { rows, total } = await findStoreFees(job.businessId, filters, { limit, offset });
    return {
      total,
      rows: rows.map((r) => {
        const f = storeFeeJson(r, t);
        return {
          store: f.store_data.name,
          channel: f.channel_name,
          channel_type: f.channel_data?.type_name ?? null,
          // Numbers, so a spreadsheet can compute with them: percent as 2.5, rupiah as integers.
          percent: f.percent,
          fixed_amount: f.fixed_amount,
          status: f.status_name,
          note: f.note,
          time_created: r.timeCreated,
          time_modified: r.timeModified,
        };
      }),
    };
  },
});
