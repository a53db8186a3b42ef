import i18next, { type TFunction } from "i18next";

// The API speaks the caller's language (Accept-Language: id or en); the same locale files as the web.
const files = import.meta.glob<{ default: Record<string, unknown> }>("../locales/*/*.json", { eager: true });
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, mod] of Object.entries(files)) {
  const [, lng, ns] = file.match(/locales\/(\w+)\/(\w[\w-]*)\.json$/)!;
  (resources[lng] ??= {})[ns] = mod.default;
}

export const LOCALES = ["en", "id"] as const;
export type Locale = (typeof LOCALES)[number];

const instance = i18next.createInstance();
await instance.init({
  resources,
  lng: "en",
  fallbackLng: "en",
  supportedLngs: [...LOCALES],
  ns: Object.keys(resources.en ?? {}),
  defaultNS: "api",
  interpolation: { escapeValue: false },
  initAsync: false,
});

const fixed = { en: instance.getFixedT("en"), id: instance.getFixedT("id") } as Record<Locale, TFunction>;

export function localeFrom(header: string | null | undefined): Locale {
  return header?.trim().toLowerCase().startsWith("id") ? "id" : "en";
}

/** A message to show (a notice, an answer's message): its translation key and values. */
export type Notice = { key: string; vars?: Record<string, unknown> };

/** A page's or a header's language as one of ours (anything else is English). */
export const asLocale = (value: string | null | undefined): Locale => (value === "id" ? "id" : "en");

export function translator(locale: string): TFunction {
  return fixed[asLocale(locale)];
}
