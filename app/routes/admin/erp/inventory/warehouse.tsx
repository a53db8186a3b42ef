/**
 * /erp/inventory/warehouse: stock per warehouse and per partition — on hand,
 * reserved, available, value at cost, stock lines, how many are low or out — with the totals of all
 * warehouses; each figure opens the stock overview filtered to that warehouse or partition.
 * Stores are in the POS report "stock per location". Rules: core/stock/reports.ts (warehouseStock).
 */
import { Link } from "react-router";
import type { Route } from "./+types/warehouse";
import { warehouseStock } from "#core/stock/reports.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { buttonClass } from "#app/components/button.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { InventoryTabs, money, NS, qty, searchWith, Totals } from "#app/components/inventory/parts.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${t(`${NS}:warehouse.title`)} | ${t("common:app_name")}`, ...(await warehouseStock(getScope(args.context))) };
}

type Row = Route.ComponentProps["loaderData"]["warehouses"][number]["partitions"][number];

export default function WarehouseStock({ loaderData }: Route.ComponentProps) {
  const { warehouses, total } = loaderData;
  const { t } = useTranslation(NS);
  const lp = useLocalePath();
  const figures = (r: Row) => (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
      {([["columns.on_hand", qty(r.on_hand)], ["columns.reserved", qty(r.reserved)], ["columns.available", qty(r.available)], ["columns.value", money(r.value)],
        ["warehouse.levels", qty(r.levels)], ["states.low", qty(r.low)], ["states.out", qty(r.out)]] as const).map(([k, v]) => (
        <div key={k} className="flex justify-between gap-2 sm:block">
          <dt className="text-slate-500">{t(k)}</dt>
          <dd className="font-medium tabular-nums text-slate-900">{v}</dd>
        </div>
      ))}
    </dl>
  );
  return (
    <div className="space-y-4">
      <InventoryTabs active="warehouse" />
      <div>
        <h1 className="text-xl font-semibold text-slate-900">{t("warehouse.title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("warehouse.intro")}</p>
      </div>
      {warehouses.length ? (
        <>
          <Totals items={[
            { label: t("columns.on_hand"), value: qty(total.on_hand) },
            { label: t("columns.reserved"), value: qty(total.reserved) },
            { label: t("columns.available"), value: qty(total.available) },
            { label: t("columns.value"), value: money(total.value) },
          ]} />
          <ul className="space-y-3">
            {warehouses.map((w) => (
              <li key={w.key} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h2 className="text-base font-semibold text-slate-900">
                    {w.name}{!w.active ? <span className="ml-2 text-xs font-normal text-slate-500">{t("warehouse.inactive")}</span> : null}
                  </h2>
                  <Link to={lp(`/erp/inventory/all-inventory${searchWith({ location: w.key })}`)} className={buttonClass("secondary")}>{t("warehouse.open")}</Link>
                </div>
                {figures(w)}
                {w.partitions.length ? (
                  <ul className="space-y-2 border-t border-slate-100 pt-3">
                    {w.partitions.map((p) => (
                      <li key={p.key} className="space-y-2 rounded-md bg-slate-50 p-3">
                        <div className="flex flex-wrap items-center justify-between gap-2">
                          <h3 className="text-sm font-semibold text-slate-800">{p.name.split(" › ").pop()}</h3>
                          <Link to={lp(`/erp/inventory/all-inventory${searchWith({ location: p.key })}`)} className="text-sm text-brand-700 hover:underline">{t("warehouse.open")}</Link>
                        </div>
                        {figures(p)}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <EmptyState title={t("warehouse.empty_title")} subtitle={t("warehouse.empty_subtitle")}
          action={<Link to={lp("/profile/warehouse/add")} className={buttonClass("primary")}>{t("warehouse.add")}</Link>} />
      )}
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
