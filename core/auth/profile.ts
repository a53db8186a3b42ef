/**
 * The signed-in user's own account (spec 7 "Auth and account"): name, email and phone, the
 * password, phone verification, and the codes a signed-in user asks for. Any signed-in user, seller
 * or not: these take the actor, never a business.
 *
 * Decisions where the spec is silent:
 * - A new email needs the code sent to that address (requestOwnCode "change_email"): it proves
 *   the user owns it. A new phone is saved unverified (profile status back to 1) until verified
 *   with a code sent to it ("phone"). Codes are bound to the user (their purpose carries the id).
 * - Another account's email or phone is refused per field.
 * - A password change needs the current password (10 tries per user per 15 minutes, so a stolen
 *   session cannot guess it at leisure) and signs out every other device of the user, their
 *   sockets included (disconnected at once, core/lib/events.ts publishRevoked).
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { users } from "#db/schema/index.ts";
import type { AuthUser, Scope } from "#core/actor.ts";
import { NotFound, Refused, TooMany } from "#core/errors.ts";
import { LOCALES } from "#core/i18n.ts";
import { imageUrl } from "#core/profile/warehouses-shared.ts";
import { publishRevoked } from "#core/lib/events.ts";
import { isPhoneLike, normalizePhone } from "#core/lib/phone.ts";
import { hit } from "#core/lib/rate-limit.ts";
import { checkOtp, countSend, maskTarget, sendOtp, type OtpPurpose, type OtpTarget } from "./otp.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { revokeTokens } from "./tokens.ts";

/** Profile status of the spec: 1 email verified, 3 email and phone verified. */
const PHONE_VERIFIED = 3;
const EMAIL_VERIFIED = 1;

const profileJson = (u: typeof users.$inferSelect) =>
  ({ id: u.id, name: u.name, email: u.email, phone: u.phone, photo: u.photo, profile_status: u.profileStatus, role: u.role, locale: u.locale });

/** The signed-in user's own account as saved now (the account settings page reads it fresh, not the session's copy). */
export async function myProfile({ db, actor }: Scope) {
  const [user] = await db.select().from(users).where(eq(users.id, actor.user.id));
  if (!user) throw new NotFound();
  return profileJson(user);
}

export const languageBody = z.object({ locale: z.enum(LOCALES, { error: "invalid" }) });

/**
 * The user's language: what the messages sent to them (codes, invitations, notifications) are
 * written in, wherever no page decides it. A page's language is its URL (/id or not).
 */
export async function setLanguage({ db, actor }: Scope, body: z.infer<typeof languageBody>) {
  const [user] = await db.update(users).set({ locale: body.locale, timeModified: new Date() }).where(eq(users.id, actor.user.id)).returning();
  return profileJson(user);
}

/** Another account already uses this email or phone? */
async function usedByOther({ db, actor }: Scope, field: "email" | "phone", value: string) {
  const same = field === "email" ? eq(sql`lower(${users.email})`, value) : eq(users.phone, value);
  const [row] = await db.select({ id: users.id }).from(users).where(and(same, ne(users.id, actor.user.id))).limit(1);
  return Boolean(row);
}

export const OTP_TYPES = ["phone", "change_email"] as const;
export const otpType = z.enum(OTP_TYPES, { error: "invalid" });
export type OtpType = z.infer<typeof otpType>;

/**
 * The code of a signed-in user's request: `phone` goes to their own phone (to verify it),
 * `change_email` to the new address they want (proving they own it). Bound to the user.
 */
function otpFor(user: AuthUser, type: OtpType, email?: string): { to: OtpTarget; purpose: OtpPurpose } {
  if (type === "phone") {
    if (!user.phone) throw new Refused("auth:api.no_phone", { phone: ["auth:api.no_phone"] });
    return { to: { channel: "sms", target: user.phone }, purpose: `verify_phone:${user.id}` };
  }
  if (!email) throw new Refused("api:errors.validation", { email: ["validation:required"] });
  return { to: { channel: "email", target: email }, purpose: `change_email:${user.id}` };
}

export const profileBody = z.object({
  name: z.string({ error: "required" }).trim().min(1, "required").max(100, "too_long"),
  email: z.string().trim().toLowerCase().email("email_invalid").optional(),
  phone: z.string().trim().refine(isPhoneLike, "phone_invalid").transform(normalizePhone).optional(),
  // Required only when the email changes: the code sent to the new address.
  otp: z.string().trim().optional(),
  locale: languageBody.shape.locale.optional(),
  // Left out: kept; empty or null: removed (the initial is shown again).
  photo: z.preprocess((v) => (v === "" ? null : v), imageUrl.nullable()).optional(),
});

