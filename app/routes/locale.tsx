import { Outlet, redirect } from "react-router";
import type { Route } from "./+types/locale";
import { localeFromPath, localePath } from "#app/lib/i18n.ts";
import { langCookie } from "#app/lib/lang-cookie.server.ts";

/**
 * The optional "id" segment: absent is English, "/id" is Indonesian (any other first segment is
 * an unknown page: no route matches it). An unprefixed page opened by someone whose `lng` cookie
 * says Indonesian goes to its /id twin, so the chosen language sticks for 365 days.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }, next) => {
    const url = new URL(request.url);
    if (localeFromPath(url.pathname) === "en" && request.method === "GET") {
      const lng = await langCookie.parse(request.headers.get("Cookie"));
      const isData = url.pathname.endsWith(".data");
      if (lng === "id" && !isData) throw redirect(localePath("id", url.pathname) + url.search);
    }
    return next();
  },
];

export default function Locale() {
  return <Outlet />;
}
