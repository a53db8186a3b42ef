/**
 * The web's guards. Every admin and become-seller page first asks the API who the token is
 * (once per request, shared through meContext); the API stays the judge of sessions and access.
 */
import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { callApi } from "./api.server.ts";
import { getLocale } from "./i18n.server.ts";
import { localePath, stripLocale } from "./i18n.ts";
import { sessionContext } from "./session.server.ts";
import { privilegeForPath } from "./navigation.ts";

export type Me = {
  user: { id: number; name: string; email: string | null; phone: string | null; profile_status: number; role: string };
  is_seller: boolean;
  business_id: number | null;
  business_name: string | null;
  member_role: "owner" | "staff" | null;
  privileges: string[];
  default_route: string;
  businesses: { business_id: number; name: string; role: string }[];
  pending_business: { business_id: number; name: string; status: number; time_created: number } | null;
};

export const meContext = createContext<Me | null>(null);

function toSignIn(request: Request, context: Readonly<RouterContextProvider>) {
  const url = new URL(request.url);
  const back = stripLocale(url.pathname) + url.search;
  return redirect(`${localePath(getLocale(context), "/auth")}?redirectTo=${encodeURIComponent(back)}`);
}

/** Signed-in users only; anyone else goes to /auth and comes back here after signing in. */
export const requireUser: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (!context.get(sessionContext).session.get("token")) throw toSignIn(request, context);
  const res = await callApi<Me>({ request, context }, "GET", "/v0.0.0/accounts/me", { quiet: true });
  if (!res.ok) throw toSignIn(request, context);
  context.set(meContext, res.data);
  return next();
};

/** The admin area: sellers only (others to /become-seller); staff only where their access list allows. */
export const requireSeller: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const me = context.get(meContext)!;
  const locale = getLocale(context);
  if (!me.is_seller) throw redirect(localePath(locale, "/become-seller"));
  const path = stripLocale(new URL(request.url).pathname.replace(/\.data$/, ""));
  const privilege = privilegeForPath(path);
  if (privilege && !me.privileges.includes(privilege) && path !== me.default_route) {
    throw redirect(localePath(locale, me.default_route));
  }
  return next();
};

/** The become-seller pages: a seller has nothing to do there. */
export const requireNotSeller: MiddlewareFunction<Response> = async ({ context }, next) => {
  if (context.get(meContext)!.is_seller) throw redirect(localePath(getLocale(context), "/dashboard"));
  return next();
};

export function getMe(context: Readonly<RouterContextProvider>): Me {
  const me = context.get(meContext);
  if (!me) throw new Error("getMe outside a guarded route");
  return me;
}
