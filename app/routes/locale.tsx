import { Outlet, redirect } from "react-router";
import type { Route } from "./+types/locale";
import { localeFromPath, localePath } from "#app/lib/i18n.ts";
import { preferredLocale } from "#app/lib/i18n.server.ts";

/**
 * The optional "id" segment: absent is English, "/id" is Indonesian (any other first segment is
 * an unknown page: no route matches it). An unprefixed page opened by someone who wants
 * Indonesian — their `lng` cookie (the choice sticks for 365 days), else, with no choice made,
 * their browser's language — goes to its /id twin. Choosing English sets the cookie, which wins.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }, next) => {
    const url = new URL(request.url);
    if (localeFromPath(url.pathname) !== "en" || request.method !== "GET" || url.pathname.endsWith(".data")) return next();
    // The English page and the redirect alike depend on these two headers: a cache must not hand
    // one person's answer to the other.
    const vary = { Vary: "Cookie, Accept-Language" };
    if ((await preferredLocale(request)) === "id") throw redirect(localePath("id", url.pathname) + url.search, { headers: vary });
    const res = await next();
    res.headers.append("Vary", vary.Vary);
    return res;
  },
];

export default function Locale() {
  return <Outlet />;
}
