/**
 * The forgotten-password flow (spec 7 "Auth and account": check → request-otp → reset), for the
 * API's three calls and the web's three-step page alike. A visitor's calls (core/auth/visitor.ts).
 *
 * Decisions where the spec is silent:
 * - It never tells whether an account exists: the sign-in page already refuses to tell, and a
 *   "check" that did would hand out the list of our sellers' emails and phones. `checkTarget`
 *   validates and normalises what was typed and answers where a code would go (channel + masked
 *   address); `requestResetCode` answers the same success for any well-formed address and only
 *   sends a code when an account uses it. The send limit (3 per 15 minutes) counts every
 *   request, existing account or not, so even a TooMany reveals nothing. One client address may
 *   ask 20 times an hour (across targets), so nobody can flood many inboxes or phones from one
 *   place (counted only when the client's address is known, as for sign-in). A wrong or unknown
 *   target simply has no live code at reset. Timing does not give it away either: the code is
 *   sent after the answer, and where no account or no code exists the same password-hash work is
 *   spent on a decoy.
 * - A reset consumes the code, sets the new password (min 8), revokes every token of the user
 *   (every device is signed out, its sockets disconnected) and clears the sign-in limits of that address.
 * - Reset tries are limited before any hash is computed (the code check and the new password's
 *   hash are 19 MiB of argon2id each): 10 per address (email or phone) and 20 per client address
 *   (when known, across addresses) per 15 minutes, then 429. The per-address cap lets no one lock out more than
 *   they already can: 5 wrong guesses kill a code anyway, and 10 tries are two codes' worth.
 * - The address is one field, `target`; the API also takes it as `email` or `phone`.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { users } from "#db/schema/index.ts";
import { Refused, TooMany } from "#core/errors.ts";
import { publishRevoked } from "#core/lib/events.ts";
import { isPhoneLike, normalizePhone } from "#core/lib/phone.ts";
import { hit } from "#core/lib/rate-limit.ts";
import { checkOtp, countSend, maskTarget, OTP_SECONDS, sendOtp, type OtpTarget } from "./otp.ts";
import { hashPassword } from "./password.ts";
import { clearLoginLimits, findUserBy } from "./sign-in.ts";
import { revokeTokens } from "./tokens.ts";
import type { Visitor } from "./visitor.ts";

/** An email (kept lower case) or a phone number (kept E.164), told apart by the "@". */
export function readTarget(raw: string): OtpTarget | null {
  const value = raw.trim();
  if (value.includes("@")) return z.email().safeParse(value).success ? { channel: "email", target: value.toLowerCase() } : null;
  return isPhoneLike(value) ? { channel: "sms", target: normalizePhone(value) } : null;
}

const userOf = (visitor: Visitor, { channel, target }: OtpTarget) =>
  findUserBy(visitor, channel === "email" ? { email: target } : { phone: target });

// The address a code goes to; `email` and `phone` are accepted as the same field (`target`).
export const targetField = z
  .string({ error: "email_or_phone" })
  .trim()
  .min(1, "email_or_phone")
  .refine((v) => readTarget(v) !== null, "auth:api.target_invalid");
const withTarget = <T extends z.ZodRawShape>(shape: T) =>
  z.preprocess(
    (v) => {
      if (!v || typeof v !== "object") return v;
      const o = v as Record<string, unknown>;
      return { ...o, target: o.target ?? o.email ?? o.phone };
    },
    z.object({ target: targetField, ...shape }),
  );

export const newPasswordField = z.string({ error: "required" }).min(8, "password_min").max(200, "too_long");

/** Steps 1 and 2: the address. */
export const targetBody = withTarget({});
/** Step 3: the address, the code and the new password. */
export const resetBody = withTarget({
  otp: z.string({ error: "required" }).trim().min(1, "required"),
  password: newPasswordField,
});

const where = (who: OtpTarget) => ({ ...who, masked_target: maskTarget(who) });
export type CodeDestination = ReturnType<typeof where>;

/** Step 1: where would the code go? The same answer for any well-formed address (see header). */
export function checkTarget(body: { target: string }) {
  return { ...where(readTarget(body.target)!), otp_seconds: OTP_SECONDS };
}

/**
 * Step 2: send a code (3 sends per 15 minutes per address; only an existing account gets one).
 * The answer does not wait for the delivery, so its timing does not tell either; a failed
 * delivery is recorded in the outbox row and its code killed, and the user asks for a new one.
 */
export async function requestResetCode(visitor: Visitor, body: { target: string }) {
  const who = readTarget(body.target)!;
  const wait = visitor.ip ? await hit(`otp:ip:${visitor.ip}`, 20, 3600) : 0;
  if (wait) throw new TooMany("api:errors.too_many_attempts", wait);
  await countSend(who.target);
  if (await userOf(visitor, who)) void sendOtp(visitor.t, who, "reset_password").catch(() => {});
  return { ...where(who), expires_in: OTP_SECONDS };
}

/** Step 3: the code (single use, 5 tries) sets a new password and signs out every device. */
export async function resetPassword(visitor: Visitor, body: z.infer<typeof resetBody>) {
  const who = readTarget(body.target)!;
  const limited = (await hit(`reset:id:${who.target}`, 10, 900)) || (visitor.ip ? await hit(`reset:ip:${visitor.ip}`, 20, 900) : 0);
  if (limited) throw new TooMany("api:errors.too_many_attempts", limited);
  await checkOtp(who.target, "reset_password", body.otp, { consume: true });
  const user = await userOf(visitor, who);
  if (!user) throw new Refused("auth:api.otp_expired", { otp: ["auth:api.otp_expired"] });
  await visitor.db.update(users).set({ passwordHash: await hashPassword(body.password), timeModified: new Date() }).where(eq(users.id, user.id));
  publishRevoked(await revokeTokens(visitor.db, { userId: user.id }));
  await clearLoginLimits(who.target, visitor.ip);
}
