/**
 * The one date filter of every list (app/lib/date-range.ts): what a URL's date fields mean, in WIB
 * days. Fixed "now": 2026-11-27 10:00 WIB.
 */
import { describe, expect, it } from "vitest";
import { dateRangeDays, parseDateFilter } from "#app/lib/date-range.ts";

const now = new Date("2026-11-27T03:00:00Z");
const days = (query: string) => dateRangeDays(parseDateFilter(new URLSearchParams(query)), now);

describe("the date filter", () => {
  it("turns each shortcut into its WIB days, both included", () => {
    expect(days("date=today")).toEqual({ date_from: "2026-11-27", date_to: "2026-11-27" });
    expect(days("date=yesterday")).toEqual({ date_from: "2026-11-26", date_to: "2026-11-26" });
    expect(days("date=7")).toEqual({ date_from: "2026-11-21", date_to: "2026-11-27" });
    expect(days("date=month")).toEqual({ date_from: "2026-11-01", date_to: "2026-11-27" });
    expect(days("date=monthly&month=2026-02")).toEqual({ date_from: "2026-02-01", date_to: "2026-02-28" });
    expect(days("")).toEqual({});
  });

  it("Set Date: days alone mean Set Date, a backwards range the same days, an empty one the last 30 days, never past today", () => {
    expect(days("date_from=2026-11-02&date_to=2026-11-05")).toEqual({ date_from: "2026-11-02", date_to: "2026-11-05" });
    expect(days("date=custom&date_from=2026-11-05&date_to=2026-11-02")).toEqual({ date_from: "2026-11-02", date_to: "2026-11-05" });
    expect(days("date=custom")).toEqual({ date_from: "2026-10-29", date_to: "2026-11-27" });
    expect(days("date=custom&date_from=2026-11-20&date_to=2027-01-01")).toEqual({ date_from: "2026-11-20", date_to: "2026-11-27" });
  });

  it("a day the calendar lacks, or no day at all, is no filter", () => {
    expect(days("date_from=2026-02-31")).toEqual({});
    expect(days("date_from=yesterday")).toEqual({});
    expect(days("date=forever")).toEqual({});
    expect(days("date=monthly&month=2026-13")).toEqual({ date_from: "2026-11-01", date_to: "2026-11-27" });
  });
});
