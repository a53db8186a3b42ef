/**
 * Locale files: locales/<lng>/<namespace>.json. English has no URL prefix; Indonesian lives under /id.
 * The page's locale comes from its URL; the `lng` cookie (365 days) remembers the choice for the
 * unprefixed entry URLs (see routes/locale.tsx).
 */
import i18next, { type Resource } from "i18next";

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

/** An i18next instance for one locale, from resources the root loader sent. */
export function createI18n(locale: string, resources: Resource) {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    resources,
    defaultNS: "common",
    ns: Object.keys(resources[locale] ?? {}),
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}
