/**
 * /customer/performance (spec section 2 "Customer centre"; GET /v0.0.0/customers/performance/summary):
 * for a period (the one date filter, default the last 30 days) the customers who ordered, new and
 * returning, and what each brought; across all customers the repeat rate, the RFM segments (each
 * a link to the list filtered by it) and the top ten by lifetime value. Rules: core/customers/performance.ts.
 */
import { Link } from "react-router";
import type { Route } from "./+types/performance";
import { customerPerformance } from "#core/customers/performance.ts";
import { formatNumber, formatRupiah } from "#core/lib/format.ts";
import { SegmentBadge } from "#app/components/customers/segment-badge.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { Figure } from "#app/components/figure.tsx";
import { DateRangeFilter } from "#app/components/list/date-range-filter.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { FilterBar } from "#app/components/list/filter-bar.tsx";
import { ListHeader } from "#app/components/list/list-header.tsx";
import { SectionCard } from "#app/components/section-card.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { dateRangeQuery, parseDateFilter } from "#app/lib/date-range.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const filter = parseDateFilter(url.searchParams);
  const summary = await customerPerformance(getScope(args.context), dateRangeQuery({ date: "30", ...filter }));
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${t("customer:performance.title")} | ${t("common:app_name")}`, filter: { date: "30", ...filter }, summary };
}


export default function CustomerPerformance({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("customer");
  const lp = useLocalePath();
  const { summary: s, filter } = loaderData;
  const p = s.period;
  return (
    <div className="space-y-4">
      <ListHeader title={t("performance.title")} intro={t("performance.intro")} />
      <FilterBar resetTo={lp("/customer/performance")}>
        <DateRangeFilter value={filter} anyTime={false} />
      </FilterBar>
      <SectionCard title={t("performance.period")}>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-5">
          <Figure label={t("performance.customers")} value={formatNumber(p.customers)} />
          <Figure label={t("performance.new")} value={formatNumber(p.new_customers)} />
          <Figure label={t("performance.returning")} value={formatNumber(p.returning_customers)} />
          <Figure label={t("performance.new_revenue")} value={formatRupiah(p.new_revenue)} note={t("performance.orders_count", { count: p.new_orders })} />
          <Figure label={t("performance.returning_revenue")} value={formatRupiah(p.returning_revenue)} note={t("performance.orders_count", { count: p.returning_orders })} />
        </div>
      </SectionCard>
      <SectionCard title={t("performance.all_time")}>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <Figure label={t("performance.total")} value={formatNumber(s.total_customers)} />
          <Figure label={t("performance.repeat_rate")} value={`${formatNumber(Math.round(s.repeat_rate_permille / 10))} %`} note={t("performance.repeat_hint")} />
        </div>
        <h2 className="mb-2 mt-4 text-sm font-semibold text-slate-700">{t("performance.segments")}</h2>
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4">
          {s.segments.map((g) => (
            <li key={g.segment}>
              <Link to={lp(`/customer/data?segment=${g.segment}`)} className="flex items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3 hover:border-brand-300">
                <span className="min-w-0">
                  <SegmentBadge segment={g.segment} />
                  <span className="mt-1 block text-xs text-slate-500">{t(`segment_hint.${g.segment}`)}</span>
                </span>
                <span className="text-lg font-semibold tabular-nums">{formatNumber(g.count)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </SectionCard>
      <SectionCard title={t("performance.top")}>
        {s.top_customers.length ? (
          <ol className="divide-y divide-slate-100 text-sm">
            {s.top_customers.map((c, i) => (
              <li key={c.customer_id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0">
                  <span className="mr-2 tabular-nums text-slate-500">{i + 1}.</span>
                  <Link to={lp(`/customer/${c.customer_id}`)} className="font-medium text-brand-700 hover:underline">{c.name}</Link>
                  <span className="ml-2 text-xs text-slate-500">{t("performance.orders_count", { count: c.orders_count })}</span>
                </span>
                <span className="tabular-nums font-semibold">{formatRupiah(c.total_spent)}</span>
              </li>
            ))}
          </ol>
        ) : <EmptyState title={t("performance.no_top")} />}
      </SectionCard>
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
