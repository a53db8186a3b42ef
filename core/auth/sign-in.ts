/**
 * Signing in and out, and self sign-up (spec 7 "Auth and account"): what POST auth/login,
 * auth/logout, auth/register and GET auth/options do, and what the web's sign-in, sign-out and
 * register pages do — the same functions. Sign-in and sign-up are a visitor's calls (no actor yet,
 * core/auth/visitor.ts); sign-out is the actor's.
 *
 * Decisions where the spec is silent:
 * - Sign-in takes an email or a phone (Indonesian numbers in any local form, stored E.164) and
 *   answers one message for "no such account" and "wrong password" (under `password`). Limits per
 *   15 minutes (loginLimits): 10 tries per identifier from one client address, then 429 until the
 *   window ends; 50 per client address across identifiers. An identifier alone is never locked —
 *   a lock that counted tries from anywhere would let anyone lock any seller out — it is only
 *   slowed down: past 20 tries from all addresses together each try waits a little longer (up to
 *   5 s) before the password is checked. A successful sign-in clears the identifier's counters,
 *   so a user who finally typed it right starts afresh. The per-address limit applies only when
 *   the client's address is known: one shared bucket for every caller without one would let
 *   anyone lock everybody out (callers without an address — in-process ones, no socket — share
 *   one (identifier, no address) lock, which every HTTP request, with its socket, escapes). Where
 *   no account exists the same password-hash work is spent on a decoy, so timing does not tell.
 * - A correct password whose stored hash is of an older kind (scrypt, or argon2id weaker than
 *   today's; core/auth/password.ts) is hashed afresh and stored in the same request; when that
 *   write fails the sign-in still succeeds and the failure is logged.
 * - The web's sign-in form has one field for both (`login`): an "@" makes it an email, anything
 *   else is read as a phone number (credentialsOf).
 * - Registration is hidden (spec: "registration hidden"): REGISTRATION_ENABLED=true opens it.
 *   Closed, it is Forbidden "Registration is closed" (the API route exists; it is refused), and
 *   the web neither links to nor serves its page. Open, it refuses a taken email or phone per
 *   field — a sign-up form cannot avoid telling that, which is one more reason it is off by
 *   default. 10 sign-ups per client address an hour. The new user is not a seller yet.
 * - authOptions tells the sign-in pages what to show (registration link, demo outbox link, the
 *   OTP validity).
 */
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { users } from "#db/schema/index.ts";
import type { Scope } from "#core/actor.ts";
import { Forbidden, Refused, TooMany } from "#core/errors.ts";
import type { Peer } from "#core/lib/demo.ts";
import { publishRevoked } from "#core/lib/events.ts";
import { isDemoOutbox } from "#core/lib/notifier.ts";
import { isPhoneLike, normalizePhone } from "#core/lib/phone.ts";
import { hit, reset, tally } from "#core/lib/rate-limit.ts";
import { OTP_SECONDS, spendHashTime } from "./otp.ts";
import { hashPassword, needsRehash, verifyPassword } from "./password.ts";
import { issueToken, revokeTokens } from "./tokens.ts";
import type { Visitor } from "./visitor.ts";

/** Self sign-up is open (REGISTRATION_ENABLED=true). */
export const registrationOpen = () => process.env.REGISTRATION_ENABLED === "true";

/**
 * What the sign-in pages may offer: self sign-up, the demo outbox (only to the peer it would open
 * for: core/lib/demo.ts isDemoFor), the OTP validity.
 */
export function authOptions(peer: Peer) {
  return { registration_enabled: registrationOpen(), demo_outbox: isDemoOutbox(peer), otp_seconds: OTP_SECONDS };
}
export type AuthOptions = ReturnType<typeof authOptions>;

/** The account an email (any case) or an E.164 phone belongs to, if any. */
export async function findUserBy({ db }: { db: Visitor["db"] }, by: { email: string } | { phone: string }) {
  const [user] = await db
    .select()
    .from(users)
    .where("email" in by ? eq(sql`lower(${users.email})`, by.email.toLowerCase()) : eq(users.phone, by.phone))
    .limit(1);
  return user;
}

const signedIn = (user: typeof users.$inferSelect, token: string) =>
  ({ token, user: { id: user.id, name: user.name, email: user.email, phone: user.phone } });

// ---------------------------------------------------------------------------------------------
// Sign-in and sign-out
// ---------------------------------------------------------------------------------------------

/** POST auth/login's body (API clients: the POS app, scripts). */
export const loginBody = z
  .object({
    email: z.string().trim().email("email_invalid").optional(),
    phone: z.string().trim().min(6, "phone_invalid").optional(),
    password: z.string({ error: "required" }).min(1, "required"),
  })
  .refine((v) => v.email || v.phone, { message: "email_or_phone", path: ["email"] });
export type LoginBody = z.infer<typeof loginBody>;

/** The web's sign-in form: one field for an email or a phone, and where to go afterwards. */
export const signInForm = z.object({
  login: z.string({ error: "email_or_phone" }).trim().min(1, "email_or_phone"),
  password: z.string({ error: "required" }).min(1, "required"),
  redirectTo: z.string().optional(),
  // "Keep me signed in": the web session then outlives the idle time (app/lib/session.server.ts).
  remember: z.boolean().optional(),
});

