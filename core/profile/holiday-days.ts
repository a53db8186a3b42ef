/**
 * Open days: which WIB calendar days a store is closed by the business's holiday sessions
 * (core/profile/holidays.ts), and the deadline arithmetic the orders use (core/orders/actions.ts).
 *
 * A day is CLOSED for a store when an ACTIVE holiday session of the same business covers
 *   - the store: the session is the whole business's (all_stores), or names the store;
 *     (a session naming only brands closes no store: orders have no brand), and
 *   - the day: inside the session's date range (both ends included) when it has one, and on one of
 *     its weekdays when it has any. Range only: every day of it; weekdays only: those weekdays,
 *     every week; both: those weekdays inside the range.
 * An order with no store (sent from a warehouse) is closed by the whole-business sessions only.
 *
 * The deadline rule (openDaysAfter): a deadline of N days after `from` keeps the time of day of
 * `from` and lands on the N-th OPEN day after the WIB day of `from`. Without closed days this is
 * exactly `from` + N × 24 h, as before. The day of `from` itself never counts, open or closed (an
 * order accepted on a closed Saturday still counts from the next open day). Example: accepted
 * Friday 10:00 WIB, the store closed on SATURDAY and SUNDAY, 1 process day → Monday 10:00 WIB
 * (not Saturday 10:00). The acceptance deadline is "48 h after payment" = 2 open days the same way.
 * At most MAX_SKIPPED_DAYS closed days are skipped, so sessions that together close every day
 * still leave a deadline (the sweeper must be able to end an order nobody answers).
 *
 * It reads inside the caller's transaction (the order's), so the sessions it sees are the ones
 * committed when the order moves.
 */
import { and, eq, exists, gte, isNull, or, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { holidays, holidayStores } from "#db/schema/index.ts";
import { DAY_MS, wibDate } from "#core/lib/time.ts";
import type { HolidayWeekday } from "./profile-enums.ts";

/** The most closed days a deadline skips (two months: Lebaran plus a long run of weekends). */
export const MAX_SKIPPED_DAYS = 60;

const WEEKDAY_OF_UTC_DAY: HolidayWeekday[] = ["SUNDAY", "MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY"];
/** The weekday of a "YYYY-MM-DD" calendar day. */
export const weekdayOf = (day: string) => WEEKDAY_OF_UTC_DAY[new Date(`${day}T00:00:00Z`).getUTCDay()];

export type ClosingSession = { startDate: string | null; endDate: string | null; weekdays: string[] };

/** Whether one session closes the calendar day `day` ("YYYY-MM-DD"). */
export function closes(s: ClosingSession, day: string) {
  if (s.startDate && s.endDate && (day < s.startDate || day > s.endDate)) return false;
  return s.weekdays.length === 0 || s.weekdays.includes(weekdayOf(day));
}

/** The active sessions of the business closing the store (null: no store) on some day from `fromDay` on. */
export async function closingSessions(exec: Db | Tx, businessId: number, storeId: number | null, fromDay: string): Promise<ClosingSession[]> {
  const forStore = storeId
    ? exists(exec.select({ one: sql`1` }).from(holidayStores).where(and(eq(holidayStores.holidayId, holidays.id), eq(holidayStores.storeId, storeId))))
    : undefined;
  return exec
    .select({ startDate: holidays.startDate, endDate: holidays.endDate, weekdays: holidays.weekdays })
    .from(holidays)
    .where(and(
      eq(holidays.businessId, businessId),
      eq(holidays.status, 1),
      forStore ? or(eq(holidays.allStores, 1), forStore) : eq(holidays.allStores, 1),
      or(isNull(holidays.endDate), gte(holidays.endDate, fromDay)),
    ));
}

/** The deadline `days` open days after `from` for the store (see the rule above). */
export function addOpenDays(sessions: ClosingSession[], from: Date, days: number): Date {
  let open = 0;
  let step = 0;
  let skipped = 0;
  while (open < days) {
    step++;
    const day = wibDate(new Date(from.getTime() + step * DAY_MS));
    if (skipped < MAX_SKIPPED_DAYS && sessions.some((s) => closes(s, day))) skipped++;
    else open++;
  }
  return new Date(from.getTime() + step * DAY_MS);
}

/** `days` open days of the store after `from`, read inside the caller's transaction. */
export async function openDaysAfter(exec: Db | Tx, businessId: number, storeId: number | null, from: Date, days: number): Promise<Date> {
  const sessions = await closingSessions(exec, businessId, storeId, wibDate(from));
  return addOpenDays(sessions, from, days);
}
