/**
 * /customer/data (spec section 2 "Customer centre"): the business's customers — search (name,
 * phone or e-mail, from 2 characters), segment, channel, tag and sort filters, page size and page,
 * all in the URL — with each customer's segment, orders, lifetime value and last order, and the
 * export. While older orders are still being linked (core/customers/backfill.ts) the page says how
 * far that is. Rules: core/customers/customers.ts.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/data";
import { customerChannelNames, customerQuery, listCustomers, type CustomerJson } from "#core/customers/customers.ts";
import { customerLinking } from "#core/customers/backfill.ts";
import { CUSTOMER_SORTS, SEGMENTS } from "#core/customers/segments.ts";
import { queueExport } from "#core/jobs/export-history.ts";
import { formatDate, formatNumber, formatRupiah } from "#core/lib/format.ts";
import { inputClass } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { SegmentBadge } from "#app/components/customers/segment-badge.tsx";
import { DataTable } from "#app/components/list/data-table.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { FilterSelect } from "#app/components/list/filter-bar.tsx";
import { ListPage } from "#app/components/list/list-page.tsx";
import { PageSizeSelect } from "#app/components/list/page-size-select.tsx";
import { Pagination } from "#app/components/list/pagination.tsx";
import { SearchBox } from "#app/components/list/search-box.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { loadExports } from "#app/lib/list-page.server.ts";
import { listHref, parseListParams } from "#app/lib/list-params.ts";
import { pageTitle } from "#app/lib/meta.ts";

/** The list's state from the URL: the fixed filters, the business's channels, and a tag as typed. */
async function stateOf(args: { request: Request; context: Route.LoaderArgs["context"] }) {
  const scope = getScope(args.context);
  const url = new URL(args.request.url);
  const names = await customerChannelNames(scope);
  const params = parseListParams(url, { segment: SEGMENTS, channel: names, order_by: CUSTOMER_SORTS });
  const tag = (url.searchParams.get("tag") ?? "").trim().toLowerCase().slice(0, 30);
  if (tag) (params.filters as Record<string, string>).tag = tag;
  return { scope, url, params, names, tag };
}

export async function loader(args: Route.LoaderArgs) {
  const { scope, url, params, names, tag } = await stateOf(args);
  const q = customerQuery.parse({
    search: params.search || undefined, ...params.filters, tag: tag || undefined, page: Math.min(params.page, 100_000), limit: params.limit,
  });
  const [list, exports, linking] = await Promise.all([
    listCustomers(scope, q), loadExports(args, "customer"), customerLinking(scope),
  ]);
  if (!list.rows.length && q.page > 1) throw redirect(url.pathname + listHref(params, { page: null }));
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const total = `${formatNumber(list.total)}${list.capped ? "+" : ""}`;
  return {
    title: `${t("customer:title_count", { total })} | ${t("common:app_name")}`,
    params, channelNames: names, total, capped: list.capped, linking,
    list: { rows: list.rows, pagination: { total_page: Math.ceil(list.total / q.limit), total_record: list.total } },
    exports: exports.rows, exportsOpen: url.searchParams.get("history") === "open",
  };
}

export async function action(args: Route.ActionArgs) {
  const { scope, url, params } = await stateOf(args);
  const form = await args.request.formData();
  if (form.get("intent") !== "export") {
    throw data(getI18n(args.context).getFixedT(getLocale(args.context))("common:errors.unknown_action"), { status: 400 });
  }
  await queueExport(scope, "customer", { search: params.search || undefined, ...params.filters });
  throw redirect(url.pathname + listHref(params, { history: "open" }));
}

export default function CustomerList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("customer");
  const lp = useLocalePath();
  const { params, linking } = loaderData;
  return (
    <ListPage<CustomerJson>
      data={loaderData}
      title={t("title_count", { total: loaderData.total })}
      // A broadcast to exactly these customers: the broadcast form takes the list's filters from its URL (decision 28).
      add={{ href: lp(`/customer-broadcast/add-broadcast${listHref({ ...params, page: 1, limit: 50, sort: 2 }, { order_by: null })}`), label: t("broadcast_these") }}
      intro={linking !== null ? <span role="status" className="font-medium text-amber-800">{t("linking", { progress: linking })}</span> : t("intro")}
      filters={<>
        <SearchBox value={params.search} placeholder={t("search")} />
        <FilterSelect name="segment" label={t("filter.segment")} value={params.filters.segment} allLabel={t("filter.all")}
          options={SEGMENTS.map((s) => ({ value: s, label: t(`segment.${s}`) }))} />
        <FilterSelect name="channel" label={t("filter.channel")} value={params.filters.channel} allLabel={t("filter.all")}
          options={loaderData.channelNames.map((n) => ({ value: n, label: n }))} />
        <div className="min-w-[8rem] flex-1 sm:flex-none">
          <label htmlFor="filter-tag" className="mb-1 block text-xs font-medium text-slate-600">{t("filter.tag")}</label>
          <input id="filter-tag" name="tag" defaultValue={(params.filters as { tag?: string }).tag ?? ""} key={(params.filters as { tag?: string }).tag ?? ""}
            maxLength={30} className={inputClass} />
        </div>
        <FilterSelect name="order_by" label={t("filter.order_by")} value={params.filters.order_by ?? "recent"}
          options={CUSTOMER_SORTS.map((s) => ({ value: s, label: t(`order_by.${s}`) }))} />
        <PageSizeSelect value={params.limit} />
      </>}
      empty={<EmptyState title={t("empty")} subtitle={t("empty_hint")} />}
      pager={<Pagination params={params} totalPage={loaderData.list.pagination.total_page} totalRecord={loaderData.list.pagination.total_record} capped={loaderData.capped} />}
    >
      {(rows) => (
        <DataTable<CustomerJson>
          caption={t("list_label")}
          rows={rows}
          rowKey={(c) => c.customer_id}
          columns={[
            {
              key: "customer", header: t("column.customer"), primary: true,
              cell: (c) => (
                <div className="min-w-0">
                  <a href={lp(`/customer/${c.customer_id}`)} className="font-medium text-brand-700 hover:underline">{c.name}</a>
                  <span className="block break-all text-xs text-slate-500">{[c.phone, c.email].filter(Boolean).join(" · ") || "—"}</span>
                </div>
              ),
            },
            { key: "segment", header: t("column.segment"), cell: (c) => <SegmentBadge segment={c.segment} /> },
            { key: "orders", header: t("column.orders"), cell: (c) => <span className="tabular-nums">{formatNumber(c.orders_count)}</span> },
            { key: "spent", header: t("column.spent"), cell: (c) => <span className="tabular-nums">{formatRupiah(c.total_spent)}</span> },
            { key: "last", header: t("column.last_order"), cell: (c) => <span className="tabular-nums">{c.last_order_time ? formatDate(c.last_order_time) : "—"}</span> },
            { key: "channels", header: t("column.channels"), cell: (c) => <span className="text-xs text-slate-600">{c.channels.join(", ") || "—"}</span> },
          ]}
        />
      )}
    </ListPage>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
