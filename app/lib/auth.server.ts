/**
 * The web's guards and its actor. Every admin and become-seller page resolves the session's token
 * to the request's actor once (core/actor.ts), and reads the account overview the sidebar and the
 * guards need (core/auth/account.ts, the same function GET /accounts/me answers with). Loaders and
 * actions then call core functions with `getScope(context)`.
 */
import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { actingAs } from "#core/lib/acting-session.ts";
import { actorFromToken, scopeOf, sellerScope, type Actor, type Scope, type SellerScope } from "#core/actor.ts";
import { accountOverview, type AccountOverview } from "#core/auth/account.ts";
import { signOut } from "#core/auth/sign-in.ts";
import { canAccess, groupOf, needForPage, privilegeNameKey, type Need, type Privilege } from "#core/auth/privileges.ts";
import { Unauthenticated } from "#core/errors.ts";
import { translator } from "#core/i18n.ts";
import { clientIpContext } from "./context.ts";
import { getLocale } from "./i18n.server.ts";
import { localePath, stripLocale } from "./i18n.ts";
import { flashToast, isIdle, renewSession, sessionContext } from "./session.server.ts";
import { NAV } from "./navigation.ts";

export type Me = AccountOverview;

export const meContext = createContext<Me | null>(null);
const actorContext = createContext<Actor | null>(null);

function toSignIn(request: Request, context: Readonly<RouterContextProvider>) {
  const url = new URL(request.url);
  const back = stripLocale(url.pathname.replace(/\.data$/, "")) + url.search;
  return redirect(`${localePath(getLocale(context), "/auth")}?redirectTo=${encodeURIComponent(back)}`);
}

/**
 * Signed-in users only; anyone else goes to /auth and comes back here after signing in. A session
 * unused for longer than the idle time (session.server.ts) is ended here, and a token that is no
 * longer valid (expired, revoked by a password change elsewhere) dropped, both with a notice. Every
 * request let through renews the session and is answered `Cache-Control: no-store`.
 */
export const requireUser: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const web = context.get(sessionContext);
  const token = web.session.get("token");
  if (!token) throw toSignIn(request, context);
  if (isIdle(web.session)) {
    await endSession(context);
    flashToast(context, "info", translator(getLocale(context))("api:errors.session_expired"));
    throw toSignIn(request, context);
  }
  let actor: Actor;
  try {
    // The use is noted for the active-sessions list (core/auth/sessions.ts): address and device.
    const seen = { ip: clientIpOf(context), userAgent: request.headers.get("user-agent") };
    actor = await actorFromToken(token, getLocale(context), seen);
  } catch (e) {
    if (!(e instanceof Unauthenticated)) throw e;
    web.session.unset("token");
    web.dirty = true;
    flashToast(context, "danger", translator(getLocale(context))(e.message));
    throw toSignIn(request, context);
  }
  renewSession(web);
  context.set(actorContext, actor);
  context.set(meContext, await accountOverview(scopeOf(actor)));
  // Nothing signed in is kept by the browser (pages, their .data, downloads): on a shared kiosk,
  // Back after signing out must not show the last user's orders or customers again.
  // The rest of the request acts in this session: the audit log records it (core/lib/acting-session.ts).
  const response = await actingAs(actor, next);
  response.headers.set("Cache-Control", "no-store");
  return response;
};

// server/app.ts sets the address for every request; a page run without it (a route test) has none.
function clientIpOf(context: Readonly<RouterContextProvider>) {
  try {
    return context.get(clientIpContext);
  } catch {
    return undefined;
  }
}

/**
 * Signs this browser out: the session's token is revoked (unless it no longer works anyway) and the
 * session cookie dropped. True when a live token was revoked.
 */
export async function endSession(context: Readonly<RouterContextProvider>): Promise<boolean> {
  const web = context.get(sessionContext);
  const token = web.session.get("token");
  web.destroy = true;
  if (!token) return false;
  try {
    await signOut(scopeOf(await actorFromToken(token, getLocale(context))));
    return true;
  } catch (e) {
    if (!(e instanceof Unauthenticated)) throw e;
    return false;
  }
}

/**
 * The admin area: sellers only (others to /become-seller); staff only where the one privilege table
 * (core/auth/privileges.ts needForPage) lets them. Elsewhere the 403 page (forbiddenPage), for the
 * page and its action alike, before anything of the page runs. A staff member's own default page
 * always opens (an owner chose it for them).
 */
