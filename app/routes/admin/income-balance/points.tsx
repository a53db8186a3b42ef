/**
 * /income-balance/points (issue 15 item 4): the business's points — the balance and what it is
 * worth, how points are earned and spent (the rules of core/money/balance-pages.ts, stated in the
 * seller's language), and the history of the points account: the one date filter, a type filter,
 * page size and pages in the URL, the xlsx export of the filtered history (export history popup).
 * GET forms and one POST form: it works without JavaScript. Reads: core/money/points.ts.
 *
 * Decisions where the spec is silent:
 * - The list is every entry of the points account, newest first, 50 a page (spec section 9).
 * - A filter value that is not one (a hand-edited URL) is no filter: the date filter's own rules
 *   (app/lib/date-range.ts) already put a backwards range in order and clamp the future.
 */
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/points";
import { formatDateTime, formatNumber, formatRupiah } from "#core/lib/format.ts";
import { queueExport } from "#core/jobs/export-history.ts";
import { pointsHistory } from "#core/money/points.ts";
import type { HistoryRow } from "#core/money/history.ts";
// Browser-safe: the component reads these.
import { POINT_KINDS, POINT_STEP, POINT_VALUE, pointsValue } from "#core/money/balance-pages.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { DataTable, type Column } from "#app/components/list/data-table.tsx";
import { DateRangeFilter } from "#app/components/list/date-range-filter.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { FilterSelect } from "#app/components/list/filter-bar.tsx";
import { ListPage } from "#app/components/list/list-page.tsx";
import { PageSizeSelect } from "#app/components/list/page-size-select.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { dateRangeQuery, parseDateFilter, type DateFilter } from "#app/lib/date-range.ts";
import { useLocale, useTranslation } from "#app/lib/i18n-react.tsx";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { LedgerReference } from "#app/components/income/ledger-reference.tsx";
import { loadExports } from "#app/lib/list-page.server.ts";
import { listHref, parseListParams, type ListParams } from "#app/lib/list-params.ts";
import { pageTitle } from "#app/lib/meta.ts";

type PointsFilters = DateFilter & { kind?: (typeof POINT_KINDS)[number] };

/** The list state of the URL, and the filters core takes (the date filter as unix seconds). */
function readUrl(url: URL, now = new Date()) {
  const params = parseListParams(url, { kind: POINT_KINDS }) as ListParams & { filters: PointsFilters };
  params.search = "";
  Object.assign(params.filters, parseDateFilter(url.searchParams));
  const f = params.filters;
  return { params, filters: { kind: f.kind, ...dateRangeQuery(f, now) } };
}

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const { params, filters } = readUrl(url);
  const [history, exports] = await Promise.all([
    pointsHistory(getScope(args.context), { ...filters, page: params.page, limit: params.limit }),
    loadExports(args, "points-history"),
  ]);
  // A page past the end (an old link) shows the first page.
  if (!history.rows.length && params.page > 1) throw redirect(url.pathname + listHref({ ...params, page: 1 }));
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return {
    title: `${t("points:title")} | ${t("common:app_name")}`,
    params,
    list: { rows: history.rows, pagination: { total_page: Math.ceil(history.total / params.limit), total_record: history.total } },
    balance: history.summary.balance,
    exports: exports.rows,
    exportsOpen: url.searchParams.get("history") === "open",
  };
}

export async function action(args: Route.ActionArgs) {
  const url = new URL(args.request.url);
  const { params, filters } = readUrl(url);
  const form = await args.request.formData();
  if (form.get("intent") !== "export") {
    throw data(getI18n(args.context).getFixedT(getLocale(args.context))("common:errors.unknown_action"), { status: 400 });
  }
  // The export takes the list's filters, every page of them.
  await queueExport(getScope(args.context), "points-history", filters);
  throw redirect(url.pathname + listHref(params, { history: "open" }));
}

const signed = (n: number) => (n > 0 ? `+${formatNumber(n)}` : `−${formatNumber(-n)}`);

