import { describe, expect, it } from "vitest";
import { chatSettingsOf } from "#core/settings/chat.ts";
import { awayDue, closedSince, isClosed } from "./office-hours.ts";

// Office hours Monday–Friday 08:00–17:00 WIB (UTC+7), on.
const hours = { ...chatSettingsOf({}).office_hours, enabled: true, away_message: "Tutup" };
// 2026-11-23 is a Monday. WIB = UTC+7.
const wib = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+07:00`);

describe("office hours", () => {
  it("knows open and closed in WIB", () => {
    expect(isClosed(hours, wib("2026-11-23", "09:00"))).toBe(false);
    expect(isClosed(hours, wib("2026-11-23", "07:59"))).toBe(true);
    expect(isClosed(hours, wib("2026-11-23", "17:00"))).toBe(true);
    expect(isClosed(hours, wib("2026-11-28", "10:00"))).toBe(true); // Saturday
    expect(isClosed({ ...hours, enabled: false }, wib("2026-11-28", "10:00"))).toBe(false);
  });

  it("dates a closed period from the last closing", () => {
    expect(closedSince(hours, wib("2026-11-23", "20:00"))).toEqual(wib("2026-11-23", "17:00"));
    expect(closedSince(hours, wib("2026-11-24", "06:00"))).toEqual(wib("2026-11-23", "17:00"));
    // The weekend: since Friday's closing.
    expect(closedSince(hours, wib("2026-11-29", "12:00"))).toEqual(wib("2026-11-27", "17:00"));
  });

  it("sends the away message once per closed period", () => {
    const night = wib("2026-11-23", "21:00");
    expect(awayDue(hours, night, null)).toBe(true);
    expect(awayDue(hours, wib("2026-11-24", "06:00"), night)).toBe(false); // the same night
    expect(awayDue(hours, wib("2026-11-24", "18:00"), night)).toBe(true); // the next evening
    expect(awayDue(hours, wib("2026-11-24", "10:00"), null)).toBe(false); // open
    const never = { ...hours, days: hours.days.map((d) => ({ ...d, open: false })) };
    expect(awayDue(never, night, null)).toBe(true);
    expect(awayDue(never, wib("2026-12-20", "10:00"), night)).toBe(false); // closed for good: once
  });
});
