/**
 * Inviting staff (issue 13): an owner names a person by e-mail or phone with the privileges and
 * default route they will have; the person gets a one-time link `/invite/<token>` through the
 * notifier (core/lib/notifier.ts), in the inviter's language, good for 72 hours. Accepting it is
 * core/team/invitation-accept.ts.
 *
 * Decisions where the spec is silent:
 * - One open invitation per person and business (the table's partial unique index): inviting the
 *   same person again — or two owners at once — refreshes that invitation (its privileges, a new
 *   link, 72 h again) and sends it again; the earlier link stops working (only the newest link's
 *   hash is kept, the message says it replaces earlier ones). "Resend" does the same.
 * - Only the token's SHA-256 is stored; the link is made from APP_URL (core/lib/app-url.ts), never
 *   from a request's Host header.
 * - A person who is already an Active or Suspended member is refused (change them instead); one
 *   who left (Resign) may be invited back.
 * - The answer says whether the message went out (`sent`): a failed delivery is in the outbox row,
 *   and the owner can resend.
 */
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { createHash, randomBytes } from "node:crypto";
import type { Tx } from "#db/client.ts";
import { businessMembers, staffInvitations, users } from "#db/schema/index.ts";
import { INVITATION_HOURS, MEMBER_STATUS } from "#db/schema/team-enums.ts";
import type { SellerActor, Scope } from "#core/actor.ts";
import { findUserBy } from "#core/auth/sign-in.ts";
import { requireRecentAuth } from "#core/auth/reauth.ts";
import { NotFound, Refused } from "#core/errors.ts";
import { appUrl } from "#core/lib/app-url.ts";
import { recordHistory } from "#core/lib/history.ts";
import { notify } from "#core/lib/notifier.ts";
import { invitationJson, readTarget, routeFor, type InviteBody, type InvitationRow } from "./staff-schema.ts";
import { staffManager, staffReader } from "./staff.ts";

export const INVITATION_REF = "staff_invitation";
export const hashInvitation = (token: string) => createHash("sha256").update(`invite:${token}`).digest("hex");

const open = and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt));
const expiry = () => new Date(Date.now() + INVITATION_HOURS * 3600_000);

const columns = {
  id: staffInvitations.id, channel: staffInvitations.channel, target: staffInvitations.target, privileges: staffInvitations.privileges,
  defaultRoute: staffInvitations.defaultRoute, inviterName: users.name, expiresAt: staffInvitations.expiresAt,
  timeCreated: staffInvitations.timeCreated, timeModified: staffInvitations.timeModified,
};

async function findOpen(exec: Scope["db"], businessId: number, id: number): Promise<InvitationRow | undefined> {
  const [row] = await exec.select(columns).from(staffInvitations).leftJoin(users, eq(users.id, staffInvitations.invitedBy))
    .where(and(eq(staffInvitations.businessId, businessId), eq(staffInvitations.id, id), open)).limit(1);
  return row;
}

/** The open invitations of the business (pending and expired), newest first. */
export async function listInvitations(scope: Scope) {
  const { db, actor } = staffReader(scope);
  const rows = await db.select(columns).from(staffInvitations).leftJoin(users, eq(users.id, staffInvitations.invitedBy))
    .where(and(eq(staffInvitations.businessId, actor.member.businessId), open))
    .orderBy(desc(staffInvitations.timeModified), desc(staffInvitations.id))
    .limit(100);
  return rows.map((r) => invitationJson(r, actor.t));
}

/** Refused when the person already works for the business (Active or Suspended). */
async function notYetMember(tx: Tx, businessId: number, who: { channel: "email" | "sms"; target: string }) {
  const user = await findUserBy({ db: tx }, who.channel === "email" ? { email: who.target } : { phone: who.target });
  if (!user) return;
  const [member] = await tx.select({ status: businessMembers.status }).from(businessMembers)
    .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, user.id),
      inArray(businessMembers.status, [MEMBER_STATUS.active, MEMBER_STATUS.suspended])));
  if (member) throw new Refused("api:errors.validation", { target: ["team:errors.already_member"] });
}

