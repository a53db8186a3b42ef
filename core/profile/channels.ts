/**
 * Online channels of a business: the list query shared by the list calls and the export job, one
 * channel, the answer shape of spec section 3 "Channel", the stores of the business with their
 * connection to each channel (read from stores / store_channels, which the stores API writes),
 * the graph of channels and stores the pickers read (channels-pickers.ts), and the reading half of
 * the service (list, one channel, its update history, the export). The changes are channels-save.ts.
 *
 * Scope: every query is of one business (the caller's active business, the tenant key); another
 * business's channel is NotFound on every call. Listing, reading and changing channels need the
 * "profile" privilege.
 * Filters: type (channel type 0 Indie Marketplace, 2 Marketplace, 3 Social Media, 4 Online Store:
 * the platforms of that type), status 1 Active / 0 Non-Active, search (channel name or platform
 * name), sort 1–4 only (Oldest, Newest, Edited ASC, Edited DESC: spec section 9 "online channel:
 * first four only"; 5 and 6 are refused with 422).
 */
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { TFunction } from "i18next";
import { z } from "zod";
import { db, sideBySide, type Db, type Tx } from "#db/client.ts";
import { businesses, channels, storeChannels, stores } from "#db/schema/index.ts";
import { sellerScope, type Scope, type SellerActor } from "#core/actor.ts";
import { NotFound } from "#core/errors.ts";
import { defineExport } from "#core/jobs/exports.ts";
import { historyPage } from "#core/lib/history.ts";
import { contains, listQuery, offsetOf, orderBy } from "#core/lib/list-query.ts";
import { unix } from "#core/lib/time.ts";
import { CONFIG_KEYS } from "./channel-schema.ts";
import {
  ACTIVE, CHANNEL_PLATFORM_CODES, CHANNEL_PLATFORMS, CHANNEL_TYPE_FILTERS, CHANNEL_TYPES, STATUS_FILTERS, type ChannelPlatformCode,
} from "./profile-enums.ts";

/** The online channel list sorts: Oldest, Newest, Edited ASC, Edited DESC. */
export const CHANNEL_SORTS = [1, 2, 3, 4] as const;

export const channelFilters = z.object({
  search: z.string().trim().max(100, "too_long").optional(),
  type: z.coerce.number().int().refine((v) => (CHANNEL_TYPE_FILTERS as readonly string[]).includes(String(v)), "invalid").optional(),
  status: z.coerce.number().int().refine((v) => (STATUS_FILTERS as readonly string[]).includes(String(v)), "invalid").optional(),
  sort: z.coerce.number().int().refine((v) => (CHANNEL_SORTS as readonly number[]).includes(v), "invalid").default(2),
});
export type ChannelFilters = z.infer<typeof channelFilters>;

/** The platform codes of a channel type. */
export const platformsOfType = (type: number) => CHANNEL_PLATFORM_CODES.filter((code) => CHANNEL_PLATFORMS[code].type === type);
export const platformOf = (code: string) => CHANNEL_PLATFORMS[code as ChannelPlatformCode] ?? null;

const columns = {
  id: channels.id,
  businessId: channels.businessId,
  businessName: businesses.name,
  platformCode: channels.platformCode,
  name: channels.name,
  logo: channels.logo,
  email: channels.email,
  phone: channels.phone,
  config: channels.config,
  isDefault: channels.isDefault,
  status: channels.status,
  timeCreated: channels.timeCreated,
  timeModified: channels.timeModified,
};

function where(businessId: number, f: Partial<ChannelFilters> = {}) {
  const w: SQL[] = [eq(channels.businessId, businessId)];
  if (f.type !== undefined) w.push(inArray(channels.platformCode, platformsOfType(f.type)));
  if (f.status !== undefined) w.push(eq(channels.status, f.status));
  if (f.search) {
    const needle = f.search.toLowerCase();
    const platforms = CHANNEL_PLATFORM_CODES.filter((code) => CHANNEL_PLATFORMS[code].name.toLowerCase().includes(needle));
    w.push(or(ilike(channels.name, contains(f.search)), platforms.length ? inArray(channels.platformCode, platforms) : undefined)!);
  }
  return and(...w);
}

