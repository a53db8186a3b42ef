import { Hono } from "hono";
import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "#db/client.ts";
import { apiTokens, businesses, users } from "#db/schema/index.ts";
import { requireAuth } from "#api/lib/auth.ts";
import { activeMembership, memberships } from "#core/auth/tokens.ts";
import type { ApiEnv, AuthUser, Membership } from "#api/lib/env.ts";
import { input, ok } from "#api/lib/http.ts";
import { accountOverview } from "#core/auth/account.ts";
import { hashPassword, verifyPassword } from "#core/auth/password.ts";
import { isPhoneLike, normalizePhone } from "#core/lib/phone.ts";
import { hit } from "#core/lib/rate-limit.ts";
import { BUSINESS_STATUS } from "#db/schema/company-enums.ts";
import { PRIVILEGES } from "#core/auth/privileges.ts";
import { checkOtp, countSend, maskTarget, sendOtp, type OtpPurpose, type OtpTarget } from "#core/auth/otp.ts";
import { NotFound, Refused, TooMany } from "#core/errors.ts";

export const accountRoutes = new Hono<ApiEnv>();

accountRoutes.get("/v0.0.0/accounts/me", requireAuth, async (c) => ok(c, await accountOverview(c.var.scope)));

accountRoutes.get("/v0.0.0/accounts/business/:id/me", requireAuth, async (c) => {
  const id = Number(c.req.param("id"));
  const mine = await memberships(c.var.user.id);
  if (!mine.some((m) => m.businessId === id)) throw new NotFound();
  return ok(c, await accountOverview(c.var.scope, id));
});

/** Switches the token's active business (the header's business picker). */
accountRoutes.put("/v0.0.0/accounts/me/business", requireAuth, async (c) => {
  const { business_id } = await input(c, z.object({ business_id: z.coerce.number().int().positive("required") }));
  const mine = await memberships(c.var.user.id);
  if (!mine.some((m) => m.businessId === business_id)) throw new NotFound("api:errors.not_found");
  await db.update(apiTokens).set({ businessId: business_id }).where(eq(apiTokens.id, c.var.tokenId));
  return ok(c, await accountOverview(c.var.scope, business_id), "api:account.business_switched");
});

// ---- The signed-in user's own account: profile, password, phone verification, OTPs. ----

const profile = (u: typeof users.$inferSelect) =>
  ({ id: u.id, name: u.name, email: u.email, phone: u.phone, profile_status: u.profileStatus, role: u.role });

/** Profile status of the spec: 1 email verified, 3 email and phone verified. */
const PHONE_VERIFIED = 3;
const EMAIL_VERIFIED = 1;

/** Another account already uses this email or phone? */
async function usedByOther(userId: number, field: "email" | "phone", value: string) {
  const same = field === "email" ? eq(sql`lower(${users.email})`, value) : eq(users.phone, value);
  const [row] = await db.select({ id: users.id }).from(users).where(and(same, ne(users.id, userId))).limit(1);
  return Boolean(row);
}

const otpTypes = z.enum(["phone", "change_email"], { error: "invalid" });

/**
 * The code of a signed-in user's request: `phone` goes to their own phone (to verify it),
 * `change_email` to the new address they want (proving they own it). Bound to the user.
 */
function otpFor(user: AuthUser, type: z.infer<typeof otpTypes>, email?: string): { to: OtpTarget; purpose: OtpPurpose } {
  if (type === "phone") {
    if (!user.phone) throw new Refused("auth:api.no_phone", { phone: ["auth:api.no_phone"] });
    return { to: { channel: "sms", target: user.phone }, purpose: `verify_phone:${user.id}` };
  }
  if (!email) throw new Refused("api:errors.validation", { email: ["validation:required"] });
  return { to: { channel: "email", target: email }, purpose: `change_email:${user.id}` };
}

const meUpdate = z.object({
  name: z.string().trim().min(1, "required").max(100, "too_long"),
  email: z.string().trim().toLowerCase().email("email_invalid").optional(),
  phone: z.string().trim().refine(isPhoneLike, "phone_invalid").transform(normalizePhone).optional(),
  // Required only when the email changes: the code sent to the new address.
  otp: z.string().trim().optional(),
});

/**
 * Name, email and phone. A new email needs the code sent to it (utilities/otp/request/change_email);
 * a new phone is saved unverified (profile status back to 1) until verified with a code.
 */
