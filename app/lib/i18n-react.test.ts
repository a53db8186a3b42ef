import { describe, expect, it } from "vitest";
import i18next from "i18next";
import { createT } from "./i18n-react.tsx";

const resources = {
  common: { a: { b: "Hello {{name}}" }, plain: "Plain" },
  list: { per_page_one: "{{count}} item", per_page_other: "{{count}} items" },
};

describe("the browser's translation runtime", () => {
  it("reads nested keys, namespaces, interpolation and plurals like i18next does", async () => {
    const t = createT(resources, "en", "list");
    const ref = i18next.createInstance();
    await ref.init({ lng: "en", resources: { en: resources }, defaultNS: "list", interpolation: { escapeValue: false } });
    for (const [key, opts] of [
      ["common:a.b", { name: "Sari" }],
      ["common:plain", undefined],
      ["per_page", { count: 1 }],
      ["per_page", { count: 50 }],
      ["common:missing.key", undefined],
      ["Your File is too big", undefined],
    ] as const) {
      expect(t(key, opts as never)).toBe(ref.t(key, opts as never));
    }
  });

  it("uses Indonesian plural rules (one form)", () => {
    const t = createT({ list: { per_page_other: "{{count}} per halaman" } }, "id", "list");
    expect(t("per_page", { count: 1 })).toBe("1 per halaman");
  });
});
