import fs from "node:fs";
import path from "node:path";
import i18next, { type TFunction } from "i18next";

// Core speaks the actor's language (the page's, or the API caller's: api/lib/language.ts),
// from the same locale files as the web. Read from the project's locales/ folder (the app runs
// from the project root: npm start, the tests, the scripts), so core runs under plain Node (tsx:
// the seed, the simulator) as well as inside the Vite bundle.
const dir = path.resolve("locales");
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const lng of fs.readdirSync(dir)) {
  for (const file of fs.readdirSync(path.join(dir, lng))) {
    const ns = file.match(/^(\w[\w-]*)\.json$/)?.[1];
    if (ns) (resources[lng] ??= {})[ns] = JSON.parse(fs.readFileSync(path.join(dir, lng, file), "utf8"));
  }
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

/**
 * i18next looks a key up anew on every call (10–20 µs: its options, namespaces, fallbacks), and a
 * list says the same few texts for each of its rows (a product's state, a store's type): a page of
 * them was a few percent of its server time. The texts never change while the app runs, so a key
 * asked without values is looked up once per language. Keys are the code's (some built from an
 * enum), so the memory is bounded; a cap guards against a key made of input all the same.
 */
function remembering(t: TFunction): TFunction {
  const said = new Map<string, string>();
  const say = t as unknown as (...args: unknown[]) => string;
  return ((key: unknown, ...rest: unknown[]) => {
    if (rest.length || typeof key !== "string") return say(key, ...rest);
    let text = said.get(key);
    if (text === undefined) {
      text = say(key);
      if (said.size < 20_000) said.set(key, text);
    }
    return text;
  }) as unknown as TFunction;
}

const fixed = { en: remembering(instance.getFixedT("en")), id: remembering(instance.getFixedT("id")) } as Record<Locale, TFunction>;

/** A message to show (a notice, an answer's message): its translation key and values. */
export type Notice = { key: string; vars?: Record<string, unknown> };

/** A page's or a header's language as one of ours (anything else is English). */
export const asLocale = (value: string | null | undefined): Locale => (value === "id" ? "id" : "en");

export function translator(locale: string): TFunction {
  return fixed[asLocale(locale)];
}

