/**
 * /inbox/discussion (issue 17 item 3): the buyers' product questions from the channels — tabs
 * Unanswered / Answered / Hidden / All with counts, unanswered first then the newest message,
 * filtered by product and channel, the inbox search (product name or any message, from 2
 * characters; with JavaScript it applies 1 s after typing), paged: all in the URL (a GET form,
 * works without JavaScript). Each thread opens its page with the reply form.
 * Rules: core/inbox/discussions.ts.
 */
import { Link, redirect, useLocation } from "react-router";
import type { Route } from "./+types/discussions";
import { discussionChoices, discussionQuery, listDiscussions, type ThreadJson } from "#core/inbox/discussions.ts";
import { DISCUSSION_TABS, INBOX_SEARCH_MIN } from "#core/inbox/options.ts";
import { formatDateTime, formatNumber } from "#core/lib/format.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { DataTable } from "#app/components/list/data-table.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { FilterBar, FilterSelect } from "#app/components/list/filter-bar.tsx";
import { PageSizeSelect } from "#app/components/list/page-size-select.tsx";
import { Pagination } from "#app/components/list/pagination.tsx";
import { SearchBox } from "#app/components/list/search-box.tsx";
import { TabBar } from "#app/components/list/tab-bar.tsx";
import { ThreadStatus } from "#app/components/inbox/thread-status.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { listHref, parseListParams } from "#app/lib/list-params.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const scope = getScope(args.context);
  const url = new URL(args.request.url);
  const choices = await discussionChoices(scope);
  const params = parseListParams(url, {
    tab: DISCUSSION_TABS,
    channel_id: choices.channels.map((c) => String(c.id)),
    product_id: choices.products.map((p) => String(p.id)),
  });
  const q = discussionQuery.parse({ ...params.filters, search: params.search || undefined, page: Math.min(params.page, 100_000), limit: params.limit });
  const list = await listDiscussions(scope, q);
  const totalPage = Math.ceil(list.total / q.limit);
  if (!list.rows.length && q.page > 1 && totalPage) throw redirect(url.pathname + listHref(params, { page: totalPage }));
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return {
    title: `${t("inbox:discussion.title")} | ${t("common:app_name")}`,
    params, choices, rows: list.rows, tabs: list.tabs, total: list.total, totalPage,
  };
}

export default function DiscussionList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("inbox");
  const lp = useLocalePath();
  const { pathname } = useLocation();
  const { params, choices } = loaderData;
  const tab = params.filters.tab ?? "all";
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-xl font-semibold text-slate-900">{t("discussion.title")}</h1>
        <p className="text-sm text-slate-600">{t("discussion.subtitle")}</p>
      </div>
      <TabBar label={t("discussion.title")} tabs={DISCUSSION_TABS.map((key) => ({
        key, label: t(`discussion.tab.${key}`), count: formatNumber(loaderData.tabs[key]), active: tab === key,
        to: pathname + listHref(params, { tab: key === "all" ? null : key, page: null }),
      }))} />
      <FilterBar resetTo={pathname}>
        {params.filters.tab ? <input type="hidden" name="tab" value={params.filters.tab} /> : null}
        <SearchBox value={params.search} placeholder={t("discussion.search")} emit={INBOX_SEARCH_MIN} />
        <FilterSelect name="product_id" label={t("filter.product")} value={params.filters.product_id} allLabel={t("filter.all_products")}
          options={choices.products.map((p) => ({ value: p.id, label: p.name }))} />
        <FilterSelect name="channel_id" label={t("filter.channel")} value={params.filters.channel_id} allLabel={t("filter.all_channels")}
          options={choices.channels.map((c) => ({ value: c.id, label: c.name }))} />
        <PageSizeSelect value={params.limit} />
      </FilterBar>
      {loaderData.rows.length ? (
        <DataTable<ThreadJson>
          caption={t("discussion.title")}
          rows={loaderData.rows}
          rowKey={(d) => d.discussion_id}
          columns={[
            {
              key: "question", header: t("column.question"), primary: true,
              cell: (d) => (
                <div className="max-w-md">
                  <Link id={`discussion-${d.discussion_id}`} to={lp(`/inbox/discussion/${d.discussion_id}`)} className="font-medium text-brand-700 hover:underline">{d.message}</Link>
                  <span className="block text-xs text-slate-500">{d.product_name}</span>
                </div>
              ),
            },
            { key: "buyer", header: t("column.buyer"), cell: (d) => <>{d.author_name}<span className="block text-xs text-slate-500">{d.channel_name}</span></> },
            { key: "messages", header: t("column.messages"), cell: (d) => formatNumber(d.children) },
            { key: "time", header: t("column.last_message"), cell: (d) => formatDateTime(d.last_message_at) },
            { key: "status", header: t("column.status"), cell: (d) => <ThreadStatus status={d.status} /> },
          ]}
        />
      ) : (
        <EmptyState title={t("discussion.empty")} subtitle={t("discussion.empty_hint")} />
      )}
      <Pagination params={params} totalPage={loaderData.totalPage} totalRecord={loaderData.total} />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
