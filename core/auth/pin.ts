/**
 * The PIN (issue 13, spec 7 "Settings": PUT /v0.0.0/settings/business/{id}/pin): six digits a
 * person types instead of their password on the shop's POS and on a shared kiosk's sign-in
 * (core/auth/kiosk.ts), stored as an argon2id hash like the password (core/auth/password.ts).
 *
 * Decisions where the spec is silent:
 * - One PIN per person, not per business: it stands for the person at the till whichever
 *   business they work in. The path's business must be one of the actor's (another's is 404,
 *   like every settings call), and any member may set their own — it changes nobody else.
 * - Setting or changing it asks for the current password in the same request (a PIN signs in, so
 *   a borrowed unlocked session must not set one), checked through the re-auth count
 *   (core/auth/reauth.ts). Six equal digits and straight runs (123456, 654321) are refused.
 * - Checking a PIN (the kiosk's sign-in) is limited like sign-in: 10 tries per person and client
 *   address per 15 minutes, 50 per address. A PIN has only a million values, so unlike a password
 *   it also stops for that person after 20 wrong tries from all addresses in 15 minutes: their PIN
 *   sign-in then waits the window out, their password still signs in.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { users } from "#db/schema/index.ts";
import type { Scope } from "#core/actor.ts";
import { ownMembership } from "#core/auth/account.ts";
import { TooMany } from "#core/errors.ts";
import { hit, reset } from "#core/lib/rate-limit.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { checkOwnPassword } from "./reauth.ts";

const pinValue = z
  .string({ error: "required" })
  .trim()
  .regex(/^\d{6}$/, "auth:api.pin_format")
  .refine((pin) => !isTrivialPin(pin), "auth:api.pin_trivial");

/** PUT …/pin's body: the new PIN and the current password. */
export const pinBody = z.object({
  pin: pinValue,
  password: z.string({ error: "required" }).min(1, "required").max(200, "too_long"),
});
export type PinBody = z.infer<typeof pinBody>;

/** The web's PIN form: the same, with the PIN typed twice. */
export const pinForm = pinBody
  .extend({ pin_confirmation: z.string({ error: "required" }).trim() })
  .refine((v) => v.pin === v.pin_confirmation, { message: "auth:api.pin_mismatch", path: ["pin_confirmation"] });

/** Six equal digits, or a straight run up or down. */
export function isTrivialPin(pin: string) {
  const d = [...pin].map(Number);
  const steps = new Set(d.slice(1).map((x, i) => x - d[i]));
  return steps.size === 1 && [0, 1, -1].includes([...steps][0]);
}

/** Whether the actor has a PIN (the security page says "change" rather than "set"). */
export async function hasPin({ db, actor }: Scope) {
  const [row] = await db.select({ pinHash: users.pinHash }).from(users).where(eq(users.id, actor.user.id));
  return Boolean(row?.pinHash);
}

/** PUT /v0.0.0/settings/business/{id}/pin: sets the actor's PIN (see the header). */
export async function setPin(scope: Scope, businessId: number, body: PinBody) {
  const member = await ownMembership(scope, businessId);
  await checkOwnPassword(scope, body.password);
  await scope.db.update(users).set({ pinHash: await hashPassword(body.pin), timeModified: new Date() }).where(eq(users.id, scope.actor.user.id));
  await reset(personKey(scope.actor.user.id));
  return { business_id: member.businessId, has_pin: true };
}

// PIN check limits (see the header), per 15 minutes.
const PIN_WINDOW = 900;
const personKey = (userId: number) => `pin:user:${userId}`;

/**
 * Whether `pin` is the PIN of `userId` (false without one). Counts the try first: TooMany past the
 * limits. A right PIN clears the person's counts.
 */
export async function checkPin(db: Scope["db"], userId: number, pin: string, ip: string | undefined): Promise<boolean> {
  const limited = (await hit(`pin:pair:${userId}:${ip ?? ""}`, 10, PIN_WINDOW))
    || (ip ? await hit(`pin:ip:${ip}`, 50, PIN_WINDOW) : 0)
    || (await hit(personKey(userId), 20, PIN_WINDOW));
  if (limited) throw new TooMany("api:errors.too_many_attempts", limited);
  const [row] = await db.select({ pinHash: users.pinHash }).from(users).where(eq(users.id, userId));
  if (!row?.pinHash || !/^\d{6}$/.test(pin) || !(await verifyPassword(pin, row.pinHash))) return false;
  await reset(personKey(userId));
  await reset(`pin:pair:${userId}:${ip ?? ""}`);
  return true;
}
