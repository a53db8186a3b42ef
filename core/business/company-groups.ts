/**
 * Business groups (spec section 7 "Business": groups, join, unjoin) and the other businesses a
 * seller may partner with (the partnership pickers).
 *
 * Decisions where the spec is silent:
 * - A group belongs to the user who made it (not to a business); another user's group is
 *   NotFound. Putting a company in a group, or taking it out, is for the company's owner and
 *   writes the company's history ("group: from → to").
 * - Deleting a group leaves its companies ungrouped (businesses.group_id is set null).
 * - Other businesses: the active companies the actor is not a member of, by name.
 * - The business list (/list, spec section 3 "Business list"): every business the user is an
 *   active member of (any role, any privileges: it is where a person picks which business to work
 *   in), grouped by the business group each is in — whoever made the group — as entries
 *   { group_id, name, business_datas[] }, then the ungrouped ones as single entries { business_id, … },
 *   each by name. A business shows the user's role, its status and whether it is the active one;
 *   only an active business can be switched to (core/auth/account.ts switchBusiness).
 */
import { and, asc, count, eq, ilike, inArray, notInArray, sql } from "drizzle-orm";
import { z } from "zod";
import { sideBySide } from "#db/client.ts";
import { businessGroups, businesses, businessMembers } from "#db/schema/index.ts";
import { BUSINESS_STATUS, statusName } from "#db/schema/company-enums.ts";
import { MEMBER_STATUS } from "#db/schema/team-enums.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { NotFound } from "#core/errors.ts";
import { recordHistory } from "#core/lib/history.ts";
import { contains, listQuery, offsetOf } from "#core/lib/list-query.ts";
import { companyFor } from "./companies.ts";

const id = z.coerce.number({ error: "required" }).int().positive("required");
export const groupBody = z.object({ name: z.string({ error: "required" }).trim().min(1, "required").max(100, "too_long") });
export const joinGroupBody = z.object({ business_id: id, group_id: id });
export const unjoinGroupBody = z.object({ business_id: id });
export const otherBusinessQuery = listQuery.pick({ page: true, limit: true, search: true });

export async function otherBusinesses(scope: Scope, q: z.infer<typeof otherBusinessQuery>) {
  const { db, actor } = sellerScope(scope, "profile");
  const mine = db.select({ id: businessMembers.businessId }).from(businessMembers).where(eq(businessMembers.userId, actor.user.id));
  const where = and(
    eq(businesses.status, BUSINESS_STATUS.active),
    notInArray(businesses.id, mine),
    q.search ? ilike(businesses.name, contains(q.search)) : undefined,
  );
  const [rows, [{ total }]] = await sideBySide(db,
    () => db.select({ business_id: businesses.id, name: businesses.name }).from(businesses).where(where)
      .orderBy(asc(businesses.name), asc(businesses.id)).limit(q.limit).offset(offsetOf(q)),
    () => db.select({ total: count() }).from(businesses).where(where),
  );
  return { rows, total };
}

/** The actor's groups, each with its companies (spec: grouped entries with business_datas). */
export async function listGroups(scope: Scope) {
  const { db, actor } = sellerScope(scope, "profile");
  const groups = await db.select().from(businessGroups).where(eq(businessGroups.ownerUserId, actor.user.id)).orderBy(asc(businessGroups.name));
  const members = groups.length
    ? await db.select({ groupId: businesses.groupId, business_id: businesses.id, name: businesses.name, status: businesses.status })
      .from(businesses).where(inArray(businesses.groupId, groups.map((g) => g.id))).orderBy(asc(businesses.name))
    : [];
  return groups.map((g) => ({
    group_id: g.id,
    name: g.name,
    business_datas: members.filter((m) => m.groupId === g.id).map(({ groupId: _, ...m }) => m),
  }));
}

async function ownGroup({ db, actor }: Scope, groupId: number) {
  const [g] = await db.select().from(businessGroups)
    .where(and(eq(businessGroups.id, groupId), eq(businessGroups.ownerUserId, actor.user.id))).limit(1);
  if (!g) throw new NotFound();
  return g;
}

