/**
 * Online channels of a business: the list query shared by the list calls and the export job, one
 * channel, the answer shape of spec section 3 "Channel", the stores of the business with their
 * connection to each channel (read from stores / store_channels, which the stores API writes),
 * the offline/online grouping and the channel tree.
 *
 * Scope: every query is of one business (the caller's active business, the tenant key); another
 * business's channel is not found.
 * Filters: type (channel type 0 Indie Marketplace, 2 Marketplace, 3 Social Media, 4 Online Store:
 * the platforms of that type), status 1 Active / 0 Non-Active, search (channel name or platform
 * name), sort 1–4 only (Oldest, Newest, Edited ASC, Edited DESC: spec section 9 "online channel:
 * first four only"; 5 and 6 are refused with 422).
 */
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { TFunction } from "i18next";
import { z } from "zod";
import { db, type Tx } from "#db/client.ts";
import { businesses, channels, storeChannels, stores } from "#db/schema/index.ts";
import { unix } from "#core/lib/time.ts";
import { contains, orderBy } from "#core/lib/list-query.ts";
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

const baseQuery = (exec: typeof db | Tx = db) =>
  exec.select(columns).from(channels).innerJoin(businesses, eq(businesses.id, channels.businessId));

/** One page of a business's channels with the filters. */
export async function findChannels(businessId: number, f: ChannelFilters, page: { limit: number; offset: number }) {
  const w = where(businessId, f);
  const [rows, [{ total }]] = await Promise.all([
    baseQuery()
      .where(w)
      .orderBy(...orderBy(f.sort, { created: channels.timeCreated, modified: channels.timeModified, name: channels.name, id: channels.id }))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(channels).where(w),
  ]);
  return { rows, total };
}

/**
 * One channel of the business, or undefined (the caller answers 404). With a transaction the row
 * stays locked until it ends, so a change decides on the current values.
 */
export async function findChannel(businessId: number, id: number, tx?: Tx) {
  const query = baseQuery(tx).where(and(eq(channels.businessId, businessId), eq(channels.id, id))).limit(1);
  const [row] = tx ? await query.for("update", { of: channels }) : await query;
  return row;
}
export type ChannelRow = NonNullable<Awaited<ReturnType<typeof findChannel>>>;

export type StoreLink = { storeId: number; image: string | null; type: number; name: string; status: number; connected: boolean };

/**
 * The stores of the business, each with whether it is connected to each of `channelIds`
 * (store_channels rows), by store name. Answers a map channel id → store entries.
 */
export async function storeLinks(businessId: number, channelIds: number[], exec: typeof db | Tx = db) {
  const out = new Map<number, StoreLink[]>();
  if (!channelIds.length) return out;
  const [all, chs, rows] = await Promise.all([
    exec.select({ id: stores.id, image: stores.image, type: stores.type, name: stores.name, status: stores.status })
      .from(stores).where(eq(stores.businessId, businessId)).orderBy(asc(sql`lower(${stores.name})`), asc(stores.id)),
    exec.select({ id: channels.id, platformCode: channels.platformCode, status: channels.status })
      .from(channels).where(and(eq(channels.businessId, businessId), inArray(channels.id, channelIds))),
    exec.select({ storeId: storeChannels.storeId, channelId: storeChannels.channelId })
      .from(storeChannels).where(and(eq(storeChannels.businessId, businessId), inArray(storeChannels.channelId, channelIds))),
  ]);
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
export async function channelsJson(rows: ChannelRow[], businessId: number, t: TFunction, exec: typeof db | Tx = db) {
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
export async function businessChannelGraph(businessId: number, f: { type?: number; status?: number; search?: string } = {}) {
  const [chs, sts, links] = await Promise.all([
    db.select({ id: channels.id, name: channels.name, platformCode: channels.platformCode, status: channels.status, isDefault: channels.isDefault })
      .from(channels).where(where(businessId, { type: f.type, status: f.status, search: f.search }))
      .orderBy(asc(sql`lower(${channels.name})`), asc(channels.id)),
    db.select({ id: stores.id, name: stores.name, type: stores.type, image: stores.image, status: stores.status, isDefault: stores.isDefault })
      .from(stores).where(eq(stores.businessId, businessId)).orderBy(asc(sql`lower(${stores.name})`), asc(stores.id)),
    db.select({ storeId: storeChannels.storeId, channelId: storeChannels.channelId }).from(storeChannels).where(eq(storeChannels.businessId, businessId)),
  ]);
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
