/**
 * A list page's state lives in its URL (back and forward work, links can be shared): page,
 * limit, sort, search and the page's own filters. Unknown or bad values fall back to the
 * defaults instead of failing, so a hand-edited URL still shows a list.
 * Spec section 9: page sizes 10, 20, 50, 100, 150 (default 50 on screens), sort default 2 Newest.
 */
export const PAGE_SIZES = [10, 20, 50, 100, 150] as const;
export const DEFAULT_PAGE_SIZE = 50;
/** Sort codes, labels list:sort.<code>: Oldest, Newest, Edited ASC, Edited DESC, Name ASC, Name DESC. */
export const SORTS = [1, 2, 3, 4, 5, 6] as const;
export const DEFAULT_SORT = 2;

/** filters: each allowed filter with the values it accepts, e.g. { status: ["1", "3"] }. */
export type FilterSpec = Record<string, readonly string[]>;

export type ListParams<F extends FilterSpec = FilterSpec> = {
  page: number;
  limit: number;
  sort: number;
  search: string;
  filters: { [K in keyof F]?: F[K][number] };
};

export function parseListParams<F extends FilterSpec>(url: URL | string, filters: F, sorts: readonly number[] = SORTS): ListParams<F> {
  const q = new URL(url, "http://x").searchParams;
  const int = (key: string) => {
    const n = Number(q.get(key));
    return Number.isInteger(n) ? n : NaN;
  };
  const limit = int("limit");
  const sort = int("sort");
  const out = {} as ListParams<F>["filters"];
  for (const [key, allowed] of Object.entries(filters)) {
    const v = q.get(key);
    if (v && allowed.includes(v)) (out as Record<string, string>)[key] = v;
  }
  return {
    page: Math.max(1, int("page") || 1),
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE,
    sort: sorts.includes(sort) ? sort : DEFAULT_SORT,
    search: (q.get("search") ?? "").trim().slice(0, 100),
    filters: out,
  };
}

/** The API query for a list call (empty values left out). */
export function apiQuery(p: ListParams): Record<string, string | number | undefined> {
  return { page: p.page, limit: p.limit, sort: p.sort, search: p.search || undefined, ...p.filters };
}

/**
 * The list's search string ("?status=1&page=2", or "" for all defaults) with some params changed
 * (null removes one). Only list state is carried: confirm steps and popups are not.
 */
export function listHref(p: ListParams, changes: Record<string, string | number | null> = {}) {
  const q = new URLSearchParams();
  const all: Record<string, string | number | null | undefined> = {
    search: p.search || null,
    ...p.filters,
    sort: p.sort === DEFAULT_SORT ? null : p.sort,
    limit: p.limit === DEFAULT_PAGE_SIZE ? null : p.limit,
    page: p.page === 1 ? null : p.page,
    ...changes,
  };
  for (const [k, v] of Object.entries(all)) if (v !== null && v !== undefined && v !== "") q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : "";
}