/** Sends the link; true when the notifier delivered it. */
async function send(actor: SellerActor, row: { channel: string; target: string }, token: string) {
  const path = `${actor.locale === "id" ? "/id" : ""}/invite/${token}`;
  const vars = { inviter: actor.user.name, business: actor.member.businessName, link: `${appUrl()}${path}`, hours: INVITATION_HOURS };
  const delivery = await notify({
    channel: row.channel === "sms" ? "sms" : "email",
    target: row.target,
    subject: actor.t("team:invite_message.subject", vars),
    body: actor.t(row.channel === "sms" ? "team:invite_message.sms" : "team:invite_message.body", vars),
  });
  return delivery.delivered;
}

/** POST …/accounts/seller/users: invites a person (or refreshes their open invitation) and sends the link. */
export async function inviteStaff(scope: Scope, body: InviteBody) {
  const { db, actor } = staffManager(scope);
  // Granting privileges to a new person is a privilege change: the password again when the business asks.
  await requireRecentAuth(scope);
  const businessId = actor.member.businessId;
  const who = readTarget(body.target)!;
  const token = randomBytes(32).toString("base64url");
  const values = {
    channel: who.channel, privileges: body.privileges, defaultRoute: routeFor(body.privileges, body.default_route, "staff"),
    tokenHash: hashInvitation(token), invitedBy: actor.user.id, expiresAt: expiry(),
  };
  const row = await db.transaction(async (tx) => {
    await notYetMember(tx, businessId, who);
    const [saved] = await tx.insert(staffInvitations).values({ ...values, businessId, target: who.target })
      .onConflictDoUpdate({
        target: [staffInvitations.businessId, staffInvitations.target],
        targetWhere: sql`accepted_at IS NULL AND revoked_at IS NULL`,
        set: { ...values, timeModified: new Date() },
      })
      .returning({ id: staffInvitations.id, fresh: sql<boolean>`xmax = 0` });
    await recordHistory(tx, {
      businessId, refType: INVITATION_REF, refId: saved.id, userId: actor.user.id, action: saved.fresh ? "invite" : "reinvite",
      changes: { target: { from: null, to: who.target }, privileges: { from: null, to: body.privileges.join(", ") } },
    });
    return (await findOpen(tx, businessId, saved.id))!;
  });
  const sent = await send(actor, row, token);
  return { ...invitationJson(row, actor.t), sent };
}

/** Sends an open invitation again with a new link and 72 h more (the old link stops working). */
export async function resendInvitation(scope: Scope, id: number) {
  const { db, actor } = staffManager(scope);
  const businessId = actor.member.businessId;
  const token = randomBytes(32).toString("base64url");
  const row = await db.transaction(async (tx) => {
    const [done] = await tx.update(staffInvitations)
      .set({ tokenHash: hashInvitation(token), expiresAt: expiry(), invitedBy: actor.user.id, timeModified: new Date() })
      .where(and(eq(staffInvitations.businessId, businessId), eq(staffInvitations.id, id), open))
      .returning({ id: staffInvitations.id });
    if (!done) throw new NotFound();
    await recordHistory(tx, { businessId, refType: INVITATION_REF, refId: id, userId: actor.user.id, action: "resend" });
    return (await findOpen(tx, businessId, id))!;
  });
  const sent = await send(actor, row, token);
  return { ...invitationJson(row, actor.t), sent };
}

/** Cancels an open invitation: its link then says so. */
export async function cancelInvitation(scope: Scope, id: number) {
  const { db, actor } = staffManager(scope);
  const businessId = actor.member.businessId;
  await db.transaction(async (tx) => {
    const [done] = await tx.update(staffInvitations).set({ revokedAt: new Date(), timeModified: new Date() })
      .where(and(eq(staffInvitations.businessId, businessId), eq(staffInvitations.id, id), open))
      .returning({ id: staffInvitations.id });
    if (!done) throw new NotFound();
    await recordHistory(tx, { businessId, refType: INVITATION_REF, refId: id, userId: actor.user.id, action: "cancel" });
  });
  return { invitation_id: id };
}
