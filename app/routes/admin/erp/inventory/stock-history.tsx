/**
 * /erp/inventory/all-inventory/:slug/stock-history (slug = product id): every ledger movement of
 * the product, newest first — when, who, variant, location, why (the reason, translated), the
 * reference (a link when it is an order, a transfer, a count or an adjustment), note, and before →
 * after of on hand and reserved. Filters location and reason (GET form, in the URL); keyset pages
 * (`before`: Newest / Older). Rules: core/stock/history.ts.
 *
 * Reference pages are the ones issue 14's parts agreed: /orders/<id>, /erp/inventory/mutation/<id>
 * (transfers), /erp/inventory/opname/<id> (counts), /erp/inventory/adjustment/<id> (adjustments).
 */
import { data, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/stock-history";
import { NotFound } from "#core/errors.ts";
import { formatDateTime } from "#core/lib/format.ts";
import { STOCK_REASONS } from "#core/stock/inventory-options.ts";
import { historyQuery, productStockHistory } from "#core/stock/history.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { buttonClass } from "#app/components/button.tsx";
import { DataTable, type Column } from "#app/components/list/data-table.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { FilterBar } from "#app/components/list/filter-bar.tsx";
import { InventoryTabs, NS, qty, QuerySelect, searchWith, QueryProblems } from "#app/components/inventory/parts.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { readQuery } from "#app/lib/inventory-query.server.ts";
import { pageTitle } from "#app/lib/meta.ts";


const slugId = z.coerce.number().int().min(1).max(2_147_483_647);

type Movement = Awaited<ReturnType<typeof productStockHistory>>["rows"][number];

export async function loader(args: Route.LoaderArgs) {
  const id = slugId.safeParse(args.params.slug);
  if (!id.success) throw new NotFound("api:errors.not_found");
  const scope = getScope(args.context);
  const url = new URL(args.request.url);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const q = readQuery(historyQuery, url);
  // A refused filter: the product's name and the filters still, the message under the field.
  const res = await productStockHistory(scope, id.data, q.ok ? q.value : {}, q.ok ? undefined : 0);
  const title = `${t(`${NS}:history.title`, { name: res.product.name })} | ${t("common:app_name")}`;
  const body = { title, raw: q.raw, errors: q.ok ? null : q.errors, ...res };
  return q.ok ? body : data(body, { status: 400 });
}

export default function StockHistory({ loaderData }: Route.ComponentProps) {
  const { product, rows, raw, errors, locations, next_before } = loaderData;
  const { t } = useTranslation(NS);
  const lp = useLocalePath();
  const refHref = (m: Movement) => {
    const l = m.reference_link;
    if (!l) return null;
    return lp({ order: `/orders/${l.id}`, transfer: `/erp/inventory/mutation/${l.id}`, opname: `/erp/inventory/opname/${l.id}`, adjustment: `/erp/inventory/adjustment/${l.id}` }[l.type]);
  };
  const reasonLabel = (r: string) => ((STOCK_REASONS as readonly string[]).includes(r) ? t(`reasons.${r}`) : r);
  const columns: Column<Movement>[] = [
    { key: "time", header: t("columns.time"), primary: true, cell: (m) => <span className="whitespace-nowrap">{formatDateTime(m.time_created)}</span> },
    { key: "who", header: t("columns.who"), cell: (m) => m.user_name ?? t("history.system") },
    { key: "variant", header: t("columns.variant"), cell: (m) => <span>{m.sku}{m.variant_name ? <span className="text-slate-500"> · {m.variant_name}</span> : null}</span> },
    { key: "location", header: t("columns.location"), cell: (m) => m.location_name },
    { key: "reason", header: t("columns.reason"), cell: (m) => reasonLabel(m.reason) },
    {
      key: "reference", header: t("columns.reference"),
      cell: (m) => {
        const href = refHref(m);
        return href ? <Link to={href} className="text-brand-700 hover:underline">{m.reference}</Link> : (m.reference ?? "—");
      },
    },
    {
      key: "on_hand", header: t("columns.on_hand_change"), className: "tabular-nums",
      cell: (m) => <Change before={m.on_hand_before} after={m.on_hand_after} />,
    },
    {
      key: "reserved", header: t("columns.reserved_change"), className: "tabular-nums",
      cell: (m) => <Change before={m.reserved_before} after={m.reserved_after} />,
    },
    { key: "note", header: t("columns.note"), cell: (m) => m.note ?? "" },
  ];
  return (
    <div className="space-y-4">
      <InventoryTabs active={null} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <Link to={lp(`/erp/inventory/all-inventory/${product.product_id}/stock`)} className="text-sm text-brand-700 hover:underline">← {t("history.back")}</Link>
          <h1 className="mt-1 text-xl font-semibold text-slate-900">{t("history.title", { name: product.name })}</h1>
          <p className="text-sm text-slate-600">{t("history.intro")}</p>
        </div>
      </div>
      <FilterBar resetTo={lp(`/erp/inventory/all-inventory/${product.product_id}/stock-history`)}>
        <QuerySelect name="location" label={t("filters.location")} value={raw.location} allLabel={t("filters.all_locations")} errors={errors?.location}
          options={locations.map((l) => ({ value: l.key, label: l.name }))} />
        <QuerySelect name="reason" label={t("filters.reason")} value={raw.reason} allLabel={t("filters.all_reasons")} errors={errors?.reason}
          options={STOCK_REASONS.map((r) => ({ value: r, label: reasonLabel(r) }))} />
        <QueryProblems errors={[errors?.before]} />
      </FilterBar>
      {rows.length
        ? <DataTable caption={t("history.title", { name: product.name })} columns={columns} rows={rows} rowKey={(m) => m.movement_id} />
        : <EmptyState title={errors ? t("errors.query") : t("history.empty_title")} subtitle={errors ? t("errors.query_hint") : t("history.empty_subtitle")} />}
      {raw.before || next_before ? (
        <nav aria-label={t("history.pages")} className="flex gap-2">
          {raw.before ? <Link to={{ search: searchWith(raw, { before: null }) }} className={buttonClass("secondary")}>{t("history.newest")}</Link> : null}
          {next_before ? <Link to={{ search: searchWith(raw, { before: next_before }) }} rel="next" className={buttonClass("secondary")}>{t("history.older")}</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}

function Change({ before, after }: { before: number; after: number }) {
  const d = after - before;
  return (
    <span className="whitespace-nowrap">
      {qty(before)} → {qty(after)}{" "}
      {d ? <span className={d > 0 ? "text-emerald-700" : "text-red-700"}>({d > 0 ? "+" : "−"}{qty(Math.abs(d))})</span> : null}
    </span>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
