import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { sessionContext } from "#app/lib/session.server.ts";
import { homeOfToken } from "#app/lib/auth.server.ts";

/**
 * The landing ("/": where switching business or finishing registration sends a person): a
 * signed-in user goes to their home (app/lib/auth.server.ts homeOf: the dashboard, a staff
 * member's start page — never a page answering 403 — or become-seller), others to sign-in.
 * It has a (never rendered) component so "/xyz" (the optional :lang segment) is a page request that
 * renders the not-found page, not a resource request answered with bare JSON.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const token = context.get(sessionContext).session.get("token");
  const home = token ? await homeOfToken(token, getLocale(context)) : null;
  // A token that no longer works: the back-office drops it and says why (app/lib/auth.server.ts).
  throw redirect(localePath(getLocale(context), home ?? (token ? "/dashboard" : "/auth")));
}

export default function Index() {
  return null;
}
