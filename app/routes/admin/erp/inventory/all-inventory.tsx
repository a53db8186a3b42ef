/**
 * /erp/inventory/all-inventory: the stock overview (issue 14 item 1) — every variant at every
 * location with on hand, reserved, available and value at cost; tabs All / Ready / Low / Out,
 * filters location, brand, category, search (SKU, name, barcode), sort and page size, all a GET
 * form in the URL (works without JavaScript). Each row links to its product's stock and history.
 * The rules (what "low" is, value at cost, why no exact total) are core/stock/overview.ts's header.
 *
 * A query nothing can take (a hand-edited location, page past the cap) answers 400 with the message
 * under its filter and no rows; a page past the end of the list shows the first page.
 * In transit: what sent transfers carry to the level's location (core/stock/overview.ts withInTransit);
 * here — see the marked place in the columns below.
 */
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/all-inventory";
import { OVERVIEW_PAGE_SIZES, OVERVIEW_SORTS, OVERVIEW_TABS } from "#core/stock/inventory-options.ts";
import { overviewQuery, stockOverview, stockOverviewChoices, type LevelJson } from "#core/stock/overview.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { DataTable, type Column } from "#app/components/list/data-table.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { ListPage } from "#app/components/list/list-page.tsx";
import { TabBar } from "#app/components/list/tab-bar.tsx";
import { InventoryTabs, money, NS, PagePager, qty, QueryInput, QuerySelect, searchWith, StateBadge, QueryProblems } from "#app/components/inventory/parts.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { readQuery } from "#app/lib/inventory-query.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const scope = getScope(args.context);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const title = `${t(`${NS}:overview.title`)} | ${t("common:app_name")}`;
  const q = readQuery(overviewQuery, url);
  if (!q.ok) {
    return data({ title, raw: q.raw, errors: q.errors, rows: [] as LevelJson[], hasNext: false, page: 1, tab: "all", sort: "name", limit: 50, searchCapped: false,
      choices: await stockOverviewChoices(scope) }, { status: 400 });
  }
  const res = await stockOverview(scope, q.value);
  // A page past the end (the list got shorter, an old link) shows the first page.
  if (!res.rows.length && q.value.page > 1) throw redirect(url.pathname + searchWith(q.raw, { page: null }));
  return { title, raw: q.raw, errors: null, rows: res.rows, hasNext: res.has_next, page: q.value.page, tab: q.value.tab as string,
    sort: q.value.sort as string, limit: q.value.limit, choices: res.choices, searchCapped: res.search_capped };
}

export default function AllInventory({ loaderData }: Route.ComponentProps) {
  const { raw, rows, errors, choices, page, hasNext, tab } = loaderData;
  const { t } = useTranslation(NS);
  const { t: tl } = useTranslation("list");
  const lp = useLocalePath();
  const err = (k: string) => errors?.[k];
  const columns: Column<LevelJson>[] = [
    {
      key: "product", header: t("columns.product"), primary: true,
      cell: (r) => (
        <div className="min-w-0">
          <Link to={lp(`/erp/inventory/all-inventory/${r.product_id}/stock`)} className="font-medium text-brand-700 hover:underline">{r.product_name}</Link>
          <p className="text-xs text-slate-500">{r.sku}{r.variant_name ? ` · ${r.variant_name}` : ""}{r.barcode ? ` · ${r.barcode}` : ""}</p>
        </div>
      ),
    },
    { key: "location", header: t("columns.location"), cell: (r) => r.location_name },
    { key: "on_hand", header: t("columns.on_hand"), className: "text-right tabular-nums", cell: (r) => qty(r.on_hand) },
    { key: "reserved", header: t("columns.reserved"), className: "text-right tabular-nums", cell: (r) => qty(r.reserved) },
    {
      key: "available", header: t("columns.available"), className: "text-right tabular-nums",
      cell: (r) => <span className="inline-flex items-center gap-2">{qty(r.available)} <StateBadge state={r.state} /></span>,
    },
    { key: "in_transit", header: t("columns.in_transit"), className: "text-right tabular-nums", cell: (r) => qty(r.in_transit) },
    { key: "value", header: t("columns.value"), className: "text-right tabular-nums", cell: (r) => money(r.value) },
    {
      key: "history", header: t("columns.history"),
      cell: (r) => (
        <Link to={lp(`/erp/inventory/all-inventory/${r.product_id}/stock-history${searchWith({ location: r.location_key })}`)} className="text-brand-700 hover:underline">
          {t("overview.history_link")}
        </Link>
      ),
    },
  ];
  return (
    <div className="space-y-4">
      <InventoryTabs active="all" />
      <TabBar
        label={t("states.label")}
        tabs={OVERVIEW_TABS.map((k) => ({ key: k, to: { search: searchWith(raw, { tab: k === "all" ? null : k, page: null }) }, label: t(`states.${k}`), active: k === tab }))}
      />
      <ListPage
        data={{ params: { page, limit: loaderData.limit, sort: 0, search: raw.search ?? "", filters: {} }, list: { rows, pagination: { total_page: 0, total_record: 0 } } }}
        title={t("overview.title")}
        intro={loaderData.searchCapped ? <>{t("overview.intro")} <strong>{t("overview.search_capped")}</strong></> : t("overview.intro")}
        filters={<>
          {tab !== "all" ? <input type="hidden" name="tab" value={tab} /> : null}
          <QueryInput type="search" name="search" label={tl("filter.search")} value={raw.search} errors={err("search")} placeholder={t("overview.search_placeholder")} />
          <QuerySelect name="location" label={t("filters.location")} value={raw.location} allLabel={t("filters.all_locations")} errors={err("location")}
            options={choices.locations.map((l) => ({ value: l.key, label: l.name }))} />
          <QuerySelect name="brand_id" label={t("filters.brand")} value={raw.brand_id} allLabel={t("filters.all_brands")} errors={err("brand_id")}
            options={choices.brands.map((b) => ({ value: String(b.id), label: b.name }))} />
          <QuerySelect name="category_id" label={t("filters.category")} value={raw.category_id} allLabel={t("filters.all_categories")} errors={err("category_id")}
            options={choices.categories.map((c) => ({ value: String(c.id), label: `${"— ".repeat(Math.max(0, c.level - 1))}${c.name}` }))} />
          <QuerySelect name="sort" label={tl("filter.sort")} value={raw.sort ?? "name"} errors={err("sort")}
            options={OVERVIEW_SORTS.map((s) => ({ value: s, label: t(`sorts.${s}`) }))} />
          <QuerySelect name="limit" label={tl("filter.page_size")} value={raw.limit ?? "50"} errors={err("limit")}
            options={OVERVIEW_PAGE_SIZES.map((n) => ({ value: String(n), label: tl("filter.per_page", { count: n }) }))} />
          <QueryProblems errors={[err("page"), err("tab")]} />
        </>}
        empty={errors ? <EmptyState title={t("errors.query")} subtitle={t("errors.query_hint")} /> : <EmptyState title={t("overview.empty_title")} subtitle={t("overview.empty_subtitle")} />}
        pager={<PagePager page={page} hasNext={hasNext} shown={rows.length} search={(p) => searchWith(raw, { page: p })} />}
      >
        {(list) => <DataTable caption={t("overview.title")} columns={columns} rows={list} rowKey={(r) => r.stock_level_id} />}
      </ListPage>
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
