/**
 * /customer-broadcast (spec section 2 "Customer centre"): the business's broadcasts — tabs per
 * status with counts, search by name, page size and page, all in the URL — each with its channel,
 * send time and how many were sent, failed and skipped. Rules: core/customers/broadcasts.ts.
 */
import { Link, redirect, useLocation } from "react-router";
import type { Route } from "./+types/list";
import { broadcastQuery, listBroadcasts, type BroadcastJson } from "#core/customers/broadcasts.ts";
import { BROADCAST_TABS } from "#core/customers/broadcast-rules.ts";
import { formatDateTime, formatNumber } from "#core/lib/format.ts";
import { buttonClass } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { BroadcastBadge } from "#app/components/broadcasts/parts.tsx";
import { DataTable } from "#app/components/list/data-table.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { FilterBar } from "#app/components/list/filter-bar.tsx";
import { PageSizeSelect } from "#app/components/list/page-size-select.tsx";
import { Pagination } from "#app/components/list/pagination.tsx";
import { SearchBox } from "#app/components/list/search-box.tsx";
import { TabBar } from "#app/components/list/tab-bar.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { listHref, parseListParams } from "#app/lib/list-params.ts";
import { pageTitle } from "#app/lib/meta.ts";
import { useRevalidateWhile } from "#app/lib/use-revalidate-while.ts";

const FILTERS = { tab: BROADCAST_TABS.filter((t) => t !== "all") };

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const params = parseListParams(url, FILTERS);
  const q = broadcastQuery.parse({ tab: params.filters.tab ?? "all", search: params.search || undefined, page: Math.min(params.page, 100_000), limit: params.limit });
  const list = await listBroadcasts(getScope(args.context), q);
  const totalPage = Math.ceil(list.total / q.limit);
  if (!list.rows.length && q.page > 1 && totalPage) throw redirect(url.pathname + listHref(params, { page: totalPage }));
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${t("broadcast:title")} | ${t("common:app_name")}`, params, rows: list.rows, tabs: list.tabs, total: list.total, totalPage };
}

export default function BroadcastList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("broadcast");
  const lp = useLocalePath();
  const { pathname } = useLocation();
  const { params, tabs } = loaderData;
  const tab = params.filters.tab ?? "all";
  useRevalidateWhile(loaderData.rows.some((r) => r.status === "sending"));
  const create = <Link to={lp("/customer-broadcast/add-broadcast")} className={buttonClass("primary")}>{t("create")}</Link>;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold text-slate-900">{t("title")}</h1>
          <p className="text-sm text-slate-600">{t("intro")}</p>
        </div>
        {create}
      </div>
      <TabBar label={t("tabs")} tabs={BROADCAST_TABS.map((key) => ({
        key, label: t(`tab.${key}`), count: formatNumber(tabs[key]), active: tab === key,
        to: pathname + listHref(params, { tab: key === "all" ? null : key, page: null }),
      }))} />
      <FilterBar resetTo={pathname}>
        {params.filters.tab ? <input type="hidden" name="tab" value={params.filters.tab} /> : null}
        <SearchBox value={params.search} placeholder={t("search")} />
        <PageSizeSelect value={params.limit} />
      </FilterBar>
      {loaderData.rows.length ? (
        <DataTable<BroadcastJson>
          caption={t("title")}
          rows={loaderData.rows}
          rowKey={(b) => b.broadcast_id}
          columns={[
            {
              key: "name", header: t("column.name"), primary: true,
              cell: (b) => (
                <div className="min-w-0">
                  <a href={lp(`/customer-broadcast/${b.broadcast_id}`)} className="break-words font-medium text-brand-700 hover:underline">{b.name}</a>
                  <span className="block text-xs text-slate-500">{b.channel_name}</span>
                </div>
              ),
            },
            { key: "status", header: t("column.status"), cell: (b) => <BroadcastBadge status={b.status} label={b.status_name} /> },
            { key: "when", header: t("column.when"), cell: (b) => <span className="tabular-nums">{formatDateTime(b.started_at ?? b.scheduled_at)}</span> },
            { key: "recipients", header: t("column.recipients"), cell: (b) => <span className="tabular-nums">{formatNumber(b.counts.total)}</span> },
            { key: "sent", header: t("column.sent"), cell: (b) => <span className="tabular-nums">{formatNumber(b.counts.sent)}</span> },
            { key: "failed", header: t("column.failed"), cell: (b) => <span className="tabular-nums">{formatNumber(b.counts.failed)}</span> },
            { key: "skipped", header: t("column.skipped"), cell: (b) => <span className="tabular-nums">{formatNumber(b.counts.skipped)}</span> },
          ]}
        />
      ) : params.search || tab !== "all" ? (
        <EmptyState title={t("none_here")} subtitle={t("none_here_hint")} />
      ) : (
        <EmptyState title={t("empty")} subtitle={t("empty_hint")} action={create} />
      )}
      <Pagination params={params} totalPage={loaderData.totalPage} totalRecord={loaderData.total} />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
