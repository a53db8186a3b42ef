import { describe, expect, it } from "vitest";
import { totalOf } from "./list-query.ts";

describe("a list's total (totalOf)", () => {
  const counted = async () => 999;
  it("is told by a page with room left, without counting", async () => {
    expect(await totalOf({ offset: 0, limit: 20 }, 7, counted)).toBe(7);
    expect(await totalOf({ offset: 40, limit: 20 }, 3, counted)).toBe(43);
    expect(await totalOf({ offset: 0, limit: 20 }, 0, counted)).toBe(0);
  });
  it("is counted after a full page, or an empty page past the first", async () => {
    expect(await totalOf({ offset: 0, limit: 20 }, 20, counted)).toBe(999);
    expect(await totalOf({ offset: 60, limit: 20 }, 0, counted)).toBe(999);
  });
});
