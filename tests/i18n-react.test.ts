/** The browser's small `t` (app/lib/i18n-react.tsx): what the locale files use, asked many times over. */
import { describe, expect, it } from "vitest";
import { createT } from "#app/lib/i18n-react.tsx";

const resources = {
  common: { hello: "Hello {{name}}, {{ name }}!", plain: "Plain", nested: { deep: "Deep" } },
  list: { rows_one: "{{count}} row", rows_other: "{{count}} rows", only_other_other: "{{count}} things" },
};

describe("createT", () => {
  const t = createT(resources, "en");
  it("reads namespaced and nested keys, the same answer every time", () => {
    for (let i = 0; i < 3; i++) {
      expect(t("plain")).toBe("Plain");
      expect(t("common:nested.deep")).toBe("Deep");
      expect(t("list:rows", { count: 1 })).toBe("1 row");
      expect(t("list:rows", { count: 5 })).toBe("5 rows");
    }
  });
  it("fills every placeholder; without options a message is left as written", () => {
    expect(t("hello", { name: "Sari" })).toBe("Hello Sari, Sari!");
    expect(t("hello", {})).toBe("Hello , !");
    expect(t("hello")).toBe("Hello {{name}}, {{ name }}!");
  });
  it("falls back to _other, then to the key without its namespace or the default value", () => {
    expect(t("list:only_other", { count: 1 })).toBe("1 things");
    expect(t("list:missing.key")).toBe("missing.key");
    expect(t("list:missing", { defaultValue: "Default" })).toBe("Default");
  });
  it("counts by the language's plural rules", () => {
    const id = createT(resources, "id");
    expect(id("list:rows", { count: 1 })).toBe("1 rows"); // Indonesian has one form: _other
  });
});
