/**
 * Online channels (spec section 7 "Channels") and the utilities built on them: the channel tree
 * (/channels/list-tree, /v0.2.0/channels/list-tree, /v0.0.0/utilities/channels) and the staff lists
 * (/v0.0.0/utilities/staffs, /v0.0.2/hr/staffs). Also the "channel" export kind.
 *
 * Decisions where the spec is silent:
 * - Scope: a channel belongs to the business the caller works in (the tenant key); any other id
 *   answers 404 on every verb. Listing, reading and changing channels need the "profile" privilege.
 *   The tree, the offline/online grouping and the staff lists are pickers other pages use (orders,
 *   promotions …): any member of the business may read them.
 * - Platform: chosen when the channel is made and fixed after (PUT with another platform_code is a
 *   422 on platform_code): a shop on Shopee does not become a shop on Tokopedia, and its orders
 *   and history must keep meaning what they meant. A seller who moves adds a new channel.
 * - Config: only what the platform's code needs is validated and stored (core/profile/channel-schema.ts).
 * - Name: unique in the business, case-insensitive (422 on name): pickers and trees show names only.
 * - Default: one per business (a partial unique index). The business's first channel becomes its
 *   default by itself; making another one the default unsets the old one in the same transaction
 *   (both get a history row). A default cannot be unset directly (422: make another one the
 *   default instead), cannot be deactivated (422) and only an active channel can become the
 *   default (422). Channel writes of one business run one after the other (an advisory lock), so
 *   two concurrent "make default" calls cannot both win.
 * - New channels start Active. The toggle takes action activate|inactivate from the body (form or
 *   JSON) or, failing that, from the query string. Repeating the current state is a harmless 200
 *   without a history row.
 * - logo is null: no images are fetched from elsewhere; the web draws the platform's logo from
 *   channel_data.code (app/components/channel-logo.tsx).
 * - store_datas lists every store of the business with is_connected for this channel (the card
 *   shows connected and not connected stores); the connections are the stores API's to change.
 * - Offline/online (GET /v0.0.1/channels/offline-online): offline = the business's stores, online =
 *   its channels, each entry id, name, type, type_name, image, status, is_connected, is_readonly,
 *   pos_status. With store_id (or store_branch_id) is_connected says whether that store is
 *   connected to the channel (and, offline, whether the entry is that store); without it, whether
 *   the entry has any connection. An inactive channel is read-only (it sells nothing, so its
 *   connections stay as they are until it is active again); stores are read-only entries here;
 *   pos_status is 1 Active / 0 Inactive after the store's status, null for online channels.
 * - Channel tree: channel type → platform → channel → the stores connected to it (four levels),
 *   only branches that have channels. Nodes: id, name, childs, plus type/code/channel_id/store_id
 *   and channel_ids (every channel under a group node). Filters: type, status, search; level 1–4
 *   cuts the depth; with_offline=1 adds the Offline (1) branch with the business's stores.
 *   business_id / business_ids pick which of the caller's businesses (default: the active one);
 *   a business the caller is not a member of answers 404.
 * - Staffs: the members of the business (owner and staff accounts): staff_id is the member's user
 *   id, nik is always null (no national ID numbers are stored here), status is 1 Active for every
 *   member (a removed member is no longer listed), so status 0, 2 or 3 lists nobody. `outputs` is
 *   accepted and ignored. Sorts 1–6 (joined, user edited, name).
 */
import { Hono, type Context } from "hono";
import { and, asc, count, eq, ilike, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { db, type Tx } from "#db/client.ts";
import { businesses, businessMembers, channels, users } from "#db/schema/index.ts";
import { channelConfig, channelCreateBody, channelUpdateBody } from "#core/profile/channel-schema.ts";
import {
  businessChannelGraph, channelFilters, channelJson, channelSnapshot, channelsJson, findChannel, findChannels,
  platformOf, storeLinks, type ChannelRow,
} from "#core/profile/channels.ts";
import { PRIVILEGES } from "#core/auth/privileges.ts";
import { ACTIVE, CHANNEL_PLATFORM_CODES, CHANNEL_PLATFORMS, CHANNEL_TYPES, INACTIVE, type ChannelPlatformCode } from "#core/profile/profile-enums.ts";
import { defineExport } from "#core/jobs/exports.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import { memberships } from "#core/auth/tokens.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { diff, recordHistory } from "#core/lib/history.ts";
import { historyList } from "#api/lib/history.ts";
import { input, list, ok, whole } from "#api/lib/http.ts";
import { contains, listQuery, offsetOf, orderBy } from "#core/lib/list-query.ts";
import { normalizePhone } from "#core/lib/phone.ts";
import { NotFound, Refused } from "#core/errors.ts";

export const channelRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller("profile")] as const;
const member = [requireAuth, requireSeller()] as const;

