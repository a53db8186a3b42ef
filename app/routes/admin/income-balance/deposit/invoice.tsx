/**
 * /income-balance/deposit/invoices/:id: one deposit invoice (the v0.1.2 detail: lines, status, the
 * payments tried) and how to pay it — from the deposit, with points (1 point = Rp 100, the rest
 * from the deposit), or by a payment method (→ the payment's page with its instructions). Every
 * way asks first (the one confirm step; without JavaScript the server's ConfirmPanel) and carries
 * the page's one-time form token, so a double click pays once. A refusal (deposit not enough, no
 * points) comes back as a danger notice (app/lib/errors.server.ts). Print links: the invoice,
 * and the sales PO for a sales_po invoice. Rules: core/money/invoices.ts.
 */
import { data, Form, Link, redirect, useRouteLoaderData } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/invoice";
import type { loader as rootLoader } from "#app/root.tsx";
import { formatDate, formatDateTime, formatNumber, formatRupiah } from "#core/lib/format.ts";
import { getInvoice, payInvoice, payInvoiceBody } from "#core/money/invoices.ts";
import { invoiceSummary } from "#core/money/invoices.ts";
import { PAYMENT_METHODS, POINT_VALUE } from "#core/money/deposit-options.ts";
import { buttonClass, inputClass, SubmitButton } from "#app/components/button.tsx";
import { ConfirmButton } from "#app/components/brand-confirm.tsx";
import { InvoiceStatus, PaymentStatus } from "#app/components/deposit-parts.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FormToken } from "#app/components/form-token.tsx";
import { ConfirmPanel } from "#app/components/list/confirm-dialog.tsx";
import { SectionCard } from "#app/components/section-card.tsx";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { confirmAsked, requireConfirmed } from "#app/lib/confirm.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { pageTitle } from "#app/lib/meta.ts";
import { flashToast } from "#app/lib/session.server.ts";

