/**
 * Loading the update-history modal's rows in a page's loader: only when the URL asks for it
 * (`?history=<id>`), one page at a time, through the resource's core function.
 *
 *   const history = await loadHistory(args, (id, page) => storeHistory(scope, id, page));
 *   return { …, history };   // then <UpdateHistoryModal history={loaderData.history} … />
 *
 * A record the actor may not see (NotFound) shows like an empty history: the modal says "no changes".
 */
import { UpdateHistoryModal } from "#app/components/update-history-lazy.tsx";
import { NotFound } from "#core/errors.ts";
import type { HistoryEntry as CoreHistoryEntry } from "#core/lib/history.ts";
import { HISTORY_PAGE_SIZE, historyParam, type HistoryData, type HistoryEntry } from "./history.ts";

export type HistoryReader = (id: number, page: { page: number; limit: number }) => Promise<{ rows: CoreHistoryEntry[]; total: number }>;

export async function loadHistory(args: { request: Request }, read: HistoryReader, opts: { allow?: (id: number) => boolean } = {}): Promise<HistoryData | null> {
  const asked = historyParam(args.request.url);
  if (!asked || (opts.allow && !opts.allow(asked.id))) return null;
  // The modal is an island (update-history-lazy.tsx): its module is loaded before the page renders.
  const [{ rows, total }] = await Promise.all([
    read(asked.id, { page: asked.page, limit: HISTORY_PAGE_SIZE }).catch((e) => {
      if (e instanceof NotFound) return { rows: [], total: 0 };
      throw e;
    }),
    UpdateHistoryModal.ready(),
  ]);
  return { id: asked.id, rows: rows as HistoryEntry[], page: asked.page, totalPage: Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE)), total };
}
