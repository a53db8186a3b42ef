import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import {
  balanceFigures, orderFigures, productFigures, promotionFigures, transactionFigures, type BalanceFigures, type OrderFigures, type ProductFigures,
  type PromotionFigures, type TransactionFigures,
} from "#core/dashboard/figures.ts";
// Browser-safe: where each balance card links.
import { BALANCE_CARDS } from "#core/money/balance-pages.ts";
import { formatDateTime, formatNumber, formatRupiah } from "#core/lib/format.ts";
import { getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { pageTitle } from "#app/lib/meta.ts";

type Day = TransactionFigures["days"][number];

/**
 * The same figures as GET /dashboard/order, /dashboard/transaction and /dashboard/product, and the
 * balances (GET /balances) for a member who holds "balance" (null: no panel), and the running and
 * upcoming promotions (GET /dashboard/promotion/ongoing, /upcoming) for one who holds "promotion".
 */
export async function loader({ context }: Route.LoaderArgs) {
  const scope = getScope(context);
  const [orders, transactions, products, balances, promotions] = await Promise.all([
    orderFigures(scope), transactionFigures(scope), productFigures(scope), balanceFigures(scope), promotionFigures(scope),
  ]);
  const t = getI18n(context).getFixedT(getLocale(context));
  return { title: `${t("dashboard:title")} | ${t("common:app_name")}`, orders, transactions, products, balances, promotions };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { orders, transactions, products, balances, promotions } = loaderData;
  const { t } = useTranslation("dashboard");
  const { today, yesterday } = transactions;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="text-sm text-slate-500">{t("subtitle", { date: dmy(today.date) })}</p>
      </header>

      <section aria-label={t("today_label")} className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <Stat label={t("sales_today")} value={formatRupiah(today.sales)} wide>
          <Change today={today.sales} yesterday={yesterday.sales} />
          <span>{t("yesterday", { value: formatRupiah(yesterday.sales) })}</span>
        </Stat>
        <Stat label={t("orders_today")} value={formatNumber(today.orders)} wide>
          <span>{t("orders_in_sales", { n: formatNumber(today.sales_orders) })}</span>
          <span>{t("yesterday", { value: formatNumber(yesterday.orders) })}</span>
        </Stat>
        <Stat label={t("products")} value={formatNumber(products.total)}>
          <span>{t("products_published", { n: formatNumber(products.statuses.published) })}</span>
        </Stat>
        <Stat label={t("low_stock")} value={formatNumber(products.low_stock)} tone={products.low_stock > 0 ? "warn" : "normal"}>
          <span>{t("out_of_stock", { n: formatNumber(products.out_of_stock) })}</span>
        </Stat>
      </section>

      {balances ? <BalancesPanel balances={balances} /> : null}

      <OrderStages orders={orders} />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <SalesChart days={transactions.days} />
        <LowStock products={products} />
      </div>

      {promotions ? (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <PromotionsPanel which="on_going" rows={promotions.on_going} />
          <PromotionsPanel which="upcoming" rows={promotions.upcoming} />
        </div>
      ) : null}
    </div>
  );
}

/** Running or upcoming promotions, the next to end or start first; each opens its page. */
function PromotionsPanel({ which, rows }: { which: "on_going" | "upcoming"; rows: NonNullable<PromotionFigures>["upcoming"] }) {
  const { t } = useTranslation("promotion");
  const lang = useLocale();
  return (
    <section aria-labelledby={`promotions-${which}`} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={`promotions-${which}`} className="mb-3 text-lg font-semibold">
        <Link to={localePath(lang, `/promotions/listing?tab=${which}`)} className="hover:underline">{t(`dashboard.${which}`)}</Link>
      </h2>
      {rows.length ? (
        <ul className="divide-y divide-slate-100 text-sm">
          {rows.map((p) => (
            <li key={p.promotion_id} className="flex items-center justify-between gap-3 py-2">
              <Link to={localePath(lang, `/promotions/detail/${p.promotion_id}`)} className="min-w-0 truncate font-medium text-brand-700 hover:underline">{p.name}</Link>
              <span className="shrink-0 text-xs text-slate-500">
                {which === "on_going" ? t("dashboard.ends", { time: formatDateTime(p.ends_at) }) : t("dashboard.starts", { time: formatDateTime(p.starts_at) })}
              </span>
            </li>
          ))}
        </ul>
      ) : <p className="text-sm text-slate-500">{t(which === "on_going" ? "dashboard.none_on_going" : "dashboard.none_upcoming")}</p>}
    </section>
  );
}

