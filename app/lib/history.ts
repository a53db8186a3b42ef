/**
 * The update-history modal's state in the URL (browser-safe): `?history=<record id>` opens it,
 * `&history_page=<n>` pages through it. The modal is a link, so it opens without JavaScript too.
 * (The list pages' export popup uses `?history=open`: only a positive whole number is a record id.)
 */

/** Changes per modal page. */
export const HISTORY_PAGE_SIZE = 10;

/** One row of GET <resource>/{id}/update-history (core/lib/history.ts historyList). */
export type HistoryEntry = {
  update_history_id: number;
  action: string;
  user_name: string;
  changes: { field: string; from: unknown; to: unknown }[];
  time_created: number;
};

/** What the page's loader hands to <UpdateHistoryModal history=…> (see app/lib/history.server.ts). */
export type HistoryData = {
  /** The record whose history is shown (the `history` param). */
  id: number;
  rows: HistoryEntry[];
  page: number;
  totalPage: number;
  total: number;
};

/** The record id and page asked for by the URL, or null when no history is asked for. */
export function historyParam(url: URL | string): { id: number; page: number } | null {
  const q = new URL(url, "http://x").searchParams;
  const id = q.get("history") ?? "";
  if (!/^[1-9]\d{0,15}$/.test(id) || !Number.isSafeInteger(Number(id))) return null;
  const page = Number(q.get("history_page"));
  return { id: Number(id), page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1 };
}

/**
 * The search string of the current URL with the modal opened on `id` (page `page`), or closed
 * (id null). Every other param (list filters, page) is kept, so closing returns to the same view.
 */
export function historySearch(search: string, id: number | null, page = 1): string {
  const q = new URLSearchParams(search);
  q.delete("history_page");
  if (id === null) {
    if (/^\d+$/.test(q.get("history") ?? "")) q.delete("history");
  } else {
    q.set("history", String(id));
    if (page > 1) q.set("history_page", String(page));
  }
  const s = q.toString();
  return s ? `?${s}` : "";
}