export const requireSeller: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const me = getMe(context);
  const locale = getLocale(context);
  if (!me.is_seller) throw redirect(localePath(locale, "/become-seller"));
  const path = stripLocale(new URL(request.url).pathname.replace(/\.data$/, ""));
  const need = needForPage(path);
  if (!meetsMe(me, need) && !(need !== "owner" && path === me.default_route)) throw forbiddenPage(context, need === "company-owner" ? "profile" : need!);
  return next();
};

function meetsMe(me: Me, need: Need | null) {
  if (need === null) return true;
  // The company's owner is checked on the company by its loader and action (core/business/companies.ts).
  if (need === "company-owner") need = "profile";
  if (need === "owner") return me.member_role === "owner";
  return me.privileges.includes(need) && me.privileges.includes(groupOf(need));
}

/**
 * Where the app itself sends a signed-in person who asked for no page (after signing in, "/"):
 * an owner to the dashboard, a staff member to their start page (default_route: always one of
 * their privileges, core/team), someone who is not a seller yet to become-seller. Never a page
 * that would answer with the 403 page.
 */
export function homeOf(me: Me): string {
  if (!me.is_seller) return "/become-seller";
  return me.member_role === "owner" ? "/dashboard" : me.default_route;
}

/** homeOf for a session's token (null when the token no longer works). */
export async function homeOfToken(token: string, locale: string): Promise<string | null> {
  try {
    return homeOf(await accountOverview(scopeOf(await actorFromToken(token, locale))));
  } catch (e) {
    if (e instanceof Unauthenticated) return null;
    throw e;
  }
}

export type ForbiddenLink = { href: string; label: string };
/** What the 403 page shows (app/components/error-boundary.tsx), in the page's language. */
export type ForbiddenPage = { forbidden: { title: string; message: string; linksTitle: string; links: ForbiddenLink[] } };

/**
 * The 403 page (status 403): which area is missing (or that only an owner may), and the pages
 * this person may open — their start page, then the first page of each sidebar group they hold —
 * as plain links, so it works without JavaScript. `need` names what is missing; a message instead
 * (a core refusal) is shown as it is.
 */
export function forbiddenPage(context: Readonly<RouterContextProvider>, need: Need | { message: string }) {
  const locale = getLocale(context);
  const t = translator(locale);
  const message = typeof need === "object"
    ? need.message
    : need === "owner" || need === "company-owner" ? t("common:errors.owner_only") : t("common:errors.no_access", { area: t(privilegeNameKey(need)) });
  const me = context.get(meContext);
  const links: ForbiddenLink[] = [];
  if (me?.is_seller) {
    if (me.default_route) links.push({ href: localePath(locale, me.default_route), label: t("common:errors.start_page") });
    for (const g of NAV) {
      const page = g.items.find((i) => i.ready && !i.disabled);
      if (!page || !me.privileges.includes(g.key)) continue;
      const href = localePath(locale, page.path);
      if (!links.some((l) => l.href === href)) links.push({ href, label: t(`nav:groups.${g.key}`) });
    }
  }
  const page: ForbiddenPage = {
    forbidden: { title: t("common:errors.forbidden_title"), message, linksTitle: t("common:errors.forbidden_links"), links },
  };
  return data(page, { status: 403 });
}

/** The become-seller pages: a seller has nothing to do there. */
export const requireNotSeller: MiddlewareFunction<Response> = async ({ context }, next) => {
  if (getMe(context).is_seller) throw redirect(localePath(getLocale(context), "/"));
  return next();
};

/**
 * Whether the signed-in member holds `privilege` in the active business (the one table:
 * core/auth/privileges.ts canAccess). Pages hide the buttons of actions the member may not take
 * (a staff member without "orders.cancel" sees no Cancel), so that no button leads to the 403 page.
 */
export function can(context: Readonly<RouterContextProvider>, privilege: Privilege): boolean {
  const me = getMe(context);
  return me.member_role !== null && canAccess({ role: me.member_role, privileges: me.privileges }, privilege);
}

export function getMe(context: Readonly<RouterContextProvider>): Me {
  const me = context.get(meContext);
  if (!me) throw new Error("getMe outside a guarded route");
  return me;
}

/** `{ db, actor }` for core calls of a signed-in page (under requireUser). */
export function getScope(context: Readonly<RouterContextProvider>): Scope {
  const actor = context.get(actorContext);
  if (!actor) throw new Error("getScope outside a guarded route");
  return scopeOf(actor);
}

/** The scope of a seller page needing `privilege` (Forbidden otherwise: the 403 page). */
export function getSellerScope(context: Readonly<RouterContextProvider>, privilege?: Privilege): SellerScope {
  return sellerScope(getScope(context), privilege);
}
