/**
 * The one date filter of every list (spec "Date-range picker", browser-safe): shortcuts Today,
 * Yesterday, Last 7/14/30 Days, This Month, Monthly (a picked month: `month=YYYY-MM`, from its
 * first day to its last) and Set Date (`date_from`/`date_to`, YYYY-MM-DD). Days are WIB days, both
 * ends included, never in the future. An empty Set Date falls back to the last 30 days, and an
 * empty Monthly to this month, as the spec says. The URL holds it (`date`, plus the days or the
 * month), so a filtered list is a link; `dateRange` turns it into [from, to) instants for core.
 * The filter's fields: app/components/list/date-range-filter.tsx.
 */
import { DAY_MS, WIB_OFFSET_MS, wibDate, wibDayStart } from "#core/lib/time.ts";

export const DATE_SHORTCUTS = ["today", "yesterday", "7", "14", "30", "month", "monthly", "custom"] as const;
export type DateShortcut = (typeof DATE_SHORTCUTS)[number];

export type DateFilter = { date?: string; date_from?: string; date_to?: string; month?: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
// Days before 2000 are typos (the API counts from 1970 and refuses earlier ones). A day the
// calendar lacks (2026-02-31) is none: Date.parse would roll it into March.
const isDay = (v: string | null): v is string => {
  if (!v || !DAY.test(v) || v < "2000-01-01") return false;
  const at = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === v;
};
const isMonth = (v: string | null): v is string => Boolean(v && /^\d{4}-(0[1-9]|1[0-2])$/.test(v) && v >= "2000-01");

/**
 * The date filter a URL holds; an unknown shortcut is none (any time). Days with no shortcut mean
 * Set Date, a month with none means Monthly; another shortcut wins over days left in the form.
 */
export function parseDateFilter(q: URLSearchParams): DateFilter {
  const date = q.get("date");
  const f: DateFilter = {};
  if (date && (DATE_SHORTCUTS as readonly string[]).includes(date)) f.date = date;
  const from = q.get("date_from");
  const to = q.get("date_to");
  if ((!f.date || f.date === "custom") && (isDay(from) || isDay(to))) {
    f.date = "custom";
    if (isDay(from)) f.date_from = from;
    if (isDay(to)) f.date_to = to;
  }
  const month = q.get("month");
  if ((!f.date || f.date === "monthly") && isMonth(month)) {
    f.date = "monthly";
    f.month = month;
  }
  return f;
}

/** The WIB day "YYYY-MM-DD" → the instant it starts. */
const dayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - WIB_OFFSET_MS);
const thisMonth = (now: Date) => new Date(now.getTime() + WIB_OFFSET_MS).toISOString().slice(0, 7);

/**
 * The date filter as [from, to) instants, or null for any time. Set Date is clamped to today and
 * put in order (a range typed backwards still means those days); a month runs to its end or today.
 */
export function dateRange(f: DateFilter, now = new Date()): { from: Date; to: Date } | null {
  const today = wibDayStart(now);
  const tomorrow = wibDayStart(now, 1);
  switch (f.date) {
    case "today": return { from: today, to: tomorrow };
    case "yesterday": return { from: wibDayStart(now, -1), to: today };
    case "7": case "14": case "30": return { from: wibDayStart(now, 1 - Number(f.date)), to: tomorrow };
    case "month": return { from: dayStart(`${thisMonth(now)}-01`), to: tomorrow };
    case "monthly": {
      const month = f.month ?? thisMonth(now);
      const [y, m] = month.split("-").map(Number);
      const next = `${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, "0")}-01`;
      const from = dayStart(`${month}-01`);
      return { from, to: new Date(Math.max(from.getTime(), Math.min(dayStart(next).getTime(), tomorrow.getTime()))) };
    }
    case "custom": {
      if (!f.date_from && !f.date_to) return { from: wibDayStart(now, -29), to: tomorrow };
      const clamp = (t: number) => Math.min(t, today.getTime());
      const a = clamp(dayStart(f.date_from ?? f.date_to!).getTime());
      const b = clamp(dayStart(f.date_to ?? f.date_from!).getTime());
      return { from: new Date(Math.min(a, b)), to: new Date(Math.max(a, b) + DAY_MS) };
    }
    default: return null;
  }
}

/** The range as the API's query: unix seconds, the last second of the range included. */
export function dateRangeQuery(f: DateFilter, now = new Date()): { date_from?: number; date_to?: number } {
  const range = dateRange(f, now);
  return range ? { date_from: Math.floor(range.from.getTime() / 1000), date_to: Math.floor(range.to.getTime() / 1000) - 1 } : {};
}

/** Today as the date inputs want it (their `max`: no future dates). */
export const todayInput = (now = new Date()) => wibDate(now);
/** This month as the month input wants it. */
export const monthInput = (now = new Date()) => thisMonth(now);

/** The range as WIB days "YYYY-MM-DD", both included: for the calls that filter by days (audit, stock movements). */
export function dateRangeDays(f: DateFilter, now = new Date()): { date_from?: string; date_to?: string } {
  const range = dateRange(f, now);
  return range ? { date_from: wibDate(range.from), date_to: wibDate(new Date(range.to.getTime() - 1)) } : {};
}
