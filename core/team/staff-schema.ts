/**
 * The inputs and answers of the staff calls (core/team/staff.ts, invitations.ts): one Zod schema
 * per input, parsed by the API's handler and by the web's form alike, and the JSON shapes.
 *
 * - `privileges`: keys of core/auth/privileges.ts PRIVILEGES (the sidebar groups and the finer
 *   privileges), at least one group, each once; a finer privilege only with its group. A form sends
 *   one value per ticked box (one value arrives as a string).
 * - `default_route`: a page path of one of the member's privileges (privilegeForPath); left out,
 *   the first page of the first privilege (HOME_OF). Checked against the privileges the member
 *   will have, so a staff member never lands on a page they may not open.
 * - The invitee is `target` (an e-mail or a phone, told apart by the "@"); the API also takes
 *   `email` or `phone` as that field.
 */
import type { TFunction } from "i18next";
import { z } from "zod";
import { GROUPS, groupOf, HOME_OF, isGroup, isPrivilege, PRIVILEGES, privilegeForPath, privilegeNameKey, type Privilege } from "#core/auth/privileges.ts";
import { readTarget, targetField } from "#core/auth/forgot-password.ts";
import { listQuery } from "#core/lib/list-query.ts";
import { unix } from "#core/lib/time.ts";
import { MEMBER_STATUS, MEMBER_STATUS_FILTERS, memberStatusName } from "#db/schema/team-enums.ts";

export { readTarget };

/**
 * One value (a form's single ticked box) or several, as a list. A form also sends an empty value
 * with its boxes (a hidden field), so "none ticked" arrives as "" and is an empty list, not
 * "left out"; empty values are dropped.
 */
const asList = (v: unknown) => (v === undefined || v === null ? undefined : (Array.isArray(v) ? v : [v]).filter((x) => x !== ""));

export const privilegesField = z.preprocess(
  asList,
  z.array(z.string().refine(isPrivilege, "team:errors.privilege_unknown"), { error: "team:errors.privileges_required" })
    .refine((list) => list.some(isGroup), "team:errors.privileges_required")
    .refine((list) => list.every((p) => !isPrivilege(p) || list.includes(groupOf(p))), "team:errors.privilege_needs_group")
    .transform((list) => PRIVILEGES.filter((p) => list.includes(p))),
);

const routeField = z.string().trim().max(200, "too_long")
  .regex(/^\/[a-z0-9\-/]*$/, "team:errors.route_invalid")
  .refine((v) => privilegeForPath(v) !== null, "team:errors.route_invalid");
const blankAsNone = (v: unknown) => (v === "" || v === null ? undefined : v);
export const defaultRouteField = z.preprocess(blankAsNone, routeField.optional());

/** The default route a member with `privileges` gets: the one asked for, else the first page of their first privilege. */
export function routeFor(privileges: readonly string[], asked: string | undefined, role: string) {
  if (asked) return asked;
  const first = role === "owner" ? "dashboard" : GROUPS.find((p) => privileges.includes(p));
  return HOME_OF[first ?? "dashboard"];
}

/** Whether `route` is a page a member with this role and these privileges may open. */
export function routeAllowed(route: string, privileges: readonly string[], role: string) {
  const p = privilegeForPath(route);
  return p !== null && (role === "owner" || privileges.includes(p));
}

const routeOutside = { message: "team:errors.route_outside", path: ["default_route"] };

const withTarget = (v: unknown) => {
  if (!v || typeof v !== "object") return v;
  const o = v as Record<string, unknown>;
  return { ...o, target: o.target ?? o.email ?? o.phone };
};

/** POST …/accounts/seller/users, the invite form: who, what they may open, where they land. */
export const inviteBody = z.preprocess(
  withTarget,
  z.object({ target: targetField, privileges: privilegesField, default_route: defaultRouteField })
    .refine((v) => !v.default_route || routeAllowed(v.default_route, v.privileges, "staff"), routeOutside),
);
export type InviteBody = z.infer<typeof inviteBody>;

/**
 * PUT …/accounts/seller/users/{id}, the edit form: any of privileges, default route, role and
 * status (1 Active, 2 Suspended; removing is DELETE). What is left out stays as it is.
 */
