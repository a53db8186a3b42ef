/**
 * /promotions/indie-campaign (spec section 2): the platform's campaigns a seller may join — tabs
 * open for registration / joined / all with counts, search, page size and page in the URL — each
 * with its window, its terms and the business's entry. Rules: core/promotions/campaigns.ts.
 */
import { Link, redirect, useLocation } from "react-router";
import type { Route } from "./+types/list";
import type { PromotionStatusName } from "#db/schema/promotion-enums.ts";
import { campaignJson, campaignQuery, listCampaigns, type CampaignJson } from "#core/promotions/campaigns.ts";
import { formatDateTime, formatNumber } from "#core/lib/format.ts";
import { buttonClass } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { DataTable } from "#app/components/list/data-table.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { ListPage } from "#app/components/list/list-page.tsx";
import { PageSizeSelect } from "#app/components/list/page-size-select.tsx";
import { SearchBox } from "#app/components/list/search-box.tsx";
import { TabBar } from "#app/components/list/tab-bar.tsx";
import { CampaignTerms } from "#app/components/promotions/campaign-parts.tsx";
import { PromotionStatus } from "#app/components/promotions/parts.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { listHref, parseListParams } from "#app/lib/list-params.ts";
import { pageTitle } from "#app/lib/meta.ts";

const TABS = ["open", "joined", "all"] as const;

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const params = parseListParams(url, { tab: TABS });
  const q = campaignQuery.parse({ tab: params.filters.tab, search: params.search || undefined, page: Math.min(params.page, 100_000), limit: params.limit });
  const list = await listCampaigns(getScope(args.context), q);
  const totalPage = Math.ceil(list.total / q.limit);
  if (!list.rows.length && q.page > 1 && totalPage) throw redirect(url.pathname + listHref(params, { page: totalPage }));
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const rows = list.rows.map((c) => {
    const entry = list.entries.get(c.id);
    return { ...campaignJson(c, t), entry: entry ? { promotion_id: entry.promotionId, status_key: entry.status, status_name: t(`promotion:status.${entry.status}`) } : null };
  });
  return {
    title: `${t("campaign:title")} | ${t("common:app_name")}`,
    params, tabs: list.tabs, tab: q.tab,
    list: { rows, pagination: { total_page: totalPage, total_record: list.total } },
  };
}

type Row = CampaignJson & { entry: { promotion_id: number; status_key: PromotionStatusName; status_name: string } | null };

export default function CampaignList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("campaign");
  const lp = useLocalePath();
  const { pathname } = useLocation();
  const { params, tab } = loaderData;
  return (
    <ListPage<Row>
      data={loaderData}
      title={t("title")}
      intro={t("intro")}
      tabs={
        <TabBar label={t("title")} tabs={TABS.map((key) => ({
          key, label: t(`tab.${key}`), count: formatNumber(loaderData.tabs[key]), active: tab === key,
          to: pathname + listHref(params, { tab: key === "open" ? null : key, page: null }),
        }))} />
      }
      filters={<>
        {params.filters.tab ? <input type="hidden" name="tab" value={params.filters.tab} /> : null}
        <SearchBox value={params.search} placeholder={t("search")} />
        <PageSizeSelect value={params.limit} />
      </>}
      empty={<EmptyState title={t(`empty.${tab}`)} subtitle={t("empty_hint")} />}
    >
      {(rows) => (
        <DataTable<Row>
          caption={t("title")}
          rows={rows}
          rowKey={(c) => c.campaign_id}
          columns={[
            {
              key: "name", header: t("column.campaign"), primary: true,
              cell: (c) => (
                <div>
                  <Link id={`campaign-${c.campaign_id}-name`} to={lp(`/promotions/indie-campaign/${c.campaign_id}`)} className="font-medium text-brand-700 hover:underline">{c.name}</Link>
                  <span className="block text-xs text-slate-500">{c.promo_type_name} · {c.phase_name}</span>
                </div>
              ),
            },
            {
              key: "window", header: t("column.window"),
              cell: (c) => (
                <span className="tabular-nums">
                  {formatDateTime(c.starts_at)}<span className="block text-xs text-slate-500">– {formatDateTime(c.ends_at)}</span>
                  <span className="block text-xs text-slate-500">{t("registration_until", { date: formatDateTime(c.registration_ends_at) })}</span>
                </span>
              ),
            },
            { key: "terms", header: t("column.terms"), cell: (c) => <CampaignTerms c={c} /> },
            { key: "entry", header: t("column.entry"), cell: (c) => (c.entry ? <PromotionStatus p={c.entry} /> : <span className="text-sm text-slate-500">{t("not_joined")}</span>) },
            {
              key: "actions", header: t("column.actions"),
              cell: (c) => (
                <Link to={lp(`/promotions/indie-campaign/${c.campaign_id}`)} aria-describedby={`campaign-${c.campaign_id}-name`}
                  className={buttonClass(!c.entry && c.phase === "open" ? "primary" : "secondary")}>
                  {c.entry ? t("action.view_entry") : c.phase === "open" ? t("action.join") : t("action.view")}
                </Link>
              ),
            },
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
