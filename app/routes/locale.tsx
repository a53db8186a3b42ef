import { data, Outlet, redirect } from "react-router";
import type { Route } from "./+types/locale";
import { localePath } from "#app/lib/i18n.ts";
import { langCookie } from "#app/lib/lang-cookie.server.ts";

/**
 * The :lang? segment: absent is English, "id" is Indonesian, anything else is an unknown page.
 * An unprefixed page opened by someone whose `lng` cookie says Indonesian goes to its /id twin,
 * so the chosen language sticks for 365 days.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, params }, next) => {
    // Before any loader runs, so "/xyz" is the not-found page, not a redirect from a child route.
    if (params.lang && params.lang !== "id") throw data("Not found", { status: 404 });
    if (!params.lang && request.method === "GET") {
      const lng = await langCookie.parse(request.headers.get("Cookie"));
      const url = new URL(request.url);
      const isData = url.pathname.endsWith(".data");
      if (lng === "id" && !isData) throw redirect(localePath("id", url.pathname) + url.search);
    }
    return next();
  },
];

export default function Locale() {
  return <Outlet />;
}
