import { useTranslation } from "~/lib/i18n-react.tsx";
import { Link, useLocation, useNavigation, useParams } from "react-router";
import type { Route } from "./+types/list";
import { ORDER_TABS, TAB_KEYS, type OrderTab } from "../../../../api/domain/order-tabs.ts";
import { GeneralErrorBoundary } from "../../../components/error-boundary.tsx";
import { DataTable, type Column } from "../../../components/list/data-table.tsx";
import { EmptyState } from "../../../components/list/empty-state.tsx";
import { FilterBar } from "../../../components/list/filter-bar.tsx";
import { PageSizeSelect } from "../../../components/list/page-size-select.tsx";
import { Pagination } from "../../../components/list/pagination.tsx";
import { SearchBox } from "../../../components/list/search-box.tsx";
import { SortSelect } from "../../../components/list/sort-select.tsx";
import { StatusBadge, type Tone } from "../../../components/list/status-badge.tsx";
import { getList, getOrThrow } from "../../../lib/api.server.ts";
import { formatDateTime, formatNumber, formatRupiah } from "../../../lib/format.ts";
import { getI18n, getLocale } from "../../../lib/i18n.server.ts";
import { localePath } from "../../../lib/i18n.ts";
import { listHref, parseListParams, type ListParams } from "../../../lib/list-params.ts";

// Orders sort by when they were placed: 1 Oldest, 2 Newest. The tab is the list's one filter.
const SORTS = [1, 2] as const;
const FILTERS = { tab: TAB_KEYS.filter((k) => k !== "all") };
type Params = ListParams<typeof FILTERS>;

type Order = {
  order_id: number;
  order_code: string;
  channel_name: string;
  customer_name: string;
  status: string;
  total_amount: number;
  time_created: number;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = parseListParams(request.url, FILTERS, SORTS);
  const ctx = { request, context };
  const [orders, counts] = await Promise.all([
    getList<Order>(ctx, "/v0.0.2/orders", {
      page: params.page, limit: params.limit, sort: params.sort, search: params.search || undefined, status: params.filters.tab,
    }),
    getOrThrow<Record<OrderTab, number>>(ctx, "/v0.0.0/orders/count", { search: params.search || undefined }),
  ]);
  const t = getI18n(context).getFixedT(getLocale(context));
  return { title: `${t("orders:title")} | ${t("common:app_name")}`, params, orders, counts: counts.data };
}

export default function OrdersList({ loaderData }: Route.ComponentProps) {
  const { params, orders, counts } = loaderData;
  const { t } = useTranslation("orders");
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const { lang } = useParams();
  const busy = navigation.state === "loading" && navigation.location.pathname === pathname;
  const { rows, pagination } = orders;
  const columns: Column<Order>[] = [
    { key: "code", header: t("table.order_code"), primary: true, cell: (o) => <span className="font-medium">{o.order_code}</span> },
    { key: "date", header: t("table.date"), cell: (o) => <span className="whitespace-nowrap tabular-nums text-slate-600">{formatDateTime(o.time_created)}</span> },
    { key: "channel", header: t("table.channel"), cell: (o) => o.channel_name },
    { key: "customer", header: t("table.customer"), cell: (o) => o.customer_name },
    { key: "status", header: t("table.status"), cell: (o) => <OrderStatus status={o.status} /> },
    { key: "total", header: t("table.total"), className: "md:text-right", cell: (o) => <span className="whitespace-nowrap tabular-nums">{formatRupiah(o.total_amount)}</span> },
  ];
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <header>
        <h1 className="text-2xl font-semibold">
          {t("title")} <span className="text-base font-normal text-slate-500">({formatNumber(counts.all)})</span>
        </h1>
        <p className="text-sm text-slate-500">{t("description")}</p>
      </header>

      <Tabs params={params} counts={counts} />

      <FilterBar resetTo={localePath(lang ?? "en", "/orders") + listHref(params, { search: null, sort: null, limit: null, page: null })}>
        {params.filters.tab ? <input type="hidden" name="tab" value={params.filters.tab} /> : null}
        <SearchBox value={params.search} placeholder={t("search_placeholder")} />
        <SortSelect value={params.sort} sorts={SORTS} />
        <PageSizeSelect value={params.limit} />
      </FilterBar>

      {rows.length === 0 ? (
        <EmptyState />
      ) : (
        <DataTable
          caption={t("table.caption", { total: formatNumber(pagination.total_record) })}
          columns={columns}
          rows={rows}
          rowKey={(o) => o.order_id}
          busy={busy}
        />
      )}

      <Pagination params={params} totalPage={pagination.total_page} totalRecord={pagination.total_record} />
    </div>
  );
}

/** Status tabs with their counts: plain links that keep the search, sort and page size. */
function Tabs({ params, counts }: { params: Params; counts: Record<OrderTab, number> }) {
  const { t } = useTranslation("orders");
  const current = params.filters.tab ?? "all";
  return (
    <nav aria-label={t("tabs_label")} className="-mx-4 overflow-x-auto px-4 lg:mx-0 lg:px-0">
      <ul className="flex min-w-max gap-1 border-b border-slate-200">
        {TAB_KEYS.map((tab) => {
          const active = tab === current;
          return (
            <li key={tab}>
              <Link
                to={{ search: listHref(params, { tab: tab === "all" ? null : tab, page: null }) }}
                aria-current={active ? "page" : undefined}
                className={`-mb-px flex items-center gap-2 whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${
                  active ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
                }`}
              >
                {t(`tabs.${tab}`)}
                <span className={`rounded-full px-2 py-0.5 text-xs tabular-nums ${active ? "bg-brand-100 text-brand-700" : "bg-slate-100 text-slate-600"}`}>
                  {formatNumber(counts[tab])}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

// The badge's tone follows the status's tab, so a glance tells the stage.
const TAB_OF = new Map<string, string>(Object.entries(ORDER_TABS).flatMap(([tab, statuses]) => statuses.map((s) => [s, tab])));
const TONE: Record<string, Tone> = {
  "waiting-payment": "warning",
  "waiting-approval": "warning",
  process: "info",
  delivered: "info",
  successful: "success",
  finished: "success",
  cancelled: "neutral",
  returned: "danger",
};

function OrderStatus({ status }: { status: string }) {
  const { t } = useTranslation("orders");
  const tab = TAB_OF.get(status);
  return <StatusBadge tone={tab ? TONE[tab] : "neutral"}>{tab ? t(`status.${status}`) : t("common:states.unknown")}</StatusBadge>;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
