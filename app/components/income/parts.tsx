/**
 * Pieces the income pages share (/income-balance/income, /income-balance/settlement, the
 * omnichannel transaction pages): the balance cards, the settlement rows, the totals table of days
 * / channels / stores, the section tabs and the filter fields. Text: the "income" namespace.
 * The rows are what core/money/income.ts answers (its JSON shapes, types only here).
 */
import { Link } from "react-router";
import type { IncomeTotals, SettlementJson } from "#core/money/income.ts";
import { formatDate, formatDateTime, formatNumber, formatRupiah } from "#core/lib/format.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { DataTable, type Column } from "#app/components/list/data-table.tsx";
import { DateRangeFilter } from "#app/components/list/date-range-filter.tsx";
import { FilterSelect } from "#app/components/list/filter-bar.tsx";
import { PageSizeSelect } from "#app/components/list/page-size-select.tsx";
import { SearchBox } from "#app/components/list/search-box.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { TabBar } from "#app/components/list/tab-bar.tsx";
import { SETTLEMENT_STATUS_FILTERS } from "#core/money/income-options.ts";
import type { IncomeParams } from "./income-params.ts";

export const rp = (n: number) => formatRupiah(n);
const minus = (n: number) => (n ? `−${formatRupiah(n)}` : formatRupiah(0));

