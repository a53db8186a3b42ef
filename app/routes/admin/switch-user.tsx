/**
 * POST /switch-user (the header's account menu, issue 13): the shared kiosk's "switch user". The
 * person signed in now is put first on this browser's kiosk list (app/lib/kiosk.server.ts; the
 * first switch makes the browser a kiosk), signed out — their token revoked, their sockets closed,
 * the session cookie emptied — and the browser told to drop its cache and storage for the site
 * (Clear-Site-Data), then sent to the sign-in, which offers the kiosk's last five people. The menu
 * posts it as a full page load, so nothing of the previous person stays in the page's memory
 * either. A GET is not a switch: it goes to the dashboard.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/switch-user";
import { endSession, getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { CLEAR_SITE_DATA, kioskWith } from "#app/lib/kiosk.server.ts";
import { flashToast } from "#app/lib/session.server.ts";

export async function action({ request, context }: Route.ActionArgs) {
  const locale = getLocale(context);
  const userId = getScope(context).actor.user.id;
  const kiosk = (await kioskWith(request, userId, true))!;
  await endSession(context);
  flashToast(context, "info", getI18n(context).getFixedT(locale)("auth:kiosk.switched"));
  const headers = new Headers({ "Clear-Site-Data": CLEAR_SITE_DATA });
  headers.append("Set-Cookie", kiosk);
  throw redirect(localePath(locale, "/auth"), { headers });
}

export function loader({ context }: Route.LoaderArgs) {
  throw redirect(localePath(getLocale(context), "/"));
}
