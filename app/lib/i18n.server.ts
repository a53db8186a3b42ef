import type { Resource } from "i18next";
import { createI18nextMiddleware } from "remix-i18next/middleware";
import { DEFAULT_LOCALE, LOCALES, localeFromPath, type Locale } from "./i18n.ts";

const files = import.meta.glob<{ default: Record<string, unknown> }>("../../locales/*/*.json", { eager: true });
export const resources: Resource = {};
for (const [file, mod] of Object.entries(files)) {
  const [, lng, ns] = file.match(/locales\/(\w+)\/([\w-]+)\.json$/)!;
  (resources[lng] ??= {})[ns] = mod.default;
}

/** The web needs every namespace except the API's own messages. */
export function resourcesFor(locale: Locale): Resource {
  const { api: _api, ...rest } = (resources[locale] ?? {}) as Record<string, unknown>;
  return { [locale]: rest } as Resource;
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