export function Cards({ items }: { items: { label: string; value: string; note?: string; tone?: "brand" }[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {items.map((i) => (
        <div key={i.label} className={`rounded-lg border p-3 ${i.tone ? "border-brand-200 bg-brand-50" : "border-slate-200 bg-white"}`}>
          <dt className="text-xs font-medium text-slate-600">{i.label}</dt>
          <dd className="mt-1 text-lg font-semibold tabular-nums text-slate-900">{i.value}</dd>
          {i.note ? <dd className="mt-0.5 text-xs text-slate-600">{i.note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

/** The balance section's tabs (income and the settlement periods). */
export function IncomeTabs({ active }: { active: "income" | "settlement" | "commissions" }) {
  const { t } = useTranslation("income");
  const lp = useLocalePath();
  return (
    <TabBar label={t("title")} tabs={[
      { key: "income", to: lp("/income-balance/income"), label: t("nav.income"), active: active === "income" },
      { key: "settlement", to: lp("/income-balance/settlement"), label: t("nav.settlement"), active: active === "settlement" },
      { key: "commissions", to: lp("/income-balance/commissions"), label: t("nav.commissions"), active: active === "commissions" },
    ]} />
  );
}

export type Choices = { channels: { id: number; name: string }[]; stores: { id: number; name: string }[] };

/** The filter fields of every income list: search, the one date filter, channel, store, status, page size. */
export function IncomeFilterFields({ params, choices, search = true, status = true, dates = true }: {
  params: IncomeParams; choices: Choices; search?: boolean; status?: boolean; dates?: boolean;
}) {
  const { t } = useTranslation("income");
  const f = params.filters;
  return (
    <>
      {search ? <SearchBox value={params.search} placeholder={t("search_placeholder")} /> : null}
      {dates ? <DateRangeFilter value={f} /> : null}
      <FilterSelect name="channel_id" label={t("filter.channel")} value={f.channel_id} allLabel={t("filter.all_channels")}
        options={[{ value: "0", label: t("no_channel") }, ...choices.channels.map((c) => ({ value: c.id, label: c.name }))]} />
      <FilterSelect name="store_id" label={t("filter.store")} value={f.store_id} allLabel={t("filter.all_stores")}
        options={[{ value: "0", label: t("no_store") }, ...choices.stores.map((s) => ({ value: s.id, label: s.name }))]} />
      {status ? <FilterSelect name="status" label={t("filter.status")} value={f.status} allLabel={t("filter.all_statuses")}
        options={SETTLEMENT_STATUS_FILTERS.map((s) => ({ value: s, label: t(`status.${s}`) }))} /> : null}
      <PageSizeSelect value={params.limit} />
    </>
  );
}

export function SettlementStatus({ s }: { s: Pick<SettlementJson, "status" | "status_name" | "release_at" | "released_at"> }) {
  const { t } = useTranslation("income");
  return (
    <>
      <StatusBadge tone={s.status === "released" ? "success" : "warning"}>{s.status_name}</StatusBadge>
      <span className="block text-xs text-slate-500">
        {s.status === "released" && s.released_at ? t("released_on", { date: formatDate(s.released_at) }) : t("release_on", { date: formatDate(s.release_at) })}
      </span>
    </>
  );
}

/** The settlement rows: each links to its order. */
export function SettlementTable({ rows, caption }: { rows: SettlementJson[]; caption: string }) {
  const { t } = useTranslation("income");
  const lp = useLocalePath();
  const columns: Column<SettlementJson>[] = [
    {
      key: "order", header: t("column.order"), primary: true,
      cell: (s) => (
        <>
          <Link to={lp(s.order_link)} className="font-mono text-sm font-medium text-brand-700 underline">{s.order_code}</Link>
          <span className="block text-xs text-slate-500"><time dateTime={new Date((s.finished_at ?? 0) * 1000).toISOString()}>{formatDateTime(s.finished_at)}</time></span>
        </>
      ),
    },
    { key: "channel", header: t("column.channel"), cell: (s) => <>{s.channel.name}{s.store ? <span className="block text-xs text-slate-500">{s.store.name}</span> : null}</> },
    { key: "gross", header: t("column.gross"), className: "tabular-nums md:text-right", cell: (s) => rp(s.gross) },
    {
      key: "fees", header: t("column.fees"), className: "tabular-nums md:text-right",
      cell: (s) => (
        <>
          {minus(s.fees)}
          <span className="block text-xs text-slate-500">{t("column.store_fee")} {rp(s.store_fee)} · {t("column.commission")} {rp(s.commission)}{s.cashback ? ` · ${t("column.cashback")} ${rp(s.cashback)}` : ""}</span>
          {s.adjustment ? <span className="block text-xs text-slate-500">{t("column.adjustment")} {s.adjustment > 0 ? "+" : "−"}{rp(Math.abs(s.adjustment))}</span> : null}
        </>
      ),
    },
    { key: "net", header: t("column.net"), className: "tabular-nums font-semibold md:text-right", cell: (s) => rp(s.net) },
    { key: "status", header: t("column.status"), cell: (s) => <SettlementStatus s={s} /> },
  ];
  return <DataTable caption={caption} columns={columns} rows={rows} rowKey={(s) => s.settlement_id} />;
}

type TotalsRow = IncomeTotals & { key: string; label: React.ReactNode };

/** Totals per day, channel or store (and a total line). */
export function TotalsTable({ rows, caption, first, total }: { rows: TotalsRow[]; caption: string; first: string; total?: IncomeTotals }) {
  const { t } = useTranslation("income");
  const columns: Column<TotalsRow>[] = [
    { key: "label", header: first, primary: true, cell: (r) => r.label },
    { key: "orders", header: t("column.orders"), className: "tabular-nums md:text-right", cell: (r) => formatNumber(r.count) },
    { key: "gross", header: t("column.gross"), className: "tabular-nums md:text-right", cell: (r) => rp(r.gross) },
    {
      key: "fees", header: t("column.fees"), className: "tabular-nums md:text-right",
      cell: (r) => (
        <>
          {minus(r.fees)}
          <span className="block text-xs text-slate-500">
            {t("column.store_fee")} {rp(r.store_fee)} · {t("column.commission")} {rp(r.commission)}
            {r.shipping_subsidy ? ` · ${t("column.shipping")} ${rp(r.shipping_subsidy)}` : ""}{r.cashback ? ` · ${t("column.cashback")} ${rp(r.cashback)}` : ""}
          </span>
        </>
      ),
    },
    { key: "net", header: t("column.net"), className: "tabular-nums font-semibold md:text-right", cell: (r) => rp(r.net) },
    { key: "holding", header: t("column.holding"), className: "tabular-nums md:text-right", cell: (r) => rp(r.holding) },
  ];
  const all = total ? [...rows, { ...total, key: "__total", label: <strong>{t("omni.total")}</strong> }] : rows;
  return <DataTable caption={caption} columns={columns} rows={all} rowKey={(r) => r.key} />;
}