accountRoutes.put("/v0.0.0/accounts/me", requireAuth, async (c) => {
  const body = await input(c, meUpdate);
  const me = c.var.user;
  const taken: Record<string, string[]> = {};
  const emailChanged = body.email !== undefined && body.email !== me.email?.toLowerCase();
  const phoneChanged = body.phone !== undefined && body.phone !== me.phone;
  if (emailChanged && (await usedByOther(me.id, "email", body.email!))) taken.email = ["auth:api.email_taken"];
  if (phoneChanged && (await usedByOther(me.id, "phone", body.phone!))) taken.phone = ["auth:api.phone_taken"];
  if (Object.keys(taken).length) throw new Refused("api:errors.validation", taken);
  if (emailChanged) {
    if (!body.otp) throw new Refused("auth:api.otp_needed", { otp: ["auth:api.otp_needed"] });
    await checkOtp(c.var.t, body.email!, `change_email:${me.id}`, body.otp, { consume: true });
  }
  const [user] = await db
    .update(users)
    .set({
      name: body.name,
      ...(emailChanged ? { email: body.email } : {}),
      ...(phoneChanged ? { phone: body.phone, profileStatus: EMAIL_VERIFIED } : {}),
      timeModified: new Date(),
    })
    .where(eq(users.id, me.id))
    .returning();
  return ok(c, profile(user), "auth:api.profile_saved");
});

const passwordChange = z.object({
  current_password: z.string().min(1, "required"),
  password: z.string().min(8, "password_min").max(200, "too_long"),
});

/** New password (the current one first); every other device of the user is signed out. */
accountRoutes.put("/v0.0.0/accounts/me/password", requireAuth, async (c) => {
  const body = await input(c, passwordChange);
  const me = c.var.user;
  // A stolen session must not be able to guess the password at leisure.
  const wait = await hit(`password:${me.id}`, 10, 900);
  if (wait) throw new TooMany("api:errors.too_many_attempts", wait);
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, me.id));
  if (!(await verifyPassword(body.current_password, row.hash))) {
    throw new Refused("auth:api.current_password_wrong", { current_password: ["auth:api.current_password_wrong"] });
  }
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash: await hashPassword(body.password), timeModified: new Date() }).where(eq(users.id, me.id));
    await tx
      .update(apiTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiTokens.userId, me.id), isNull(apiTokens.revokedAt), ne(apiTokens.id, c.var.tokenId)));
  });
  return ok(c, null, "auth:api.password_changed");
});

/** The code sent to the user's phone marks it verified (profile status 3). */
accountRoutes.put("/v0.0.0/accounts/me/verify/phone", requireAuth, async (c) => {
  const { otp } = await input(c, z.object({ otp: z.string().trim().min(1, "required") }));
  const { to, purpose } = otpFor(c.var.user, "phone");
  await checkOtp(c.var.t, to.target, purpose, otp, { consume: true });
  const [user] = await db
    .update(users)
    .set({ profileStatus: PHONE_VERIFIED, timeModified: new Date() })
    .where(eq(users.id, c.var.user.id))
    .returning();
  return ok(c, profile(user), "auth:api.phone_verified");
});

const otpEmail = z.object({ email: z.string().trim().toLowerCase().email("email_invalid").optional() });

/** Sends a code for a signed-in user: to their phone (`phone`) or to a new email (`change_email`). */
accountRoutes.post("/v0.0.0/utilities/otp/request/:type", requireAuth, async (c) => {
  const type = otpTypes.safeParse(c.req.param("type"));
  if (!type.success) throw new NotFound();
  const { email } = await input(c, otpEmail);
  const { to, purpose } = otpFor(c.var.user, type.data, email);
  if (type.data === "change_email" && (await usedByOther(c.var.user.id, "email", to.target))) {
    throw new Refused("api:errors.validation", { email: ["auth:api.email_taken"] });
  }
  await countSend(to.target);
  const sent = await sendOtp(c.var.t, to, purpose);
  return ok(c, { channel: to.channel, masked_target: maskTarget(to), ...sent }, "auth:api.otp_sent_to_you");
});

/** Tells whether a code is right without using it up (a wrong one still costs a try). */
accountRoutes.post("/v0.0.0/utilities/otp/check", requireAuth, async (c) => {
  const body = await input(c, otpEmail.extend({ type: otpTypes, otp: z.string().trim().min(1, "required") }));
  const { to, purpose } = otpFor(c.var.user, body.type, body.email);
  await checkOtp(c.var.t, to.target, purpose, body.otp, { consume: false });
  return ok(c, { valid: true }, "auth:api.otp_valid");
});
