/**
 * The server half every list page shares (company, brand, channel, store, branch, warehouse,
 * factory, store fee, offerings…): one loader part and one action part, parameterised by the
 * resource's core functions, so a new list page is mostly its columns and filters.
 *
 * Loader (loadListPage): the list state from the URL (list-params.ts), the list itself, the last
 * export jobs of its kind, the switch's no-JavaScript confirm step (toggle.server.ts), the
 * update-history modal (history.server.ts, ?history=<id>, named from the page or else by reading
 * the record), "a page past the end redirects to page 1" and the translated document title.
 *
 * Action (listPageAction): intent=toggle → toggleAction; intent=export → the export job with the
 * list's search, sort and filters, then back with ?history=open (the export-history popup shows
 * its progress); any other intent goes to the page's own handler (`more`), and one it does not
 * know either answers 400 "unknown action".
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import type { Scope } from "#core/actor.ts";
import { exportHistory, queueExport } from "#core/jobs/export-history.ts";
import { formatNumber } from "#core/lib/format.ts";
import { ExportHistory } from "#app/components/list/list-header.tsx";
import { getScope } from "./auth.server.ts";
import type { HistoryData } from "./history.ts";
import { loadHistory, type HistoryReader } from "./history.server.ts";
import { getI18n, getLocale } from "./i18n.server.ts";
import { listHref, parseListParams, type FilterSpec, type ListParams } from "./list-params.ts";
import { flashToast } from "./session.server.ts";
import { toggleAction, toggleAsked } from "./toggle.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };
import type { Notice } from "#core/i18n.ts";
type Action = "activate" | "inactivate";
/** The core list call's query: the URL's list state. */
export type ListCallQuery = { page: number; limit: number; sort: number; search?: string } & Record<string, unknown>;

export type ListPageSpec<R, F extends FilterSpec> = {
  /** The core list call: a page of rows and the total. */
  list: (scope: Scope, q: ListCallQuery) => Promise<{ rows: R[]; total: number }>;
  filters: F;
  sorts?: readonly number[];
  /** The form field (and row key) holding a record's id, e.g. "business_id". */
  idField: string;
  /** i18n key of the title with the total ("company:title_count"). */
  titleKey: string;
  /** Export kind ("business"); none: no export. */
  exportKind?: string;
  /** Reads one record: names the no-JS confirm step and the history modal. None: no confirm step here. */
  record?: (scope: Scope, id: number) => Promise<R>;
  /** The status switch's core call (answers the records it switched); none: no intent=toggle here. */
  toggle?: (scope: Scope, ids: number[], activate: boolean) => Promise<unknown[]>;
  /** The notice a switch sets, as the REST call's message: a key and its values for the records switched. */
  toggled?: (activate: boolean, rows: unknown[]) => Notice;
  /** A record's update history; none: no history modal. */
  history?: (scope: Scope, id: number, page: { page: number; limit: number }) => ReturnType<HistoryReader>;
  /** How a record is named in the confirm step and history modal (default: its `name`). */
  nameOf?: (r: R) => string;
  /** Whether the record may be switched at all (e.g. not a partner's brand): else no confirm step. */
  switchable?: (r: R) => boolean;
};

export type ListPageData<R, F extends FilterSpec> = {
  title: string;
  params: ListParams<F>;
  list: { rows: R[]; pagination: { total_page: number; total_record: number } };
  /** The list's latest export jobs; undefined when the list has no export (no export button). */
  exports?: Awaited<ReturnType<typeof exportHistory>>["rows"];
  /** ?history=open: the export history opens (after an export was asked for). */
  exportsOpen: boolean;
  confirm: { id: number; action: Action; name: string } | null;
  history: HistoryData | null;
  historyOf: string | undefined;
};

/** The list's query for its core call (empty values left out). */
export function listCallQuery(p: ListParams): ListCallQuery {
  return { page: p.page, limit: p.limit, sort: p.sort, search: p.search || undefined, ...p.filters };
}

