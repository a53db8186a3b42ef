/**
 * /erp/inventory/search: find a SKU or barcode across every location — a GET form whose one field
 * takes a scanner's burst (a scanner types the code and Enter: the form is sent, no JavaScript
 * needed) and keeps the focus for the next scan. An exact SKU or barcode first; otherwise SKUs
 * starting with what was typed (at most 20). Each variant with its stock at every location that
 * holds it, and its totals. Rules: core/stock/reports.ts (findStockByCode).
 */
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/search";
import { codeSearchQuery, findStockByCode } from "#core/stock/reports.ts";
import type { LevelJson } from "#core/stock/overview.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { SubmitButton } from "#app/components/button.tsx";
import { DataTable, type Column } from "#app/components/list/data-table.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { InventoryTabs, NS, qty, QueryInput, StateBadge } from "#app/components/inventory/parts.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { readQuery } from "#app/lib/inventory-query.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const title = `${t(`${NS}:search.title`)} | ${t("common:app_name")}`;
  const q = readQuery(codeSearchQuery, new URL(args.request.url));
  if (!q.ok) return data({ title, raw: q.raw, errors: q.errors, code: "", exact: false, variants: [] }, { status: 400 });
  const found = await findStockByCode(getScope(args.context), q.value.code);
  return { title, raw: q.raw, errors: null, code: q.value.code ?? "", ...found };
}

export default function InventorySearch({ loaderData }: Route.ComponentProps) {
  const { raw, errors, code, exact, variants } = loaderData;
  const { t } = useTranslation(NS);
  const lp = useLocalePath();
  const columns: Column<LevelJson>[] = [
    { key: "location", header: t("columns.location"), primary: true, cell: (r) => r.location_name },
    { key: "on_hand", header: t("columns.on_hand"), className: "text-right tabular-nums", cell: (r) => qty(r.on_hand) },
    { key: "reserved", header: t("columns.reserved"), className: "text-right tabular-nums", cell: (r) => qty(r.reserved) },
    { key: "available", header: t("columns.available"), className: "text-right tabular-nums", cell: (r) => <span className="inline-flex items-center gap-2">{qty(r.available)} <StateBadge state={r.state} /></span> },
    { key: "in_transit", header: t("columns.in_transit"), className: "text-right tabular-nums", cell: (r) => qty(r.in_transit) },
  ];
  return (
    <div className="space-y-4">
      <InventoryTabs active="search" />
      <div>
        <h1 className="text-xl font-semibold text-slate-900">{t("search.title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("search.intro")}</p>
      </div>
      <Form method="get" role="search" autoComplete="off" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3">
        <QueryInput type="search" name="code" label={t("search.code")} value={raw.code} errors={errors?.code} autoFocus
          placeholder={t("search.placeholder")} enterKeyHint="search" />
        <SubmitButton>{t("search.find")}</SubmitButton>
      </Form>
      {!code ? null : variants.length ? (
        <div className="space-y-4">
          {!exact ? <p className="text-sm text-slate-600">{t("search.starts_with", { code })}</p> : null}
          {variants.map((v) => (
            <section key={v.variant_id} aria-label={v.sku} className="space-y-2">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-base font-semibold text-slate-900">
                  <Link to={lp(`/erp/inventory/all-inventory/${v.product_id}/stock`)} className="hover:underline">{v.product_name}</Link>
                  <span className="ml-2 text-sm font-normal text-slate-500">{v.sku}{v.variant_name ? ` · ${v.variant_name}` : ""}{v.barcode ? ` · ${v.barcode}` : ""}</span>
                </h2>
                <p className="text-sm text-slate-600">
                  {t("search.totals", { on_hand: qty(v.on_hand), available: qty(v.available) })} <StateBadge state={v.state} />
                </p>
              </div>
              {v.levels.length
                ? <DataTable caption={v.sku} columns={columns} rows={v.levels} rowKey={(r) => r.stock_level_id} />
                : <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-500">{t("search.no_levels")}</p>}
            </section>
          ))}
        </div>
      ) : (
        <EmptyState title={t("search.none_title", { code })} subtitle={t("search.none_subtitle")} />
      )}
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
