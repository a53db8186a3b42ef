import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect.ts";

describe("safeRedirect", () => {
  it("keeps our own paths, with their query", () => {
    expect(safeRedirect("/orders", "/dashboard")).toBe("/orders");
    expect(safeRedirect("/id/profile/company?status=1&sort=name_asc", "/dashboard")).toBe("/id/profile/company?status=1&sort=name_asc");
    expect(safeRedirect("/profile/company?search=Toko%20Demo", "/dashboard")).toBe("/profile/company?search=Toko%20Demo");
    expect(safeRedirect("/orders?next=//x", "/dashboard")).toBe("/orders?next=//x");
  });

  it.each([
    ["another site", "https://evil.com"],
    ["a protocol-relative URL", "//evil.com"],
    ["a protocol-relative URL behind the locale", "/id//evil.com"],
    ["a backslash read as a slash", "/\\evil.com"],
    ["a backslash later on", "/\\/evil.com"],
    ["a tab the browser drops", "/\t/evil.com"],
    ["a newline the browser drops", "/\n/evil.com"],
    ["a carriage return", "/\r/evil.com"],
    ["a leading space", " /orders"],
    ["a non-breaking space", "/\u00a0/evil.com"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a relative path", "orders"],
    ["an empty value", ""],
    ["nothing", null],
  ])("refuses %s", (_, to) => {
    expect(safeRedirect(to, "/dashboard")).toBe("/dashboard");
  });

  it("refuses a file upload given as redirectTo", () => {
    expect(safeRedirect(new File(["/orders"], "x.txt"), "/")).toBe("/");
  });
});