function Stat({ label, value, tone = "normal", wide, children }: {
  label: string; value: string; tone?: "normal" | "warn"; wide?: boolean; children?: React.ReactNode;
}) {
  return (
    <div className={`rounded-lg border border-slate-200 bg-white p-4 shadow-sm ${wide ? "col-span-2 sm:col-span-1" : ""}`}>
      <p className="text-sm font-medium text-slate-500">{label}</p>
      <p className={`mt-1 text-2xl font-semibold tabular-nums ${tone === "warn" ? "text-amber-700" : "text-slate-900"}`}>{value}</p>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">{children}</div>
    </div>
  );
}

/** Today against yesterday as a percentage; nothing to compare with when yesterday sold nothing. */
function Change({ today, yesterday }: { today: number; yesterday: number }) {
  const { t } = useTranslation("dashboard");
  if (yesterday === 0) return null;
  const pct = Math.round(((today - yesterday) / yesterday) * 100);
  const up = pct >= 0;
  return (
    <span className={`rounded px-1.5 py-0.5 font-medium ${up ? "bg-green-50 text-green-700" : "bg-red-50 text-red-700"}`}>
      <span aria-hidden>{up ? "▲" : "▼"} </span>
      {t(up ? "change_up" : "change_down", { pct: Math.abs(pct) })}
    </span>
  );
}

