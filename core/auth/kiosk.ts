/**
 * A shared kiosk's sign-in (issue 13): "switch user" signs the current person out and the sign-in
 * page offers the last five people who signed in on this device, by name; each signs in again
 * with their PIN (core/auth/pin.ts) or their password.
 *
 * Which people a device offers is the adapter's to keep (the web: a signed, httpOnly cookie of
 * user ids, app/lib/kiosk.server.ts); core answers their names and checks that a sign-in is for
 * one of them. Nothing about a person but the id is on the device: names come from here, for ids
 * the server itself signed.
 */
import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { users } from "#db/schema/index.ts";
import { Refused } from "#core/errors.ts";
import { checkPin } from "./pin.ts";
import { signIn } from "./sign-in.ts";
import { issueToken } from "./tokens.ts";
import type { Visitor } from "./visitor.ts";

/** How many people a kiosk offers. */
export const KIOSK_USERS = 5;

/** `id` first, then the others it had, at most KIOSK_USERS. */
export const kioskListWith = (ids: number[], id: number) => [id, ...ids.filter((x) => x !== id)].slice(0, KIOSK_USERS);

/** The people behind `ids`, in that order, by name (those that no longer exist are left out). */
export async function kioskUsers({ db }: Pick<Visitor, "db">, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  return ids.flatMap((id) => rows.filter((r) => r.id === id).map((r) => ({ user_id: r.id, name: r.name })));
}

/** The kiosk's sign-in form: who (one of the offered people) and their PIN or password. */
export const kioskSignInBody = z.object({
  user_id: z.coerce.number({ error: "required" }).int().positive().max(2147483647),
  password: z.string({ error: "required" }).min(1, "required").max(200, "too_long"),
});
export type KioskSignInBody = z.infer<typeof kioskSignInBody>;

/**
 * Signs in one of the people this device offers (`offered`): six digits are tried as their PIN
 * first (when they have one), anything else — or a PIN that is wrong — as their password, through
 * sign-in's own checks and limits. Someone not offered is refused like a wrong password.
 */
export async function kioskSignIn(visitor: Visitor, body: KioskSignInBody, offered: number[]) {
  const refused = new Refused("api:errors.invalid_login", { password: ["api:errors.invalid_login"] });
  if (!offered.includes(body.user_id)) throw refused;
  const [user] = await visitor.db.select().from(users).where(eq(users.id, body.user_id));
  if (!user || (!user.email && !user.phone)) throw refused;
  if (user.pinHash && /^\d{6}$/.test(body.password) && (await checkPin(visitor.db, user.id, body.password, visitor.ip))) {
    return { token: await issueToken(user.id), user: { id: user.id, name: user.name, email: user.email, phone: user.phone } };
  }
  return signIn(visitor, user.email ? { email: user.email, password: body.password } : { phone: user.phone!, password: body.password });
}
