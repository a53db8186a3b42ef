/**
 * Signing in and out, self sign-up, and the forgotten-password flow (spec 7 "Auth and account").
 *
 * Decisions where the spec is silent:
 * - Sign-in takes an email or a phone (Indonesian numbers in any local form, stored E.164) and
 *   answers one message for "no such account" and "wrong password". It is limited to 10 tries per
 *   identifier and 50 per client address per 15 minutes; a successful sign-in clears the
 *   identifier's counter, so a user who finally typed it right starts afresh. The address limit
 *   applies only when the client's address is known (X-Forwarded-For): the web's in-process calls
 *   carry none, and one shared bucket for all of them would let anyone lock everybody out.
 * - The forgotten-password flow keeps the spec's three calls (check → request-otp → reset) but never
 *   tells whether an account exists: the sign-in page already refuses to tell, and a "check" that
 *   did would hand out the list of our sellers' emails and phones. `check` validates and normalises
 *   what was typed and answers where a code would go (channel + masked address); `request-otp`
 *   answers the same success for any well-formed address and only sends a code when an account
 *   uses it. The send limit (3 per 15 minutes) counts every request, existing account or not, so
 *   even a 429 reveals nothing. One client address may ask 20 times an hour (across targets), so
 *   nobody can flood many inboxes or phones from one place (counted only when the client's address
 *   is known, as for sign-in). A wrong or unknown target simply has no live code at reset.
 *   Timing does not give it away either: the code is sent after the answer, and where no account or no
 *   code exists the same password-hash work is spent on a decoy.
 * - A reset consumes the code, sets the new password (min 8), revokes every token of the user
 *   (every device is signed out) and clears the sign-in limit of that address.
 * - Registration is hidden (spec: "registration hidden"): REGISTRATION_ENABLED=true opens it.
 *   Closed, it answers 403 "Registration is closed" (the route exists; it is refused), and the web
 *   neither links to nor serves its page. Open, it refuses a taken email or phone per field — a
 *   sign-up form cannot avoid telling that, which is one more reason it is off by default.
 * - GET /v0.0/auth/options tells the web what to show (registration link, demo outbox link), so the
 *   web keeps asking the API and works the same when the API runs apart (API_URL).
 * - GET /v0.0.0/demo/outbox lists the last 50 notifier messages without a token, only in demo mode
 *   (isDemo() of core/lib/demo.ts, and no SMTP_URL or SMS_WEBHOOK_URL): it is how a demo user reads their OTP.
 *   Anywhere else it is 404.
 */
import { Hono } from "hono";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "#db/client.ts";
import { apiTokens, users } from "#db/schema/index.ts";
import { checkOtp, countSend, maskTarget, OTP_SECONDS, sendOtp, spendHashTime, type OtpTarget } from "#core/auth/otp.ts";
import { requireAuth } from "#api/lib/auth.ts";
import { issueToken, revokeTokens } from "#core/auth/tokens.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, ok } from "#api/lib/http.ts";
import { isDemoOutbox, latestMessages } from "#core/lib/notifier.ts";
import { hashPassword, verifyPassword } from "#core/auth/password.ts";
import { clientIp } from "#api/lib/client-ip.ts";
import { hit, reset } from "#core/lib/rate-limit.ts";
import { isPhoneLike, normalizePhone } from "#core/lib/phone.ts";
import { Forbidden, NotFound, Refused, TooMany } from "#core/errors.ts";

export const authRoutes = new Hono<ApiEnv>();

const registrationOpen = () => process.env.REGISTRATION_ENABLED === "true";
/** An email (kept lower case) or a phone number (kept E.164), told apart by the "@". */
export function readTarget(raw: string): OtpTarget | null {
  const value = raw.trim();
  if (value.includes("@")) return z.email().safeParse(value).success ? { channel: "email", target: value.toLowerCase() } : null;
  return isPhoneLike(value) ? { channel: "sms", target: normalizePhone(value) } : null;
}

/** The account an email or phone belongs to, if any. */
async function findUser({ channel, target }: OtpTarget) {
  const [user] = await db
    .select()
    .from(users)
    .where(channel === "email" ? eq(sql`lower(${users.email})`, target) : eq(users.phone, target))
    .limit(1);
  return user;
}

const login = z
  .object({
    email: z.string().trim().email("email_invalid").optional(),
    phone: z.string().trim().min(6, "phone_invalid").optional(),
    password: z.string().min(1, "required"),
  })
  .refine((v) => v.email || v.phone, { message: "email_or_phone", path: ["email"] });

/** Sign-in for the web and for API clients (POS app, scripts): answers data.token, the bearer token. */
authRoutes.post("/v0.0/auth/login", async (c) => {
  const body = await input(c, login);
  const ip = clientIp(c);
  const who = (body.email ?? normalizePhone(body.phone!)).toLowerCase();
  const limited = (await hit(`login:id:${who}`, 10, 900)) || (ip ? await hit(`login:ip:${ip}`, 50, 900) : 0);
  if (limited) throw new TooMany("api:errors.too_many_attempts", limited);
  const [user] = await db
    .select()
    .from(users)
    .where(body.email ? eq(sql`lower(${users.email})`, body.email.toLowerCase()) : eq(users.phone, normalizePhone(body.phone!)))
    .limit(1);
  if (!user) await spendHashTime(body.password);
  if (!user || !(await verifyPassword(body.password, user.passwordHash))) {
    throw new Refused("api:errors.invalid_login", { password: [c.var.t("api:errors.invalid_login")] });
  }
  await reset(`login:id:${who}`);
  const token = await issueToken(user.id);
  return ok(c, { token, user: { id: user.id, name: user.name, email: user.email, phone: user.phone } }, "api:auth.signed_in");
});

