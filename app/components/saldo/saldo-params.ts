/**
 * The saldo page's state in its URL (browser-safe, shared by the route and its components): the
 * tab (history | withdrawals), its one filter (the history's kind, the withdrawals' status), the
 * one date filter (app/lib/date-range.ts), page size and page. Bad values fall back to the
 * defaults, so an old or hand-edited link still shows a list.
 */
import { PAYOUT_STATUSES, SALDO_KINDS, SALDO_TABS, type SaldoTab } from "#core/money/payout-options.ts";
import { dateRangeQuery, parseDateFilter, type DateFilter } from "#app/lib/date-range.ts";
import { parseListParams, type ListParams } from "#app/lib/list-params.ts";

export type SaldoFilters = DateFilter & { tab?: SaldoTab; kind?: string; status?: string };
export type SaldoParams = ListParams & { filters: SaldoFilters };

export function parseSaldoParams(url: URL | string): SaldoParams {
  const q = new URL(url, "http://x").searchParams;
  const p = parseListParams(url, { tab: [...SALDO_TABS], kind: [...SALDO_KINDS], status: [...PAYOUT_STATUSES] }, [1, 2]) as SaldoParams;
  const f = p.filters;
  if (f.tab === "history") delete f.tab; // the default
  if (f.tab === "withdrawals") delete f.kind;
  else delete f.status;
  Object.assign(f, parseDateFilter(q));
  return p;
}

/** The core's query for the tab shown (core/money/saldo.ts saldoHistoryQuery / withdrawHistoryQuery). */
export function saldoQuery(p: SaldoParams, now = new Date()) {
  const f = p.filters;
  return {
    // A page past any list (a hand-typed ?page=…) is just an empty page, not a refusal.
    page: Math.min(p.page, 100_000), limit: p.limit, sort: p.sort, ...dateRangeQuery(f, now),
    ...(f.tab === "withdrawals" ? { status: f.status } : { kind: f.kind }),
  };
}