/** The sign-in form's one field as the API's credentials. */
export const credentialsOf = (login: string, password: string): LoginBody =>
  login.includes("@") ? { email: login, password } : { phone: login, password };

/** Checks the credentials and issues a bearer token: `{ token, user }`. */
export async function signIn(visitor: Visitor, body: LoginBody) {
  const phone = body.phone ? normalizePhone(body.phone) : undefined;
  const who = (body.email ?? phone!).toLowerCase();
  await loginLimits(who, visitor.ip);
  const user = await findUserBy(visitor, body.email ? { email: body.email } : { phone: phone! });
  if (!user) await spendHashTime(body.password);
  if (!user || !(await verifyPassword(body.password, user.passwordHash))) {
    throw new Refused("api:errors.invalid_login", { password: ["api:errors.invalid_login"] });
  }
  await upgradeHash(visitor, user, body.password);
  await clearLoginLimits(who, visitor.ip);
  return signedIn(user, await issueToken(user.id, { reauthenticated: true }));
}

/**
 * After a correct password: an old hash (scrypt, or argon2 weaker than today's, password.ts
 * needsRehash) is replaced by a fresh one of the password just checked. Only if the stored hash
 * is still the one checked (a reset in between wins). A failure is logged, never the sign-in's.
 */
async function upgradeHash(visitor: Visitor, user: typeof users.$inferSelect, password: string) {
  if (!needsRehash(user.passwordHash)) return;
  try {
    const passwordHash = await hashPassword(password);
    await visitor.db.update(users).set({ passwordHash }).where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
  } catch (e) {
    console.error(`sign-in: user ${user.id}'s password hash was not upgraded`, e);
  }
}

// Sign-in limits (see the header), per 15 minutes.
const LOGIN_WINDOW = 900;
const pairKey = (who: string, ip: string | undefined) => `login:pair:${who}:${ip ?? ""}`;
const idKey = (who: string) => `login:id:${who}`;

/** How long a try waits once an identifier has had `count` tries from all addresses: 250 ms per try past 20, at most 5 s. */
export const slowDownMs = (count: number) => Math.min(Math.max(count - 20, 0) * 250, 5000);

/**
 * Counts one sign-in try of `who` from `ip` before any password is checked: TooMany past 10 from
 * this address or 50 from this address in all; otherwise waits as slowDownMs says.
 */
async function loginLimits(who: string, ip: string | undefined) {
  const limited = (await hit(pairKey(who, ip), 10, LOGIN_WINDOW)) || (ip ? await hit(`login:ip:${ip}`, 50, LOGIN_WINDOW) : 0);
  if (limited) throw new TooMany("api:errors.too_many_attempts", limited);
  const wait = slowDownMs((await tally(idKey(who), LOGIN_WINDOW)).count);
  if (wait) await sleep(wait);
}

/** Forgets the failed sign-ins of `who` (in all, and from `ip`): after a sign-in or a password reset. */
export async function clearLoginLimits(who: string, ip: string | undefined) {
  await reset(idKey(who));
  await reset(pairKey(who, ip));
}

/**
 * Revokes the actor's own token (this device only); the sockets that joined with it (its bearer
 * token or the web's ticket) are disconnected once that is committed. Outside a transaction.
 */
export async function signOut({ db, actor }: Scope) {
  publishRevoked(await revokeTokens(db, { tokenId: actor.tokenId }));
}

// ---------------------------------------------------------------------------------------------
// Self sign-up
// ---------------------------------------------------------------------------------------------

export const registerBody = z.object({
  name: z.string({ error: "required" }).trim().min(1, "required").max(100, "too_long"),
  email: z.string({ error: "required" }).trim().toLowerCase().email("email_invalid"),
  phone: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || isPhoneLike(v), "phone_invalid"),
  password: z.string({ error: "required" }).min(8, "password_min").max(200, "too_long"),
});
export type RegisterBody = z.infer<typeof registerBody>;

/** The web's sign-up form: the same, with the password typed twice. */
export const registerForm = registerBody
  .extend({ password_confirmation: z.string({ error: "required" }) })
  .refine((v) => v.password === v.password_confirmation, { message: "password_mismatch", path: ["password_confirmation"] });

/** Forbidden unless self sign-up is open (REGISTRATION_ENABLED=true). */
export function requireRegistrationOpen() {
  if (!registrationOpen()) throw new Forbidden("auth:api.registration_closed");
}

/** A new account, signed in: `{ token, user }`. Taken email or phone: Refused per field. */
export async function register(visitor: Visitor, body: RegisterBody) {
  requireRegistrationOpen();
  const wait = visitor.ip ? await hit(`register:ip:${visitor.ip}`, 10, 3600) : 0;
  if (wait) throw new TooMany("api:errors.too_many_attempts", wait);
  const phone = body.phone ? normalizePhone(body.phone) : null;
  const taken: Record<string, string[]> = {};
  if (await findUserBy(visitor, { email: body.email })) taken.email = ["auth:api.email_taken"];
  if (phone && (await findUserBy(visitor, { phone }))) taken.phone = ["auth:api.phone_taken"];
  if (Object.keys(taken).length) throw new Refused("api:errors.validation", taken);
  const [user] = await visitor.db
    .insert(users)
    .values({ name: body.name, email: body.email, phone, passwordHash: await hashPassword(body.password), locale: visitor.locale })
    .returning();
  return signedIn(user, await issueToken(user.id));
}
