/**
 * Calendar days as Indonesian sellers count them: "today" is the WIB day (UTC+7), whatever zone
 * the server runs in. Indonesia has no daylight saving, so a fixed offset is exact.
 */
export const WIB_OFFSET_MS = 7 * 3600_000;
export const DAY_MS = 86400_000;

/** The instant the WIB calendar day holding `at` began, moved `days` days (negative = earlier). */
export function wibDayStart(at: Date = new Date(), days = 0): Date {
  const wibMidnight = Math.floor((at.getTime() + WIB_OFFSET_MS) / DAY_MS) * DAY_MS - WIB_OFFSET_MS;
  return new Date(wibMidnight + days * DAY_MS);
}

/** "YYYY-MM-DD" of the WIB calendar day holding `at`. */
export function wibDate(at: Date): string {
  return new Date(at.getTime() + WIB_OFFSET_MS).toISOString().slice(0, 10);
}

/** Unix seconds, the spec's time format. */
export const unix = (d: Date | null | undefined) => (d ? Math.floor(d.getTime() / 1000) : null);
