import { describe, expect, it } from "vitest";
import { dateRange } from "#app/lib/date-range.ts";
import { orderApiQuery, parseOrderParams } from "./list-params.ts";

// 22-11-2026 10:00 WIB (03:00 UTC): "today" is the WIB day 22-11-2026.
const NOW = new Date("2026-11-22T03:00:00Z");
const wib = (day: string) => new Date(`${day}T00:00:00+07:00`);
const parse = (search: string) => parseOrderParams(`http://x/orders${search}`);

describe("orders list params", () => {
  it("defaults: every tab, newest first, 50 a page, first page", () => {
    const p = parse("");
    expect(p).toMatchObject({ limit: 50, sort: 2, search: "", filters: {}, cursor: null });
  });

  it("keeps a stage only on the process tab, and ignores unknown values", () => {
    expect(parse("?tab=process&stage=pack").filters).toEqual({ tab: "process", stage: "pack" });
    expect(parse("?tab=cancelled&stage=pack").filters).toEqual({ tab: "cancelled" });
    expect(parse("?tab=nope&order_type=9&channel_id=abc&courier=j%20n%20e&limit=7&sort=5").filters).toEqual({});
  });

  it("asks the API for the stage when there is one, else the tab", () => {
    expect(orderApiQuery(parse("?tab=process&stage=hold"), NOW).status).toBe("hold");
    expect(orderApiQuery(parse("?tab=returned"), NOW).status).toBe("returned");
    expect(orderApiQuery(parse(""), NOW).status).toBeUndefined();
  });

  it("date shortcuts are WIB days, today included", () => {
    expect(dateRange({ date: "today" }, NOW)).toEqual({ from: wib("2026-11-22"), to: wib("2026-11-23") });
    expect(dateRange({ date: "yesterday" }, NOW)).toEqual({ from: wib("2026-11-21"), to: wib("2026-11-22") });
    expect(dateRange({ date: "7" }, NOW)).toEqual({ from: wib("2026-11-16"), to: wib("2026-11-23") });
    expect(dateRange({ date: "month" }, NOW)).toEqual({ from: wib("2026-11-01"), to: wib("2026-11-23") });
    expect(dateRange({}, NOW)).toBeNull();
  });

  it("Set Date: empty is the last 30 days; days typed backwards or in the future are put right", () => {
    // Monthly: a picked month from its first day to its last (this month: to today); empty, this month.
    expect(dateRange({ date: "monthly", month: "2026-02" }, NOW)).toEqual({ from: wib("2026-02-01"), to: wib("2026-03-01") });
    expect(dateRange({ date: "monthly", month: "2026-11" }, NOW)).toEqual({ from: wib("2026-11-01"), to: wib("2026-11-23") });
    expect(dateRange({ date: "monthly" }, NOW)).toEqual({ from: wib("2026-11-01"), to: wib("2026-11-23") });
    expect(parse("?month=2026-02").filters).toEqual({ date: "monthly", month: "2026-02" });
    expect(parse("?date=monthly&month=2026-13").filters).toEqual({ date: "monthly" });
    expect(dateRange({ date: "custom" }, NOW)).toEqual({ from: wib("2026-10-24"), to: wib("2026-11-23") });
    expect(dateRange({ date: "custom", date_from: "2026-11-20", date_to: "2026-11-18" }, NOW)).toEqual({ from: wib("2026-11-18"), to: wib("2026-11-21") });
    expect(dateRange({ date: "custom", date_from: "2026-11-20", date_to: "2027-01-01" }, NOW)).toEqual({ from: wib("2026-11-20"), to: wib("2026-11-23") });
  });

  it("days in the URL mean Set Date, unless another shortcut was chosen", () => {
    expect(parse("?date_from=2026-11-01").filters).toEqual({ date: "custom", date_from: "2026-11-01" });
    expect(parse("?date=today&date_from=2026-11-01&date_to=2026-11-02").filters).toEqual({ date: "today" });
  });

  it("sends the range as unix seconds, the last second of the last day included", () => {
    const q = orderApiQuery(parse("?date=custom&date_from=2026-11-20&date_to=2026-11-20"), NOW);
    expect(q.date_from).toBe(wib("2026-11-20").getTime() / 1000);
    expect(q.date_to).toBe(wib("2026-11-21").getTime() / 1000 - 1);
  });
});
