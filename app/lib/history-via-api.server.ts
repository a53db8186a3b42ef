/**
 * Loading the update-history modal's rows in a page's loader: only when the URL asks for it
 * (`?history=<id>`), one page at a time, through the one API client.
 *
 *   const history = await loadHistory(args, (id) => `/v0.0.0/stores/${id}/update-history`);
 *   return { …, history };   // then <UpdateHistoryModal history={loaderData.history} … />
 *
 * A record the caller may not see answers 404 like an empty history: the modal says "no changes".
 */
import { UpdateHistoryModal } from "#app/components/update-history-lazy.tsx";
import { getList } from "./api.server.ts";
import { HISTORY_PAGE_SIZE, historyParam, type HistoryData, type HistoryEntry } from "./history.ts";

type Ctx = Parameters<typeof getList>[0];

export async function loadHistory(args: Ctx, pathFor: (id: number) => string, opts: { allow?: (id: number) => boolean } = {}): Promise<HistoryData | null> {
  const asked = historyParam(args.request.url);
  if (!asked || (opts.allow && !opts.allow(asked.id))) return null;
  // The modal is an island (update-history-lazy.tsx): its module is loaded before the page renders.
  const [{ rows, pagination }] = await Promise.all([
    getList<HistoryEntry>(args, pathFor(asked.id), { page: asked.page, limit: HISTORY_PAGE_SIZE }),
    UpdateHistoryModal.ready(),
  ]);
  const total = pagination.total_record;
  return { id: asked.id, rows, page: asked.page, totalPage: Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE)), total };
}