/** Saldo, deposit (a debt said so), income on hold, withdrawals in progress and points: each card opens its page. */
function BalancesPanel({ balances }: { balances: NonNullable<BalanceFigures> }) {
  const { t } = useTranslation("money");
  const lang = useLocale();
  const pathOf = (key: string) => BALANCE_CARDS.find((c) => c.key === key)?.path ?? "/income-balance";
  return (
    <section aria-labelledby="balances" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="balances" className="text-lg font-semibold">{t("balances.title")}</h2>
      <p className="mb-3 text-xs text-slate-500">{t("balances.hint")}</p>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
        {balances.balances.map((b) => {
          const debt = b.key === "deposit" && b.amount < 0;
          return (
            <li key={b.key}>
              <Link
                to={localePath(lang, pathOf(b.key))}
                className="block h-full rounded-md border border-slate-200 p-3 hover:border-brand-500 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                <span className="block text-xs text-slate-600">{b.name}</span>
                <span className={`block text-lg font-semibold tabular-nums ${debt ? "text-red-700" : ""}`}>
                  {b.unit === "point" ? formatNumber(b.amount) : formatRupiah(b.amount)}
                </span>
                {debt ? <span className="block text-xs text-red-700">{t("balances.debt", { amount: formatRupiah(-b.amount) })}</span> : null}
                {b.key === "points" ? <span className="block text-xs text-slate-500">{t("balances.points_value", { amount: formatRupiah(balances.points_value) })}</span> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function OrderStages({ orders }: { orders: OrderFigures }) {
  const { t } = useTranslation("dashboard");
  const lang = useLocale();
  return (
    <section aria-labelledby="order-stages" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="mb-3 flex items-baseline justify-between gap-2">
        <h2 id="order-stages" className="text-lg font-semibold">{t("orders_title", { n: formatNumber(orders.total) })}</h2>
        <Link to={localePath(lang, "/orders")} className="text-sm font-medium text-brand-600 hover:underline">
          {t("see_orders")}
        </Link>
      </div>
      {orders.total === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">{t("no_orders")}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {orders.groups.map((g) => (
            <li key={g.tab}>
              <Link
                to={`${localePath(lang, "/orders")}?tab=${g.tab}`}
                className="block h-full rounded-md border border-slate-200 p-3 hover:border-brand-500 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                <span className="block text-xs text-slate-600">{t(`orders:tabs.${g.tab}`)}</span>
                <span className={`block text-xl font-semibold tabular-nums ${g.count === 0 ? "text-slate-600" : ""}`}>{formatNumber(g.count)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Seven bars, today last; each bar's height is its share of the best day. Plain CSS, no chart library. */
function SalesChart({ days }: { days: Day[] }) {
  const { t } = useTranslation("dashboard");
  const best = Math.max(...days.map((d) => d.sales));
  return (
    <section aria-labelledby="sales-7-days" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="sales-7-days" className="text-lg font-semibold">{t("chart_title")}</h2>
      <p className="mb-4 text-xs text-slate-500">{t("chart_hint")}</p>
      {best === 0 ? (
        <p className="py-10 text-center text-sm text-slate-500">{t("chart_empty")}</p>
      ) : (
        <ol className="flex h-56 items-end gap-2">
          {days.map((d, i) => {
            const isToday = i === days.length - 1;
            return (
              <li key={d.date} className="flex h-full min-w-0 flex-1 flex-col items-center gap-1">
                <span className="h-4 whitespace-nowrap text-[11px] font-medium tabular-nums text-slate-600" aria-hidden>
                  {d.sales > 0 ? compact(d.sales, t) : ""}
                </span>
                <div className="flex w-full flex-1 items-end justify-center border-b border-slate-200">
                  <div
                    className={`w-full max-w-12 rounded-t ${isToday ? "bg-brand-600" : "bg-brand-100"}`}
                    style={{ height: `${Math.max((d.sales / best) * 100, d.sales > 0 ? 2 : 0)}%` }}
                    title={`${dmy(d.date)}: ${formatRupiah(d.sales)}`}
                  />
                </div>
                <span className={`text-center text-xs leading-tight ${isToday ? "font-semibold text-slate-900" : "text-slate-500"}`} aria-hidden>
                  {isToday ? t("today") : t(`weekdays.${new Date(`${d.date}T00:00:00Z`).getUTCDay()}`)}
                </span>
                <span className="text-[10px] text-slate-600" aria-hidden>{dmy(d.date).slice(0, 5)}</span>
                <span className="sr-only">{t("chart_bar", { date: dmy(d.date), value: formatRupiah(d.sales), n: d.sales_orders })}</span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

function LowStock({ products }: { products: ProductFigures }) {
  const { t } = useTranslation("dashboard");
  return (
    <section aria-labelledby="low-stock" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="low-stock" className="text-lg font-semibold">{t("lowest_title")}</h2>
      <p className="mb-3 text-xs text-slate-500">{t("lowest_hint")}</p>
      {products.lowest.length === 0 ? (
        <p className="py-10 text-center text-sm text-slate-500">{products.statuses.published === 0 ? t("no_products") : t("stock_ok")}</p>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs uppercase text-slate-500">
              <th scope="col" className="py-2 pr-2 font-medium">{t("product")}</th>
              <th scope="col" className="py-2 text-right font-medium">{t("available")}</th>
            </tr>
          </thead>
          <tbody>
            {products.lowest.map((p) => (
              <tr key={p.product_id} className="border-b border-slate-100 last:border-0">
                <td className="py-2 pr-2">
                  <span className="block font-medium">{p.name}</span>
                  <span className="block text-xs text-slate-500">{p.sku}</span>
                </td>
                <td className="whitespace-nowrap py-2 text-right tabular-nums">
                  <span className={`font-semibold ${p.available <= 0 ? "text-red-700" : "text-amber-700"}`}>{formatNumber(p.available)}</span>
                  <span className="block text-xs text-slate-500">{t("minimum", { n: formatNumber(p.min_stock) })}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * Short amounts above the bars ("4.4M", "4,4 jt"). Written out here rather than with Intl's compact
 * notation, whose output differs between ICU versions and would make the server and browser disagree.
 */
function compact(n: number, t: (key: string, vars: Record<string, string>) => string) {
  const [unit, size] = n >= 1e9 ? ["billion", 1e9] as const : n >= 1e6 ? ["million", 1e6] as const : n >= 1e3 ? ["thousand", 1e3] as const : [null, 1] as const;
  const value = (Math.round((n / size) * 10) / 10).toString().replace(".", t("decimal", {}));
  return unit ? t(`compact.${unit}`, { n: value }) : value;
}

/** "2025-11-21" → "21-11-2025", the spec's date format. */
const dmy = (date: string) => `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
