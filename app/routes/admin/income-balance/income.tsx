/**
 * /income-balance/income (issue 15 item 5): the income balance cards (held now, released and net
 * in the chosen period, saldo) and the settlement list — the one date filter, channel, store and
 * status filters, search by order code, page size and pages, all in the URL (a GET form, works
 * without JavaScript); the xlsx export of the filtered list (export history popup). Each line
 * links to its order. Rules: core/money/income.ts, core/money/settlements.ts.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/income";
import { incomeChoices, incomeHistory, incomeQuery, incomeTotals } from "#core/money/income.ts";
import { holdDays } from "#core/money/settlements.ts";
import { queueExport } from "#core/jobs/export-history.ts";
import { formatNumber } from "#core/lib/format.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { ListPage } from "#app/components/list/list-page.tsx";
import { Cards, IncomeFilterFields, IncomeTabs, rp, SettlementTable } from "#app/components/income/parts.tsx";
import { incomeQueryOf, isFiltered, parseIncomeParams } from "#app/components/income/income-params.ts";
import { getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { loadExports } from "#app/lib/list-page.server.ts";
import { listHref } from "#app/lib/list-params.ts";
import { pageTitle } from "#app/lib/meta.ts";
import { Link } from "react-router";

export async function loader(args: Route.LoaderArgs) {
  const scope = getScope(args.context);
  const url = new URL(args.request.url);
  const params = parseIncomeParams(url);
  const q = incomeQuery.parse(incomeQueryOf(params));
  const [page, summary, choices, exports] = await Promise.all([
    incomeHistory(scope, q), incomeTotals(scope, q), incomeChoices(scope), loadExports(args, "income"),
  ]);
  const totalPage = Math.ceil(page.total / q.limit);
  // A page past the end (an old link): the last page.
  if (!page.rows.length && q.page > 1 && totalPage) throw redirect(url.pathname + listHref(params, { page: totalPage }));
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return {
    title: `${t("income:title")} | ${t("common:app_name")}`,
    params,
    list: { rows: page.rows, pagination: { total_page: totalPage, total_record: page.total } },
    totals: summary.totals,
    balances: summary.balances,
    choices,
    holdDays: holdDays(),
    exports: exports.rows,
    exportsOpen: url.searchParams.get("history") === "open",
  };
}

export async function action(args: Route.ActionArgs) {
  const url = new URL(args.request.url);
  const params = parseIncomeParams(url);
  const form = await args.request.formData();
  if (form.get("intent") !== "export") throw new Response("Unknown action", { status: 400 });
  const { page: _p, limit: _l, ...filters } = incomeQuery.parse(incomeQueryOf(params));
  await queueExport(getScope(args.context), "income", filters);
  throw redirect(url.pathname + listHref(params, { history: "open" }));
}

export default function Income({ loaderData }: Route.ComponentProps) {
  const { params, totals, balances, choices } = loaderData;
  const { t } = useTranslation("income");
  const lp = useLocalePath();
  return (
    <div className="space-y-4">
      <IncomeTabs active="income" />
      <Cards items={[
        { label: t("cards.holding"), value: rp(balances.income), note: t("cards.holding_note"), tone: "brand" },
        { label: t("cards.released"), value: rp(totals.released) },
        { label: t("cards.net"), value: rp(totals.net), note: `${t("cards.gross")}: ${rp(totals.gross)}` },
        { label: t("cards.saldo"), value: rp(balances.saldo), note: `${t("cards.points")}: ${formatNumber(balances.points)}` },
      ]} />
      <ListPage
        data={loaderData}
        title={t("title")}
        intro={t("intro", { days: loaderData.holdDays })}
        filters={<IncomeFilterFields params={params} choices={choices} />}
        empty={isFiltered(params)
          ? <EmptyState title={t("empty.filtered_title")} subtitle={t("empty.filtered_body")}
            action={<Link to={lp("/income-balance/income")} className="text-sm font-medium text-brand-700 underline">{t("empty.clear")}</Link>} />
          : <EmptyState title={t("empty.title")} subtitle={t("empty.body")} />}
      >
        {(rows) => <SettlementTable rows={rows} caption={t("list_label")} />}
      </ListPage>
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
