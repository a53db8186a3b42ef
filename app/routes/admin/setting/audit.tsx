/**
 * /setting/audit (issue 13 item 7): the audit log — who changed what, when, from which session,
 * each changed field before → after — filtered by person, area, object (kind and id) and the one
 * date filter of every list (app/lib/date-range.ts: Today … Monthly, Set Date), sorted oldest /
 * newest, paged: all in the URL (a GET form, works without JavaScript).
 * Exportable as xlsx with the same filters (the export history popup shows the file). The rows
 * are the update history every write through core records (core/audit/audit-log.ts).
 */
import { redirect } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/audit";
import { auditFilterOptions, auditFilters, auditListQuery, auditLog, type AuditEntry } from "#core/audit/audit-log.ts";
import { AUDIT_AREAS } from "#core/audit/areas.ts";
import { queueExport } from "#core/jobs/export-history.ts";
import { formatDateTime, formatNumber } from "#core/lib/format.ts";
import { inputClass } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { DataTable, type Column } from "#app/components/list/data-table.tsx";
import { DateRangeFilter } from "#app/components/list/date-range-filter.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { FilterSelect } from "#app/components/list/filter-bar.tsx";
import { ListPage } from "#app/components/list/list-page.tsx";
import { PageSizeSelect } from "#app/components/list/page-size-select.tsx";
import { SortSelect } from "#app/components/list/sort-select.tsx";
import { getMe, getScope } from "#app/lib/auth.server.ts";
import { dateRangeDays, parseDateFilter } from "#app/lib/date-range.ts";
import { listHref } from "#app/lib/list-params.ts";
import { listPageAction, loadListPage, type ListPageSpec } from "#app/lib/list-page.server.ts";
import { pageTitle } from "#app/lib/meta.ts";
import type { Scope } from "#core/actor.ts";

const SORTS = [1, 2] as const;
/** The filters that are not a choice from a list: kept when valid, dropped (no filter) otherwise. */
const FREE = ["ref_id"] as const;

/** The free filters as core takes them (`days`) and as the URL keeps them (`shown`). */
function freeFilters(url: URL) {
  const out: Partial<Record<(typeof FREE)[number], string>> = {};
  for (const key of FREE) {
    const v = url.searchParams.get(key)?.trim();
    if (v && auditFilters.shape[key].safeParse(v).success) out[key] = v;
  }
  const dates = parseDateFilter(url.searchParams);
  return { days: { ...out, ...dateRangeDays(dates) }, shown: { ...out, ...dates } };
}

/** The list spec of this request: the people and objects the actor may filter by are the business's. */
async function specFor(scope: Scope, url: URL) {
  const options = await auditFilterOptions(scope);
  const free = freeFilters(url);
  const filters = { user_id: options.people.map((p) => String(p.user_id)), area: options.areas, ref_type: options.objects };
  const spec: ListPageSpec<AuditEntry, typeof filters> = {
    list: (s, q) => auditLog(s, auditListQuery.parse({ ...q, ...free.days })),
    filters,
    sorts: SORTS,
    idField: "audit_id",
    titleKey: "audit:title_count",
    exportKind: "audit",
  };
  return { spec, options, free };
}

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const { spec, options, free } = await specFor(getScope(args.context), url);
  const page = await loadListPage(args, spec);
  // The free filters ride along in the pager's and sort's links like the others.
  return { ...page, params: { ...page.params, filters: { ...page.params.filters, ...free.shown } }, options, businessName: getMe(args.context).business_name ?? "" };
}

