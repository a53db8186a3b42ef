/**
 * One-time passwords, the rules in one place (forgot password, phone verification, email change):
 * - 6 random digits, valid 120 s (the spec's OTP timeout), stored only as a slow hash;
 * - single use; a new code for the same target and purpose kills the previous one;
 * - at most 5 wrong tries, then the code is dead and a new one must be requested;
 * - at most 3 sends per target per 15 minutes (TooMany with the seconds to wait).
 * Expiry is judged by the database clock (expires_at > now()), so tests move time by editing rows.
 */
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { TFunction } from "i18next";
import { randomInt } from "node:crypto";
import { db } from "#db/client.ts";
import { otps } from "#db/schema/index.ts";
import { notify } from "#core/lib/notifier.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { hit } from "#core/lib/rate-limit.ts";
import { Refused, TooMany, Unavailable } from "#core/errors.ts";

export const OTP_SECONDS = 120;
export const OTP_MAX_TRIES = 5;
export const OTP_MAX_SENDS = 3;
export const OTP_SEND_WINDOW_SECONDS = 15 * 60;

/** What a code is for; signed-in purposes carry the user id so a code only works for its requester. */
export type OtpPurpose = "reset_password" | `verify_phone:${number}` | `change_email:${number}`;

/** Where a code goes: an email address (lower case) or a phone number in E.164. */
export type OtpTarget = { channel: "email" | "sms"; target: string };

let decoy: Promise<string> | undefined;
/**
 * Spends the time of one password-hash check on nothing. Called where no account or no code was
 * found, so the answer takes as long as a real check and timing does not tell the cases apart.
 */
export async function spendHashTime(secret: string) {
  // A failed hash is not kept: the next call makes the decoy again.
  decoy ??= hashPassword("decoy-secret").catch((e) => {
    decoy = undefined;
    throw e;
  });
  await verifyPassword(secret, await decoy);
}

/** Counts one send to the target; over the limit it is TooMany with the seconds to wait. */
export async function countSend(target: string) {
  const wait = await hit(`otp:send:${target}`, OTP_MAX_SENDS, OTP_SEND_WINDOW_SECONDS);
  if (wait) throw new TooMany("auth:api.otp_too_many_sends", wait);
}

/**
 * Makes a new code for target + purpose and sends it through the notifier, in the caller's
 * language. The code is hashed with the password hash (argon2id, core/auth/password.ts), salted
 * per code: a leaked table means a search of the million codes at ~15 ms of a core and 19 MiB
 * each, hours of one core per code where the code lives 120 s. The same hash as passwords, not a
 * cheaper one of its own, so that spendHashTime's decoy costs what a real code check costs (one
 * decoy for sign-in and codes alike). A code that could not be delivered is killed and the
 * caller hears Unavailable, so nobody waits for a message that will not come.
 */
export async function sendOtp(t: TFunction, { channel, target }: OtpTarget, purpose: OtpPurpose) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const codeHash = await hashPassword(code);
  const [row] = await db.transaction(async (tx) => {
    await tx
      .update(otps)
      .set({ expiresAt: sql`now()` })
      .where(and(eq(otps.target, target), eq(otps.purpose, purpose), isNull(otps.usedAt), gt(otps.expiresAt, sql`now()`)));
    return tx
      .insert(otps)
      .values({ target, purpose, codeHash, expiresAt: sql`now() + make_interval(secs => ${OTP_SECONDS})` })
      .returning({ id: otps.id });
  });
  const kind = purpose.split(":")[0];
  const delivery = await notify({
    channel,
    target,
    subject: t(`auth:otp_message.subject_${kind}`),
    body: t("auth:otp_message.body", { code, seconds: OTP_SECONDS }),
  });
  if (!delivery.delivered) {
    await db.update(otps).set({ expiresAt: sql`now()` }).where(eq(otps.id, row.id));
    throw new Unavailable("auth:api.otp_not_sent");
  }
  return { expires_in: OTP_SECONDS };
}

/**
 * Checks a code against the live one for target + purpose. `consume` uses it up (a reset, a
 * verification); without it the code stays usable (the "check" step before a form is sent).
 * A wrong code costs one try whether consumed or not. The row is locked while it is judged, so
 * parallel guesses cannot exceed the tries. Failures are refusals on the `otp` field (keys; the
 * adapter translates them with the refusal's vars, e.g. the tries left).
 */
export async function checkOtp(target: string, purpose: OtpPurpose, code: string, { consume }: { consume: boolean }) {
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(otps)
      .where(and(
        eq(otps.target, target),
        eq(otps.purpose, purpose),
        isNull(otps.usedAt),
        gt(otps.expiresAt, sql`now()`),
        lt(otps.attempts, OTP_MAX_TRIES),
      ))
      .orderBy(desc(otps.id))
      .limit(1)
      .for("update");
    if (!row) {
      await spendHashTime(code);
      return { key: "auth:api.otp_expired" } as const;
    }
    if (/^\d{6}$/.test(code) && (await verifyPassword(code, row.codeHash))) {
      if (consume) await tx.update(otps).set({ usedAt: sql`now()` }).where(eq(otps.id, row.id));
      return null;
    }
    const attempts = row.attempts + 1;
    await tx.update(otps).set({ attempts }).where(eq(otps.id, row.id));
    const left = OTP_MAX_TRIES - attempts;
    return left > 0 ? ({ key: "auth:api.otp_wrong", vars: { left } } as const) : ({ key: "auth:api.otp_dead" } as const);
  });
  if (outcome) {
    const vars = "vars" in outcome ? outcome.vars : undefined;
    throw new Refused(outcome.key, { otp: [outcome.key] }, vars);
  }
}

/** "seller@indie.test" → "se****@indie.test"; "+6281200000001" → "+62812*****001". Shown, never trusted. */
export function maskTarget({ channel, target }: OtpTarget): string {
  if (channel === "email") {
    const [name, domain] = target.split("@");
    return `${name.slice(0, 2)}${"*".repeat(Math.max(name.length - 2, 2))}@${domain}`;
  }
  return `${target.slice(0, 6)}${"*".repeat(Math.max(target.length - 9, 2))}${target.slice(-3)}`;
}

/**
 * GET /v0.0.0/utilities/otp: the rules of codes as a client needs them for its countdown and its
 * messages (the spec's OTP timeout of 120 s, tries, sends per window) and the kinds a signed-in
 * user may request (POST utilities/otp/request/{type}).
 */
export function otpRules() {
  return {
    timeout: OTP_SECONDS,
    length: 6,
    max_tries: OTP_MAX_TRIES,
    max_sends: OTP_MAX_SENDS,
    send_window: OTP_SEND_WINDOW_SECONDS,
    types: ["phone", "change_email"],
  };
}
