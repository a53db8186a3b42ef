/**
 * The printable deposit invoice and sales PO (app/routes/admin/print/deposit-*.tsx): a bare A4 page — the
 * platform as issuer, the business billed, number, dates, lines and total; the invoice adds its
 * status and how it was paid. The Print button needs JavaScript; without it the browser's own
 * Print does the same (the hint says so).
 */
import { formatDate, formatDateTime, formatNumber, formatRupiah } from "#core/lib/format.ts";
import type { InvoiceJson } from "#core/money/invoices.ts";
import { useLocale, useTranslation } from "#app/lib/i18n-react.tsx";
import { buttonClass } from "./button.tsx";

const CSS = `@page { size: A4; margin: 12mm }
@media print { body { background: white !important; } }`;

export function DepositPrint({ invoice: i, business, back, kind }: { invoice: InvoiceJson; business: { name: string; address: string | null }; back: string; kind: "invoice" | "sales_po" }) {
  const { t } = useTranslation("deposit");
  const lang = useLocale();
  return (
    <div lang={lang} className="min-h-full bg-slate-200 print:bg-white">
      <style>{CSS}</style>
      <div className="sticky top-0 z-10 mb-6 flex flex-wrap items-center gap-3 border-b border-slate-300 bg-white px-4 py-3 print:hidden">
        <a href={back} className={buttonClass("secondary")}>{t("print.back")}</a>
        <button type="button" onClick={() => window.print()} className={buttonClass("primary")}>{t("print.button")}</button>
        <p className="text-sm text-slate-600">{t("print.hint")}</p>
      </div>
      <article className="mx-auto max-w-[186mm] bg-white p-6 text-black shadow print:max-w-none print:p-0 print:shadow-none">
        <header className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-300 pb-3">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide">{t("print.issuer")}</p>
            <h1 className="mt-1 text-xl font-bold">{t(kind === "invoice" ? "print.invoice_title" : "print.po_title")}</h1>
            <p className="font-mono text-sm">{i.number}</p>
          </div>
          {kind === "invoice" ? <p className="text-lg font-bold uppercase" data-testid="print-status">{i.status_name}</p> : null}
        </header>
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
          <div><dt className="text-xs uppercase text-slate-600">{t("print.billed_to")}</dt><dd className="font-semibold">{business.name}</dd>{business.address ? <dd>{business.address}</dd> : null}</div>
          <div><dt className="text-xs uppercase text-slate-600">{t("column.type")}</dt><dd>{i.type_name}</dd></div>
          <div><dt className="text-xs uppercase text-slate-600">{t("column.issued")}</dt><dd>{formatDateTime(i.time_created)}</dd></div>
          <div><dt className="text-xs uppercase text-slate-600">{t("invoice.period")}</dt><dd>{formatDate(i.period_start)} – {formatDate(i.period_end - 1)}</dd></div>
          {kind === "invoice" ? <div><dt className="text-xs uppercase text-slate-600">{t("column.due")}</dt><dd>{formatDateTime(i.due_at)}</dd></div> : null}
          {kind === "invoice" && i.paid_at ? <div><dt className="text-xs uppercase text-slate-600">{t("invoice.paid_at")}</dt><dd>{formatDateTime(i.paid_at)} · {i.paid_via_name}</dd></div> : null}
        </dl>
        <table className="mt-4 w-full border-collapse text-sm">
          <thead>
            <tr className="border-b border-slate-400 text-left text-xs uppercase">
              <th scope="col" className="py-1 pr-2">{t("invoice.description")}</th>
              <th scope="col" className="py-1 pr-2 text-right">{t("invoice.qty")}</th>
              <th scope="col" className="py-1 pr-2 text-right">{t("invoice.price")}</th>
              <th scope="col" className="py-1 text-right">{t("invoice.total")}</th>
            </tr>
          </thead>
          <tbody>
            {i.lines.map((l, n) => (
              <tr key={n} className="break-inside-avoid border-b border-slate-200">
                <td className="py-2 pr-2">{l.description}</td>
                <td className="py-2 pr-2 text-right tabular-nums">{formatNumber(l.qty)}</td>
                <td className="py-2 pr-2 text-right tabular-nums">{formatRupiah(l.price)}</td>
                <td className="py-2 text-right tabular-nums">{formatRupiah(l.total)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr><th scope="row" colSpan={3} className="py-2 pr-2 text-right">{t("invoice.amount")}</th><td className="py-2 text-right font-bold tabular-nums">{formatRupiah(i.amount)}</td></tr>
            {kind === "invoice" && i.points_used ? (
              <tr><th scope="row" colSpan={3} className="py-1 pr-2 text-right font-normal">{t("invoice.points_used")}</th><td className="py-1 text-right tabular-nums">{formatNumber(i.points_used)}</td></tr>
            ) : null}
          </tfoot>
        </table>
        <p className="mt-6 text-xs text-slate-600">{t(kind === "invoice" ? "print.invoice_note" : "print.po_note")}</p>
      </article>
    </div>
  );
}
