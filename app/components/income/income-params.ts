/**
 * The income pages' URL state (browser-safe): the one date filter (app/lib/date-range.ts),
 * channel, store, status, search, page size and page — and the core query it makes
 * (core/money/income.ts incomeQuery: the date filter as unix seconds, the days holding them).
 * Bad values fall back to "any" (a hand-edited URL still shows a list).
 */
import { SETTLEMENT_STATUS_FILTERS } from "#core/money/income-options.ts";
import { dateRangeQuery, parseDateFilter, type DateFilter } from "#app/lib/date-range.ts";
import { parseListParams, type ListParams } from "#app/lib/list-params.ts";

export type IncomeParams = ListParams & { filters: DateFilter & { channel_id?: string; store_id?: string; status?: string } };

const ID = /^\d{1,9}$/;

export function parseIncomeParams(url: URL | string): IncomeParams {
  const u = new URL(url, "http://x");
  const params = parseListParams(u, { status: SETTLEMENT_STATUS_FILTERS }) as IncomeParams;
  const q = u.searchParams;
  for (const key of ["channel_id", "store_id"] as const) {
    const v = q.get(key);
    if (v && ID.test(v)) params.filters[key] = v;
  }
  Object.assign(params.filters, parseDateFilter(q));
  // A page number past any list (hand-typed): the core query's bound; the loader then shows the last page.
  params.page = Math.min(params.page, 100_000);
  return params;
}

/** The core / API query of the page's URL. */
export function incomeQueryOf(p: IncomeParams, now = new Date()) {
  const f = p.filters;
  return {
    ...dateRangeQuery(f, now),
    channel_id: f.channel_id ? Number(f.channel_id) : undefined,
    store_id: f.store_id ? Number(f.store_id) : undefined,
    status: f.status as (typeof SETTLEMENT_STATUS_FILTERS)[number] | undefined,
    search: p.search || undefined,
    page: p.page,
    limit: p.limit,
  };
}

export const isFiltered = (p: IncomeParams) =>
  Boolean(p.search || p.filters.channel_id || p.filters.store_id || p.filters.status || p.filters.date);
