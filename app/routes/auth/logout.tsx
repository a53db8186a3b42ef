import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { flashToast, sessionContext } from "#app/lib/session.server.ts";
import { actorFromToken, scopeOf } from "#core/actor.ts";
import { signOut } from "#core/auth/sign-in.ts";
import { Unauthenticated } from "#core/errors.ts";

/**
 * Sign-out is a POST (a link or prefetch must not sign anyone out): the session's token is
 * revoked, the session cookie is dropped, and the user lands on sign-in with a goodbye toast.
 */
export async function action({ context }: Route.ActionArgs) {
  const web = context.get(sessionContext);
  const token = web.session.get("token");
  const locale = getLocale(context);
  if (token) {
    try {
      await signOut(scopeOf(await actorFromToken(token, locale)));
      flashToast(context, "success", getI18n(context).getFixedT(locale)("api:auth.signed_out"));
    } catch (e) {
      // A token that already expired or was revoked: signed out anyway.
      if (!(e instanceof Unauthenticated)) throw e;
    }
  }
  web.destroy = true;
  throw redirect(localePath(locale, "/auth"));
}

export function loader({ context }: Route.LoaderArgs) {
  throw redirect(localePath(getLocale(context), "/"));
}
