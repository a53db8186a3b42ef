/**
 * The invitee's side of a staff invitation (core/team/invitations.ts), for the public page
 * `/invite/:token`:
 * - reading the link: what it invites to, or why it no longer does (expired, used, cancelled,
 *   unknown — a link replaced by a newer one is unknown);
 * - a new person sets their name and a password: the account is made with the invited e-mail or
 *   phone (the link reached it, so it counts as theirs), joins, and is signed in;
 * - an existing account signs in first and joins: only the account with the invited e-mail or
 *   phone may (whoever holds the link otherwise could join as somebody else). A member who left
 *   (Resign) is made Active again with the invitation's privileges.
 * The invitation row is locked while it is accepted, so a link is used once even when sent twice
 * at the same moment.
 */
import { and, eq } from "drizzle-orm";
import type { Tx } from "#db/client.ts";
import { apiTokens, businesses, businessMembers, staffInvitations, users } from "#db/schema/index.ts";
import { MEMBER_STATUS } from "#db/schema/team-enums.ts";
import type { Scope } from "#core/actor.ts";
import { hashPassword } from "#core/auth/password.ts";
import { findUserBy } from "#core/auth/sign-in.ts";
import { issueToken } from "#core/auth/tokens.ts";
import type { Visitor } from "#core/auth/visitor.ts";
import { Refused } from "#core/errors.ts";
import { recordHistory } from "#core/lib/history.ts";
import { notify } from "#core/notifications/notify.ts";
import { unix } from "#core/lib/time.ts";
import { hashInvitation } from "./invitations.ts";
import { MEMBER_REF } from "./staff.ts";
import type { acceptNewBody } from "./staff-schema.ts";
import type { z } from "zod";

export type InvitationState = "open" | "expired" | "used" | "cancelled" | "invalid";

async function byToken(exec: Visitor["db"], token: string, lock = false) {
  const query = exec
    .select({
      id: staffInvitations.id, businessId: staffInvitations.businessId, businessName: businesses.name, channel: staffInvitations.channel,
      target: staffInvitations.target, privileges: staffInvitations.privileges, defaultRoute: staffInvitations.defaultRoute,
      inviterName: users.name, expiresAt: staffInvitations.expiresAt, acceptedAt: staffInvitations.acceptedAt, revokedAt: staffInvitations.revokedAt,
    })
    .from(staffInvitations)
    .innerJoin(businesses, eq(businesses.id, staffInvitations.businessId))
    .leftJoin(users, eq(users.id, staffInvitations.invitedBy))
    .where(eq(staffInvitations.tokenHash, hashInvitation(token)))
    .limit(1);
  const [row] = lock ? await query.for("update", { of: staffInvitations }) : await query;
  return row;
}
type Invitation = NonNullable<Awaited<ReturnType<typeof byToken>>>;

const stateOf = (row: Invitation | undefined): InvitationState =>
  !row ? "invalid" : row.revokedAt ? "cancelled" : row.acceptedAt ? "used" : row.expiresAt <= new Date() ? "expired" : "open";

/** What the link is: its state and, while it is open, what it invites to and whether its person has an account. */
export async function invitationForToken(visitor: Visitor, token: string) {
  const row = await byToken(visitor.db, token);
  const state = stateOf(row);
  if (!row || state !== "open") return { state, business_name: row && state !== "invalid" ? row.businessName : null };
  const who = row.channel === "email" ? { email: row.target } : { phone: row.target };
  return {
    state,
    business_name: row.businessName,
    inviter_name: row.inviterName,
    channel: row.channel,
    target: row.target,
    has_account: Boolean(await findUserBy(visitor, who)),
    expires_at: unix(row.expiresAt),
  };
}
export type InvitationView = Awaited<ReturnType<typeof invitationForToken>>;

/** The invitation, locked, while it is open; else Refused with why (the page shows it above the form). */
async function lockOpen(tx: Tx, token: string) {
  const row = await byToken(tx, token, true);
  const state = stateOf(row);
  if (state !== "open") throw new Refused(`team:invite.state.${state}`);
  return row!;
}

/** Makes the user an Active member with the invitation's privileges and marks it used. */
async function join(tx: Tx, inv: Invitation, userId: number) {
  const values = { role: "staff", privileges: inv.privileges, defaultRoute: inv.defaultRoute, status: MEMBER_STATUS.active };
  const [was] = await tx.select({ status: businessMembers.status }).from(businessMembers)
    .where(and(eq(businessMembers.businessId, inv.businessId), eq(businessMembers.userId, userId))).for("update");
  if (was && was.status !== MEMBER_STATUS.resign) throw new Refused("team:errors.already_member_you");
  if (was) {
    await tx.update(businessMembers).set({ ...values, timeModified: new Date() })
      .where(and(eq(businessMembers.businessId, inv.businessId), eq(businessMembers.userId, userId)));
  } else {
    await tx.insert(businessMembers).values({ ...values, businessId: inv.businessId, userId });
  }
  await tx.update(staffInvitations).set({ acceptedAt: new Date(), acceptedBy: userId, timeModified: new Date() }).where(eq(staffInvitations.id, inv.id));
  await recordHistory(tx, {
    businessId: inv.businessId, refType: MEMBER_REF, refId: userId, userId, action: "join",
    changes: { status: { from: was?.status ?? null, to: MEMBER_STATUS.active }, privileges: { from: null, to: inv.privileges.join(", ") } },
  });
  const [who] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
  await notify(tx, inv.businessId, "staff_joined", {
    ref: { type: MEMBER_REF, id: userId }, link: `/setting/pos-seller/user/${userId}`, vars: { name: who?.name ?? "" }, byUserId: userId,
  });
}

/**
 * A new person accepts: an account with the invited e-mail or phone, this name and password,
 * joins and is signed in (`token`). When the address already has an account: Refused (sign in).
 */
export async function acceptAsNewAccount(visitor: Visitor, token: string, body: z.infer<typeof acceptNewBody>) {
  const passwordHash = await hashPassword(body.password);
  const { user, inv } = await visitor.db.transaction(async (tx) => {
    const inv = await lockOpen(tx, token);
    const address = inv.channel === "email" ? { email: inv.target } : { phone: inv.target };
    if (await findUserBy({ db: tx }, address)) throw new Refused("team:invite.has_account");
    const [user] = await tx.insert(users)
      .values({ name: body.name, ...address, passwordHash, locale: visitor.locale, profileStatus: 1 })
      .returning({ id: users.id, name: users.name, email: users.email, phone: users.phone });
    await join(tx, inv, user.id);
    return { user, inv };
  });
  return { token: await issueToken(user.id), user, business_id: inv.businessId, business_name: inv.businessName, default_route: inv.defaultRoute };
}

/**
 * A signed-in account accepts: it must be the invited e-mail or phone. It joins, and its session
 * now acts for that business (it lands on its default route there).
 */
export async function acceptAsMember({ db, actor }: Scope, token: string) {
  const inv = await db.transaction(async (tx) => {
    const inv = await lockOpen(tx, token);
    const mine = inv.channel === "email" ? actor.user.email?.toLowerCase() === inv.target : actor.user.phone === inv.target;
    if (!mine) throw new Refused("team:invite.wrong_account", undefined, { target: inv.target });
    await join(tx, inv, actor.user.id);
    await tx.update(apiTokens).set({ businessId: inv.businessId }).where(eq(apiTokens.id, actor.tokenId));
    return inv;
  });
  return { business_id: inv.businessId, business_name: inv.businessName, default_route: inv.defaultRoute };
}
