/**
 * /promotions/listing and /promotions/:slug/listing (spec section 2; the slug is `brand-<id>` or
 * `channel-<id>`: the promotions reaching that brand or channel): tabs per status with counts,
 * kind and type filters, search (name or voucher code), page size and page — all in the URL — and
 * each promotion's schedule, benefit, usage and the actions its status allows (cancel and stop ask
 * first, with or without JavaScript). Rules: core/promotions/read.ts and promotions.ts.
 */
import { Link, redirect, useLocation } from "react-router";
import type { Route } from "./+types/list";
import { PROMOTION_KINDS, PROMOTION_STATUS_NAMES, PROMOTION_TYPES } from "#db/schema/promotion-enums.ts";
import { listPromotions, promotionChoices, promotionQuery, type PromotionJson } from "#core/promotions/read.ts";
import { formatNumber } from "#core/lib/format.ts";
import { buttonClass } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { ConfirmPanel } from "#app/components/list/confirm-dialog.tsx";
import { DataTable } from "#app/components/list/data-table.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { FilterBar, FilterSelect } from "#app/components/list/filter-bar.tsx";
import { PageSizeSelect } from "#app/components/list/page-size-select.tsx";
import { Pagination } from "#app/components/list/pagination.tsx";
import { SearchBox } from "#app/components/list/search-box.tsx";
import { TabBar } from "#app/components/list/tab-bar.tsx";
import { benefitText, PromotionActions, PromotionStatus, Schedule, Usage } from "#app/components/promotions/parts.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { confirmAsked } from "#app/lib/confirm.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { listHref, parseListParams } from "#app/lib/list-params.ts";
import { promotionPageAction } from "#app/lib/promotion-actions.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

const TABS = ["all", ...PROMOTION_STATUS_NAMES] as const;
const FILTERS = { tab: TABS, kind: PROMOTION_KINDS, promo_type: PROMOTION_TYPES };

export async function loader(args: Route.LoaderArgs) {
  const scope = getScope(args.context);
  const url = new URL(args.request.url);
  const params = parseListParams(url, FILTERS);
  const slug = args.params.slug && /^(brand|channel)-\d{1,9}$/.test(args.params.slug) ? args.params.slug : undefined;
  const q = promotionQuery.parse({ ...params.filters, search: params.search || undefined, slug, page: Math.min(params.page, 100_000), limit: params.limit });
  const [list, choices] = await Promise.all([listPromotions(scope, q), slug ? promotionChoices(scope) : null]);
  const totalPage = Math.ceil(list.total / q.limit);
  if (!list.rows.length && q.page > 1 && totalPage) throw redirect(url.pathname + listHref(params, { page: totalPage }));
  const [kind, id] = slug?.split("-") ?? [];
  const slugName = choices ? (kind === "brand" ? choices.brands : choices.channels).find((x) => x.id === Number(id))?.name ?? null : null;
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const asked = confirmAsked(url);
  const confirming = asked && (asked.intent === "cancel" || asked.intent === "stop") ? list.rows.find((r) => String(r.promotion_id) === asked.fields.promotion_id) : undefined;
  return {
    title: `${t("promotion:title")} | ${t("common:app_name")}`,
    params, rows: list.rows, tabs: list.tabs, total: list.total, totalPage, slugName,
    confirm: confirming && asked ? { intent: asked.intent as "cancel" | "stop", promotion_id: confirming.promotion_id, name: confirming.name } : null,
  };
}

export const action = promotionPageAction;

export default function PromotionList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("promotion");
  const lp = useLocalePath();
  const { pathname } = useLocation();
  const { params, confirm } = loaderData;
  const tab = params.filters.tab ?? "all";
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold text-slate-900">{loaderData.slugName ? t("list.for_slug", { name: loaderData.slugName }) : t("title")}</h1>
          <p className="text-sm text-slate-600">{t("subtitle")}</p>
        </div>
        <Link to={lp("/promotions/create")} className={buttonClass("primary")}>{t("create")}</Link>
      </div>
      <TabBar label={t("title")} tabs={TABS.map((key) => ({
        key, label: t(`status.${key}`), count: formatNumber(loaderData.tabs[key]), active: tab === key,
        to: pathname + listHref(params, { tab: key === "all" ? null : key, page: null }),
      }))} />
      <FilterBar resetTo={pathname}>
        {params.filters.tab ? <input type="hidden" name="tab" value={params.filters.tab} /> : null}
        <SearchBox value={params.search} placeholder={t("list.search")} />
        <FilterSelect name="kind" label={t("field.kind")} value={params.filters.kind} allLabel={t("list.all_kinds")}
          options={PROMOTION_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))} />
        <FilterSelect name="promo_type" label={t("field.promo_type")} value={params.filters.promo_type} allLabel={t("list.all_types")}
          options={PROMOTION_TYPES.map((k) => ({ value: k, label: t(`promo_type.${k}`) }))} />
        <PageSizeSelect value={params.limit} />
      </FilterBar>
      {confirm ? (
        <ConfirmPanel text={{ title: `${t(`action.${confirm.intent}`)}: ${confirm.name}`, body: t(`confirm.${confirm.intent}`), confirmLabel: t(`action.${confirm.intent}`), tone: "danger" }}
          fields={{ intent: confirm.intent, promotion_id: confirm.promotion_id }} cancelTo={pathname + listHref(params)} />
      ) : null}
      {loaderData.rows.length ? (
        <DataTable<PromotionJson>
          caption={t("title")}
          rows={loaderData.rows}
          rowKey={(p) => p.promotion_id}
          columns={[
            {
              key: "name", header: t("field.name"), primary: true,
              cell: (p) => (
                <div>
                  <Link id={`promotion-${p.promotion_id}-name`} to={lp(`/promotions/detail/${p.promotion_id}`)} className="font-medium text-brand-700 hover:underline">{p.name}</Link>
                  <span className="block text-xs text-slate-500">{p.type_name} · {p.promo_type_name}{p.code ? ` · ${p.code}` : ""}</span>
                </div>
              ),
            },
            { key: "status", header: t("list.status"), cell: (p) => <PromotionStatus p={p} /> },
            { key: "benefit", header: t("list.benefit"), cell: (p) => benefitText(p, t) },
            { key: "schedule", header: t("list.schedule"), cell: (p) => <Schedule p={p} /> },
            { key: "usage", header: t("list.usage"), cell: (p) => <Usage p={p} /> },
            { key: "actions", header: t("list.actions"), cell: (p) => <PromotionActions p={p} detail={false} /> },
          ]}
        />
      ) : (
        <EmptyState title={t("list.empty")} subtitle={t("list.empty_hint")}
          action={<Link to={lp("/promotions/create")} className={buttonClass("primary")}>{t("create")}</Link>} />
      )}
      <Pagination params={params} totalPage={loaderData.totalPage} totalRecord={loaderData.total} />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
