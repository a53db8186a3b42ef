import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { sessionContext } from "#app/lib/session.server.ts";

/**
 * The root sends a signed-in user to the back-office (which sorts out sellers) and others to sign-in.
 * It has a (never rendered) component so "/xyz" (the optional :lang segment) is a page request that
 * renders the not-found page, not a resource request answered with bare JSON.
 */
export function loader({ context }: Route.LoaderArgs) {
  const signedIn = Boolean(context.get(sessionContext).session.get("token"));
  throw redirect(localePath(getLocale(context), signedIn ? "/dashboard" : "/auth"));
}

export default function Index() {
  return null;
}