/** Saves name, email and phone (see the header for a new email or phone). */
export async function updateProfile(scope: Scope, body: z.infer<typeof profileBody>) {
  const me = scope.actor.user;
  const taken: Record<string, string[]> = {};
  const emailChanged = body.email !== undefined && body.email !== me.email?.toLowerCase();
  const phoneChanged = body.phone !== undefined && body.phone !== me.phone;
  if (emailChanged && (await usedByOther(scope, "email", body.email!))) taken.email = ["auth:api.email_taken"];
  if (phoneChanged && (await usedByOther(scope, "phone", body.phone!))) taken.phone = ["auth:api.phone_taken"];
  if (Object.keys(taken).length) throw new Refused("api:errors.validation", taken);
  if (emailChanged) {
    if (!body.otp) throw new Refused("auth:api.otp_needed", { otp: ["auth:api.otp_needed"] });
    await checkOtp(body.email!, `change_email:${me.id}`, body.otp, { consume: true });
  }
  const [user] = await scope.db
    .update(users)
    .set({
      name: body.name,
      ...(emailChanged ? { email: body.email } : {}),
      ...(phoneChanged ? { phone: body.phone, profileStatus: EMAIL_VERIFIED } : {}),
      ...(body.locale ? { locale: body.locale } : {}),
      ...(body.photo !== undefined ? { photo: body.photo } : {}),
      timeModified: new Date(),
    })
    .where(eq(users.id, me.id))
    .returning();
  return profileJson(user);
}

export const passwordBody = z.object({
  current_password: z.string({ error: "required" }).min(1, "required"),
  password: z.string({ error: "required" }).min(8, "password_min").max(200, "too_long"),
});

/** A new password (the current one first); every other device of the user is signed out. */
export async function changePassword({ db, actor }: Scope, body: z.infer<typeof passwordBody>) {
  const me = actor.user;
  const wait = await hit(`password:${me.id}`, 10, 900);
  if (wait) throw new TooMany("api:errors.too_many_attempts", wait);
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, me.id));
  if (!(await verifyPassword(body.current_password, row.hash))) {
    throw new Refused("auth:api.current_password_wrong", { current_password: ["auth:api.current_password_wrong"] });
  }
  const hash = await hashPassword(body.password);
  const revoked = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash: hash, timeModified: new Date() }).where(eq(users.id, me.id));
    return revokeTokens(tx, { userId: me.id, except: actor.tokenId });
  });
  // Committed: the other devices' sockets are disconnected now, not at their next reconnect.
  publishRevoked(revoked);
}

export const codeBody = z.object({ otp: z.string({ error: "required" }).trim().min(1, "required") });

/** The code sent to the user's phone marks it verified (profile status 3). */
export async function verifyPhone({ db, actor }: Scope, body: z.infer<typeof codeBody>) {
  const { to, purpose } = otpFor(actor.user, "phone");
  await checkOtp(to.target, purpose, body.otp, { consume: true });
  const [user] = await db
    .update(users)
    .set({ profileStatus: PHONE_VERIFIED, timeModified: new Date() })
    .where(eq(users.id, actor.user.id))
    .returning();
  return profileJson(user);
}

export const codeEmailBody = z.object({ email: z.string().trim().toLowerCase().email("email_invalid").optional() });
export const codeCheckBody = codeEmailBody.extend({ type: otpType, otp: z.string({ error: "required" }).trim().min(1, "required") });

/** Sends a code for the signed-in user: to their phone (`phone`) or to a new email (`change_email`). */
export async function requestOwnCode(scope: Scope, type: string, body: z.infer<typeof codeEmailBody>) {
  const kind = otpType.safeParse(type);
  if (!kind.success) throw new NotFound();
  const { to, purpose } = otpFor(scope.actor.user, kind.data, body.email);
  if (kind.data === "change_email" && (await usedByOther(scope, "email", to.target))) {
    throw new Refused("api:errors.validation", { email: ["auth:api.email_taken"] });
  }
  await countSend(to.target);
  const sent = await sendOtp(scope.actor.t, to, purpose);
  return { channel: to.channel, masked_target: maskTarget(to), ...sent };
}

/** Tells whether a code is right without using it up (a wrong one still costs a try). */
export async function checkOwnCode({ actor }: Scope, body: z.infer<typeof codeCheckBody>) {
  const { to, purpose } = otpFor(actor.user, body.type, body.email);
  await checkOtp(to.target, purpose, body.otp, { consume: false });
  return { valid: true };
}