/**
 * The list's latest export jobs for ListHeader's export-history popup, an island (list-header.tsx):
 * its module is loaded here, before the page renders.
 */
export async function loadExports(args: Args, kind: string) {
  const [jobs] = await Promise.all([exportHistory(getScope(args.context), { kind, page: 1, limit: 10 }), ExportHistory.ready()]);
  return jobs;
}

const defaultName = (r: unknown) => String((r as { name?: unknown }).name ?? "");
/** A record that is gone or not the actor's names nothing (the step or modal stays closed). */
const orNothing = <T>(p: Promise<T>) => p.catch(() => undefined);

export async function loadListPage<R, F extends FilterSpec>(args: Args, spec: ListPageSpec<R, F>): Promise<ListPageData<R, F>> {
  const scope = getScope(args.context);
  const url = new URL(args.request.url);
  const params = parseListParams(url, spec.filters, spec.sorts);
  const nameOf = spec.nameOf ?? defaultName;
  const asked = spec.record ? toggleAsked(url, spec.idField) : null;
  const [list, exports, confirming, history] = await Promise.all([
    spec.list(scope, listCallQuery(params)),
    spec.exportKind ? loadExports(args, spec.exportKind) : null,
    asked && spec.record ? orNothing(spec.record(scope, asked.id)) : undefined,
    spec.history ? loadHistory(args, (id, page) => spec.history!(scope, id, page)) : null,
  ]);
  // A page past the end (the list got shorter, a hand-edited URL) shows the first page instead.
  if (!list.rows.length && params.page > 1) throw redirect(url.pathname + listHref({ ...params, page: 1 }));
  // The modal names its record: from the page, else read (a link kept after the list changed).
  const shown = history ? list.rows.find((r) => (r as Record<string, unknown>)[spec.idField] === history.id) : undefined;
  let historyOf = shown ? nameOf(shown) : undefined;
  if (history && !shown && spec.record) {
    const one = await orNothing(spec.record(scope, history.id));
    historyOf = one ? nameOf(one) : undefined;
  }
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const canConfirm = asked && confirming && (!spec.switchable || spec.switchable(confirming));
  return {
    title: `${t(spec.titleKey, { total: formatNumber(list.total) })} | ${t("common:app_name")}`,
    params,
    list: { rows: list.rows, pagination: { total_page: Math.ceil(list.total / params.limit), total_record: list.total } },
    exports: exports?.rows,
    exportsOpen: url.searchParams.get("history") === "open",
    confirm: canConfirm && confirming ? { ...asked, name: nameOf(confirming) } : null,
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
  const scope = getScope(args.context);
  const url = new URL(args.request.url);
  const params = parseListParams(url, spec.filters, spec.sorts);
  const listUrl = url.pathname + listHref(params);
  const form = await args.request.formData();
  const intent = form.get("intent");
  if (intent === "toggle" && spec.toggle) {
    const { toggle, toggled } = spec;
    return toggleAction(args, form, {
      idField: spec.idField,
      listUrl,
      async toggle(id, activate) {
        const rows = await toggle(scope, [id], activate);
        if (!toggled) return;
        const notice = toggled(activate, rows);
        flashToast(args.context, "success", getI18n(args.context).getFixedT(getLocale(args.context))(notice.key, notice.vars));
      },
    });
  }
  if (intent === "export" && spec.exportKind) {
    await queueExport(scope, spec.exportKind, { search: params.search || undefined, sort: params.sort, ...params.filters });
    throw redirect(url.pathname + listHref(params, { history: "open" }));
  }
  const answer = more ? await more(intent, form, { url, params, listUrl }) : undefined;
  if (answer !== undefined) return answer;
  throw data(getI18n(args.context).getFixedT(getLocale(args.context))("common:errors.unknown_action"), { status: 400 });
}
