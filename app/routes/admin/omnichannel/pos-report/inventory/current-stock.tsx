/**
 * /omnichannel/pos-report/inventory/current-stock: the POS report of current stock per store —
 * the stock overview held to stores (core/stock/reports.ts currentStock): store, product, on hand,
 * reserved, available with its state, value at cost; tabs All / Ready / Low / Out, store filter,
 * search, sort, page size; GET form in the URL. Privilege: omnichannel.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/current-stock";
import { OVERVIEW_PAGE_SIZES, OVERVIEW_SORTS, OVERVIEW_TABS } from "#core/stock/inventory-options.ts";
import type { LevelJson } from "#core/stock/overview.ts";
import { currentStock, currentStockQuery } from "#core/stock/reports.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { DataTable, type Column } from "#app/components/list/data-table.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { FilterBar } from "#app/components/list/filter-bar.tsx";
import { TabBar } from "#app/components/list/tab-bar.tsx";
import { money, NS, PagePager, qty, QueryInput, QuerySelect, ReportTabs, searchWith, StateBadge, QueryProblems } from "#app/components/inventory/parts.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { readQuery } from "#app/lib/inventory-query.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const scope = getScope(args.context);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const title = `${t(`${NS}:reports.current-stock.title`)} | ${t("common:app_name")}`;
  const q = readQuery(currentStockQuery, url);
  if (!q.ok) {
    const empty = await currentStock(scope, currentStockQuery.parse({ limit: "10" }));
    return data({ title, raw: q.raw, errors: q.errors, searchCapped: false, rows: [] as LevelJson[], hasNext: false, page: 1, tab: "all", stores: empty.stores }, { status: 400 });
  }
  const res = await currentStock(scope, q.value);
  if (!res.rows.length && q.value.page > 1) throw redirect(url.pathname + searchWith(q.raw, { page: null }));
  return { title, raw: q.raw, errors: null, rows: res.rows, searchCapped: res.search_capped, hasNext: res.has_next, page: q.value.page, tab: q.value.tab as string, stores: res.stores };
}

export default function CurrentStock({ loaderData }: Route.ComponentProps) {
  const { raw, errors, rows, hasNext, searchCapped, page, tab, stores } = loaderData;
  const { t } = useTranslation(NS);
  const { t: tl } = useTranslation("list");
  const lp = useLocalePath();
  const columns: Column<LevelJson>[] = [
    { key: "store", header: t("columns.store"), cell: (r) => r.location_name },
    { key: "product", header: t("columns.product"), primary: true, cell: (r) => <span><span className="font-medium">{r.product_name}</span><span className="block text-xs text-slate-500">{r.sku}{r.variant_name ? ` · ${r.variant_name}` : ""}</span></span> },
    { key: "on_hand", header: t("columns.on_hand"), className: "text-right tabular-nums", cell: (r) => qty(r.on_hand) },
    { key: "reserved", header: t("columns.reserved"), className: "text-right tabular-nums", cell: (r) => qty(r.reserved) },
    { key: "available", header: t("columns.available"), className: "text-right tabular-nums", cell: (r) => <span className="inline-flex items-center gap-2">{qty(r.available)} <StateBadge state={r.state} /></span> },
    { key: "in_transit", header: t("columns.in_transit"), className: "text-right tabular-nums", cell: (r) => qty(r.in_transit) },
    { key: "value", header: t("columns.value"), className: "text-right tabular-nums", cell: (r) => money(r.value) },
  ];
  return (
    <div className="space-y-4">
      <ReportTabs active="current-stock" />
      <div>
        <h1 className="text-xl font-semibold text-slate-900">{t("reports.current-stock.title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("reports.current-stock.intro")}</p>
        {searchCapped ? <p className="mt-1 text-sm font-medium text-amber-800">{t("overview.search_capped")}</p> : null}
      </div>
      <TabBar label={t("states.label")}
        tabs={OVERVIEW_TABS.map((k) => ({ key: k, to: { search: searchWith(raw, { tab: k === "all" ? null : k, page: null }) }, label: t(`states.${k}`), active: k === tab }))} />
      <FilterBar resetTo={lp("/omnichannel/pos-report/inventory/current-stock")}>
        {tab !== "all" ? <input type="hidden" name="tab" value={tab} /> : null}
        <QueryInput type="search" name="search" label={tl("filter.search")} value={raw.search} errors={errors?.search} placeholder={t("overview.search_placeholder")} />
        <QuerySelect name="store" label={t("filters.store")} value={raw.store} allLabel={t("filters.all_stores")} errors={errors?.store}
          options={stores.map((s) => ({ value: s.key, label: s.name }))} />
        <QuerySelect name="sort" label={tl("filter.sort")} value={raw.sort ?? "name"} errors={errors?.sort} options={OVERVIEW_SORTS.map((s) => ({ value: s, label: t(`sorts.${s}`) }))} />
        <QuerySelect name="limit" label={tl("filter.page_size")} value={raw.limit ?? "50"} errors={errors?.limit}
          options={OVERVIEW_PAGE_SIZES.map((n) => ({ value: String(n), label: tl("filter.per_page", { count: n }) }))} />
        <QueryProblems errors={[errors?.page, errors?.tab]} />
      </FilterBar>
      {rows.length
        ? <DataTable caption={t("reports.current-stock.title")} columns={columns} rows={rows} rowKey={(r) => r.stock_level_id} />
        : <EmptyState title={errors ? t("errors.query") : t("reports.empty_title")} subtitle={errors ? t("errors.query_hint") : t("reports.empty_subtitle")} />}
      <PagePager page={page} hasNext={hasNext} shown={rows.length} search={(p) => searchWith(raw, { page: p })} />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
