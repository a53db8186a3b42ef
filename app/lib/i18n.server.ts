import { createHash } from "node:crypto";
import { createInstance, type i18n, type Resource } from "i18next";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { LanguageDetector } from "remix-i18next/server";
import { langCookie } from "./lang-cookie.server.ts";
import type { Resources } from "./i18n-react.tsx";
import { areaOf, DEFAULT_LOCALE, LOCALES, localeFromPath, type Locale } from "./i18n.ts";

const files = import.meta.glob<{ default: Record<string, unknown> }>("../../locales/*/*.json", { eager: true });
export const resources: Resource = {};
for (const [file, mod] of Object.entries(files)) {
  const [, lng, ns] = file.match(/locales\/(\w+)\/([\w-]+)\.json$/)!;
  (resources[lng] ??= {})[ns] = mod.default;
}

/**
 * Namespaces only one area's pages use (the first path segment after the language). They are sent
 * to that area only, which keeps every page's HTML from carrying every screen's strings (a slow
 * phone pays for each byte); every other namespace (common, nav, list, widgets …) goes everywhere.
 * A page using an area namespace outside its area shows keys, so areas are checked by a test.
 */
export const AREA_NAMESPACES: Record<string, readonly string[]> = {
  profile: ["company", "brand", "channel", "store", "site", "profile", "holiday"],
  "become-seller": ["company"],
  products: ["product", "product-list", "product-bulk", "offering", "barcode"],
  orders: ["order-list", "order-detail", "order-print"],
  setting: ["team", "settings", "notification", "audit", "security"],
  notification: ["notification"],
  invite: ["team"],
  list: ["company"],
  // Mini ERP inventory and the POS inventory reports (issue 14).
  erp: ["inventory-overview", "transfer", "inventory-mutation", "opname"],
  omnichannel: ["inventory-overview", "stock-priority", "opname", "money", "income"],
  // Money (issue 15): the balance pages, their printouts, the dashboard's balances.
  "income-balance": ["money", "income", "saldo", "deposit", "points"],
  print: ["money", "deposit"],
  dashboard: ["money", "promotion"],
  // Promotions (issue 16).
  // The form reuses the catalogue's money, percent and code fields (their messages are offering's); the
  // campaign entry the product picker (its texts are barcode's).
  promotions: ["promotion", "offering", "campaign", "ads", "barcode"],
  // The customer centre (issue 17): customers under /customer.
  customer: ["customer"],
  // Broadcasts (issue 17 item 6) under /customer-broadcast.
  "customer-broadcast": ["broadcast"],
  // Resellers, suppliers and partners share one set of route
  // modules (app/routes/admin/partner, area "partner" by its folder) under /reseller, /supplier
  // and /partner; the margins (app/routes/admin/margin) under /margin.
  partner: ["trading-partner"],
  reseller: ["trading-partner"],
  supplier: ["trading-partner"],
  margin: ["margin"],
  // The inbox (issue 17): discussions and reviews.
  inbox: ["inbox", "chat"],
};
const areaOnly = new Set(Object.values(AREA_NAMESPACES).flat());

/**
 * The namespaces the browser needs on a page of `pathname`, for app/lib/i18n-react: never the
 * API's own messages (`api`, `api-*`), which only the API translates, nor another area's.
 */
const areaNamespaces = (area: string) => (Object.hasOwn(AREA_NAMESPACES, area) ? AREA_NAMESPACES[area] : undefined);

export function resourcesFor(locale: Locale, pathname: string): Resources {
  const mine = new Set(areaNamespaces(areaOf(pathname)) ?? []);
  return Object.fromEntries(
    Object.entries((resources[locale] ?? {}) as Resources).filter(([ns]) => !ns.startsWith("api") && (!areaOnly.has(ns) || mine.has(ns))),
  );
}

/**
 * One i18next instance per language, made once per process and shared by every request in that
 * language (decision 20). The language is the URL's (`/id/…` or none); nothing changes an
 * instance after it is made — no request calls changeLanguage or adds resources — so sharing is
 * safe. A fresh instance per request (remix-i18next's middleware) cost more CPU than rendering
 * the orders table.
 */
const instances = Object.fromEntries(
  LOCALES.map((lng) => {
    const instance = createInstance({ resources, lng, fallbackLng: DEFAULT_LOCALE, supportedLngs: [...LOCALES], defaultNS: "common", interpolation: { escapeValue: false }, initAsync: false });
    void instance.init();
    return [lng, instance];
  }),
) as Record<Locale, i18n>;

const localeContext = createContext<Locale>(DEFAULT_LOCALE);

export const i18nextMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  context.set(localeContext, localeFromPath(new URL(request.url).pathname));
  return next();
};

/**
 * The language a person wants when the URL names none (decision 20): the one they chose (the
 * `lng` cookie the language switch sets), else their browser's first language when it is one of
 * ours — an Indonesian phone opens the Indonesian pages —, else English. remix-i18next's detector.
 */
const visitorLanguage = new LanguageDetector({
  supportedLanguages: [...LOCALES], fallbackLanguage: DEFAULT_LOCALE, cookie: langCookie, order: ["cookie", "header"],
});
export const preferredLocale = async (request: Request): Promise<Locale> =>
  (await visitorLanguage.detect(request)) === "id" ? "id" : DEFAULT_LOCALE;

/** The request's language (its URL's). */
export const getLocale = (context: Readonly<RouterContextProvider>): Locale => context.get(localeContext);
/** The request's i18next instance (shared, read-only: see above). */
export const getI18n = (context: Readonly<RouterContextProvider>): i18n => instances[getLocale(context)];

const bundles = new Map<string, { href: string; name: string; resources: Resources }>();

/**
 * The translation bundle of a page: its URL (named by language, area and content hash, so it can
 * be cached for good) and its resources. One per language and area, made once per process; every
 * process makes the same names, so any of them serves any bundle.
 */
export function bundleFor(locale: Locale, pathname: string) {
  const area = areaNamespaces(areaOf(pathname)) ? areaOf(pathname) : "base";
  const key = `${locale}.${area}`;
  let b = bundles.get(key);
  if (!b) {
    const resources = resourcesFor(locale, area === "base" ? "/" : `/${area}`);
    const name = `${key}.${createHash("sha256").update(JSON.stringify(resources)).digest("hex").slice(0, 10)}`;
    b = { href: `/i18n/${name}.json`, name, resources };
    bundles.set(key, b);
  }
  return b;
}

/**
 * The bundle a name stands for (GET /i18n/<name>.json), or undefined for an unknown language or
 * area. A name with another hash (a page rendered by an older or newer process during a deploy)
 * gets this process's strings, marked not current so it is not cached for good.
 */
export function bundleNamed(name: string) {
  const [locale, area] = name.split(".");
  if (!(LOCALES as readonly string[]).includes(locale) || !(area === "base" || areaNamespaces(area))) return undefined;
  const b = bundleFor(locale as Locale, area === "base" ? "/" : `/${area}`);
  return { resources: b.resources, current: b.name === name };
}
