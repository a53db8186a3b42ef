/**
 * /income-balance/settlement/:slug? (issue 15 item 5): settlement periods. A period is a WIB day
 * (slug YYYY-MM-DD). Without a slug: the days with settlements, newest first, each with its orders,
 * gross, fees, net and what is still held (the one date filter, channel, store, pages). With a
 * slug: that day's totals (and per channel) and its settled orders, each linking to the order.
 * A slug that is no day is the not-found page. Rules: core/money/income.ts.
 *
 * Settling a day (core/money/settle-day.ts): when finished orders of the day have no settlement
 * (taken over from elsewhere, or missed), the day's page says how many and offers to settle them
 * in the background (a POST form with a one-time token); while the job runs it shows its progress,
 * loading again every few seconds with JavaScript.
 */
import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/settlement";
import { incomeChoices, incomeHistory, incomeQuery, incomeSummary, settlementPeriods } from "#core/money/income.ts";
import { NotFound } from "#core/errors.ts";
import { dayToSettle, queueSettleDay } from "#core/money/settle-day.ts";
import { SubmitButton } from "#app/components/button.tsx";
import { FormToken } from "#app/components/form-token.tsx";
import { flashToast } from "#app/lib/session.server.ts";
import { useRevalidateWhile } from "#app/lib/use-revalidate-while.ts";
import { formatNumber } from "#core/lib/format.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { FilterBar } from "#app/components/list/filter-bar.tsx";
import { ListHeader } from "#app/components/list/list-header.tsx";
import { Pagination } from "#app/components/list/pagination.tsx";
import { Cards, IncomeFilterFields, IncomeTabs, rp, SettlementTable, TotalsTable } from "#app/components/income/parts.tsx";
import { incomeQueryOf, parseIncomeParams } from "#app/components/income/income-params.ts";
import { getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { listHref } from "#app/lib/list-params.ts";
import { pageTitle } from "#app/lib/meta.ts";
import { WIB_OFFSET_MS } from "#core/lib/time.ts";

/** The unix seconds of a WIB day's first and last second. */
function dayQuery(day: string) {
  const start = Date.parse(`${day}T00:00:00Z`) - WIB_OFFSET_MS;
  return { date_from: start / 1000, date_to: start / 1000 + 86399 };
}

export async function loader(args: Route.LoaderArgs) {
  const scope = getScope(args.context);
  const url = new URL(args.request.url);
  const params = parseIncomeParams(url);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const slug = args.params.slug;
  const choices = await incomeChoices(scope);
  if (slug) {
    if (!isDay(slug)) throw new NotFound();
    // The day's own list: the day replaces the date filter.
    const base = incomeQueryOf({ ...params, filters: { ...params.filters, date: undefined } });
    const q = incomeQuery.parse({ ...base, ...dayQuery(slug) });
    const [page, summary, toSettle] = await Promise.all([incomeHistory(scope, q), incomeSummary(scope, q), dayToSettle(scope, slug)]);
    const totalPage = Math.ceil(page.total / q.limit);
    if (!page.rows.length && q.page > 1 && totalPage) throw redirect(url.pathname + listHref(params, { page: totalPage }));
    return {
      title: `${t("income:settlement.day_title", { day: slug })} | ${t("common:app_name")}`,
      day: slug, params, choices, rows: page.rows, total: page.total, totalPage, summary, days: null, toSettle,
    };
  }
  const q = incomeQuery.parse(incomeQueryOf(params));
  const days = await settlementPeriods(scope, q);
  const totalPage = Math.ceil(days.total / q.limit);
  if (!days.rows.length && q.page > 1 && totalPage) throw redirect(url.pathname + listHref(params, { page: totalPage }));
  return {
    title: `${t("income:settlement.title")} | ${t("common:app_name")}`,
    day: null, params, choices, rows: [], total: days.total, totalPage, summary: null, days: days.rows, toSettle: null,
  };
}

const isDay = (slug: string) => /^\d{4}-\d{2}-\d{2}$/.test(slug) && !Number.isNaN(Date.parse(`${slug}T00:00:00Z`)) && slug >= "2000-01-01";

/** "Settle this day": the day's unsettled finished orders, in a background job. */
export async function action(args: Route.ActionArgs) {
  const day = args.params.slug;
  const form = await args.request.formData();
  if (!day || !isDay(day) || form.get("intent") !== "settle_day") throw new NotFound();
  await queueSettleDay(getScope(args.context), { day });
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  flashToast(args.context, "success", t("income:messages.settle_queued"));
  const url = new URL(args.request.url);
  throw redirect(url.pathname + url.search);
}

export default function Settlement({ loaderData }: Route.ComponentProps) {
  const { day, params, choices, rows, total, totalPage, summary, days, toSettle } = loaderData;
  const { t } = useTranslation("income");
  const lp = useLocalePath();
  const dayLabel = day ? day.split("-").reverse().join("-") : "";
  useRevalidateWhile(Boolean(toSettle?.job));
  return (
    <div className="space-y-4">
      <IncomeTabs active="settlement" />
      {day && summary ? (
        <>
          <Link to={lp("/income-balance/settlement")} className="text-sm font-medium text-brand-700 underline">← {t("settlement.back")}</Link>
          <ListHeader title={t("settlement.day_title", { day: dayLabel })} intro={t("settlement.day_intro", { day: dayLabel })} />
          <Cards items={[
            { label: t("column.orders"), value: formatNumber(summary.totals.count) },
            { label: t("column.gross"), value: rp(summary.totals.gross) },
            { label: t("column.fees"), value: rp(summary.totals.fees) },
            { label: t("column.net"), value: rp(summary.totals.net), note: `${t("column.holding")}: ${rp(summary.totals.holding)}`, tone: "brand" },
          ]} />
          {toSettle && (toSettle.job || toSettle.unsettled > 0) ? (
            <section aria-labelledby="settle-title" className="rounded-lg border border-amber-200 bg-amber-50 p-4">
              <h2 id="settle-title" className="text-sm font-semibold text-slate-900">{t("settlement.settle")}</h2>
              {toSettle.job ? (
                <p role="status" className="mt-1 text-sm text-slate-700">{t("settlement.settling", { progress: Math.floor(toSettle.job.progress) })}</p>
              ) : (
                <Form method="post" className="mt-1 space-y-2">
                  <FormToken />
                  <input type="hidden" name="intent" value="settle_day" />
                  <p className="text-sm text-slate-700">{t("settlement.unsettled", { count: toSettle.unsettled, n: formatNumber(toSettle.unsettled) })} {t("settlement.settle_note")}</p>
                  <SubmitButton>{t("settlement.settle_now")}</SubmitButton>
                </Form>
              )}
            </section>
          ) : null}
          {summary.by_channel.length > 1 ? (
            <TotalsTable caption={t("omni.by_channel")} first={t("column.channel")}
              rows={summary.by_channel.map((c) => ({ ...c, key: String(c.channel_id ?? 0), label: c.name }))} />
          ) : null}
          <FilterBar resetTo={lp(`/income-balance/settlement/${day}`)}>
            <IncomeFilterFields params={params} choices={choices} dates={false} />
          </FilterBar>
          {rows.length ? <SettlementTable rows={rows} caption={t("list_label")} /> : <EmptyState title={t("empty.filtered_title")} subtitle={t("empty.body")} />}
        </>
      ) : (
        <>
          <ListHeader title={t("settlement.title")} intro={t("settlement.intro")} />
          <FilterBar resetTo={lp("/income-balance/settlement")}>
            <IncomeFilterFields params={params} choices={choices} search={false} status={false} />
          </FilterBar>
          {days?.length ? (
            <TotalsTable caption={t("settlement.days_label")} first={t("column.day")}
              rows={days.map((d) => ({
                ...d, key: d.day,
                label: <Link to={lp(`/income-balance/settlement/${d.day}`)} className="font-medium text-brand-700 underline">{d.day.split("-").reverse().join("-")}</Link>,
              }))} />
          ) : <EmptyState title={t("settlement.empty_days")} subtitle={t("empty.body")} />}
        </>
      )}
      <Pagination params={params} totalPage={totalPage} totalRecord={total} />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
