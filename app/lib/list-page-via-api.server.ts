/**
 * The server half every list page shares (company, brand, channel, store, branch, warehouse,
 * factory, store fee): one loader part and one action part, parameterised by the resource.
 *
 * Loader (loadListPage): the list state from the URL (list-params.ts), the list itself, the last
 * export jobs of its kind, the switch's no-JavaScript confirm step (toggle-via-api.server.ts confirmStep +
 * GET of the record for its name), the update-history modal (history.server.ts, ?history=<id>, named
 * from the page or else by a GET of the record), "a page past the end redirects to page 1" and the
 * translated document title.
 *
 * Action (listPageAction): intent=toggle → toggleAction; intent=export → POST /v0.0.0/exports/<kind>
 * with the list's search, sort and filters, then back with ?history=open (202: queued, no notice;
 * the export-history popup shows its progress); any other intent goes to the page's own handler
 * (`more`), and one it does not know either answers 400 "unknown action".
 */
import { data, redirect } from "react-router";
import type { ExportJob } from "#app/components/list/export-history.tsx";
import { ExportHistory } from "#app/components/list/list-header.tsx";
import { callApi, getList } from "./api.server.ts";
import { formatNumber } from "#core/lib/format.ts";
import type { HistoryData } from "./history.ts";
import { loadHistory } from "./history-via-api.server.ts";
import { getI18n, getLocale } from "./i18n.server.ts";
import { apiQuery, listHref, parseListParams, type FilterSpec, type ListParams } from "./list-params.ts";
import { confirmStep, toggleAction } from "./toggle-via-api.server.ts";

type Args = Parameters<typeof callApi>[0];
type ListResult<R> = Awaited<ReturnType<typeof getList<R>>>;
type Action = "activate" | "inactivate";

export type ListPageSpec<R, F extends FilterSpec> = {
  /** GET path of the list, e.g. "/v0.0.1/business". */
  list: string;
  filters: F;
  sorts?: readonly number[];
  /** The form field (and row key) holding a record's id, e.g. "business_id". */
  idField: string;
  /** i18n key of the title with the total ("company:title_count"). */
  titleKey: string;
  /** Export kind ("business" → GET /v0.0.0/exports?kind=business, POST /v0.0.0/exports/business); none: no export. */
  exportKind?: string;
  /** GET path of one record: names the no-JS confirm step and the history modal. None: no confirm step here. */
  record?: (id: number) => string;
  /** PUT path of the status switch; none: no intent=toggle here. */
  toggle?: (id: number, action: Action) => string;
  /** Update-history path of a record; none: no history modal. */
  history?: (id: number) => string;
  /** How a record is named in the confirm step and history modal (default: its `name`). */
  nameOf?: (r: R) => string;
  /** Whether the record may be switched at all (e.g. not a partner's brand): else no confirm step. */
  switchable?: (r: R) => boolean;
};

export type ListPageData<R, F extends FilterSpec> = {
  title: string;
  params: ListParams<F>;
  list: ListResult<R>;
  exports: ExportJob[];
  /** ?history=open: the export history opens (after an export was asked for). */
  exportsOpen: boolean;
  confirm: { id: number; action: Action; name: string } | null;
  history: HistoryData | null;
  historyOf: string | undefined;
};

/**
 * The list's latest export jobs for ListHeader's export-history popup, an island (list-header.tsx):
 * its module is loaded here, before the page renders.
 */
export async function loadExports(args: Args, kind: string) {
  const [jobs] = await Promise.all([getList<ExportJob>(args, "/v0.0.0/exports", { kind, limit: 10 }), ExportHistory.ready()]);
  return jobs;
}

const defaultName = (r: unknown) => String((r as { name?: unknown }).name ?? "");

export async function loadListPage<R, F extends FilterSpec>(args: Args, spec: ListPageSpec<R, F>): Promise<ListPageData<R, F>> {
  const url = new URL(args.request.url);
  const params = parseListParams(url, spec.filters, spec.sorts);
  const nameOf = spec.nameOf ?? defaultName;
  const asked = spec.record ? confirmStep(url) : null;
  const [list, exports, confirming, history] = await Promise.all([
    getList<R>(args, spec.list, apiQuery(params)),
    spec.exportKind ? loadExports(args, spec.exportKind) : null,
    asked && spec.record ? callApi<R>(args, "GET", spec.record(asked.id), { quiet: true }) : null,
    spec.history ? loadHistory(args, spec.history) : null,
  ]);
  // A page past the end (the list got shorter, a hand-edited URL) shows the first page instead.
  if (!list.rows.length && params.page > 1) throw redirect(url.pathname + listHref({ ...params, page: 1 }));
  // The modal names its record: from the page, else asked for (a link kept after the list changed).
  const shown = history ? list.rows.find((r) => (r as Record<string, unknown>)[spec.idField] === history.id) : undefined;
  let historyOf = shown ? nameOf(shown) : undefined;
  if (history && !shown && spec.record) {
    const one = await callApi<R>(args, "GET", spec.record(history.id), { quiet: true });
    historyOf = one.ok ? nameOf(one.data) : undefined;
  }
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const ok = asked && confirming?.ok && (!spec.switchable || spec.switchable(confirming.data));
  return {
    title: `${t(spec.titleKey, { total: formatNumber(list.pagination.total_record) })} | ${t("common:app_name")}`,
    params,
    list,
    exports: exports?.rows ?? [],
    exportsOpen: url.searchParams.get("history") === "open",
    confirm: ok && confirming?.ok ? { ...asked, name: nameOf(confirming.data) } : null,
    history,
    historyOf,
  };
}

export type ListActionContext<F extends FilterSpec> = { url: URL; params: ListParams<F>; listUrl: string };

/**
 * The list's POST: toggle and export here, the page's own intents in `more` (it throws a redirect,
 * returns a response, or returns undefined for "not mine").
 */
export async function listPageAction<R, F extends FilterSpec, T = never>(
  args: Args,
  spec: ListPageSpec<R, F>,
  more?: (intent: FormDataEntryValue | null, form: FormData, ctx: ListActionContext<F>) => Promise<T | undefined>,
): Promise<T> {
  const url = new URL(args.request.url);
  const params = parseListParams(url, spec.filters, spec.sorts);
  const listUrl = url.pathname + listHref(params);
  const form = await args.request.formData();
  const intent = form.get("intent");
  if (intent === "toggle" && spec.toggle) return toggleAction(args, form, { idField: spec.idField, apiPath: spec.toggle, listUrl });
  if (intent === "export" && spec.exportKind) {
    await callApi(args, "POST", `/v0.0.0/exports/${spec.exportKind}`, {
      body: { search: params.search || undefined, sort: params.sort, ...params.filters },
    });
    throw redirect(url.pathname + listHref(params, { history: "open" }));
  }
  const answer = more ? await more(intent, form, { url, params, listUrl }) : undefined;
  if (answer !== undefined) return answer;
  throw data(getI18n(args.context).getFixedT(getLocale(args.context))("common:errors.unknown_action"), { status: 400 });
}