export async function loader(args: Route.LoaderArgs) {
  const scope = getScope(args.context);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const [invoice, summary] = await Promise.all([getInvoice(scope, Number(args.params.id), { withPayments: true }), invoiceSummary(scope)]);
  const asked = confirmAsked(new URL(args.request.url), "pay");
  return {
    title: `${invoice.number} | ${t("deposit:title")} | ${t("common:app_name")}`,
    invoice, deposit: summary.deposit_balance, points: summary.points,
    confirm: asked && invoice.status !== "paid" ? asked.fields : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const locale = getLocale(args.context);
  const t = getI18n(args.context).getFixedT(locale);
  const formData = await args.request.formData();
  if (formData.get("intent") !== "pay") throw data(t("common:errors.unknown_action"), { status: 400 });
  // The invoice is the page's; the fields the confirm step carries are the form's own.
  const withId = new FormData();
  for (const [k, v] of formData) withId.append(k, v);
  withId.set("invoice_id", String(args.params.id));
  const submission = parseWithZod(withId, { schema: payInvoiceBody });
  if (submission.status !== "success") throw data(t("api:errors.validation"), { status: 400 });
  requireConfirmed(args.request, formData, "pay");
  const r = await payInvoice(getScope(args.context), submission.value);
  if (r.payment) {
    flashToast(args.context, "success", t("deposit:api.payment_requested"));
    throw redirect(localePath(locale, `/income-balance/deposit/payments/${r.payment.payment_id}`));
  }
  flashToast(args.context, "success", t("deposit:api.invoice_paid"));
  throw redirect(localePath(locale, `/income-balance/deposit/invoices/${r.invoice.invoice_id}`));
}

export default function InvoicePage({ loaderData }: Route.ComponentProps) {
  const { invoice: i, deposit, points, confirm } = loaderData;
  const { t } = useTranslation("deposit");
  const lp = useLocalePath();
  const token = useRouteLoaderData<typeof rootLoader>("root")?.formToken ?? "";
  const pointsUsable = Math.min(points, Math.floor(i.amount / POINT_VALUE));
  const payText = (via: string, method?: string) => ({
    title: t("pay.confirm_title", { number: i.number }),
    body: t(`pay.confirm_${via}`, {
      amount: formatRupiah(i.amount), method: method ? t(`methods.${method}`) : "",
      points: formatNumber(pointsUsable), rest: formatRupiah(i.amount - pointsUsable * POINT_VALUE),
    }),
    confirmLabel: t("pay.confirm"),
  });
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <Link to={lp("/income-balance/deposit?tab=invoices")} className="text-sm text-brand-700 underline">{t("invoice.back")}</Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-mono text-xl font-semibold text-slate-900">{i.number}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <span data-testid="invoice-status"><InvoiceStatus status={i.status} name={i.status_name} /></span>
          <a href={lp(`/print/deposit-invoice?id=${i.invoice_id}`)} className={buttonClass("secondary")}>{t("invoice.print")}</a>
          {i.type === "sales_po" ? <a href={lp(`/print/deposit-sales-po?id=${i.invoice_id}`)} className={buttonClass("secondary")}>{t("invoice.print_po")}</a> : null}
        </div>
      </div>

      <SectionCard title={t("invoice.details")}>
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
          <div><dt className="text-slate-600">{t("column.type")}</dt><dd className="font-medium">{i.type_name}</dd></div>
          <div><dt className="text-slate-600">{t("invoice.period")}</dt><dd>{formatDate(i.period_start)} – {formatDate(i.period_end - 1)}</dd></div>
          <div><dt className="text-slate-600">{t("column.due")}</dt><dd>{formatDateTime(i.due_at)}</dd></div>
          <div><dt className="text-slate-600">{t("column.issued")}</dt><dd>{formatDateTime(i.time_created)}</dd></div>
          {i.paid_at ? <div><dt className="text-slate-600">{t("invoice.paid_at")}</dt><dd>{formatDateTime(i.paid_at)} · {i.paid_via_name}</dd></div> : null}
          {i.points_used ? <div><dt className="text-slate-600">{t("invoice.points_used")}</dt><dd>{formatNumber(i.points_used)}</dd></div> : null}
        </dl>
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{t("invoice.lines")}</caption>
            <thead><tr className="border-b border-slate-200 text-left text-xs uppercase text-slate-600">
              <th scope="col" className="py-2 pr-2">{t("invoice.description")}</th>
              <th scope="col" className="py-2 pr-2 text-right">{t("invoice.qty")}</th>
              <th scope="col" className="py-2 pr-2 text-right">{t("invoice.price")}</th>
              <th scope="col" className="py-2 text-right">{t("invoice.total")}</th>
            </tr></thead>
            <tbody>
              {i.lines.map((l, n) => (
                <tr key={n} className="border-b border-slate-100">
                  <td className="py-2 pr-2">{l.description}</td>
                  <td className="py-2 pr-2 text-right tabular-nums">{formatNumber(l.qty)}</td>
                  <td className="py-2 pr-2 text-right tabular-nums">{formatRupiah(l.price)}</td>
                  <td className="py-2 text-right tabular-nums">{formatRupiah(l.total)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot><tr><th scope="row" colSpan={3} className="py-2 pr-2 text-right">{t("invoice.amount")}</th>
              <td className="py-2 text-right font-semibold tabular-nums">{formatRupiah(i.amount)}</td></tr></tfoot>
          </table>
        </div>
      </SectionCard>

      {i.status !== "paid" ? (
        <SectionCard title={t("pay.title")} hint={t("pay.hint", { deposit: formatRupiah(deposit), points: formatNumber(points) })}>
          {confirm ? (
            <ConfirmPanel text={payText(confirm.via ?? "deposit", confirm.method)} fields={confirm} cancelTo={lp(`/income-balance/deposit/invoices/${i.invoice_id}`)} />
          ) : (
            <div className="space-y-4">
              <div className="flex flex-wrap gap-2">
                <ConfirmButton fields={{ intent: "pay", via: "deposit", _once: token }} label={t("pay.deposit")} text={payText("deposit")} variant="primary" />
                {pointsUsable > 0 ? <ConfirmButton fields={{ intent: "pay", via: "points", _once: token }} label={t("pay.points")} text={payText("points")} /> : null}
              </div>
              <Form method="post" className="flex flex-wrap items-end gap-2">
                <FormToken />
                <input type="hidden" name="intent" value="pay" />
                <input type="hidden" name="via" value="method" />
                <div className="min-w-0 flex-1 basis-48">
                  <label htmlFor="pay-method" className="mb-1 block text-sm font-medium text-slate-700">{t("pay.method")}</label>
                  <select id="pay-method" name="method" defaultValue="3" className={inputClass}>
                    {PAYMENT_METHODS.map((m) => <option key={m} value={m}>{t(`methods.${m}`)}</option>)}
                  </select>
                </div>
                <SubmitButton variant="secondary">{t("pay.by_method")}</SubmitButton>
              </Form>
            </div>
          )}
        </SectionCard>
      ) : null}

      {"payment_datas" in i && i.payment_datas.length ? (
        <SectionCard title={t("invoice.payments")}>
          <ul className="divide-y divide-slate-100 text-sm">
            {i.payment_datas.map((p) => (
              <li key={p.payment_id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <Link to={lp(`/income-balance/deposit/payments/${p.payment_id}`)} className="font-mono text-brand-700 underline">{p.reference}</Link>
                <span>{p.method_name} · {formatDateTime(p.time_created)}</span>
                <PaymentStatus status={p.status} name={p.status_name} />
              </li>
            ))}
          </ul>
        </SectionCard>
      ) : null}
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
