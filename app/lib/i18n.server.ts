import type { Resource } from "i18next";
import { createI18nextMiddleware } from "remix-i18next/middleware";
import type { Resources } from "./i18n-react.tsx";
import { DEFAULT_LOCALE, LOCALES, localeFromPath, type Locale } from "./i18n.ts";

const files = import.meta.glob<{ default: Record<string, unknown> }>("../../locales/*/*.json", { eager: true });
export const resources: Resource = {};
for (const [file, mod] of Object.entries(files)) {
  const [, lng, ns] = file.match(/locales\/(\w+)\/([\w-]+)\.json$/)!;
  (resources[lng] ??= {})[ns] = mod.default;
}

/**
 * The namespaces the browser needs, for app/lib/i18n-react: every one but the API's own messages
 * (`api` and the per-area `api-*` files), which only the API translates.
 */
export function resourcesFor(locale: Locale): Resources {
  return Object.fromEntries(Object.entries((resources[locale] ?? {}) as Resources).filter(([ns]) => !ns.startsWith("api")));
}

export const [i18nextMiddleware, getLocale, getI18n] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LOCALES],
    fallbackLanguage: DEFAULT_LOCALE,
    order: ["custom"],
    findLocale: async (request) => localeFromPath(new URL(request.url).pathname),
  },
  i18next: { resources, defaultNS: "common", interpolation: { escapeValue: false } },
});
