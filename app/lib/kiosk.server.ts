/**
 * A shared kiosk's memory of who used it (issue 13, core/auth/kiosk.ts): the `__kiosk` cookie,
 * signed with the server's secret and httpOnly, holds only the user ids of the last five people
 * who signed in here — no names, no secrets; the sign-in page asks the server for the names of
 * ids it signed itself. A browser becomes a kiosk the first time someone uses "Switch user" on
 * it; from then on every sign-in there puts that person first. "Forget these people" drops the
 * cookie. A year long, renewed with each sign-in; SameSite=Lax, Secure over HTTPS.
 */
import { createCookie } from "react-router";
import { kioskListWith, KIOSK_USERS } from "#core/auth/kiosk.ts";
import { serverSecret } from "#core/lib/secret.ts";

const YEAR = 365 * 86400;
const cookie = (secure: boolean) =>
  createCookie("__kiosk", { httpOnly: true, sameSite: "lax", path: "/", secure, secrets: [serverSecret()], maxAge: YEAR });
const cookies = { plain: cookie(false), secure: cookie(true) };

function cookieFor(request: Request) {
  const https = new URL(request.url).protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";
  return https ? cookies.secure : cookies.plain;
}

/** The people this browser offers (most recent first), or null when it is not a kiosk. */
export async function kioskIds(request: Request): Promise<number[] | null> {
  const value: unknown = await cookieFor(request).parse(request.headers.get("Cookie"));
  if (!Array.isArray(value)) return null;
  return value.filter((x): x is number => Number.isInteger(x) && x > 0).slice(0, KIOSK_USERS);
}

/** The Set-Cookie that puts `userId` first on this kiosk (making the browser one when `force`). Null: not a kiosk. */
export async function kioskWith(request: Request, userId: number, force = false): Promise<string | null> {
  const ids = await kioskIds(request);
  if (!ids && !force) return null;
  return cookieFor(request).serialize(kioskListWith(ids ?? [], userId));
}

/** The Set-Cookie that forgets this kiosk's people (the browser is no kiosk any more). */
export function kioskForgotten(request: Request): Promise<string> {
  return cookieFor(request).serialize([], { maxAge: 0 });
}

/**
 * What the switch's answer tells the browser to drop (Clear-Site-Data): its HTTP cache and its
 * storage for this site — not its cookies, which hold the kiosk's list (the session cookie is
 * replaced by an empty one anyway). Admin pages are already `no-store` (auth.server.ts).
 */
export const CLEAR_SITE_DATA = '"cache", "storage"';
