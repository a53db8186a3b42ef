import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { endSession } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { flashToast } from "#app/lib/session.server.ts";

/**
 * Sign-out is a POST (a link or prefetch must not sign anyone out): the session's token is
 * revoked, the session cookie is dropped, and the user lands on sign-in with a goodbye toast (none
 * when the token had already expired or been revoked: signed out anyway).
 */
export async function action({ context }: Route.ActionArgs) {
  const locale = getLocale(context);
  if (await endSession(context)) flashToast(context, "success", getI18n(context).getFixedT(locale)("api:auth.signed_out"));
  throw redirect(localePath(locale, "/auth"));
}

export function loader({ context }: Route.LoaderArgs) {
  throw redirect(localePath(getLocale(context), "/"));
}
