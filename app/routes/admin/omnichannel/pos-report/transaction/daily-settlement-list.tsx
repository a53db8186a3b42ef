/**
 * /omnichannel/pos-report/transaction/daily-settlement-list (spec 2 Omnichannel, POS reports →
 * transaction): per WIB day, the settled orders, gross, store fees, commission, net and what is
 * still held — the one date filter, channel and store, pages; all in the URL. A day opens the
 * consolidation of that day. The same core call as /income-balance/settlement (core/money/income.ts
 * settlementPeriods), read with the page's privilege (omnichannel).
 */
import { Link, redirect } from "react-router";
import type { Route } from "./+types/daily-settlement-list";
import { incomeChoices, incomeQuery, settlementPeriods } from "#core/money/income.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { FilterBar } from "#app/components/list/filter-bar.tsx";
import { ListHeader } from "#app/components/list/list-header.tsx";
import { Pagination } from "#app/components/list/pagination.tsx";
import { IncomeFilterFields, TotalsTable } from "#app/components/income/parts.tsx";
import { TransactionTabs } from "#app/components/income/transaction-tabs.tsx";
import { incomeQueryOf, parseIncomeParams } from "#app/components/income/income-params.ts";
import { getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { listHref } from "#app/lib/list-params.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const scope = getScope(args.context);
  const url = new URL(args.request.url);
  const params = parseIncomeParams(url);
  const q = incomeQuery.parse(incomeQueryOf(params));
  const [days, choices] = await Promise.all([settlementPeriods(scope, q, "omnichannel"), incomeChoices(scope, "omnichannel")]);
  const totalPage = Math.ceil(days.total / q.limit);
  if (!days.rows.length && q.page > 1 && totalPage) throw redirect(url.pathname + listHref(params, { page: totalPage }));
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${t("income:omni.daily_title")} | ${t("common:app_name")}`, params, choices, days: days.rows, total: days.total, totalPage };
}

export default function DailySettlementList({ loaderData }: Route.ComponentProps) {
  const { params, choices, days, total, totalPage } = loaderData;
  const { t } = useTranslation("income");
  const lp = useLocalePath();
  const path = "/omnichannel/pos-report/transaction/daily-settlement-list";
  return (
    <div className="space-y-4">
      <TransactionTabs active="daily" />
      <ListHeader title={t("omni.daily_title")} intro={t("omni.daily_intro")} />
      <FilterBar resetTo={lp(path)}>
        <IncomeFilterFields params={params} choices={choices} search={false} status={false} />
      </FilterBar>
      {days.length ? (
        <TotalsTable caption={t("settlement.days_label")} first={t("column.day")}
          rows={days.map((d) => ({
            ...d, key: d.day,
            label: (
              <Link to={lp(`/omnichannel/pos-report/transaction/consolidation-settlement?date=custom&date_from=${d.day}&date_to=${d.day}`)}
                className="font-medium text-brand-700 underline">{d.day.split("-").reverse().join("-")}</Link>
            ),
          }))} />
      ) : <EmptyState title={t("settlement.empty_days")} subtitle={t("empty.body")} />}
      <Pagination params={params} totalPage={totalPage} totalRecord={total} />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
