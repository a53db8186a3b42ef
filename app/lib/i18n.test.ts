/**
 * Both languages carry the same translations: every namespace and key of locales/en exists in
 * locales/id and the other way round, no Indonesian text is empty, and both sides use the same
 * {{placeholders}} (a missing one shows the user a hole in the sentence).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

const root = path.resolve("locales");

function namespaces(lng: string) {
  return fs.readdirSync(path.join(root, lng)).filter((f) => f.endsWith(".json")).sort();
}

/** Flattens nested JSON into "a.b.c" → string value. */
function flatten(value: unknown, prefix = "", out: Record<string, unknown> = {}) {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else out[prefix] = value;
  return out;
}

function load(lng: string, file: string) {
  return flatten(JSON.parse(fs.readFileSync(path.join(root, lng, file), "utf8")));
}

const placeholders = (text: unknown) => [...String(text).matchAll(/{{\s*([\w.]+)[^}]*}}/g)].map((m) => m[1]).sort();

test("English and Indonesian have the same namespace files", () => {
  expect(namespaces("id")).toEqual(namespaces("en"));
});

describe.each(namespaces("en"))("locales/*/%s", (file) => {
  const en = load("en", file);
  const id = fs.existsSync(path.join(root, "id", file)) ? load("id", file) : {};

  test("every English key is translated to Indonesian", () => {
    expect(Object.keys(en).filter((k) => !(k in id))).toEqual([]);
  });

  test("Indonesian has no key English lacks", () => {
    expect(Object.keys(id).filter((k) => !(k in en))).toEqual([]);
  });

  test("no Indonesian text is empty", () => {
    expect(Object.entries(id).filter(([, v]) => typeof v !== "string" || v.trim() === "").map(([k]) => k)).toEqual([]);
  });

  test("both languages use the same placeholders", () => {
    const differ = Object.keys(en).filter((k) => k in id && placeholders(en[k]).join() !== placeholders(id[k]).join());
    expect(differ).toEqual([]);
  });
});
