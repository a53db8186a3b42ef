/**
 * /omnichannel/pos-report/inventory/store-stock: stock per store per product (its variants summed):
 * on hand, reserved, available with its state, value at cost (only when every variant there has a
 * cost); store filter and search in the URL, Previous / Next pages (core/stock/reports.ts
 * storeStock). Privilege: omnichannel.
 */
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/store-stock";
import { OVERVIEW_PAGE_SIZES } from "#core/stock/inventory-options.ts";
import { storeStock, storeStockQuery } from "#core/stock/reports.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { DataTable, type Column } from "#app/components/list/data-table.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { FilterBar } from "#app/components/list/filter-bar.tsx";
import { money, NS, PagePager, qty, QueryInput, QuerySelect, ReportTabs, searchWith, StateBadge, QueryProblems } from "#app/components/inventory/parts.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { readQuery } from "#app/lib/inventory-query.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

type Row = Awaited<ReturnType<typeof storeStock>>["rows"][number];

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const scope = getScope(args.context);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const title = `${t(`${NS}:reports.store-stock.title`)} | ${t("common:app_name")}`;
  const q = readQuery(storeStockQuery, url);
  if (!q.ok) {
    const { stores } = await storeStock(scope, storeStockQuery.parse({ limit: "10" }));
    return data({ title, raw: q.raw, errors: q.errors, searchCapped: false, rows: [] as Row[], hasNext: false, page: 1, stores }, { status: 400 });
  }
  const res = await storeStock(scope, q.value);
  if (!res.rows.length && q.value.page > 1) throw redirect(url.pathname + searchWith(q.raw, { page: null }));
  return { title, raw: q.raw, errors: null, rows: res.rows, searchCapped: res.search_capped, hasNext: res.has_next, page: q.value.page, stores: res.stores };
}

export default function StoreStock({ loaderData }: Route.ComponentProps) {
  const { raw, errors, rows, hasNext, searchCapped, page, stores } = loaderData;
  const { t } = useTranslation(NS);
  const { t: tl } = useTranslation("list");
  const lp = useLocalePath();
  const columns: Column<Row>[] = [
    { key: "store", header: t("columns.store"), cell: (r) => r.store_name },
    {
      key: "product", header: t("columns.product"), primary: true,
      cell: (r) => (
        <span>
          <Link to={lp(`/erp/inventory/all-inventory/${r.product_id}/stock`)} className="font-medium text-brand-700 hover:underline">{r.product_name}</Link>
          <span className="block text-xs text-slate-500">{r.sku} · {t("reports.store-stock.variants", { count: r.variants })}</span>
        </span>
      ),
    },
    { key: "on_hand", header: t("columns.on_hand"), className: "text-right tabular-nums", cell: (r) => qty(r.on_hand) },
    { key: "reserved", header: t("columns.reserved"), className: "text-right tabular-nums", cell: (r) => qty(r.reserved) },
    { key: "available", header: t("columns.available"), className: "text-right tabular-nums", cell: (r) => <span className="inline-flex items-center gap-2">{qty(r.available)} <StateBadge state={r.state} /></span> },
    { key: "value", header: t("columns.value"), className: "text-right tabular-nums", cell: (r) => money(r.value) },
  ];
  return (
    <div className="space-y-4">
      <ReportTabs active="store-stock" />
      <div>
        <h1 className="text-xl font-semibold text-slate-900">{t("reports.store-stock.title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("reports.store-stock.intro")}</p>
        {searchCapped ? <p className="mt-1 text-sm font-medium text-amber-800">{t("overview.search_capped")}</p> : null}
      </div>
      <FilterBar resetTo={lp("/omnichannel/pos-report/inventory/store-stock")}>
        <QueryInput type="search" name="search" label={tl("filter.search")} value={raw.search} errors={errors?.search} placeholder={t("overview.search_placeholder")} />
        <QuerySelect name="store" label={t("filters.store")} value={raw.store} allLabel={t("filters.all_stores")} errors={errors?.store}
          options={stores.map((s) => ({ value: s.key, label: s.name }))} />
        <QuerySelect name="limit" label={tl("filter.page_size")} value={raw.limit ?? "50"} errors={errors?.limit}
          options={OVERVIEW_PAGE_SIZES.map((n) => ({ value: String(n), label: tl("filter.per_page", { count: n }) }))} />
        <QueryProblems errors={[errors?.page]} />
      </FilterBar>
      {rows.length
        ? <DataTable caption={t("reports.store-stock.title")} columns={columns} rows={rows} rowKey={(r) => `${r.store_key}:${r.product_id}`} />
        : <EmptyState title={errors ? t("errors.query") : t("reports.empty_title")} subtitle={errors ? t("errors.query_hint") : t("reports.empty_subtitle")} />}
      <PagePager page={page} hasNext={hasNext} shown={rows.length} search={(p) => searchWith(raw, { page: p })} />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
