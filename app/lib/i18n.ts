/**
 * Locale files: locales/<lng>/<namespace>.json. English has no URL prefix; Indonesian lives under /id.
 * The page's locale comes from its URL; an unprefixed URL goes to /id for whoever chose Indonesian
 * (the `lng` cookie, 365 days) or, having chosen nothing, has an Indonesian browser
 * (routes/locale.tsx, decision 20).
 */

export const LOCALES = ["en", "id"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

export function localeFromPath(pathname: string): Locale {
  return pathname === "/id" || pathname.startsWith("/id/") ? "id" : "en";
}

/** "/orders" in the given locale: "/orders" or "/id/orders". */
export function localePath(locale: Locale | string, path: string): string {
  const clean = stripLocale(path);
  if (locale !== "id") return clean;
  return clean === "/" ? "/id" : `/id${clean}`;
}

export function stripLocale(path: string): string {
  if (path === "/id") return "/";
  return path.startsWith("/id/") ? path.slice(3) : path;
}

/** The area of a path, its first segment after the language: "/id/products/listing" → "products". */
export function areaOf(pathname: string) {
  return stripLocale(pathname).split("/").filter(Boolean)[0] ?? "";
}
