/**
 * /omnichannel/pos-report/transaction/consolidation-settlement (spec 2 Omnichannel, POS reports →
 * transaction): the settlements of a date range consolidated per channel and per store, with the
 * range's totals — the one date filter (default: the last 30 days), channel and store filters in
 * the URL. core/money/income.ts incomeSummary, read with the page's privilege (omnichannel).
 */
import type { Route } from "./+types/consolidation-settlement";
import { incomeChoices, incomeFilters, incomeSummary } from "#core/money/income.ts";
import { formatNumber } from "#core/lib/format.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { FilterBar } from "#app/components/list/filter-bar.tsx";
import { ListHeader } from "#app/components/list/list-header.tsx";
import { Cards, IncomeFilterFields, rp, TotalsTable } from "#app/components/income/parts.tsx";
import { TransactionTabs } from "#app/components/income/transaction-tabs.tsx";
import { incomeQueryOf, parseIncomeParams } from "#app/components/income/income-params.ts";
import { getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const scope = getScope(args.context);
  const url = new URL(args.request.url);
  const params = parseIncomeParams(url);
  // A consolidation is of a period: without a date filter, the last 30 days.
  if (!params.filters.date) params.filters.date = "30";
  const { page: _p, limit: _l, search: _s, status: _st, ...q } = incomeQueryOf(params);
  const [summary, choices] = await Promise.all([incomeSummary(scope, incomeFilters.parse(q), "omnichannel"), incomeChoices(scope, "omnichannel")]);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${t("income:omni.consolidation_title")} | ${t("common:app_name")}`, params, choices, summary };
}

export default function ConsolidationSettlement({ loaderData }: Route.ComponentProps) {
  const { params, choices, summary } = loaderData;
  const { t } = useTranslation("income");
  const lp = useLocalePath();
  const tt = summary.totals;
  return (
    <div className="space-y-4">
      <TransactionTabs active="consolidation" />
      <ListHeader title={t("omni.consolidation_title")} intro={t("omni.consolidation_intro")} />
      <FilterBar resetTo={lp("/omnichannel/pos-report/transaction/consolidation-settlement")}>
        <IncomeFilterFields params={params} choices={choices} search={false} status={false} />
      </FilterBar>
      <Cards items={[
        { label: t("column.orders"), value: formatNumber(tt.count) },
        { label: t("column.gross"), value: rp(tt.gross) },
        { label: t("column.fees"), value: rp(tt.fees) },
        { label: t("column.net"), value: rp(tt.net), note: `${t("column.holding")}: ${rp(tt.holding)}`, tone: "brand" },
      ]} />
      {tt.count ? (
        <>
          <h2 className="text-base font-semibold text-slate-900">{t("omni.by_channel")}</h2>
          <TotalsTable caption={t("omni.by_channel")} first={t("column.channel")} total={tt}
            rows={summary.by_channel.map((c) => ({ ...c, key: String(c.channel_id ?? 0), label: c.name }))} />
          <h2 className="text-base font-semibold text-slate-900">{t("omni.by_store")}</h2>
          <TotalsTable caption={t("omni.by_store")} first={t("column.store")} total={tt}
            rows={summary.by_store.map((s) => ({ ...s, key: String(s.store_id ?? 0), label: s.name }))} />
        </>
      ) : <EmptyState title={t("empty.filtered_title")} subtitle={t("empty.filtered_body")} />}
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