export const memberBody = z.object({
  privileges: privilegesField.optional(),
  default_route: defaultRouteField,
  role: z.preprocess(blankAsNone, z.enum(["owner", "staff"], { error: "invalid" }).optional()),
  status: z.preprocess(
    blankAsNone,
    z.coerce.number({ error: "invalid" }).int().refine((v) => v === MEMBER_STATUS.active || v === MEMBER_STATUS.suspended, "team:errors.status_invalid")
      .optional(),
  ),
});
export type MemberBody = z.infer<typeof memberBody>;

/** GET …/accounts/seller/users: the shared list query, plus the status (1 Active, 2 Suspended, 3 Resign). */
export const staffListQuery = listQuery.extend({
  status: z.preprocess(blankAsNone, z.coerce.number().int().refine((v) => MEMBER_STATUS_FILTERS.includes(v), "invalid").optional()),
});
export type StaffListQuery = z.infer<typeof staffListQuery>;

/** A new account made by accepting an invitation: a name and a password. */
export const acceptNewBody = z.object({
  name: z.string({ error: "required" }).trim().min(1, "required").max(100, "too_long"),
  password: z.string({ error: "required" }).min(8, "password_min").max(200, "too_long"),
});
/** The web's form: the same, the password typed twice. */
export const acceptNewForm = acceptNewBody
  .extend({ password_confirmation: z.string({ error: "required" }) })
  .refine((v) => v.password === v.password_confirmation, { message: "password_mismatch", path: ["password_confirmation"] });

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const privilegeData = (keys: readonly string[], t: TFunction) =>
  keys.map((key) => ({ key, name: isPrivilege(key) ? t(privilegeNameKey(key)) : key }));

/**
 * GET …/accounts/seller/privileges: every privilege with its name, its group (`parent`: null for a
 * group, the group of a finer one, which needs it) and the page a member of it lands on first.
 */
export const privilegeList = (t: TFunction) =>
  PRIVILEGES.map((key: Privilege) => ({
    privilege_id: key, key, name: t(privilegeNameKey(key)), parent: isGroup(key) ? null : groupOf(key), default_route: HOME_OF[groupOf(key)],
  }));

export type MemberRow = {
  userId: number; name: string; email: string | null; phone: string | null; role: string; privileges: string[];
  defaultRoute: string; status: number; timeCreated: Date; timeModified: Date;
};

/** A member as the API answers it (the spec's "seller user"); an owner has every privilege. */
export function staffJson(r: MemberRow, t: TFunction, actorUserId: number) {
  const privileges = r.role === "owner" ? [...PRIVILEGES] : r.privileges;
  return {
    user_id: r.userId,
    name: r.name,
    email: r.email,
    phone: r.phone,
    role: r.role,
    role_name: t(`team:roles.${r.role}`, { defaultValue: r.role }),
    status: r.status,
    status_name: t(`team:status.${memberStatusName(r.status)}`),
    privileges,
    privilege_datas: privilegeData(privileges, t),
    default_route: r.defaultRoute,
    is_self: r.userId === actorUserId,
    time_created: unix(r.timeCreated),
    time_modified: unix(r.timeModified),
  };
}
export type StaffJson = ReturnType<typeof staffJson>;

export type InvitationRow = {
  id: number; channel: string; target: string; privileges: string[]; defaultRoute: string; inviterName: string | null;
  expiresAt: Date; timeCreated: Date; timeModified: Date;
};

/** An open invitation (not accepted, not cancelled); `is_expired` once its 72 h are over (resend makes a new link). */
export function invitationJson(r: InvitationRow, t: TFunction, now = new Date()) {
  return {
    invitation_id: r.id,
    channel: r.channel,
    target: r.target,
    email: r.channel === "email" ? r.target : null,
    phone: r.channel === "sms" ? r.target : null,
    privileges: r.privileges,
    privilege_datas: privilegeData(r.privileges, t),
    default_route: r.defaultRoute,
    invited_by_name: r.inviterName,
    is_expired: r.expiresAt <= now,
    expires_at: unix(r.expiresAt),
    time_created: unix(r.timeCreated),
    time_modified: unix(r.timeModified),
  };
}
export type InvitationJson = ReturnType<typeof invitationJson>;