authRoutes.post("/v0.0/auth/logout", requireAuth, async (c) => {
  await db.update(apiTokens).set({ revokedAt: new Date() }).where(eq(apiTokens.id, c.var.tokenId));
  return ok(c, null, "api:auth.signed_out");
});

/** What the sign-in pages may offer: self sign-up, the demo outbox, the OTP validity. */
authRoutes.get("/v0.0/auth/options", (c) =>
  ok(c, { registration_enabled: registrationOpen(), demo_outbox: isDemoOutbox(), otp_seconds: OTP_SECONDS }));

const register = z.object({
  name: z.string().trim().min(1, "required").max(100, "too_long"),
  email: z.string().trim().toLowerCase().email("email_invalid"),
  phone: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || isPhoneLike(v), "phone_invalid"),
  password: z.string().min(8, "password_min").max(200, "too_long"),
});

/** Self sign-up (hidden by default). The new user is not a seller yet: they go on to become one. */
authRoutes.post("/v0.0/auth/register", async (c) => {
  if (!registrationOpen()) throw new Forbidden("auth:api.registration_closed");
  const ip = clientIp(c);
  const wait = ip ? await hit(`register:ip:${ip}`, 10, 3600) : 0;
  if (wait) throw new TooMany("api:errors.too_many_attempts", wait);
  const body = await input(c, register);
  const phone = body.phone ? normalizePhone(body.phone) : null;
  const taken: Record<string, string[]> = {};
  if (await findUser({ channel: "email", target: body.email })) taken.email = [c.var.t("auth:api.email_taken")];
  if (phone && (await findUser({ channel: "sms", target: phone }))) taken.phone = [c.var.t("auth:api.phone_taken")];
  if (Object.keys(taken).length) throw new Refused("api:errors.validation", taken);
  const [user] = await db
    .insert(users)
    .values({ name: body.name, email: body.email, phone, passwordHash: await hashPassword(body.password), locale: c.var.locale })
    .returning();
  const token = await issueToken(user.id);
  return ok(c, { token, user: { id: user.id, name: user.name, email: user.email, phone: user.phone } }, "auth:api.registered");
});

// The address a code goes to; `email` and `phone` are accepted as the same field (`target`).
const targetField = z
  .string({ error: "email_or_phone" })
  .trim()
  .min(1, "email_or_phone")
  .refine((v) => readTarget(v) !== null, "auth:api.target_invalid");
const withTarget = <T extends z.ZodRawShape>(shape: T) =>
  z.preprocess(
    (v) => (v && typeof v === "object" ? { ...v, target: (v as Record<string, unknown>).target ?? (v as Record<string, unknown>).email ?? (v as Record<string, unknown>).phone } : v),
    z.object({ target: targetField, ...shape }),
  );

/** Step 1: where would the code go? Answers the same for any well-formed address (see header). */
authRoutes.post("/v0.0/forgot-password/check", async (c) => {
  const who = readTarget((await input(c, withTarget({}))).target)!;
  return ok(c, { ...who, masked_target: maskTarget(who), otp_seconds: OTP_SECONDS }, "auth:api.check_ok");
});

/**
 * Step 2: send a code (3 sends per 15 minutes per address; only an existing account gets one).
 * The answer does not wait for the delivery, so its timing does not tell either; a failed
 * delivery is recorded in the outbox row and its code killed, and the user asks for a new one.
 */
authRoutes.post("/v0.0/forgot-password/request-otp", async (c) => {
  const who = readTarget((await input(c, withTarget({}))).target)!;
  const ip = clientIp(c);
  const wait = ip ? await hit(`otp:ip:${ip}`, 20, 3600) : 0;
  if (wait) throw new TooMany("api:errors.too_many_attempts", wait);
  await countSend(who.target);
  if (await findUser(who)) void sendOtp(c.var.t, who, "reset_password").catch(() => {});
  return ok(c, { ...who, masked_target: maskTarget(who), expires_in: OTP_SECONDS }, "auth:api.otp_sent");
});

const resetBody = withTarget({
  otp: z.string().trim().min(1, "required"),
  password: z.string().min(8, "password_min").max(200, "too_long"),
});

/** Step 3: the code (single use, 5 tries) sets a new password and signs out every device. */
authRoutes.post("/v0.0/forgot-password/reset-password", async (c) => {
  const body = await input(c, resetBody);
  const who = readTarget(body.target)!;
  await checkOtp(c.var.t, who.target, "reset_password", body.otp, { consume: true });
  const user = await findUser(who);
  if (!user) throw new Refused("auth:api.otp_expired", { otp: [c.var.t("auth:api.otp_expired")] });
  await db.update(users).set({ passwordHash: await hashPassword(body.password), timeModified: new Date() }).where(eq(users.id, user.id));
  await revokeTokens(user.id);
  await reset(`login:id:${who.target}`);
  return ok(c, null, "auth:api.password_reset");
});

/** Demo mode only: the notifier's latest messages, so a demo user can read their code. */
authRoutes.get("/v0.0.0/demo/outbox", async (c) => {
  if (!isDemoOutbox()) throw new NotFound();
  return ok(c, await latestMessages(50));
});
