/**
 * /inbox/review (issue 17 item 4): the buyers' reviews from the channels — newest first, filtered
 * by ratings (several), replied or not, channel, product, the one date filter and the inbox search
 * (from 2 characters; with JavaScript it applies 1 s after typing), paged: all in the URL (a GET
 * form, works without JavaScript). Each review opens its page (reply, note, rating of the buyer).
 * Rules: core/inbox/reviews.ts.
 */
import { Link, redirect, useLocation } from "react-router";
import type { Route } from "./+types/reviews";
import { listReviews, reviewChoices, reviewQuery, type ReviewJson } from "#core/inbox/reviews.ts";
import { INBOX_SEARCH_MIN, RATINGS, ratingsOf, REPLIED } from "#core/inbox/options.ts";
import { formatDateTime, formatNumber } from "#core/lib/format.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { DataTable } from "#app/components/list/data-table.tsx";
import { DateRangeFilter } from "#app/components/list/date-range-filter.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { FilterBar, FilterSelect } from "#app/components/list/filter-bar.tsx";
import { PageSizeSelect } from "#app/components/list/page-size-select.tsx";
import { Pagination } from "#app/components/list/pagination.tsx";
import { SearchBox } from "#app/components/list/search-box.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { Stars } from "#app/components/inbox/stars.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { dateRangeDays, parseDateFilter } from "#app/lib/date-range.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { listHref, parseListParams } from "#app/lib/list-params.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const scope = getScope(args.context);
  const url = new URL(args.request.url);
  const choices = await reviewChoices(scope);
  const params = parseListParams(url, {
    replied: REPLIED,
    channel_id: choices.channels.map((c) => String(c.id)),
    product_id: choices.products.map((p) => String(p.id)),
  });
  const ratings = ratingsOf(url.searchParams.getAll("rating"));
  const dates = parseDateFilter(url.searchParams);
  const q = reviewQuery.parse({ ...params.filters, rating: ratings.join(","), ...dateRangeDays(dates), search: params.search || undefined, page: Math.min(params.page, 100_000), limit: params.limit });
  const list = await listReviews(scope, q);
  const totalPage = Math.ceil(list.total / q.limit);
  // The state the links carry: the list's filters, the ratings as one value, the date filter.
  const shown = { ...params, filters: { ...params.filters, ...(ratings.length ? { rating: ratings.join(",") } : {}), ...dates } };
  if (!list.rows.length && q.page > 1 && totalPage) throw redirect(url.pathname + listHref(shown, { page: totalPage }));
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return {
    title: `${t("inbox:review.title")} | ${t("common:app_name")}`,
    params: shown, ratings, dates, choices, rows: list.rows, total: list.total, totalPage, summary: list.summary,
  };
}

export default function ReviewList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("inbox");
  const lp = useLocalePath();
  const { pathname } = useLocation();
  const { params, ratings, dates, choices, summary } = loaderData;
  const f = params.filters as Record<string, string | undefined>;
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-xl font-semibold text-slate-900">{t("review.title")}</h1>
        <p className="text-sm text-slate-600">
          {t("review.summary", { count: loaderData.total, total: formatNumber(loaderData.total), unreplied: formatNumber(summary.unreplied) })}
          {summary.average !== null ? ` · ${t("review.average", { average: summary.average.toFixed(1) })}` : null}
        </p>
      </div>
      <FilterBar resetTo={pathname}>
        <SearchBox value={params.search} placeholder={t("review.search")} emit={INBOX_SEARCH_MIN} />
        <fieldset className="min-w-[9rem]">
          <legend className="mb-1 block text-xs font-medium text-slate-600">{t("review.rating")}</legend>
          <div className="flex flex-wrap gap-x-3 gap-y-1 py-1.5" key={ratings.join(",")}>
            {RATINGS.map((r) => (
              <label key={r} className="inline-flex items-center gap-1 text-sm text-slate-700">
                <input type="checkbox" name="rating" value={r} defaultChecked={ratings.includes(r)} className="h-4 w-4 rounded border-slate-300" />
                {r}★
              </label>
            ))}
          </div>
        </fieldset>
        <FilterSelect name="replied" label={t("review.replied_filter")} value={f.replied} allLabel={t("filter.all")}
          options={REPLIED.map((v) => ({ value: v, label: t(`review.replied_${v}`) }))} />
        <FilterSelect name="channel_id" label={t("filter.channel")} value={f.channel_id} allLabel={t("filter.all_channels")}
          options={choices.channels.map((c) => ({ value: c.id, label: c.name }))} />
        <FilterSelect name="product_id" label={t("filter.product")} value={f.product_id} allLabel={t("filter.all_products")}
          options={choices.products.map((p) => ({ value: p.id, label: p.name }))} />
        <DateRangeFilter value={dates} />
        <PageSizeSelect value={params.limit} />
      </FilterBar>
      {loaderData.rows.length ? (
        <DataTable<ReviewJson>
          caption={t("review.title")}
          rows={loaderData.rows}
          rowKey={(r) => r.review_id}
          columns={[
            {
              key: "product", header: t("column.product"), primary: true,
              cell: (r) => (
                <div>
                  <Link id={`review-${r.review_id}`} to={lp(`/inbox/review/${r.review_id}`)} className="font-medium text-brand-700 hover:underline">{r.product_name}</Link>
                  <span className="block text-xs text-slate-500">{r.order_code}</span>
                </div>
              ),
            },
            { key: "rating", header: t("review.rating"), cell: (r) => <Stars rating={r.rating} /> },
            { key: "text", header: t("column.review"), cell: (r) => <p className="line-clamp-3 max-w-md text-sm text-slate-800">{r.text || <span className="text-slate-500">{t("review.no_text")}</span>}</p> },
            { key: "buyer", header: t("column.buyer"), cell: (r) => <>{r.buyer_name}<span className="block text-xs text-slate-500">{r.channel_name}</span></> },
            { key: "time", header: t("column.time"), cell: (r) => formatDateTime(r.reviewed_at) },
            { key: "reply", header: t("column.status"), cell: (r) => r.reply ? <StatusBadge tone="success">{t("review.replied_yes")}</StatusBadge> : <StatusBadge tone="warning">{t("review.replied_no")}</StatusBadge> },
          ]}
        />
      ) : (
        <EmptyState title={t("review.empty")} subtitle={t("review.empty_hint")} />
      )}
      <Pagination params={params} totalPage={loaderData.totalPage} totalRecord={loaderData.total} />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
