/**
 * When the chat settings' office hours are closed, and since when (pure; the business's local
 * time is WIB, core/lib/time.ts — Indonesia has no daylight saving). Used by the inbound path to
 * send the away message once per conversation per closed period (decision 27).
 */
import { WIB_OFFSET_MS, wibDayStart } from "#core/lib/time.ts";
import type { ChatSettings, Weekday } from "#core/settings/chat.ts";

// getUTCDay of a WIB-shifted instant: 0 Sunday … 6 Saturday.
const BY_UTC_DAY: Weekday[] = ["SUNDAY", "MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY"];
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The open period [from, to) of the WIB day that began at `dayStart`, or null when closed that day. */
function openPeriod(hours: ChatSettings["office_hours"], dayStart: Date) {
  const weekday = BY_UTC_DAY[new Date(dayStart.getTime() + WIB_OFFSET_MS).getUTCDay()]!;
  const d = hours.days.find((x) => x.day === weekday);
  if (!d?.open || minutes(d.end) <= minutes(d.start)) return null;
  return { from: dayStart.getTime() + minutes(d.start) * 60_000, to: dayStart.getTime() + minutes(d.end) * 60_000 };
}

/** Whether `at` is outside office hours (always false when office hours are off). */
export function isClosed(hours: ChatSettings["office_hours"], at: Date): boolean {
  if (!hours.enabled) return false;
  const p = openPeriod(hours, wibDayStart(at));
  return !p || at.getTime() < p.from || at.getTime() >= p.to;
}

/**
 * When the closed period holding `at` began: the end of the last open period before it (looking
 * back a week), or null when no day of the week is open (one closed period, forever).
 */
export function closedSince(hours: ChatSettings["office_hours"], at: Date): Date | null {
  for (let back = 0; back <= 7; back++) {
    const p = openPeriod(hours, wibDayStart(at, -back));
    if (p && p.to <= at.getTime()) return new Date(p.to);
  }
  return null;
}

/** The away message is due: closed now, and not yet sent in this closed period. */
export function awayDue(hours: ChatSettings["office_hours"], at: Date, lastSent: Date | null): boolean {
  if (!isClosed(hours, at)) return false;
  if (!lastSent) return true;
  const since = closedSince(hours, at);
  return since !== null && lastSent.getTime() < since.getTime();
}

