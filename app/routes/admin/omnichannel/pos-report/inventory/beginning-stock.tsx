/**
 * /omnichannel/pos-report/inventory/beginning-stock: stock at the start of a chosen day (WIB),
 * computed from the ledger — per level, the after-values of its last movement before that
 * instant (core/stock/reports.ts beginningStock) — beside today's figure. Date (default today),
 * location, search, page size: a GET form in the URL. A date that is no date or is after today
 * comes back under the date field. Privilege: omnichannel.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/beginning-stock";
import { OVERVIEW_PAGE_SIZES } from "#core/stock/inventory-options.ts";
import { beginningStock, beginningStockQuery } from "#core/stock/reports.ts";
import { wibDate } from "#core/lib/time.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { DataTable, type Column } from "#app/components/list/data-table.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { FilterBar } from "#app/components/list/filter-bar.tsx";
import { NS, PagePager, qty, QueryInput, QuerySelect, ReportTabs, searchWith, QueryProblems } from "#app/components/inventory/parts.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { readQuery } from "#app/lib/inventory-query.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

type Row = Awaited<ReturnType<typeof beginningStock>>["rows"][number];

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const scope = getScope(args.context);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const title = `${t(`${NS}:reports.beginning-stock.title`)} | ${t("common:app_name")}`;
  const today = wibDate(new Date());
  const q = readQuery(beginningStockQuery, url);
  if (!q.ok) {
    const { locations } = await beginningStock(scope, beginningStockQuery.parse({ limit: "10" }));
    return data({ title, raw: q.raw, errors: q.errors, searchCapped: false, rows: [] as Row[], hasNext: false, page: 1, date: today, today, locations }, { status: 400 });
  }
  const res = await beginningStock(scope, q.value);
  if (!res.rows.length && q.value.page > 1) throw redirect(url.pathname + searchWith(q.raw, { page: null }));
  return { title, raw: q.raw, errors: null, rows: res.rows, searchCapped: res.search_capped, hasNext: res.has_next, page: q.value.page, date: res.date, today, locations: res.locations };
}

export default function BeginningStock({ loaderData }: Route.ComponentProps) {
  const { raw, errors, rows, hasNext, searchCapped, page, date, today, locations } = loaderData;
  const { t } = useTranslation(NS);
  const { t: tl } = useTranslation("list");
  const lp = useLocalePath();
  const columns: Column<Row>[] = [
    { key: "product", header: t("columns.product"), primary: true, cell: (r) => <span><span className="font-medium">{r.product_name}</span><span className="block text-xs text-slate-500">{r.sku}{r.variant_name ? ` · ${r.variant_name}` : ""}</span></span> },
    { key: "location", header: t("columns.location"), cell: (r) => r.location_name },
    { key: "b_on_hand", header: t("columns.beginning_on_hand"), className: "text-right tabular-nums", cell: (r) => qty(r.beginning_on_hand) },
    { key: "b_reserved", header: t("columns.beginning_reserved"), className: "text-right tabular-nums", cell: (r) => qty(r.beginning_reserved) },
    { key: "b_available", header: t("columns.beginning_available"), className: "text-right tabular-nums", cell: (r) => qty(r.beginning_available) },
    { key: "on_hand", header: t("columns.on_hand_now"), className: "text-right tabular-nums", cell: (r) => qty(r.on_hand) },
  ];
  return (
    <div className="space-y-4">
      <ReportTabs active="beginning-stock" />
      <div>
        <h1 className="text-xl font-semibold text-slate-900">{t("reports.beginning-stock.title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("reports.beginning-stock.intro", { date })}</p>
        {searchCapped ? <p className="mt-1 text-sm font-medium text-amber-800">{t("overview.search_capped")}</p> : null}
      </div>
      <FilterBar resetTo={lp("/omnichannel/pos-report/inventory/beginning-stock")}>
        <QueryInput type="date" name="date" label={t("filters.date")} value={raw.date ?? date} max={today} errors={errors?.date} />
        <QueryInput type="search" name="search" label={tl("filter.search")} value={raw.search} errors={errors?.search} placeholder={t("overview.search_placeholder")} />
        <QuerySelect name="location" label={t("filters.location")} value={raw.location} allLabel={t("filters.all_locations")} errors={errors?.location}
          options={locations.map((l) => ({ value: l.key, label: l.name }))} />
        <QuerySelect name="limit" label={tl("filter.page_size")} value={raw.limit ?? "50"} errors={errors?.limit}
          options={OVERVIEW_PAGE_SIZES.map((n) => ({ value: String(n), label: tl("filter.per_page", { count: n }) }))} />
        <QueryProblems errors={[errors?.page]} />
      </FilterBar>
      {rows.length
        ? <DataTable caption={t("reports.beginning-stock.title")} columns={columns} rows={rows} rowKey={(r) => r.stock_level_id} />
        : <EmptyState title={errors ? t("errors.query") : t("reports.empty_title")} subtitle={errors ? t("errors.query_hint") : t("reports.empty_subtitle")} />}
      <PagePager page={page} hasNext={hasNext} shown={rows.length} search={(p) => searchWith(raw, { page: p })} />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
