/**
 * /promotions/indie-ads/:id: one ad — its state and the moves its status allows (pause, resume;
 * end asks first, with or without JavaScript), its totals (impressions, clicks, CTR, spend, cost
 * per click) and today's against the daily budget, its settings (products, placements, keywords,
 * schedule, bid) and its days as the channel reported them (newest first, the last 90 with
 * activity). Rules: core/promotions/ads.ts.
 */
import { Link, useLocation } from "react-router";
import type { Route } from "./+types/detail";
import { adDetail } from "#core/promotions/ads.ts";
import { NotFound } from "#core/errors.ts";
import { formatDate, formatDateTime, formatNumber, formatRupiah } from "#core/lib/format.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { Figure } from "#app/components/figure.tsx";
import { AdActions, AdStateBadge, ctrText, DepositBar, moneyOrDash } from "#app/components/ads/parts.tsx";
import { ConfirmPanel } from "#app/components/list/confirm-dialog.tsx";
import { DataTable } from "#app/components/list/data-table.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { SectionCard } from "#app/components/section-card.tsx";
import { adPageAction } from "#app/lib/promotion-actions.server.ts";
import { can, getScope } from "#app/lib/auth.server.ts";
import { confirmAsked } from "#app/lib/confirm.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const raw = args.params.id;
  const id = Number(raw);
  if (!/^\d{1,10}$/.test(raw ?? "") || !Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw new NotFound("ads:errors.not_found");
  const ad = await adDetail(getScope(args.context), id);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const asked = confirmAsked(new URL(args.request.url), "end");
  return {
    title: `${ad.name} | ${t("ads:title")} | ${t("common:app_name")}`,
    ad, canTopUp: can(args.context, "balance"),
    confirm: asked !== null && ad.actions.includes("end"),
  };
}

export const action = adPageAction;


function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return <div className="min-w-0"><dt className="text-slate-500">{label}</dt><dd className="break-words text-slate-900">{children}</dd></div>;
}

export default function AdDetailPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("ads");
  const lp = useLocalePath();
  const { pathname } = useLocation();
  const { ad, confirm } = loaderData;
  return (
    <div className="space-y-4">
      <Link to={lp("/promotions/indie-ads")} className="text-sm font-medium text-brand-700 hover:underline">← {t("title")}</Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 id={`ad-${ad.ad_id}-name`} className="break-words text-xl font-semibold text-slate-900">{ad.name}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <AdStateBadge ad={ad} /> <span>{t(`state_hint.${ad.state}`)}</span>
          </p>
        </div>
        <AdActions ad={ad} detail={false} />
      </div>
      {confirm ? (
        <ConfirmPanel text={{ title: t("action.end"), body: t("confirm.end", { name: ad.name }), confirmLabel: t("action.end"), tone: "danger" }}
          fields={{ intent: "end", ad_id: ad.ad_id }} cancelTo={pathname} />
      ) : null}
      {ad.state === "deposit_empty" ? <DepositBar balance={ad.deposit_balance} canTopUp={loaderData.canTopUp} low /> : null}

      <section aria-labelledby="ad-totals" className="space-y-2">
        <h2 id="ad-totals" className="text-base font-semibold text-slate-900">{t("detail.totals")}</h2>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6">
          <Figure label={t("list.impressions")} value={formatNumber(ad.impressions)} />
          <Figure label={t("list.clicks")} value={formatNumber(ad.clicks)} />
          <Figure label={t("list.ctr")} value={ctrText(ad.ctr)} />
          <Figure label={t("list.spent")} value={formatRupiah(ad.spent)} testId="ad-spent" />
          <Figure label={t("detail.cost_per_click")} value={moneyOrDash(ad.cost_per_click)} />
          <Figure label={t("detail.today")} value={formatRupiah(ad.today.spent)} note={t("list.of_budget", { budget: formatRupiah(ad.daily_budget) })} />
        </div>
      </section>

      <SectionCard title={t("detail.settings")}>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <Row label={t("field.daily_budget")}>{formatRupiah(ad.daily_budget)}</Row>
          <Row label={t("field.bid_per_click")}>{formatRupiah(ad.bid_per_click)}</Row>
          <Row label={t("field.placements")}>{ad.placement_names.join(", ")}</Row>
          <Row label={t("field.keywords")}>{ad.keywords.length ? ad.keywords.join(", ") : "–"}</Row>
          <Row label={t("detail.schedule")}>
            <span className="tabular-nums">{formatDateTime(ad.starts_at)} – {ad.ends_at ? formatDateTime(ad.ends_at) : t("detail.no_end")}</span>
          </Row>
          <Row label={t("form.products")}>{ad.products.map((p) => `${p.name} (${p.sku})`).join(", ") || "–"}</Row>
        </dl>
      </SectionCard>

      <section aria-labelledby="ad-days" className="space-y-2">
        <h2 id="ad-days" className="text-base font-semibold text-slate-900">{t("detail.days")}</h2>
        {ad.days.length ? (
          <DataTable caption={t("detail.days")} rows={ad.days} rowKey={(d) => d.day} columns={[
            { key: "day", header: t("detail.day"), primary: true, cell: (d) => <span className="tabular-nums">{formatDate(Date.parse(`${d.day}T00:00:00+07:00`) / 1000)}</span> },
            { key: "impressions", header: t("list.impressions"), cell: (d) => <span className="tabular-nums">{formatNumber(d.impressions)}</span> },
            { key: "clicks", header: t("list.clicks"), cell: (d) => <span className="tabular-nums">{formatNumber(d.clicks)}</span> },
            { key: "ctr", header: t("list.ctr"), cell: (d) => <span className="tabular-nums">{ctrText(d.ctr)}</span> },
            { key: "spent", header: t("list.spent"), cell: (d) => <span className="tabular-nums">{formatRupiah(d.spent)}</span> },
            { key: "cpc", header: t("detail.cost_per_click"), cell: (d) => <span className="tabular-nums">{moneyOrDash(d.cost_per_click)}</span> },
          ]} />
        ) : <EmptyState title={t("detail.no_days")} subtitle={t("detail.no_days_hint")} />}
      </section>
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