const baseQuery = (exec: Db | Tx = db) =>
  exec.select(columns).from(channels).innerJoin(businesses, eq(businesses.id, channels.businessId));

/** One page of a business's channels with the filters. */
export async function findChannels(businessId: number, f: ChannelFilters, page: { limit: number; offset: number }, exec: Db | Tx = db) {
  const w = where(businessId, f);
  const [rows, [{ total }]] = await sideBySide(exec,
    () => baseQuery(exec)
      .where(w)
      .orderBy(...orderBy(f.sort, { created: channels.timeCreated, modified: channels.timeModified, name: channels.name, id: channels.id }))
      .limit(page.limit)
      .offset(page.offset),
    () => exec.select({ total: count() }).from(channels).where(w),
  );
  return { rows, total };
}

/**
 * One channel of the business, or undefined (the caller answers NotFound). `lock`: the row stays
 * locked until `exec` (a transaction) ends, so a change decides on the current values.
 */
export async function findChannel(businessId: number, id: number, exec: Db | Tx = db, lock = false) {
  const query = baseQuery(exec).where(and(eq(channels.businessId, businessId), eq(channels.id, id))).limit(1);
  const [row] = lock ? await query.for("update", { of: channels }) : await query;
  return row;
}
export type ChannelRow = NonNullable<Awaited<ReturnType<typeof findChannel>>>;

export type StoreLink = { storeId: number; image: string | null; type: number; name: string; status: number; connected: boolean };

/**
 * The stores of the business, each with whether it is connected to each of `channelIds`
 * (store_channels rows), by store name. Answers a map channel id → store entries.
 */
export async function storeLinks(businessId: number, channelIds: number[], exec: Db | Tx = db) {
  const out = new Map<number, StoreLink[]>();
  if (!channelIds.length) return out;
  const [all, chs, rows] = await sideBySide(exec,
    () => exec.select({ id: stores.id, image: stores.image, type: stores.type, name: stores.name, status: stores.status })
      .from(stores).where(eq(stores.businessId, businessId)).orderBy(asc(sql`lower(${stores.name})`), asc(stores.id)),
    () => exec.select({ id: channels.id, platformCode: channels.platformCode, status: channels.status })
      .from(channels).where(and(eq(channels.businessId, businessId), inArray(channels.id, channelIds))),
    () => exec.select({ storeId: storeChannels.storeId, channelId: storeChannels.channelId })
      .from(storeChannels).where(and(eq(storeChannels.businessId, businessId), inArray(storeChannels.channelId, channelIds))),
  );
  const connected = new Set(withMarketplaceLinks(chs, all, rows).map((l) => `${l.channelId}:${l.storeId}`));
  for (const id of channelIds) {
    out.set(id, all.map((s) => ({ storeId: s.id, image: s.image, type: s.type, name: s.name, status: s.status, connected: connected.has(`${id}:${s.id}`) })));
  }
  return out;
}

const typeName = (t: TFunction, type: number | null | undefined) =>
  type === null || type === undefined || !(CHANNEL_TYPES as readonly number[]).includes(type) ? t("profile:unknown") : t(`profile:channel_types.${type}`);
const storeTypeName = (t: TFunction, type: number) => t(`profile:store_types.${type}`, { defaultValue: t("profile:unknown") });

