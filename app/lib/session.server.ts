/**
 * The web's cookie session: the API bearer token and flash toasts. Signed, httpOnly, SameSite=Lax,
 * Secure when the request came over HTTPS (directly or through a proxy's X-Forwarded-Proto).
 *
 * Shop staff share kiosks, so a signed-in session ends after SESSION_IDLE_HOURS (default 8) without
 * a signed-in request; each one renews it. The server checks the last-seen time itself (isIdle, in
 * requireUser): the cookie's Max-Age only tells the browser. "Keep me signed in" lasts 30 days,
 * as long as the token it holds (core/auth/tokens.ts).
 */
import { serverSecret } from "#core/lib/secret.ts";
import { createContext, createCookie, createCookieSessionStorage, type Cookie, type MiddlewareFunction, type RouterContextProvider, type Session } from "react-router";

export type Toast = { type: "success" | "danger" | "info"; message: string };
// `seen`: unix seconds of the last signed-in request; `keep`: "Keep me signed in" was ticked.
// `realtime`: the socket ticket of the token's business, kept so pages need not ask for it each time.
type Data = { token: string; seen: number; keep: boolean; realtime: { ticket: string; business_id: number; token: string } };
type Flash = { toasts: Toast[] };

const KEPT_SECONDS = 30 * 86400;

/** How long a session not kept may sit unused, in seconds: SESSION_IDLE_HOURS, default 8. */
function idleSeconds() {
  const hours = Number(process.env.SESSION_IDLE_HOURS);
  return (hours > 0 ? hours : 8) * 3600;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

const secrets = [serverSecret()];
const storage = (secure: boolean) =>
  createCookieSessionStorage<Data, Flash>({
    cookie: rememberingVerified(createCookie("__session", { httpOnly: true, sameSite: "lax", path: "/", secure, secrets })),
  });

/**
 * React Router checks the cookie's signature with WebCrypto on every request, a tenth of a
 * signed-in page's server time (issue 11). A header whose signature was checked once is the same
 * string next time: its parsed value is kept (the last VERIFIED_KEPT headers), and a copy handed
 * out, since a session is changed in place. Any other string goes through the real check.
 */
const VERIFIED_KEPT = 5000;
function rememberingVerified(cookie: Cookie): Cookie {
  const verified = new Map<string, unknown>();
  return {
    get name() { return cookie.name; },
    get isSigned() { return cookie.isSigned; },
    get expires() { return cookie.expires; },
    serialize: (value, options) => cookie.serialize(value, options),
    async parse(header, options) {
      if (!header || options) return cookie.parse(header, options);
      if (!verified.has(header)) {
        const value = await cookie.parse(header);
        if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
        verified.set(header, value);
      }
      return structuredClone(verified.get(header));
    },
  };
}
const storages = { plain: storage(false), secure: storage(true) };

function storageFor(request: Request) {
  const https = new URL(request.url).protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";
  return https ? storages.secure : storages.plain;
}

export type WebSession = {
  session: Session<Data, Flash>;
  /** Toasts raised while handling this request; shown on the next page render. */
  toasts: Toast[];
  /** Set to drop the session cookie (sign out, 403). */
  destroy: boolean;
  dirty: boolean;
};

export const sessionContext = createContext<WebSession>();

/** Root middleware: loads the session, lets handlers change it, commits it onto the response. */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const store = storageFor(request);
  const session = await store.getSession(request.headers.get("Cookie"));
  const web: WebSession = { session, toasts: [], destroy: false, dirty: false };
  context.set(sessionContext, web);
  const hadFlash = session.has("toasts");
  const response = await next();
  if (web.toasts.length) session.flash("toasts", [...(web.toasts ?? [])]);
  if (web.destroy) {
    const fresh = await store.getSession();
    if (web.toasts.length) fresh.flash("toasts", web.toasts);
    response.headers.append("Set-Cookie", await store.commitSession(fresh, { maxAge: idleSeconds() }));
  } else if (web.dirty || web.toasts.length || hadFlash) {
    const maxAge = session.get("keep") ? KEPT_SECONDS : idleSeconds();
    response.headers.append("Set-Cookie", await store.commitSession(session, { maxAge }));
  }
  return response;
};

/** Signs `token` in on this browser; `keep`: "Keep me signed in" (30 days, not ended by idleness). */
export function startSession(web: WebSession, token: string, keep: boolean) {
  web.session.set("token", token);
  web.session.set("keep", keep);
  web.session.set("seen", nowSeconds());
  web.dirty = true;
}

/**
 * A signed-in request: the idle time starts again (the cookie is sent again with a new Max-Age).
 * At most once a minute: a page's answer then rarely re-signs and re-sends the cookie, and an
 * idle limit of hours does not need seconds.
 */
export function renewSession(web: WebSession) {
  if (nowSeconds() - (web.session.get("seen") ?? 0) < 60) return;
  web.session.set("seen", nowSeconds());
  web.dirty = true;
}

/** Whether a session not kept has gone unused longer than the idle time: it has ended. */
export function isIdle(session: Session<Data, Flash>) {
  return !session.get("keep") && nowSeconds() - (session.get("seen") ?? 0) > idleSeconds();
}

/** The API token of this request's live session, for handlers outside React Router (/uploads). */
export async function sessionToken(request: Request): Promise<string | undefined> {
  const session = await storageFor(request).getSession(request.headers.get("Cookie"));
  return isIdle(session) ? undefined : session.get("token");
}

/**
 * The one way to show a notice: an action sets it explicitly when it succeeded (or for a refusal
 * with no field to show it under), and it is shown on the page the browser lands on next.
 */
export function flashToast(context: Readonly<RouterContextProvider>, type: Toast["type"], message: string) {
  context.get(sessionContext).toasts.push({ type, message });
}

/** Toasts to show now: the flashed ones from the previous request and any raised in this one. */
export function takeToasts(web: WebSession): Toast[] {
  const toasts = [...(web.session.get("toasts") ?? []), ...web.toasts];
  web.toasts = [];
  return toasts;
}
