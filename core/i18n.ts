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

const fixed = { en: instance.getFixedT("en"), id: instance.getFixedT("id") } as Record<Locale, TFunction>;

/** A message to show (a notice, an answer's message): its translation key and values. */
export type Notice = { key: string; vars?: Record<string, unknown> };

/** A page's or a header's language as one of ours (anything else is English). */
export const asLocale = (value: string | null | undefined): Locale => (value === "id" ? "id" : "en");

export function translator(locale: string): TFunction {
  return fixed[asLocale(locale)];
}

/**
 * `t` that says each plain key (no variables) once: for answers that repeat the same few labels
 * over many entries (every store card lists every channel and store with its type name). i18next's
 * lookup is about 20 µs a call; a page of store cards made hundreds of them.
 */
export function onceEach(t: TFunction): TFunction {
  const said = new Map<string, string>();
  const say = t as unknown as (...args: unknown[]) => string;
  return ((key: unknown, ...rest: unknown[]) => {
    if (rest.length || typeof key !== "string") return say(key, ...rest);
    let text = said.get(key);
    if (text === undefined) said.set(key, (text = say(key)));
    return text;
  }) as unknown as TFunction;
}