const idParam = (c: Context<ApiEnv>) => Number(c.req.param("id"));
const invalid = (field: string, message: string) => new Refused("api:errors.validation", { [field]: [message] });

/** Channel writes of one business run one after the other (default switching, unique names). */
const lockChannels = (tx: Tx, businessId: number) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('channels'), ${businessId})`);

async function channelFor(c: Context<ApiEnv>, id: number, tx?: Tx) {
  const row = await findChannel(c.var.member.businessId, id, tx);
  if (!row) throw new NotFound();
  return row;
}

async function answer(c: Context<ApiEnv>, row: ChannelRow, exec: typeof db | Tx = db) {
  const links = await storeLinks(row.businessId, [row.id], exec);
  return channelJson(row, links.get(row.id) ?? [], c.var.t);
}

async function checkName(tx: Tx, businessId: number, name: string, exceptId?: number) {
  const [taken] = await tx.select({ id: channels.id }).from(channels)
    .where(and(eq(channels.businessId, businessId), sql`lower(${channels.name}) = lower(${name})`, exceptId ? ne(channels.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw invalid("name", "channel:errors.name_taken");
}

/** Unsets the business's current default channel (other than `exceptId`), with its history row. */
async function unsetDefault(tx: Tx, businessId: number, userId: number, exceptId?: number) {
  const old = await tx.update(channels).set({ isDefault: false, timeModified: new Date() })
    .where(and(eq(channels.businessId, businessId), eq(channels.isDefault, true), exceptId ? ne(channels.id, exceptId) : undefined))
    .returning({ id: channels.id });
  for (const o of old) {
    await recordHistory(tx, {
      businessId, refType: "channel", refId: o.id, userId, action: "update", changes: { is_default: { from: true, to: false } },
    });
  }
}

const rowValues = (platform: ChannelPlatformCode, body: { name: string; email?: string; phone?: string } & Record<string, unknown>) => ({
  name: body.name,
  email: body.email ?? null,
  phone: body.phone ? normalizePhone(body.phone) : null,
  config: channelConfig(platform, body as Record<string, string | undefined>),
});

// ---------------------------------------------------------------------------------------------
// List, create, read, update, history
// ---------------------------------------------------------------------------------------------
async function listChannels(c: Context<ApiEnv>) {
  const q = await input(c, listQuery.omit({ sort: true }).extend(channelFilters.shape), "query");
  const businessId = c.var.member.businessId;
  const { rows, total } = await findChannels(businessId, q, { limit: q.limit, offset: offsetOf(q) });
  return list(c, await channelsJson(rows, businessId, c.var.t), total, q.limit);
}
channelRoutes.get("/v0.0.0/channels", ...seller, listChannels);
channelRoutes.get("/v0.0.1/channels", ...seller, listChannels);

channelRoutes.post("/v0.0.1/channels", ...seller, async (c) => {
  const body = await input(c, channelCreateBody);
  const businessId = c.var.member.businessId;
  const userId = c.var.user.id;
  const platform = body.platform_code;
  const after = await db.transaction(async (tx) => {
    await lockChannels(tx, businessId);
    await checkName(tx, businessId, body.name);
    const [{ n }] = await tx.select({ n: count() }).from(channels).where(eq(channels.businessId, businessId));
    // The business's first channel is its default: there is always one once there are channels.
    const isDefault = body.is_default === true || n === 0;
    if (isDefault) await unsetDefault(tx, businessId, userId);
    const [row] = await tx.insert(channels)
      .values({ businessId, platformCode: platform, ...rowValues(platform, body), isDefault, status: ACTIVE })
      .returning({ id: channels.id });
    await recordHistory(tx, { businessId, refType: "channel", refId: row.id, userId, action: "create" });
    return (await findChannel(businessId, row.id, tx))!;
  });
  return ok(c, await answer(c, after), "channel:api.created");
});

async function getOne(c: Context<ApiEnv>) {
  return ok(c, await answer(c, await channelFor(c, idParam(c))));
}
channelRoutes.get("/channels/:id{[0-9]+}", ...seller, getOne);
channelRoutes.get("/v0.0.0/channels/:id{[0-9]+}", ...seller, getOne);
channelRoutes.get("/v0.0.1/channels/:id{[0-9]+}", ...seller, getOne);

async function update(c: Context<ApiEnv>) {
  const businessId = c.var.member.businessId;
  const userId = c.var.user.id;
  // Found first: another business's id is a 404 before anything about its body is said.
  const current = await channelFor(c, idParam(c));
  const platform = current.platformCode as ChannelPlatformCode;
  const body = await input(c, channelUpdateBody(platform));
  const values = rowValues(platform, body);
  const after = await db.transaction(async (tx) => {
    await lockChannels(tx, businessId);
    const before = await channelFor(c, current.id, tx);
    await checkName(tx, businessId, values.name, before.id);
    let isDefault = before.isDefault;
    if (body.is_default === false && before.isDefault) throw invalid("is_default", "channel:errors.default_needed");
    if (body.is_default === true && !before.isDefault) {
      if (before.status !== ACTIVE) throw invalid("is_default", "channel:errors.default_inactive");
      await unsetDefault(tx, businessId, userId, before.id);
      isDefault = true;
    }
    const changes = diff(channelSnapshot(before), channelSnapshot({ ...values, platformCode: platform, isDefault }));
    if (!Object.keys(changes).length) return before;
    await tx.update(channels).set({ ...values, isDefault, timeModified: new Date() }).where(eq(channels.id, before.id));
    await recordHistory(tx, { businessId, refType: "channel", refId: before.id, userId, action: "update", changes });
    return (await findChannel(businessId, before.id, tx))!;
  });
  return ok(c, await answer(c, after), "channel:api.updated");
}
channelRoutes.put("/v0.0.0/channels/:id{[0-9]+}", ...seller, update);
channelRoutes.put("/v0.0.2/channels/:id{[0-9]+}", ...seller, update);

async function history(c: Context<ApiEnv>) {
  const channel = await channelFor(c, idParam(c));
  const q = await input(c, listQuery.pick({ page: true, limit: true }), "query");
  return historyList(c, { businessId: channel.businessId, refType: "channel", refId: channel.id }, q);
}
channelRoutes.get("/channels/:id{[0-9]+}/update-history", ...seller, history);
channelRoutes.get("/v0.0.0/channels/:id{[0-9]+}/update-history", ...seller, history);

// ---------------------------------------------------------------------------------------------
// The status toggle: PUT /channels/{channel_id}/toggle with action activate|inactivate
// ---------------------------------------------------------------------------------------------
const toggleAction = z.enum(["activate", "inactivate"], { error: "required" });

async function toggle(c: Context<ApiEnv>) {
  const businessId = c.var.member.businessId;
  const current = await channelFor(c, idParam(c));
  const body = await input(c, z.object({ action: z.unknown().optional() }));
  const parsed = toggleAction.safeParse(body.action ?? c.req.query("action"));
  if (!parsed.success) throw invalid("action", "validation:required");
  const activate = parsed.data === "activate";
  const to = activate ? ACTIVE : INACTIVE;
  const after = await db.transaction(async (tx) => {
    // Decided on the locked row: a double click waits for the first and sees the status it left.
    const row = await channelFor(c, current.id, tx);
    if (row.status === to) return row;
    if (!activate && row.isDefault) throw new Refused("channel:api.default_inactive");
    await tx.update(channels).set({ status: to, timeModified: new Date() }).where(eq(channels.id, row.id));
    await recordHistory(tx, {
      businessId, refType: "channel", refId: row.id, userId: c.var.user.id,
      action: activate ? "activate" : "inactivate", changes: { status: { from: row.status, to } },
    });
    return (await findChannel(businessId, row.id, tx))!;
  });
  return ok(c, await answer(c, after), activate ? "channel:api.activated" : "channel:api.inactivated");
}
channelRoutes.put("/channels/:id{[0-9]+}/toggle", ...seller, toggle);
channelRoutes.put("/v0.0.0/channels/:id{[0-9]+}/toggle", ...seller, toggle);

// ---------------------------------------------------------------------------------------------
// Offline (stores) and online (channels) of the business
// ---------------------------------------------------------------------------------------------
channelRoutes.get("/v0.0.1/channels/offline-online", ...member, async (c) => {
  const q = await input(c, z.object({
    store_id: z.coerce.number().int().positive("invalid").optional(),
    store_branch_id: z.coerce.number().int().positive("invalid").optional(),
  }), "query");
  const t = c.var.t;
  const storeId = q.store_id ?? q.store_branch_id;
  const graph = await businessChannelGraph(c.var.member.businessId);
  if (storeId !== undefined && !graph.stores.some((s) => s.id === storeId)) throw new NotFound();
  const linked = (channelId: number, sid?: number) => graph.links.some((l) => l.channelId === channelId && (sid === undefined || l.storeId === sid));
  const storeLinked = (sid: number) => graph.links.some((l) => l.storeId === sid);
  return ok(c, {
    offline: graph.stores.map((s) => ({
      id: s.id,
      name: s.name,
      type: 1,
      type_name: t("profile:channel_types.1"),
      store_type: s.type,
      store_type_name: t(`profile:store_types.${s.type}`, { defaultValue: t("profile:unknown") }),
      image: s.image,
      status: s.status,
      is_default: s.isDefault,
      is_connected: storeId === undefined ? storeLinked(s.id) : s.id === storeId,
      is_readonly: true,
      pos_status: s.status === ACTIVE ? 1 : 0,
    })),
    online: graph.channels.map((ch) => {
      const platform = platformOf(ch.platformCode);
      return {
        id: ch.id,
        name: ch.name,
        type: platform?.type ?? null,
        type_name: platform ? t(`profile:channel_types.${platform.type}`) : t("profile:unknown"),
        code: ch.platformCode,
        platform_name: platform?.name ?? t("profile:unknown"),
        image: null,
        status: ch.status,
        is_default: ch.isDefault,
        is_connected: linked(ch.id, storeId),
        is_readonly: ch.status !== ACTIVE,
        pos_status: null,
      };
    }),
  });
});

// ---------------------------------------------------------------------------------------------
// The channel tree: type → platform → channel → connected stores
// ---------------------------------------------------------------------------------------------
const idList = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? v.split(",").map((x) => x.trim()) : undefined),
  z.array(z.coerce.number().int().positive("invalid")).optional(),
);

/** The businesses asked for (business_id / business_ids), each one the caller is a member of; default the active one. */
async function businessesAsked(c: Context<ApiEnv>, q: { business_id?: number; business_ids?: number[] }) {
  const asked = [...new Set([...(q.business_ids ?? []), ...(q.business_id ? [q.business_id] : [])])];
  if (!asked.length) return [c.var.member.businessId];
  const mine = new Set((await memberships(c.var.user.id)).map((m) => m.businessId));
  if (asked.some((id) => !mine.has(id))) throw new NotFound();
  return asked;
}

const treeQuery = z.object({
  business_id: z.coerce.number().int().positive("invalid").optional(),
  business_ids: idList,
  type: z.coerce.number().int().refine((v) => (CHANNEL_TYPES as readonly number[]).includes(v), "invalid").optional(),
  status: z.coerce.number().int().refine((v) => v === ACTIVE || v === INACTIVE, "invalid").optional(),
  search: z.string().trim().max(100, "too_long").optional(),
  level: z.coerce.number().int().min(1, "invalid").max(4, "invalid").default(4),
  with_offline: z.preprocess((v) => v === "1" || v === "true", z.boolean()).default(false),
});

type TreeNode = { id: number | string; name: string; childs: TreeNode[] } & Record<string, unknown>;

async function channelTree(c: Context<ApiEnv>) {
  const q = await input(c, treeQuery, "query");
  const t = c.var.t;
  const ids = await businessesAsked(c, q);
  const graphs = await Promise.all(ids.map((id) => businessChannelGraph(id, { type: q.type === 1 ? undefined : q.type, status: q.status, search: q.search })));
  const chs = q.type === 1 ? [] : graphs.flatMap((g) => g.channels);
  const sts = graphs.flatMap((g) => g.stores);
  const links = graphs.flatMap((g) => g.links);
  const storeNode = (s: (typeof sts)[number]): TreeNode => ({
    id: s.id, store_id: s.id, name: s.name, type: s.type, type_name: t(`profile:store_types.${s.type}`, { defaultValue: t("profile:unknown") }),
    status: s.status, childs: [],
  });
  const cut = (level: number, childs: () => TreeNode[]) => (q.level > level ? childs() : []);

  const tree: TreeNode[] = [];
  for (const type of CHANNEL_TYPES) {
    if (type === 1) {
      if ((q.with_offline || q.type === 1) && sts.length && q.status === undefined && !q.search) {
        tree.push({ id: 1, type: 1, name: t("profile:channel_types.1"), store_ids: sts.map((s) => s.id), channel_ids: [], childs: cut(1, () => sts.map(storeNode)) });
      }
      continue;
    }
    const ofType = chs.filter((ch) => platformOf(ch.platformCode)?.type === type);
    if (!ofType.length) continue;
    const platforms = CHANNEL_PLATFORM_CODES.filter((code) => CHANNEL_PLATFORMS[code].type === type)
      .map((code) => ({ code, chans: ofType.filter((ch) => ch.platformCode === code) }))
      .filter((p) => p.chans.length);
    tree.push({
      id: type, type, name: t(`profile:channel_types.${type}`), channel_ids: ofType.map((ch) => ch.id),
      childs: cut(1, () => platforms.map(({ code, chans }) => ({
        id: code, code, type, name: CHANNEL_PLATFORMS[code].name, channel_ids: chans.map((ch) => ch.id),
        childs: cut(2, () => chans.map((ch) => ({
          id: ch.id, channel_id: ch.id, code, name: ch.name, status: ch.status, is_default: ch.isDefault, channel_ids: [ch.id],
          childs: cut(3, () => sts.filter((s) => links.some((l) => l.channelId === ch.id && l.storeId === s.id)).map(storeNode)),
        }))),
      }))),
    });
  }
  return whole(c, tree);
}
channelRoutes.get("/channels/list-tree", ...member, channelTree);
channelRoutes.get("/v0.2.0/channels/list-tree", ...member, channelTree);
channelRoutes.get("/v0.0.0/utilities/channels", ...member, channelTree);

// ---------------------------------------------------------------------------------------------
// Staffs: the members of the business
// ---------------------------------------------------------------------------------------------
const EMPLOYEE_STATUSES = [0, 1, 2, 3] as const;
const staffQuery = listQuery.extend({
  status: z.coerce.number().int().refine((v) => (EMPLOYEE_STATUSES as readonly number[]).includes(v), "invalid").optional(),
  business_id: z.coerce.number().int().positive("invalid").optional(),
  business_ids: idList,
  outputs: z.string().max(200).optional(),
});

async function staffs(c: Context<ApiEnv>) {
  const q = await input(c, staffQuery, "query");
  const t = c.var.t;
  const ids = await businessesAsked(c, q);
  // Every member is an active employee: another status lists nobody.
  if (q.status !== undefined && q.status !== 1) return list(c, [], 0, q.limit);
  const w: SQL[] = [inArray(businessMembers.businessId, ids)];
  if (q.search) w.push(or(ilike(users.name, contains(q.search)), ilike(users.email, contains(q.search)), ilike(users.phone, contains(q.search)))!);
  const where = and(...w);
  const [rows, [{ total }]] = await Promise.all([
    db.select({
      userId: users.id, name: users.name, email: users.email, phone: users.phone, role: businessMembers.role,
      privileges: businessMembers.privileges, businessId: businesses.id, businessName: businesses.name, joined: businessMembers.timeCreated,
    })
      .from(businessMembers)
      .innerJoin(users, eq(users.id, businessMembers.userId))
      .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
      .where(where)
      .orderBy(...orderBy(q.sort, { created: businessMembers.timeCreated, modified: users.timeModified, name: users.name, id: users.id }), asc(businesses.id))
      .limit(q.limit)
      .offset(offsetOf(q)),
    db.select({ total: count() }).from(businessMembers).innerJoin(users, eq(users.id, businessMembers.userId)).where(where),
  ]);
  return list(c, rows.map((r) => {
    const privileges = r.role === "owner" ? [...PRIVILEGES] : r.privileges;
    return {
      staff_id: r.userId,
      name: r.name,
      // National ID numbers are not stored here.
      nik: null,
      associate_data: { name: r.name },
      email: r.email,
      phone: r.phone,
      role: r.role,
      role_name: t(`channel:staff.roles.${r.role}`, { defaultValue: r.role }),
      privileges,
      privilege_datas: privileges.map((p) => ({ key: p, name: t(`nav:groups.${p}`, { defaultValue: p }) })),
      status: 1,
      status_name: t("channel:staff.status.1"),
      business_data: { business_id: r.businessId, name: r.businessName },
      time_created: Math.floor(r.joined.getTime() / 1000),
    };
  }), total, q.limit);
}
channelRoutes.get("/v0.0.0/utilities/staffs", ...member, staffs);
channelRoutes.get("/v0.0.2/hr/staffs", ...member, staffs);

// ---------------------------------------------------------------------------------------------
// Export: the list of /profile/channel with its filters (search, type, status, sort)
// ---------------------------------------------------------------------------------------------
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
