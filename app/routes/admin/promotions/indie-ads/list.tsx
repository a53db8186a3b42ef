/**
 * /promotions/indie-ads (spec section 2): the business's Indie ads — the deposit they are paid
 * from (with the way to top it up), tabs per state with counts, search by name, page size and
 * page, all in the URL; each ad with its state, daily budget, today's spend, impressions, clicks,
 * CTR and total spend, and the moves its status allows (pause, resume; end asks first, with or
 * without JavaScript). Rules: core/promotions/ads.ts.
 */
import { Link, redirect, useLocation } from "react-router";
import type { Route } from "./+types/list";
import { adQuery, listAds, type AdJson } from "#core/promotions/ads.ts";
import { AD_TABS } from "#core/promotions/ad-options.ts";
import { formatNumber, formatRupiah } from "#core/lib/format.ts";
import { buttonClass } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { AdActions, AdStateBadge, ctrText, DepositBar } from "#app/components/ads/parts.tsx";
import { ConfirmPanel } from "#app/components/list/confirm-dialog.tsx";
import { DataTable } from "#app/components/list/data-table.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { FilterBar } from "#app/components/list/filter-bar.tsx";
import { PageSizeSelect } from "#app/components/list/page-size-select.tsx";
import { Pagination } from "#app/components/list/pagination.tsx";
import { SearchBox } from "#app/components/list/search-box.tsx";
import { TabBar } from "#app/components/list/tab-bar.tsx";
import { adPageAction } from "#app/lib/promotion-actions.server.ts";
import { can, getScope } from "#app/lib/auth.server.ts";
import { confirmAsked } from "#app/lib/confirm.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { listHref, parseListParams } from "#app/lib/list-params.ts";
import { pageTitle } from "#app/lib/meta.ts";

const FILTERS = { tab: AD_TABS };

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const params = parseListParams(url, FILTERS);
  const q = adQuery.parse({ tab: params.filters.tab, search: params.search || undefined, page: Math.min(params.page, 100_000), limit: params.limit });
  const list = await listAds(getScope(args.context), q);
  const totalPage = Math.ceil(list.total / q.limit);
  if (!list.rows.length && q.page > 1 && totalPage) throw redirect(url.pathname + listHref(params, { page: totalPage }));
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const asked = confirmAsked(url, "end");
  const confirming = asked ? list.rows.find((r) => String(r.ad_id) === asked.fields.ad_id && r.actions.includes("end")) : undefined;
  return {
    title: `${t("ads:title")} | ${t("common:app_name")}`,
    params, rows: list.rows, tabs: list.tabs, total: list.total, totalPage,
    deposit: list.deposit_balance, canTopUp: can(args.context, "balance"),
    confirm: confirming ? { ad_id: confirming.ad_id, name: confirming.name } : null,
  };
}

export const action = adPageAction;

export default function AdList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("ads");
  const lp = useLocalePath();
  const { pathname } = useLocation();
  const { params, confirm, tabs } = loaderData;
  const tab = params.filters.tab ?? "all";
  const create = <Link to={lp("/promotions/indie-ads/create")} className={buttonClass("primary")}>{t("create")}</Link>;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold text-slate-900">{t("title")}</h1>
          <p className="text-sm text-slate-600">{t("subtitle")}</p>
        </div>
        {create}
      </div>
      <DepositBar balance={loaderData.deposit} canTopUp={loaderData.canTopUp} low={tabs.deposit_empty > 0} />
      <TabBar label={t("list.tabs")} tabs={AD_TABS.map((key) => ({
        key, label: t(`state.${key}`), count: formatNumber(tabs[key]), active: tab === key,
        to: pathname + listHref(params, { tab: key === "all" ? null : key, page: null }),
      }))} />
      <FilterBar resetTo={pathname}>
        {params.filters.tab ? <input type="hidden" name="tab" value={params.filters.tab} /> : null}
        <SearchBox value={params.search} placeholder={t("list.search")} />
        <PageSizeSelect value={params.limit} />
      </FilterBar>
      {confirm ? (
        <ConfirmPanel text={{ title: `${t("action.end")}: ${confirm.name}`, body: t("confirm.end", { name: confirm.name }), confirmLabel: t("action.end"), tone: "danger" }}
          fields={{ intent: "end", ad_id: confirm.ad_id }} cancelTo={pathname + listHref(params)} />
      ) : null}
      {loaderData.rows.length ? (
        <DataTable<AdJson>
          caption={t("title")}
          rows={loaderData.rows}
          rowKey={(a) => a.ad_id}
          columns={[
            {
              key: "name", header: t("field.name"), primary: true,
              cell: (a) => (
                <div className="min-w-0">
                  <a id={`ad-${a.ad_id}-name`} href={lp(`/promotions/indie-ads/${a.ad_id}`)} className="font-medium text-brand-700 hover:underline">{a.name}</a>
                  <span className="block text-xs text-slate-500">{a.placement_names.join(" · ")}</span>
                </div>
              ),
            },
            { key: "state", header: t("list.state"), cell: (a) => <AdStateBadge ad={a} /> },
            {
              key: "budget", header: t("list.budget_today"),
              cell: (a) => <span className="tabular-nums">{formatRupiah(a.today.spent)}<span className="block text-xs text-slate-500">{t("list.of_budget", { budget: formatRupiah(a.daily_budget) })}</span></span>,
            },
            { key: "impressions", header: t("list.impressions"), cell: (a) => <span className="tabular-nums">{formatNumber(a.impressions)}</span> },
            { key: "clicks", header: t("list.clicks"), cell: (a) => <span className="tabular-nums">{formatNumber(a.clicks)}</span> },
            { key: "ctr", header: t("list.ctr"), cell: (a) => <span className="tabular-nums">{ctrText(a.ctr)}</span> },
            { key: "spent", header: t("list.spent"), cell: (a) => <span className="tabular-nums">{formatRupiah(a.spent)}</span> },
            { key: "actions", header: t("list.actions"), cell: (a) => <AdActions ad={a} detail={false} /> },
          ]}
        />
      ) : params.search || tab !== "all" ? (
        <EmptyState title={t("list.none_here")} subtitle={t("list.none_here_hint")} />
      ) : (
        <EmptyState title={t("list.empty")} subtitle={t("list.empty_hint")} action={create} />
      )}
      <Pagination params={params} totalPage={loaderData.totalPage} totalRecord={loaderData.total} />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
