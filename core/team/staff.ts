/**
 * The business's staff (issue 13, spec 7 "Omnipos": /accounts/seller/users and /privileges): the
 * members with their status and privileges, a change of privileges, default route, role or status,
 * and removal. Inviting is core/team/invitations.ts.
 *
 * Decisions where the spec is silent:
 * - Who manages staff: only an owner. A staff member with the "setting" privilege may see the
 *   list (and the privileges), never change it: a member who could change privileges could give
 *   themselves every one, so "setting" alone must not be enough.
 * - Removing marks the membership Resign (3) instead of deleting it: the row keeps the person's
 *   name on the update history of everything they touched, the list shows who left, and inviting
 *   them again makes the same row Active with the new privileges. Suspended (2) and Resign (3)
 *   count as no membership everywhere a membership is read (core/auth/tokens.ts, the socket's
 *   ticket, the company list, private files).
 * - Owners: an owner may make another member an owner or staff. Nobody suspends or removes
 *   themselves, and the last Active owner cannot step down (a business always has one).
 *   Every change locks the acting owner's row, the member's and every Active owner's, in user
 *   order, and checks again under the lock that the actor is still an Active owner: two owners
 *   removing each other at once end with one of them removed, never both.
 * - Takes effect at once: privileges and status are read on every request (the token's query,
 *   core/auth/tokens.ts findToken), so the next call already sees a change. A suspended or removed
 *   member's sessions end: the tokens acting for this business are revoked (the user's tokens
 *   carry their active business; a token of another of their businesses goes on working there),
 *   and every socket of theirs in this business's room is disconnected, whichever token it joined
 *   with (core/lib/events.ts publishMemberEnded), after the commit.
 * - Two owners changing one member at once: each change is one UPDATE under the member's row
 *   lock, the last one wins whole (no mix of both), and both read the result afterwards.
 */
import { and, asc, count, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import { db as pool, sideBySide, type Db, type Tx } from "#db/client.ts";
import { businessMembers, users } from "#db/schema/index.ts";
import { MEMBER_STATUS } from "#db/schema/team-enums.ts";
import { sellerScope, type Scope, type SellerScope } from "#core/actor.ts";
import { requireRecentAuth } from "#core/auth/reauth.ts";
import { revokeTokens } from "#core/auth/tokens.ts";
import { Forbidden, NotFound, Refused } from "#core/errors.ts";
import { publishMemberEnded, publishRevoked } from "#core/lib/events.ts";
import { diff, recordHistory } from "#core/lib/history.ts";
import { contains, offsetOf, orderBy } from "#core/lib/list-query.ts";
import {
  privilegeList, routeAllowed, routeFor, staffJson, type MemberBody, type MemberRow, type StaffListQuery,
} from "./staff-schema.ts";

export const MEMBER_REF = "member";

/** Seller work on the staff list: the "setting" privilege (reading). */
export const staffReader = (scope: Scope) => sellerScope(scope, "setting");

/** Changing staff: an owner of the business (see the header); checked again under lock by each change. */
export function staffManager(scope: Scope): SellerScope {
  const seller = sellerScope(scope, "setting");
  if (seller.actor.member.role !== "owner") throw new Forbidden("team:errors.owner_only");
  return seller;
}

const columns = {
  userId: users.id, name: users.name, email: users.email, phone: users.phone, role: businessMembers.role,
  privileges: businessMembers.privileges, defaultRoute: businessMembers.defaultRoute, status: businessMembers.status,
  timeCreated: businessMembers.timeCreated, timeModified: businessMembers.timeModified,
};

const base = (exec: Db | Tx) => exec.select(columns).from(businessMembers).innerJoin(users, eq(users.id, businessMembers.userId));

/** One member of the business (any status); undefined for anyone else. */
export async function findMember(businessId: number, userId: number, exec: Db | Tx = pool): Promise<MemberRow | undefined> {
  const [row] = await base(exec).where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId))).limit(1);
  return row;
}

function filtered(businessId: number, q: Partial<StaffListQuery>) {
  const where: SQL[] = [eq(businessMembers.businessId, businessId)];
  if (q.status !== undefined) where.push(eq(businessMembers.status, q.status));
  if (q.search) {
    const text = contains(q.search);
    where.push(or(ilike(users.name, text), ilike(users.email, text), ilike(users.phone, text))!);
  }
  return and(...where)!;
}

/** GET …/accounts/seller/users: the members (owners included), search, status, sort and page. */
export async function listStaff(scope: Scope, q: StaffListQuery) {
  const { db, actor } = staffReader(scope);
  const where = filtered(actor.member.businessId, q);
  const [rows, [{ total }]] = await sideBySide(db,
    () => base(db)
      .where(where)
      .orderBy(...orderBy(q.sort, { created: businessMembers.timeCreated, modified: businessMembers.timeModified, name: users.name, id: users.id }))
      .limit(q.limit)
      .offset(offsetOf(q)),
    () => db.select({ total: count() }).from(businessMembers).innerJoin(users, eq(users.id, businessMembers.userId)).where(where),
  );
  return { rows: rows.map((r) => staffJson(r, actor.t, actor.user.id)), total };
}

/** GET …/accounts/seller/users/{id}: one member; another business's (or nobody's) is NotFound. */
export async function getStaff(scope: Scope, userId: number) {
  const { db, actor } = staffReader(scope);
  const row = await findMember(actor.member.businessId, userId, db);
  if (!row) throw new NotFound();
  return staffJson(row, actor.t, actor.user.id);
}

/** GET …/accounts/seller/privileges: the privileges a member can be given, named in the actor's language. */
export function sellerPrivileges(scope: Scope) {
  return privilegeList(staffReader(scope).actor.t);
}

