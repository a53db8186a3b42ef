import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { actorFromToken, scopeOf } from "#core/actor.ts";
import { accountOverview } from "#core/auth/account.ts";
import { Unauthenticated } from "#core/errors.ts";
import { getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { sessionContext } from "#app/lib/session.server.ts";

/**
 * The landing: where signing in, switching business or finishing registration sends a person
 * ("/", not "/dashboard": a staff member without the dashboard would land on the 403 page). Signed
 * in: their start page in the active business (a staff member's default page, an owner's
 * dashboard, become-seller for a user who is not one yet); otherwise sign-in.
 * It has a (never rendered) component so "/xyz" (the optional :lang segment) is a page request that
 * renders the not-found page, not a resource request answered with bare JSON.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  const token = context.get(sessionContext).session.get("token");
  if (!token) throw redirect(localePath(locale, "/auth"));
  let start = "/auth";
  try {
    const me = await accountOverview(scopeOf(await actorFromToken(token, locale)));
    start = me.is_seller ? me.default_route : "/become-seller";
  } catch (e) {
    if (!(e instanceof Unauthenticated)) throw e;
  }
  throw redirect(localePath(locale, start));
}

export default function Index() {
  return null;
}
