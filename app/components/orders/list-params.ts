/**
 * The orders list's state in its URL (browser-safe, shared by the route and its components): the
 * shared list params (limit, sort, search) plus the tab, the process stage, channel, store, date
 * range, order type and courier, and the keyset `cursor` of the page shown. Bad values fall back
 * to "all" instead of failing, so a hand-edited or old link still shows a list.
 *
 * Dates (spec "Date-range picker"): shortcuts Today, Yesterday, Last 7/14/30 Days, This Month, or
 * Set Date with `date_from`/`date_to` (YYYY-MM-DD, WIB days, both ends included, never in the
 * future). An empty Set Date falls back to the last 30 days, as the spec says. The day fields
 * show once Set Date is chosen (with JavaScript the choice applies at once).
 */
import { ORDER_STAGES, ORDER_TABS } from "#db/schema/order-tabs.ts";
import { DAY_MS, WIB_OFFSET_MS, wibDate, wibDayStart } from "#core/lib/time.ts";
import { parseListParams, type ListParams } from "#app/lib/list-params.ts";

export const ORDER_SORTS = [1, 2] as const;
export const DATE_SHORTCUTS = ["today", "yesterday", "7", "14", "30", "month", "custom"] as const;
export type DateShortcut = (typeof DATE_SHORTCUTS)[number];
export const ORDER_TYPES = ["1", "2", "3"] as const;

const LISTED = {
  tab: Object.keys(ORDER_TABS),
  stage: Object.keys(ORDER_STAGES),
  date: [...DATE_SHORTCUTS],
  order_type: [...ORDER_TYPES],
} as const;

export type OrderFilters = {
  tab?: string;
  stage?: string;
  channel_id?: string;
  store_id?: string;
  date?: string;
  date_from?: string;
  date_to?: string;
  order_type?: string;
  courier?: string;
};
export type OrderListParams = ListParams & { filters: OrderFilters; cursor: string | null };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
// Days before 2000 are typos (the API counts from 1970 and refuses earlier ones).
const isDay = (v: string | null): v is string => Boolean(v && DAY.test(v) && v >= "2000-01-01" && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)));

export function parseOrderParams(url: URL | string): OrderListParams {
  const q = new URL(url, "http://x").searchParams;
  const params = parseListParams(url, LISTED, ORDER_SORTS) as OrderListParams;
  const f = params.filters;
  // A stage belongs to the process tab: on another tab it means nothing.
  if (f.stage && f.tab !== "process") delete f.stage;
  for (const key of ["channel_id", "store_id"] as const) {
    const v = q.get(key);
    if (v && /^[1-9]\d{0,8}$/.test(v)) f[key] = v;
  }
  const courier = q.get("courier")?.trim();
  if (courier && /^[\w-]{1,40}$/.test(courier)) f.courier = courier;
  // Set Date: the chosen days (a link with days and no shortcut means Set Date too); another
  // shortcut wins over days left in the form.
  const from = q.get("date_from");
  const to = q.get("date_to");
  if ((!f.date || f.date === "custom") && (isDay(from) || isDay(to))) {
    f.date = "custom";
    if (isDay(from)) f.date_from = from;
    if (isDay(to)) f.date_to = to;
  }
  const cursor = q.get("cursor");
  params.cursor = cursor && /^[\w.~-]{1,200}$/.test(cursor) ? cursor : null;
  params.page = 1;
  return params;
}

/** The WIB day "YYYY-MM-DD" → the instant it starts. */
const dayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - WIB_OFFSET_MS);

/**
 * The date filter as [from, to) instants, or null for any time. Set Date is clamped to today and
 * put in order (a range typed backwards still means those days); empty, it is the last 30 days.
 */
export function dateRange(f: OrderFilters, now = new Date()): { from: Date; to: Date } | null {
  const today = wibDayStart(now);
  const tomorrow = wibDayStart(now, 1);
  switch (f.date) {
    case "today": return { from: today, to: tomorrow };
    case "yesterday": return { from: wibDayStart(now, -1), to: today };
    case "7": case "14": case "30": return { from: wibDayStart(now, 1 - Number(f.date)), to: tomorrow };
    case "month": {
      const d = new Date(now.getTime() + WIB_OFFSET_MS);
      return { from: dayStart(`${d.toISOString().slice(0, 7)}-01`), to: tomorrow };
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

/** Today as the date inputs want it (their `max`: no future dates). */
export const todayInput = (now = new Date()) => wibDate(now);

/** The list API's query for these params (spec list params + the orders filters). */
export function orderApiQuery(p: OrderListParams, now = new Date()): Record<string, string | number | undefined> {
  const f = p.filters;
  const range = dateRange(f, now);
  return {
    limit: p.limit,
    sort: p.sort,
    search: p.search || undefined,
    status: f.stage ?? f.tab,
    channel_id: f.channel_id,
    store_id: f.store_id,
    order_type: f.order_type,
    courier: f.courier,
    // Unix seconds, the last second of the range included.
    date_from: range ? Math.floor(range.from.getTime() / 1000) : undefined,
    date_to: range ? Math.floor(range.to.getTime() / 1000) - 1 : undefined,
    cursor: p.cursor ?? undefined,
  };
}
