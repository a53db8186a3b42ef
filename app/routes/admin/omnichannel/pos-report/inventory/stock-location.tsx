/**
 * /omnichannel/pos-report/inventory/stock-location: totals per location — every store, warehouse
 * (its partitions included) and partition with stock lines, on hand, reserved, available,
 * value at cost, low and out — and the business's grand total (core/stock/reports.ts
 * stockByLocation). Each location opens the current stock (stores) or the overview. Privilege:
 * omnichannel.
 */
import { Link } from "react-router";
import type { Route } from "./+types/stock-location";
import { stockByLocation } from "#core/stock/reports.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { DataTable, type Column } from "#app/components/list/data-table.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { money, NS, qty, ReportTabs, searchWith, Totals } from "#app/components/inventory/parts.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${t(`${NS}:reports.stock-location.title`)} | ${t("common:app_name")}`, ...(await stockByLocation(getScope(args.context))) };
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

export default function StockLocation({ loaderData }: Route.ComponentProps) {
  const { rows, total } = loaderData;
  const { t } = useTranslation(NS);
  const lp = useLocalePath();
  const columns: Column<Row>[] = [
    {
      key: "location", header: t("columns.location"), primary: true,
      cell: (r) => (
        <span className={r.kind === "partition" ? "pl-4" : "font-medium"}>
          <Link to={r.kind === "store" ? lp(`/omnichannel/pos-report/inventory/current-stock${searchWith({ store: r.key })}`) : lp(`/erp/inventory/all-inventory${searchWith({ location: r.key })}`)}
            className="text-brand-700 hover:underline">{r.name}</Link>
          <span className="ml-2 text-xs text-slate-500">{t(`kinds.${r.kind}`)}</span>
        </span>
      ),
    },
    { key: "levels", header: t("warehouse.levels"), className: "text-right tabular-nums", cell: (r) => qty(r.levels) },
    { key: "on_hand", header: t("columns.on_hand"), className: "text-right tabular-nums", cell: (r) => qty(r.on_hand) },
    { key: "reserved", header: t("columns.reserved"), className: "text-right tabular-nums", cell: (r) => qty(r.reserved) },
    { key: "available", header: t("columns.available"), className: "text-right tabular-nums", cell: (r) => qty(r.available) },
    { key: "value", header: t("columns.value"), className: "text-right tabular-nums", cell: (r) => money(r.value) },
    { key: "low", header: t("states.low"), className: "text-right tabular-nums", cell: (r) => qty(r.low) },
    { key: "out", header: t("states.out"), className: "text-right tabular-nums", cell: (r) => qty(r.out) },
  ];
  return (
    <div className="space-y-4">
      <ReportTabs active="stock-location" />
      <div>
        <h1 className="text-xl font-semibold text-slate-900">{t("reports.stock-location.title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("reports.stock-location.intro")}</p>
      </div>
      {rows.length ? (
        <>
          <Totals items={[
            { label: t("columns.on_hand"), value: qty(total.on_hand) },
            { label: t("columns.reserved"), value: qty(total.reserved) },
            { label: t("columns.available"), value: qty(total.available) },
            { label: t("columns.value"), value: money(total.value) },
          ]} />
          <DataTable caption={t("reports.stock-location.title")} columns={columns} rows={rows} rowKey={(r) => r.key} />
        </>
      ) : <EmptyState title={t("reports.no_locations_title")} subtitle={t("reports.no_locations_subtitle")} />}
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