/** The spec's Channel shape (plus the platform, its config and readable names), translated for the caller. */
export function channelJson(r: ChannelRow, links: StoreLink[], t: TFunction) {
  const platform = platformOf(r.platformCode);
  const config = r.config ?? {};
  const connected = links.filter((l) => l.connected).length;
  return {
    channel_id: r.id,
    name: r.name,
    // No images from elsewhere: the web draws the platform's logo from channel_data.code.
    logo: r.logo,
    is_default: r.isDefault,
    channel_data: {
      type: platform?.type ?? null,
      name: typeName(t, platform?.type),
      code: r.platformCode,
      platform_name: platform?.name ?? t("profile:unknown"),
      config_fields: [...(platform?.config ?? [])],
    },
    business_data: { business_id: r.businessId, name: r.businessName },
    time_created: unix(r.timeCreated),
    time_modified: unix(r.timeModified),
    status: r.status,
    status_name: t(`profile:channel_status.${r.status === ACTIVE ? 1 : 0}`),
    email: r.email,
    phone: r.phone,
    ...(Object.fromEntries(CONFIG_KEYS.map((k) => [k, config[k] ?? null])) as Record<(typeof CONFIG_KEYS)[number], string | null>),
    total_store: links.length,
    total_connected_store: connected,
    store_datas: links.map((l) => ({
      store_id: l.storeId,
      image: l.image,
      type: l.type,
      type_name: storeTypeName(t, l.type),
      name: l.name,
      status: l.status,
      is_connected: l.connected,
    })),
  };
}
export type ChannelJson = ReturnType<typeof channelJson>;

/** Channels as JSON with their store links, for a list page or one channel. */
export async function channelsJson(rows: ChannelRow[], businessId: number, t: TFunction, exec: Db | Tx = db) {
  const links = await storeLinks(businessId, rows.map((r) => r.id), exec);
  return rows.map((r) => channelJson(r, links.get(r.id) ?? [], t));
}

/** What the history shows of a channel: readable values (the platform's name, not its code). */
export function channelSnapshot(v: {
  name: string; platformCode: string; email: string | null; phone: string | null; config: Record<string, string>; isDefault: boolean;
}) {
  return {
    name: v.name,
    platform: platformOf(v.platformCode)?.name ?? v.platformCode,
    email: v.email,
    phone: v.phone,
    url: v.config.url ?? null,
    username: v.config.username ?? null,
    phone_number: v.config.phone_number ?? null,
    line_id: v.config.line_id ?? null,
    is_default: v.isDefault,
  };
}

// ---------------------------------------------------------------------------------------------
// Offline / online grouping and the channel tree
// ---------------------------------------------------------------------------------------------

/** All channels and all stores of a business, with the connections between them. */
export async function businessChannelGraph(businessId: number, f: { type?: number; status?: number; search?: string } = {}, exec: Db | Tx = db) {
  const [chs, sts, links] = await sideBySide(exec,
    () => exec.select({ id: channels.id, name: channels.name, platformCode: channels.platformCode, status: channels.status, isDefault: channels.isDefault })
      .from(channels).where(where(businessId, { type: f.type, status: f.status, search: f.search }))
      .orderBy(asc(sql`lower(${channels.name})`), asc(channels.id)),
    () => exec.select({ id: stores.id, name: stores.name, type: stores.type, image: stores.image, status: stores.status, isDefault: stores.isDefault })
      .from(stores).where(eq(stores.businessId, businessId)).orderBy(asc(sql`lower(${stores.name})`), asc(stores.id)),
    () => exec.select({ storeId: storeChannels.storeId, channelId: storeChannels.channelId }).from(storeChannels).where(eq(storeChannels.businessId, businessId)),
  );
  return { channels: chs, stores: sts, links: withMarketplaceLinks(chs, sts, links) };
}

type Link = { storeId: number; channelId: number };
/**
 * The connections, with the Indie Marketplace's: an IDM channel lists every active store of the
 * business while it is active itself, without store_channels rows and without a switch (the
 * stores API refuses to toggle it; core/profile/stores.ts says the same on the store card).
 */
export function withMarketplaceLinks(
  chs: { id: number; platformCode: string; status: number }[], sts: { id: number; status: number }[], links: Link[],
): Link[] {
  const marketplace = new Set(chs.filter((c) => c.platformCode === "IDM").map((c) => c.id));
  const kept = links.filter((l) => !marketplace.has(l.channelId));
  const implied = chs.filter((c) => marketplace.has(c.id) && c.status === ACTIVE)
    .flatMap((c) => sts.filter((st) => st.status === ACTIVE).map((st) => ({ storeId: st.id, channelId: c.id })));
  return [...kept, ...implied];
}

// ---------------------------------------------------------------------------------------------
// The service, reading: what the web's pages and the REST calls read, for the actor's business
// (privilege "profile").
// ---------------------------------------------------------------------------------------------

