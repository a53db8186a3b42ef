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
 */
import { and, asc, count, eq, ilike, inArray, notInArray } from "drizzle-orm";
import { z } from "zod";
import { businessGroups, businesses, businessMembers } from "#db/schema/index.ts";
import { BUSINESS_STATUS } from "#db/schema/company-enums.ts";
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
  const [rows, [{ total }]] = await Promise.all([
    db.select({ business_id: businesses.id, name: businesses.name }).from(businesses).where(where)
      .orderBy(asc(businesses.name), asc(businesses.id)).limit(q.limit).offset(offsetOf(q)),
    db.select({ total: count() }).from(businesses).where(where),
  ]);
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
