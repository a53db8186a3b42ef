/**
 * /promotions/detail/:slug: one promotion — its status (and, In Moderation, when a demo approval
 * comes), the actions its status allows, its performance (orders, units, revenue, discount given,
 * cost per order, orders a day against the week before), what it gives and to what, and the
 * orders that got it, each linking to its order page. Rules: core/promotions/read.ts.
 */
import { Link, useLocation } from "react-router";
import type { Route } from "./+types/detail";
import { promotionDetail } from "#core/promotions/read.ts";
import { NotFound } from "#core/errors.ts";
import { formatDateTime, formatNumber, formatRupiah } from "#core/lib/format.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { Figure } from "#app/components/figure.tsx";
import { ConfirmPanel } from "#app/components/list/confirm-dialog.tsx";
import { DataTable } from "#app/components/list/data-table.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { SectionCard } from "#app/components/section-card.tsx";
import { benefitText, PromotionActions, PromotionStatus, Schedule, Usage } from "#app/components/promotions/parts.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { confirmAsked } from "#app/lib/confirm.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { promotionPageAction } from "#app/lib/promotion-actions.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const id = Number(args.params.slug);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw new NotFound("promotion:errors.not_found");
  const p = await promotionDetail(getScope(args.context), id);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const asked = confirmAsked(new URL(args.request.url));
  return {
    title: `${p.name} | ${t("promotion:title")} | ${t("common:app_name")}`,
    p,
    confirm: asked && (asked.intent === "cancel" || asked.intent === "stop") && p.actions.includes(asked.intent) ? asked.intent : null,
  };
}

export const action = promotionPageAction;


export default function PromotionDetailPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("promotion");
  const lp = useLocalePath();
  const { pathname } = useLocation();
  const { p, confirm } = loaderData;
  const perf = p.performance;
  const targets = ([["products", "product_ids"], ["variants", "variant_ids"], ["brands", "brand_ids"], ["categories", "category_ids"], ["channels", "channel_ids"], ["stores", "store_ids"]] as const)
    .filter(([k]) => p.targets[k].length);
  return (
    <div className="space-y-4">
      <Link to={lp("/promotions/listing")} className="text-sm font-medium text-brand-700 hover:underline">← {t("title")}</Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 id={`promotion-${p.promotion_id}-name`} className="text-xl font-semibold text-slate-900">{p.name}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <PromotionStatus p={p} /> <span>{p.type_name} · {p.promo_type_name}{p.code ? ` · ${p.code}` : ""}</span>
          </p>
          {p.status_key === "in_moderation" ? (
            <p className="mt-2 text-sm text-amber-800">{t("hint.moderation")} {p.auto_approve_at ? t("hint.auto_approve", { time: formatDateTime(p.auto_approve_at) }) : null}</p>
          ) : null}
          {p.status_note ? <p className="mt-2 text-sm text-slate-700">{t("detail.note")}: {p.status_note}</p> : null}
        </div>
        <PromotionActions p={p} detail={false} />
      </div>
      {confirm ? (
        <ConfirmPanel text={{ title: t(`action.${confirm}`), body: t(`confirm.${confirm}`), confirmLabel: t(`action.${confirm}`), tone: "danger" }}
          fields={{ intent: confirm, promotion_id: p.promotion_id }} cancelTo={pathname} />
      ) : null}

      <section aria-labelledby="perf" className="space-y-2">
        <h2 id="perf" className="text-base font-semibold text-slate-900">{t("detail.performance")}</h2>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6">
          <Figure label={t("detail.orders")} value={formatNumber(perf.orders)} />
          <Figure label={t("detail.units")} value={formatNumber(perf.units)} />
          <Figure label={t("detail.revenue")} value={formatRupiah(perf.revenue)} />
          <Figure label={t("detail.discount")} value={formatRupiah(perf.discount)} />
          <Figure label={t("detail.cost_per_order")} value={formatRupiah(perf.cost_per_order)} />
          <Figure label={t("detail.uplift")}
            value={perf.uplift_percent === null ? "–" : `${perf.uplift_percent > 0 ? "+" : ""}${perf.uplift_percent}%`}
            note={perf.orders_per_day === null ? t("detail.uplift_none") : `${formatNumber(perf.orders_per_day)} / ${formatNumber(perf.orders_per_day_before)}`} />
        </div>
      </section>

      <SectionCard title={t("detail.settings")}>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div><dt className="text-slate-500">{t("list.benefit")}</dt><dd className="text-slate-900">{benefitText(p, t)}{p.gift ? ` · ${p.gift.name} (${p.gift.sku})` : ""}</dd></div>
          <div><dt className="text-slate-500">{t("list.schedule")}</dt><dd className="text-slate-900"><Schedule p={p} /></dd></div>
          <div><dt className="text-slate-500">{t("list.usage")}</dt><dd className="text-slate-900"><Usage p={p} /></dd></div>
          <div><dt className="text-slate-500">{t("field.per_buyer")}</dt><dd className="text-slate-900">{p.per_buyer ?? t("field.unlimited")}</dd></div>
          <div className="sm:col-span-2">
            <dt className="text-slate-500">{t("detail.targets")}</dt>
            <dd className="text-slate-900">
              {targets.length ? targets.map(([k, field]) => (
                <p key={k}><span className="text-slate-500">{t(`field.${field}`)}:</span> {p.targets[k].map((x) => x.name).join(", ")}</p>
              )) : t("field.all_products")}
            </dd>
          </div>
        </dl>
      </SectionCard>

      <section aria-labelledby="used-by" className="space-y-2">
        <h2 id="used-by" className="text-base font-semibold text-slate-900">{t("detail.orders_list")}</h2>
        {p.orders.length ? (
          <DataTable caption={t("detail.orders_list")} rows={p.orders} rowKey={(o) => o.order_id} columns={[
            { key: "order", header: t("detail.order"), primary: true, cell: (o) => <Link to={lp(`/orders/${o.order_id}`)} className="font-medium text-brand-700 hover:underline">{o.order_code}</Link> },
            { key: "time", header: t("detail.placed"), cell: (o) => formatDateTime(o.time_created) },
            { key: "total", header: t("detail.revenue"), cell: (o) => formatRupiah(o.total) },
            { key: "amount", header: t("detail.amount"), cell: (o) => formatRupiah(o.amount) },
          ]} />
        ) : <EmptyState title={t("detail.no_orders")} subtitle={t("detail.no_orders_hint")} />}
      </section>
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
