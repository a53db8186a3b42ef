/**
 * /income-balance/deposit/payments/:id: a payment asked of the payment service (a top-up, or an
 * invoice paid by method) — what to do (the virtual account number, the link or the code), until
 * when, and its status. Pending until the service's callback (core/money/payments.ts); the page
 * looks again every few seconds while pending: with JavaScript by revalidating, without it by the
 * page's own refresh (a meta refresh, only while pending). In demo the in-process simulator pays
 * after a few seconds.
 */
import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import type { Route } from "./+types/payment";
import { formatDateTime, formatRupiah } from "#core/lib/format.ts";
import { getPayment } from "#core/money/payments.ts";
import { buttonClass } from "#app/components/button.tsx";
import { PaymentStatus } from "#app/components/deposit-parts.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const payment = await getPayment(getScope(args.context), Number(args.params.id));
  return { title: `${t("deposit:payment.title")} | ${t("common:app_name")}`, payment };
}

export default function PaymentPage({ loaderData }: Route.ComponentProps) {
  const { payment: p } = loaderData;
  const { t } = useTranslation("deposit");
  const lp = useLocalePath();
  const revalidator = useRevalidator();
  const pending = p.status === "pending";
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => revalidator.state === "idle" && void revalidator.revalidate(), 2000);
    return () => clearInterval(timer);
  }, [pending, revalidator]);
  return (
    <div className="mx-auto max-w-xl space-y-4">
      {/* Without JavaScript the page looks again by itself while the payment is pending. */}
      {pending ? <noscript><meta httpEquiv="refresh" content="3" /></noscript> : null}
      <Link to={lp(p.invoice_id ? `/income-balance/deposit/invoices/${p.invoice_id}` : "/income-balance/deposit")} className="text-sm text-brand-700 underline">
        {t(p.invoice_id ? "payment.back_invoice" : "payment.back")}
      </Link>
      <section className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6" aria-labelledby="payment-title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 id="payment-title" className="text-xl font-semibold text-slate-900">{t(p.purpose === "invoice" ? "payment.title_invoice" : "payment.title")}</h1>
          <span role="status" aria-live="polite" data-testid="payment-status"><PaymentStatus status={p.status} name={p.status_name} /></span>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-600">{t("payment.amount")}</dt><dd className="font-semibold tabular-nums">{formatRupiah(p.amount)}</dd>
          <dt className="text-slate-600">{t("payment.method")}</dt><dd>{p.method_name}</dd>
          <dt className="text-slate-600">{t("payment.reference")}</dt><dd className="font-mono">{p.reference}</dd>
          {p.expires_at && pending ? <><dt className="text-slate-600">{t("payment.expires")}</dt><dd>{formatDateTime(p.expires_at)}</dd></> : null}
          {p.time_settled ? <><dt className="text-slate-600">{t("payment.settled")}</dt><dd>{formatDateTime(p.time_settled)}</dd></> : null}
        </dl>
        {p.instructions && pending ? (
          <div className="rounded-md bg-brand-50 p-3">
            <p className="text-sm text-slate-700">{t(`payment.instructions.${p.instructions.kind}`)}</p>
            {p.instructions.kind === "link"
              ? <a href={p.instructions.value} className="mt-1 block break-all font-mono text-lg text-brand-700 underline" rel="noreferrer">{p.instructions.value}</a>
              : <p className="mt-1 break-all font-mono text-lg font-semibold tracking-wider" data-testid="payment-code">{p.instructions.value}</p>}
          </div>
        ) : null}
        <p className="text-sm text-slate-600">
          {t(`payment.status_hint.${p.status}`)}{" "}
          {pending ? <Link to={lp(`/income-balance/deposit/payments/${p.payment_id}`)} className="text-brand-700 underline">{t("payment.refresh")}</Link> : null}
        </p>
        {p.note === "credited_to_deposit" ? <p className="text-sm text-slate-600">{t("payment.credited_to_deposit")}</p> : null}
        {!pending ? <Link to={lp("/income-balance/deposit")} className={buttonClass("primary")}>{t("payment.to_deposit")}</Link> : null}
      </section>
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