/** The list call's query: page, limit and the filters (sort 1-4 only, so not listQuery's). */
export const channelListQuery = listQuery.omit({ sort: true }).extend(channelFilters.shape);
export type ChannelListQuery = z.infer<typeof channelListQuery>;

/** A channel of the actor's business, else NotFound. */
export async function channelOf(exec: Db | Tx, actor: SellerActor, id: number, lock = false) {
  const row = await findChannel(actor.member.businessId, id, exec, lock);
  if (!row) throw new NotFound();
  return row;
}

/** One channel's answer, with its store links. */
export async function channelAnswer(exec: Db | Tx, actor: SellerActor, row: ChannelRow) {
  const links = await storeLinks(row.businessId, [row.id], exec);
  return channelJson(row, links.get(row.id) ?? [], actor.t);
}

/** NotFound unless channel `id` is the business's: an adapter's check before it reads a body. */
export async function checkChannel(scope: Scope, id: number) {
  const { db, actor } = sellerScope(scope, "profile");
  await channelOf(db, actor, id);
}

export async function listChannels(scope: Scope, q: ChannelListQuery) {
  const { db, actor } = sellerScope(scope, "profile");
  const businessId = actor.member.businessId;
  const { rows, total } = await findChannels(businessId, q, { limit: q.limit, offset: offsetOf(q) }, db);
  return { rows: await channelsJson(rows, businessId, actor.t, db), total };
}

export async function getChannel(scope: Scope, id: number) {
  const { db, actor } = sellerScope(scope, "profile");
  return channelAnswer(db, actor, await channelOf(db, actor, id));
}

export async function channelHistory(scope: Scope, id: number, q: { page: number; limit: number }) {
  const { db, actor } = sellerScope(scope, "profile");
  const channel = await channelOf(db, actor, id);
  return historyPage(db, { businessId: channel.businessId, refType: "channel", refId: channel.id }, q);
}

/** Export kind "channel": the list of /profile/channel with its filters (search, type, status, sort). */
defineExport("channel", {
  privilege: "profile",
  filename: "channel:export.filename",
  sheet: "channel:export.sheet",
  filters: channelFilters,
  columns: [
    { key: "name", header: "channel:fields.name", width: 30 },
    { key: "type", header: "channel:fields.type", width: 18 },
    { key: "platform", header: "channel:fields.platform", width: 18 },
    { key: "status", header: "channel:fields.status", width: 14 },
    { key: "is_default", header: "channel:fields.default", width: 12 },
    { key: "url", header: "channel:fields.url", width: 36 },
    { key: "username", header: "channel:fields.username", width: 18 },
    { key: "phone_number", header: "channel:fields.phone_number", width: 18 },
    { key: "line_id", header: "channel:fields.line_id", width: 16 },
    { key: "email", header: "channel:fields.email", width: 26 },
    { key: "phone", header: "channel:fields.phone", width: 18 },
    { key: "stores", header: "channel:fields.connected_stores", width: 16 },
    { key: "store_names", header: "channel:fields.store_names", width: 40 },
    { key: "time_created", header: "channel:fields.time_created", date: true },
    { key: "time_modified", header: "channel:fields.time_modified", date: true },
  ],
  async page(job, filters, offset, limit, t) {
    const { rows, total } = await findChannels(job.businessId, filters, { limit, offset });
    const items = await channelsJson(rows, job.businessId, t);
    return {
      total,
      rows: items.map((ch, i) => ({
        name: ch.name,
        type: ch.channel_data.name,
        platform: ch.channel_data.platform_name,
        status: ch.status_name,
        is_default: t(ch.is_default ? "common:actions.yes" : "common:actions.no"),
        url: ch.url,
        username: ch.username,
        phone_number: ch.phone_number,
        line_id: ch.line_id,
        email: ch.email,
        phone: ch.phone,
        stores: `${ch.total_connected_store}/${ch.total_store}`,
        store_names: ch.store_datas.filter((s) => s.is_connected).map((s) => s.name).join(", "),
        time_created: rows[i].timeCreated,
        time_modified: rows[i].timeModified,
      })),
    };
  },
});
