/** The update-history modal's URL state: ?history=<id>&history_page=<n>, other params kept. */
import { describe, expect, it } from "vitest";
import { historyParam, historySearch } from "./history.ts";

describe("historyParam", () => {
  it("reads a record id and page", () => {
    expect(historyParam("http://x/profile/store?history=12")).toEqual({ id: 12, page: 1 });
    expect(historyParam("http://x/profile/store?history=12&history_page=3")).toEqual({ id: 12, page: 3 });
    expect(historyParam(new URL("http://x/?history=7&history_page=-1"))).toEqual({ id: 7, page: 1 });
  });

  it("ignores what is not a record id (the export popup's ?history=open included)", () => {
    for (const q of ["", "?history=open", "?history=0", "?history=-3", "?history=1.5", "?history=99999999999999999999"]) {
      expect(historyParam(`http://x/${q}`)).toBeNull();
    }
  });
});

describe("historySearch", () => {
  it("opens, pages and closes, keeping the list's own params", () => {
    expect(historySearch("?status=1&page=2", 5)).toBe("?status=1&page=2&history=5");
    expect(historySearch("?status=1&history=5", 5, 2)).toBe("?status=1&history=5&history_page=2");
    expect(historySearch("?status=1&history=5&history_page=2", null)).toBe("?status=1");
    expect(historySearch("?history=5", null)).toBe("");
    // The export popup's param is not ours to close.
    expect(historySearch("?history=open", null)).toBe("?history=open");
  });
});