export default function Points({ loaderData }: Route.ComponentProps) {
  const { params, balance } = loaderData;
  const f = params.filters as PointsFilters;
  const { t } = useTranslation("points");
  const locale = useLocale();
  const filtered = Boolean(f.kind || f.date);

  const columns: Column<HistoryRow>[] = [
    { key: "time", header: t("column.time"), primary: true, cell: (h) => <time dateTime={new Date(h.time_created * 1000).toISOString()}>{formatDateTime(h.time_created)}</time> },
    { key: "kind", header: t("column.kind"), cell: (h) => h.kind_name },
    {
      key: "reference", header: t("column.reference"),
      cell: (h) => (
        <>
          <LedgerReference h={h} />
          {h.note ? <span className="block text-xs text-slate-500">{h.note}</span> : null}
        </>
      ),
    },
    {
      key: "points", header: t("column.points"), className: "tabular-nums",
      cell: (h) => <span className={`font-semibold ${h.amount > 0 ? "text-emerald-700" : "text-red-700"}`}>{signed(h.amount)}</span>,
    },
    { key: "balance_after", header: t("column.balance_after"), className: "tabular-nums", cell: (h) => formatNumber(h.balance_after) },
  ];

  return (
    <ListPage
      data={loaderData}
      title={t("title")}
      intro={t("intro")}
      tabs={<PointsOverview balance={balance} />}
      filters={<>
        <DateRangeFilter value={f} />
        <FilterSelect name="kind" label={t("filter.kind")} value={f.kind} allLabel={t("filter.all_kinds")}
          options={POINT_KINDS.map((k) => ({ value: k, label: t(`money:kinds.${k}`) }))} />
        <PageSizeSelect value={params.limit} />
      </>}
      empty={filtered
        ? <EmptyState title={t("empty.filtered_title")} subtitle={t("empty.filtered_body")}
          action={<Link to={localePath(locale, "/income-balance/points")} className="text-sm font-medium text-brand-700 underline">{t("empty.clear")}</Link>} />
        : <EmptyState title={t("empty.title")} subtitle={t("empty.body")} />}
    >
      {(rows) => (
        <section aria-labelledby="points-history" className="space-y-2">
          <h2 id="points-history" className="text-base font-semibold text-slate-900">{t("history_title")}</h2>
          <DataTable caption={t("list_label")} columns={columns} rows={rows} rowKey={(h) => h.entry_id} />
        </section>
      )}
    </ListPage>
  );
}

/** The balance card and the rules, side by side on a desktop, stacked on a phone. */
function PointsOverview({ balance }: { balance: number }) {
  const { t } = useTranslation("points");
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
      <section aria-labelledby="points-balance" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="points-balance" className="text-sm font-medium text-slate-500">{t("balance_label")}</h2>
        <p className="mt-1 text-3xl font-semibold tabular-nums text-slate-900" data-testid="points-balance">{formatNumber(balance)}</p>
        <p className="mt-1 text-sm text-slate-600">{t("balance_value", { amount: formatRupiah(pointsValue(balance)) })}</p>
      </section>
      <section aria-labelledby="points-rules" className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700 shadow-sm md:col-span-2">
        <h2 id="points-rules" className="text-base font-semibold text-slate-900">{t("rules.title")}</h2>
        <div className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-2">
          <div>
            <h3 className="font-medium text-slate-900">{t("rules.earn_title")}</h3>
            <p>{t("rules.earn", { step: formatRupiah(POINT_STEP) })}</p>
            <p className="mt-1 text-slate-600">{t("rules.earn_back")}</p>
          </div>
          <div>
            <h3 className="font-medium text-slate-900">{t("rules.spend_title")}</h3>
            <p>{t("rules.spend", { value: formatRupiah(POINT_VALUE) })}</p>
            <p className="mt-1 text-slate-600">{t("rules.spend_never")}</p>
          </div>
        </div>
      </section>
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
