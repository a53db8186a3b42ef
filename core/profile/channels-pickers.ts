/**
 * The pickers other pages build on the business's channels and members (orders, promotions …):
 * the offline/online grouping, the channel tree and the staff list. Any member of the business may
 * read them (no privilege needed).
 *
 * Decisions where the spec is silent:
 * - Offline/online: offline = the business's stores, online = its channels, each entry id, name,
 *   type, type_name, image, status, is_connected, is_readonly, pos_status. With store_id (or
 *   store_branch_id) is_connected says whether that store is connected to the channel (and,
 *   offline, whether the entry is that store); without it, whether the entry has any connection.
 *   An inactive channel is read-only (it sells nothing, so its connections stay as they are until
 *   it is active again); stores are read-only entries here; pos_status is 1 Active / 0 Inactive
 *   after the store's status, null for online channels. logo is null: no images are fetched from
 *   elsewhere; the web draws the platform's logo from its code (app/components/channel-logo.tsx).
 * - Channel tree: channel type → platform → channel → the stores connected to it (four levels),
 *   only branches that have channels. Nodes: id, name, childs, plus type/code/channel_id/store_id
 *   and channel_ids (every channel under a group node). Filters: type, status, search; level 1–4
 *   cuts the depth; with_offline=1 adds the Offline (1) branch with the business's stores.
 *   business_id / business_ids pick which of the actor's businesses (default: the active one); a
 *   business the actor is not a member of is NotFound.
 * - Staffs: the members of the business (owner and staff accounts): staff_id is the member's user
 *   id, nik is always null (no national ID numbers are stored here), status is 1 Active for every
 *   member (a removed member is no longer listed), so status 0, 2 or 3 lists nobody. `outputs` is
 *   accepted and ignored. Sorts 1–6 (joined, user edited, name).
 */
import { and, asc, count, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import { sideBySide } from "#db/client.ts";
import { businesses, businessMembers, users } from "#db/schema/index.ts";
import { sellerScope, type Scope, type SellerActor } from "#core/actor.ts";
import { PRIVILEGES } from "#core/auth/privileges.ts";
import { NotFound } from "#core/errors.ts";
import { contains, listQuery, offsetOf, orderBy } from "#core/lib/list-query.ts";
import { businessChannelGraph, platformOf } from "./channels.ts";
import { ACTIVE, CHANNEL_PLATFORM_CODES, CHANNEL_PLATFORMS, CHANNEL_TYPES, INACTIVE } from "./profile-enums.ts";

export const offlineOnlineQuery = z.object({
  store_id: z.coerce.number().int().positive("invalid").optional(),
  store_branch_id: z.coerce.number().int().positive("invalid").optional(),
});

/** The business's stores (offline) and channels (online), with their connections. */
export async function offlineOnline(scope: Scope, q: z.infer<typeof offlineOnlineQuery>) {
  const { db, actor } = sellerScope(scope);
  const t = actor.t;
  const storeId = q.store_id ?? q.store_branch_id;
  const graph = await businessChannelGraph(actor.member.businessId, {}, db);
  if (storeId !== undefined && !graph.stores.some((s) => s.id === storeId)) throw new NotFound();
  const linked = (channelId: number, sid?: number) => graph.links.some((l) => l.channelId === channelId && (sid === undefined || l.storeId === sid));
  const storeLinked = (sid: number) => graph.links.some((l) => l.storeId === sid);
  return {
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
  };
}
export type OfflineOnline = Awaited<ReturnType<typeof offlineOnline>>;

const idList = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? v.split(",").map((x) => x.trim()) : undefined),
  z.array(z.coerce.number().int().positive("invalid")).optional(),
);

/** The businesses asked for (business_id / business_ids), each one the actor is a member of; default the active one. */
async function businessesAsked(actor: SellerActor, q: { business_id?: number; business_ids?: number[] }) {
  const asked = [...new Set([...(q.business_ids ?? []), ...(q.business_id ? [q.business_id] : [])])];
  if (!asked.length) return [actor.member.businessId];
  const mine = new Set(actor.businesses.map((m) => m.businessId));
  if (asked.some((id) => !mine.has(id))) throw new NotFound();
  return asked;
}

export const channelTreeQuery = z.object({
  business_id: z.coerce.number().int().positive("invalid").optional(),
  business_ids: idList,
  type: z.coerce.number().int().refine((v) => (CHANNEL_TYPES as readonly number[]).includes(v), "invalid").optional(),
  status: z.coerce.number().int().refine((v) => v === ACTIVE || v === INACTIVE, "invalid").optional(),
  search: z.string().trim().max(100, "too_long").optional(),
  level: z.coerce.number().int().min(1, "invalid").max(4, "invalid").default(4),
  with_offline: z.preprocess((v) => v === "1" || v === "true", z.boolean()).default(false),
});

type TreeNode = { id: number | string; name: string; childs: TreeNode[] } & Record<string, unknown>;

export async function channelTree(scope: Scope, q: z.infer<typeof channelTreeQuery>) {
  const { db, actor } = sellerScope(scope);
  const t = actor.t;
  const ids = await businessesAsked(actor, q);
  const graphs = await sideBySide(db, ...ids.map((id) => () => businessChannelGraph(id, { type: q.type === 1 ? undefined : q.type, status: q.status, search: q.search }, db)));
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
  return tree;
}

const EMPLOYEE_STATUSES = [0, 1, 2, 3] as const;
export const staffQuery = listQuery.extend({
  status: z.coerce.number().int().refine((v) => (EMPLOYEE_STATUSES as readonly number[]).includes(v), "invalid").optional(),
  business_id: z.coerce.number().int().positive("invalid").optional(),
  business_ids: idList,
  outputs: z.string().max(200).optional(),
});

export async function listStaffs(scope: Scope, q: z.infer<typeof staffQuery>) {
  const { db, actor } = sellerScope(scope);
  const t = actor.t;
  const ids = await businessesAsked(actor, q);
  // The employee status is the membership's (core/team/staff.ts: suspended, removed = Resign).
  const w: SQL[] = [inArray(businessMembers.businessId, ids)];
  if (q.status !== undefined) w.push(eq(businessMembers.status, q.status));
  if (q.search) w.push(or(ilike(users.name, contains(q.search)), ilike(users.email, contains(q.search)), ilike(users.phone, contains(q.search)))!);
  const where = and(...w);
  const [rows, [{ total }]] = await sideBySide(db,
    () => db.select({
      userId: users.id, name: users.name, email: users.email, phone: users.phone, role: businessMembers.role,
      privileges: businessMembers.privileges, businessId: businesses.id, businessName: businesses.name, joined: businessMembers.timeCreated,
      status: businessMembers.status,
    })
      .from(businessMembers)
      .innerJoin(users, eq(users.id, businessMembers.userId))
      .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
      .where(where)
      .orderBy(...orderBy(q.sort, { created: businessMembers.timeCreated, modified: users.timeModified, name: users.name, id: users.id }), asc(businesses.id))
      .limit(q.limit)
      .offset(offsetOf(q)),
    () => db.select({ total: count() }).from(businessMembers).innerJoin(users, eq(users.id, businessMembers.userId)).where(where),
  );
  return {
    rows: rows.map((r) => {
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
        status: r.status,
        status_name: t(`channel:staff.status.${r.status}`),
        business_data: { business_id: r.businessId, name: r.businessName },
        time_created: Math.floor(r.joined.getTime() / 1000),
      };
    }),
    total,
  };
}