/**
 * Locks (in user order, so two changes never wait on each other in a circle) the actor's row, the
 * member's and every Active owner's; the actor must still be an Active owner. Answers the member
 * and how many Active owners there are.
 */
async function lockForChange(tx: Tx, businessId: number, actorId: number, userId: number) {
  const rows = await tx
    .select({ userId: businessMembers.userId, role: businessMembers.role, status: businessMembers.status })
    .from(businessMembers)
    .where(and(
      eq(businessMembers.businessId, businessId),
      or(inArray(businessMembers.userId, [actorId, userId]), and(eq(businessMembers.role, "owner"), eq(businessMembers.status, MEMBER_STATUS.active))),
    ))
    .orderBy(asc(businessMembers.userId))
    .for("update");
  const me = rows.find((r) => r.userId === actorId);
  if (me?.role !== "owner" || me.status !== MEMBER_STATUS.active) throw new Forbidden("team:errors.owner_only");
  const member = await findMember(businessId, userId, tx);
  if (!member) throw new NotFound();
  const owners = rows.filter((r) => r.role === "owner" && r.status === MEMBER_STATUS.active).length;
  return { member, owners };
}

/** What a member's sessions lose when they stop being Active: revoked inside the transaction, told after the commit. */
type Ended = { tokenIds: number[]; businessId: number; userId: number } | null;
function announce(ended: Ended) {
  if (!ended) return;
  publishRevoked(ended.tokenIds);
  publishMemberEnded(ended.businessId, ended.userId);
}

const shown = (m: Pick<MemberRow, "role" | "privileges" | "defaultRoute" | "status">) =>
  ({ role: m.role, privileges: m.role === "owner" ? "" : m.privileges.join(", "), default_route: m.defaultRoute, status: m.status });

/**
 * PUT …/accounts/seller/users/{id}: privileges, default route, role and/or status (Active ⇄
 * Suspended). A default route outside the new privileges is refused when asked for, and moved to
 * the first page of the privileges when it was only kept. The same values again write nothing.
 */
export async function updateStaff(scope: Scope, userId: number, body: MemberBody) {
  const { db, actor } = staffManager(scope);
  await requireRecentAuth(scope); // privileges: the password again when the business asks (core/auth/reauth.ts)
  const businessId = actor.member.businessId;
  let ended: Ended = null;
  const after = await db.transaction(async (tx) => {
    const { member, owners } = await lockForChange(tx, businessId, actor.user.id, userId);
    if (member.status === MEMBER_STATUS.resign) throw new Refused("team:errors.resigned");
    const self = userId === actor.user.id;
    const role = body.role ?? member.role;
    const status = body.status ?? member.status;
    if (self && status !== member.status) throw new Refused("team:errors.not_self", { status: ["team:errors.not_self"] });
    const stepsDown = member.role === "owner" && member.status === MEMBER_STATUS.active && (role !== "owner" || status !== MEMBER_STATUS.active);
    if (stepsDown && owners <= 1) throw new Refused("team:errors.last_owner", { role: ["team:errors.last_owner"] });
    const privileges = body.privileges ?? member.privileges;
    if (role === "staff" && !privileges.length) throw new Refused("api:errors.validation", { privileges: ["team:errors.privileges_required"] });
    if (body.default_route && !routeAllowed(body.default_route, privileges, role)) {
      throw new Refused("api:errors.validation", { default_route: ["team:errors.route_outside"] });
    }
    const kept = routeAllowed(member.defaultRoute, privileges, role) ? member.defaultRoute : undefined;
    const next = { role, privileges, defaultRoute: routeFor(privileges, body.default_route ?? kept, role), status };
    const changes = diff(shown(member), shown(next));
    if (!Object.keys(changes).length) return member;
    await tx.update(businessMembers).set({ ...next, timeModified: new Date() })
      .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)));
    const action = status === member.status ? "update" : status === MEMBER_STATUS.suspended ? "suspend" : "reactivate";
    await recordHistory(tx, { businessId, refType: MEMBER_REF, refId: userId, userId: actor.user.id, action, changes });
    if (action === "suspend") ended = { tokenIds: await revokeTokens(tx, { userId, businessId }), businessId, userId };
    return (await findMember(businessId, userId, tx))!;
  });
  announce(ended);
  return staffJson(after, actor.t, actor.user.id);
}

/**
 * DELETE …/accounts/seller/users/{id}: the member leaves the business (Resign, see the header);
 * their sessions in it end at once. A member already removed stays as they are.
 */
export async function removeStaff(scope: Scope, userId: number) {
  const { db, actor } = staffManager(scope);
  const businessId = actor.member.businessId;
  if (userId === actor.user.id) throw new Refused("team:errors.not_self");
  await requireRecentAuth(scope);
  let ended: Ended = null;
  const after = await db.transaction(async (tx) => {
    const { member, owners } = await lockForChange(tx, businessId, actor.user.id, userId);
    if (member.status === MEMBER_STATUS.resign) return member;
    if (member.role === "owner" && member.status === MEMBER_STATUS.active && owners <= 1) throw new Refused("team:errors.last_owner");
    await tx.update(businessMembers).set({ status: MEMBER_STATUS.resign, timeModified: new Date() })
      .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)));
    await recordHistory(tx, {
      businessId, refType: MEMBER_REF, refId: userId, userId: actor.user.id, action: "remove",
      changes: { status: { from: member.status, to: MEMBER_STATUS.resign } },
    });
    ended = { tokenIds: await revokeTokens(tx, { userId, businessId }), businessId, userId };
    return (await findMember(businessId, userId, tx))!;
  });
  announce(ended);
  return staffJson(after, actor.t, actor.user.id);
}
