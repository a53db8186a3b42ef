/**
 * Re-authentication for sensitive changes (issue 13; spec 2's "security-setting" guard, spec 6's
 * security options, spec 7 POST utilities/token-2fa/request): when a business's security setting
 * is Password, a change that moves money or power — a bank account added or made the default, a
 * store's payout account changed, a staff member's privileges, role or status changed or the
 * member removed, products deleted, the security setting itself changed, and (later)
 * withdrawals — asks for the password again.
 * One guard for all of them: `requireRecentAuth(scope)` before the change; it throws
 * ReauthRequired (core/errors.ts), which the API answers 401 and the web turns into its password
 * step (app/lib/reauth.server.ts).
 *
 * Decisions where the spec is silent:
 * - The time the password was typed again is kept on the session's own token row
 *   (api_tokens.reauth_at): re-authenticating on a phone does not open the laptop, a sign-out
 *   ends it with the session, and there is no second secret to carry. POST token-2fa/request
 *   with the password sets it and answers how long it holds; the spec's "settings token" is this
 *   session's state, so the answer carries no second token (a `token_setting` param is not read).
 * - Signing in with the password counts as typing it (core/auth/tokens.ts issueToken): a session
 *   is open for sensitive changes in its first 5 minutes. A kiosk's PIN sign-in does not count.
 * - It holds 5 minutes (REAUTH_SECONDS), judged by the database clock like OTP expiry
 *   (reauth_at > now() - 5 min): tests move time by moving the row back.
 * - Which business's setting counts: the one the change is in (the actor's business, or the
 *   business named in the path for the security setting itself). Security None: no guard at all.
 *   OTP and Password + OTP are not selectable (spec 6), so the password is the only second step.
 * - Attempts are limited like sign-in (core/auth/sign-in.ts): 10 wrong passwords per user per
 *   15 minutes, then TooMany until the window ends; a right one clears the count. The count is
 *   per user, not per address: only someone holding one of the user's sessions can spend it.
 *   Setting a PIN (core/auth/pin.ts) checks the password through the same count.
 */
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { apiTokens, settings, users } from "#db/schema/index.ts";
import type { Scope } from "#core/actor.ts";
import { ReauthRequired, Refused, TooMany, Unauthenticated } from "#core/errors.ts";
import { hit, reset } from "#core/lib/rate-limit.ts";
import { unix } from "#core/lib/time.ts";
import { verifyPassword } from "./password.ts";

export const REAUTH_SECONDS = 300;
export const REAUTH_MAX_TRIES = 10;
const REAUTH_WINDOW = 900;
const triesKey = (userId: number) => `reauth:user:${userId}`;

/** POST utilities/token-2fa/request's body, and the web's password step (field `password`). */
export const reauthBody = z.object({
  password: z.string({ error: "required" }).min(1, "required").max(200, "too_long"),
});
export type ReauthBody = z.infer<typeof reauthBody>;

/**
 * The security setting of `businessId` and whether this session typed its password in the last
 * REAUTH_SECONDS, in one query.
 */
async function reauthState({ db, actor }: Scope, businessId: number | null) {
  const { rows } = await db.execute<{ security_2fa: string | null; fresh: boolean }>(sql`
    SELECT (SELECT ${settings.security2fa} FROM ${settings} WHERE ${settings.businessId} = ${businessId ?? 0}) AS security_2fa,
           coalesce(${apiTokens.reauthAt} > now() - make_interval(secs => ${REAUTH_SECONDS}), false) AS fresh
    FROM ${apiTokens} WHERE ${apiTokens.id} = ${actor.tokenId}`);
  return { security2fa: rows[0]?.security_2fa ?? "none", fresh: rows[0]?.fresh === true };
}

/**
 * The guard of every sensitive change: passes when the business (`businessId`, else the actor's)
 * asks for nothing (security None) or this session typed its password in the last 5 minutes;
 * otherwise ReauthRequired. Call it before the change, outside its transaction or inside it.
 */
export async function requireRecentAuth(scope: Scope, businessId?: number) {
  const state = await reauthState(scope, businessId ?? scope.actor.member?.businessId ?? null);
  if (state.security2fa === "none" || state.fresh) return;
  throw new ReauthRequired();
}

/**
 * Checks the actor's own password, counted against the re-auth limit (see the header). Wrong:
 * Refused on `password`; past the limit: TooMany. Right: the count starts afresh.
 */
export async function checkOwnPassword({ db, actor }: Scope, password: string) {
  const wait = await hit(triesKey(actor.user.id), REAUTH_MAX_TRIES, REAUTH_WINDOW);
  if (wait) throw new TooMany("api:errors.too_many_attempts", wait);
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, actor.user.id));
  if (!user) throw new Unauthenticated("api:errors.session_expired");
  if (!(await verifyPassword(password, user.passwordHash))) {
    throw new Refused("auth:api.reauth_wrong", { password: ["auth:api.reauth_wrong"] });
  }
  await reset(triesKey(actor.user.id));
}

/**
 * POST utilities/token-2fa/request, and the web's password step: the password typed again opens
 * sensitive changes on this session for 5 minutes. Answers the business's setting and how long.
 */
export async function confirmPassword(scope: Scope, body: ReauthBody) {
  await checkOwnPassword(scope, body.password);
  const [row] = await scope.db
    .update(apiTokens)
    .set({ reauthAt: sql`now()` })
    .where(eq(apiTokens.id, scope.actor.tokenId))
    .returning({ reauthAt: apiTokens.reauthAt });
  const { security2fa } = await reauthState(scope, scope.actor.member?.businessId ?? null);
  const until = new Date(row.reauthAt!.getTime() + REAUTH_SECONDS * 1000);
  return { security_2fa: security2fa, expires_in: REAUTH_SECONDS, expires_at: unix(until) };
}