export async function createGroup(scope: Scope, body: z.infer<typeof groupBody>) {
  const { db, actor } = sellerScope(scope, "profile");
  const [g] = await db.insert(businessGroups).values({ name: body.name, ownerUserId: actor.user.id }).returning();
  return { group_id: g.id, name: g.name, business_datas: [] };
}

export async function renameGroup(scope: Scope, groupId: number, body: z.infer<typeof groupBody>) {
  const seller = sellerScope(scope, "profile");
  const group = await ownGroup(seller, groupId);
  await seller.db.update(businessGroups).set({ name: body.name, timeModified: new Date() }).where(eq(businessGroups.id, group.id));
  return { group_id: group.id, name: body.name };
}

export async function deleteGroup(scope: Scope, groupId: number) {
  const seller = sellerScope(scope, "profile");
  const group = await ownGroup(seller, groupId);
  await seller.db.delete(businessGroups).where(eq(businessGroups.id, group.id));
  return { group_id: group.id };
}

/** Puts the actor's company in a group (or none), with its history row; answers the company's id. */
async function setGroup(scope: Scope, businessId: number, group: { id: number; name: string } | null) {
  const { db, actor } = sellerScope(scope, "profile");
  return db.transaction(async (tx) => {
    const company = await companyFor(tx, actor, businessId, { owner: true, lock: true });
    if (company.groupId === (group?.id ?? null)) return company.id;
    await tx.update(businesses).set({ groupId: group?.id ?? null, timeModified: new Date() }).where(eq(businesses.id, company.id));
    await recordHistory(tx, {
      businessId: company.id, refType: "business", refId: company.id, userId: actor.user.id, action: "update",
      changes: { group: { from: company.groupName, to: group?.name ?? null } },
    });
    return company.id;
  });
}

export async function joinGroup(scope: Scope, body: z.infer<typeof joinGroupBody>) {
  const group = await ownGroup(sellerScope(scope, "profile"), body.group_id);
  const businessId = await setGroup(scope, body.business_id, group);
  return { business_id: businessId, group_id: group.id };
}

export async function unjoinGroup(scope: Scope, body: z.infer<typeof unjoinGroupBody>) {
  const businessId = await setGroup(scope, body.business_id, null);
  return { business_id: businessId, group_id: null };
}

/** The user's businesses, grouped (see the header): the spec's business list. */
export async function businessList(scope: Scope) {
  const { db, actor } = sellerScope(scope);
  const rows = await db
    .select({ id: businesses.id, name: businesses.name, status: businesses.status, role: businessMembers.role, groupId: businessGroups.id, groupName: businessGroups.name })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .leftJoin(businessGroups, eq(businessGroups.id, businesses.groupId))
    .where(and(eq(businessMembers.userId, actor.user.id), eq(businessMembers.status, MEMBER_STATUS.active)))
    .orderBy(sql`lower(${businesses.name})`, asc(businesses.id));
  const one = (r: (typeof rows)[number]) => ({
    business_id: r.id,
    name: r.name,
    role: r.role,
    role_name: actor.t(`company:list_page.roles.${r.role}`, { defaultValue: r.role }),
    status: r.status,
    status_name: actor.t(`common:status.${statusName(r.status)}`),
    is_active_business: r.id === actor.member.businessId,
    can_switch: r.status === BUSINESS_STATUS.active && r.id !== actor.member.businessId,
  });
  type Entry = ReturnType<typeof one>;
  const groups = new Map<number, { group_id: number; name: string; business_datas: Entry[] }>();
  const singles: Entry[] = [];
  for (const r of rows) {
    if (r.groupId === null) singles.push(one(r));
    else {
      const g = groups.get(r.groupId) ?? { group_id: r.groupId, name: r.groupName ?? "", business_datas: [] };
      g.business_datas.push(one(r));
      groups.set(r.groupId, g);
    }
  }
  const grouped = [...groups.values()].sort((a, b) => a.name.localeCompare(b.name) || a.group_id - b.group_id);
  return [...grouped, ...singles];
}
