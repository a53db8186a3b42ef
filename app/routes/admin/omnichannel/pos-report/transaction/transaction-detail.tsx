/**
 * /omnichannel/pos-report/transaction/transaction-detail (spec 2 Omnichannel, POS reports →
 * transaction): one order's settlement — gross, store fee, channel commission (its rate),
 * shipping subsidy, adjustments, net, points, held or released and when — found by its order ID
 * (`?order=INV/…` or the order's number; a GET form, works without JavaScript) and linking to the
 * order. core/money/income.ts findSettledOrder + orderSettlement, privilege omnichannel.
 */
import { Form, Link } from "react-router";
import type { Route } from "./+types/transaction-detail";
import { findSettledOrder, orderSettlement } from "#core/money/income.ts";
import { percentText } from "#core/profile/store-fees-money.ts";
import { formatDateTime, formatNumber } from "#core/lib/format.ts";
import { buttonClass, inputClass } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { ListHeader } from "#app/components/list/list-header.tsx";
import { rp, SettlementStatus } from "#app/components/income/parts.tsx";
import { TransactionTabs } from "#app/components/income/transaction-tabs.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const scope = getScope(args.context);
  const url = new URL(args.request.url);
  const order = (url.searchParams.get("order") ?? "").trim().slice(0, 100);
  const orderId = order ? await findSettledOrder(scope, order, "omnichannel") : null;
  const settlement = orderId ? await orderSettlement(scope, orderId, "omnichannel") : null;
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${t("income:omni.detail_title")} | ${t("common:app_name")}`, order, settlement };
}

export default function TransactionDetail({ loaderData }: Route.ComponentProps) {
  const { order, settlement: s } = loaderData;
  const { t } = useTranslation("income");
  const lp = useLocalePath();
  const line = (label: string, value: string, strong = false) => (
    <div className="flex justify-between gap-4 py-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className={`tabular-nums ${strong ? "font-semibold text-slate-900" : ""}`}>{value}</dd>
    </div>
  );
  return (
    <div className="space-y-4">
      <TransactionTabs active="detail" />
      <ListHeader title={t("omni.detail_title")} intro={t("omni.detail_intro")} />
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3">
        <div className="min-w-[14rem] flex-1">
          <label htmlFor="order" className="mb-1 block text-xs font-medium text-slate-600">{t("omni.detail_search")}</label>
          <input id="order" name="order" type="search" key={order} defaultValue={order} className={inputClass} placeholder="INV/…" />
        </div>
        <button type="submit" className={buttonClass("primary")}>{t("omni.detail_find")}</button>
      </Form>
      {s ? (
        <section className="rounded-lg border border-slate-200 bg-white p-4">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h2 className="font-mono text-base font-semibold text-slate-900">{s.order_code}</h2>
              <p className="text-sm text-slate-600">{s.channel.name}{s.store ? ` · ${s.store.name}` : ""} · {formatDateTime(s.finished_at)}</p>
            </div>
            <div className="text-right"><SettlementStatus s={s} /></div>
          </div>
          <h3 className="mt-4 text-sm font-semibold text-slate-900">{t("omni.breakdown")}</h3>
          <dl className="mt-1 divide-y divide-slate-100 text-sm">
            {line(t("column.gross"), rp(s.gross))}
            {line(t("column.store_fee"), `−${rp(s.store_fee)}`)}
            {line(t("omni.commission_rate", { rate: `${percentText(s.commission_bp)}%` }), `−${rp(s.commission)}`)}
            {line(t("column.shipping"), `−${rp(s.shipping_subsidy)}`)}
            {s.cashback ? line(t("column.cashback"), `−${rp(s.cashback)}`) : null}
            {s.adjustment ? line(t("column.adjustment"), `${s.adjustment > 0 ? "+" : "−"}${rp(Math.abs(s.adjustment))}`) : null}
            {line(t("column.net"), rp(s.net), true)}
            {line(t("omni.points_earned"), formatNumber(s.points))}
          </dl>
          <Link to={lp(s.order_link)} className="mt-3 inline-block text-sm font-medium text-brand-700 underline">{t("omni.open_order")}</Link>
        </section>
      ) : order ? <EmptyState title={t("omni.detail_none")} /> : <EmptyState title={t("omni.detail_prompt")} />}
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
