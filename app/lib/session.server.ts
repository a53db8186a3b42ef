/**
 * The web's cookie session: the API bearer token and flash toasts. Signed, httpOnly, SameSite=Lax,
 * Secure when the request came over HTTPS (directly or through a proxy's X-Forwarded-Proto).
 */
import { serverSecret } from "#core/lib/secret.ts";
import { createContext, createCookieSessionStorage, type MiddlewareFunction, type RouterContextProvider, type Session } from "react-router";

export type Toast = { type: "success" | "danger" | "info"; message: string };
// `realtime`: the socket ticket of the token's business, kept so pages need not ask for it each time.
type Data = { token: string; realtime: { ticket: string; business_id: number; token: string } };
type Flash = { toasts: Toast[] };

const secrets = [serverSecret()];
const storage = (secure: boolean) =>
  createCookieSessionStorage<Data, Flash>({
    cookie: { name: "__session", httpOnly: true, sameSite: "lax", path: "/", secure, secrets, maxAge: 30 * 86400 },
  });
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
    response.headers.append("Set-Cookie", await store.commitSession(fresh));
  } else if (web.dirty || web.toasts.length || hadFlash) {
    response.headers.append("Set-Cookie", await store.commitSession(session));
  }
  return response;
};

/** The API token in this request's session cookie, for handlers outside React Router (/uploads). */
export async function sessionToken(request: Request): Promise<string | undefined> {
  return (await storageFor(request).getSession(request.headers.get("Cookie"))).get("token");
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