export async function action(args: Route.ActionArgs) {
  const scope = getScope(args.context);
  const url = new URL(args.request.url);
  const { spec, free } = await specFor(scope, url);
  // The export takes every filter of the URL, the free ones too: the list's own export would not.
  return listPageAction(args, { ...spec, exportKind: undefined }, async (intent, _form, { params }) => {
    if (intent !== "export") return undefined;
    await queueExport(scope, "audit", { ...params.filters, ...free.days, sort: params.sort });
    throw redirect(url.pathname + listHref({ ...params, filters: { ...params.filters, ...free.shown } }, { history: "open" }));
  });
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { params, options } = loaderData;
  const f = params.filters as Record<string, string | undefined>;
  const { t } = useTranslation("audit");
  const columns: Column<AuditEntry>[] = [
    { key: "time", header: t("column.time"), primary: true, cell: (e) => <time dateTime={new Date(e.time_created * 1000).toISOString()}>{formatDateTime(e.time_created)}</time> },
    { key: "person", header: t("column.person"), cell: (e) => e.user_name ?? t("system") },
    {
      key: "session", header: t("column.session"),
      cell: (e) => e.session_id === null ? <span className="text-slate-500">{t("no_session")}</span> : (
        <>{t("session", { id: e.session_id })}{e.session_started ? <span className="block text-xs text-slate-500">{t("session_started", { time: formatDateTime(e.session_started) })}</span> : null}</>
      ),
    },
    { key: "area", header: t("column.area"), cell: (e) => t(`area.${e.area}`) },
    { key: "object", header: t("column.object"), cell: (e) => `${t(`object.${e.ref_type}`, { defaultValue: e.ref_type })} #${e.ref_id}` },
    { key: "action", header: t("column.action"), cell: (e) => <code className="text-xs">{e.action}</code> },
    {
      key: "changes", header: t("column.changes"),
      cell: (e) => e.changes.length ? (
        <ul className="space-y-0.5 text-xs">
          {e.changes.map((c) => (
            <li key={c.field}><span className="font-medium">{c.field}</span>: <del className="text-slate-500">{shown(c.from)}</del> → <ins className="no-underline">{shown(c.to)}</ins></li>
          ))}
        </ul>
      ) : <span className="text-xs text-slate-500">{t("no_changes")}</span>,
    },
  ];
  return (
    <ListPage
      data={loaderData}
      title={t("title_count", { total: formatNumber(loaderData.list.pagination.total_record) })}
      intro={t("intro", { business: loaderData.businessName })}
      filters={<>
        <FilterSelect name="user_id" label={t("filter.person")} value={f.user_id} allLabel={t("filter.all")}
          options={options.people.map((p) => ({ value: String(p.user_id), label: p.name }))} />
        <FilterSelect name="area" label={t("filter.area")} value={f.area} allLabel={t("filter.all")}
          options={AUDIT_AREAS.filter((a) => options.areas.includes(a)).map((a) => ({ value: a, label: t(`area.${a}`) }))} />
        <FilterSelect name="ref_type" label={t("filter.object")} value={f.ref_type} allLabel={t("filter.all")}
          options={options.objects.map((o) => ({ value: o, label: t(`object.${o}`) }))} />
        <FreeField name="ref_id" label={t("filter.ref_id")} value={f.ref_id} />
        <DateRangeFilter value={f} />
        <SortSelect value={params.sort} sorts={SORTS} />
        <PageSizeSelect value={params.limit} />
      </>}
      empty={<EmptyState title={t("empty")} />}
    >
      {(rows) => <DataTable caption={t("list_label")} columns={columns} rows={rows} rowKey={(e) => e.audit_id} />}
    </ListPage>
  );
}

const shown = (v: unknown) => (v === null || v === undefined || v === "" ? "-" : typeof v === "object" ? JSON.stringify(v) : String(v));

/** The object id filter, typed in; keyed by its URL value so back and forward show the URL's. */
function FreeField({ name, label, value }: { name: string; label: string; value: string | undefined }) {
  const id = `filter-${name}`;
  return (
    <div className="min-w-[9rem] flex-1 sm:flex-none">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">{label}</label>
      <input id={id} name={name} type="number" key={value ?? ""} defaultValue={value ?? ""} min={1} className={inputClass} />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
