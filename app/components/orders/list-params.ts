/**
 * The orders list's state in its URL (browser-safe, shared by the route and its components): the
 * shared list params (limit, sort, search) plus the tab, the process stage, channel, store, date
 * range, order type and courier, and the keyset `cursor` of the page shown. Bad values fall back
 * to "all" instead of failing, so a hand-edited or old link still shows a list.
 *
 * Dates: the one date filter of every list (app/lib/date-range.ts).
 */
import { ORDER_STAGES, ORDER_TABS } from "#db/schema/order-tabs.ts";
import { dateRangeQuery, parseDateFilter, type DateFilter } from "#app/lib/date-range.ts";
import { parseListParams, type ListParams } from "#app/lib/list-params.ts";

export const ORDER_SORTS = [1, 2] as const;
export const ORDER_TYPES = ["1", "2", "3"] as const;

const LISTED = {
  tab: Object.keys(ORDER_TABS),
  stage: Object.keys(ORDER_STAGES),
  order_type: [...ORDER_TYPES],
} as const;

export type OrderFilters = DateFilter & {
  tab?: string;
  stage?: string;
  channel_id?: string;
  store_id?: string;
  order_type?: string;
  courier?: string;
};
export type OrderListParams = ListParams & { filters: OrderFilters; cursor: string | null };

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
  delete f.date;
  Object.assign(f, parseDateFilter(q));
  const cursor = q.get("cursor");
  params.cursor = cursor && /^[\w.~-]{1,200}$/.test(cursor) ? cursor : null;
  params.page = 1;
  return params;
}

/** The list API's query for these params (spec list params + the orders filters). */
export function orderApiQuery(p: OrderListParams, now = new Date()): Record<string, string | number | undefined> {
  const f = p.filters;
  return {
    limit: p.limit,
    sort: p.sort,
    search: p.search || undefined,
    status: f.stage ?? f.tab,
    channel_id: f.channel_id,
    store_id: f.store_id,
    order_type: f.order_type,
    courier: f.courier,
    ...dateRangeQuery(f, now),
    cursor: p.cursor ?? undefined,
  };
}
