/**
 * /erp/inventory/mutation/:id/print: the transfer note on a bare print page (spec "Print pages use
 * a bare print layout"): number, status, from → to, dates, note, and per product its name, SKU,
 * barcode (drawn as the product labels draw it: core/lib/barcode.ts, one SVG symbol per variant)
 * and quantities (requested or sent, received), then signature boxes for the sender, the carrier
 * and the receiver. A4 portrait. The Print button needs JavaScript; without it the browser's own
 * Print does the same (the hint says so).
 */
import { useLocale, useTranslation } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/print";
import { buttonClass } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { TransferStatusBadge } from "#app/components/transfer-parts.tsx";
import { requireSeller, requireUser, getScope } from "#app/lib/auth.server.ts";
import { barsPath, labelBarcode } from "#core/lib/barcode.ts";
import { formatDateTime, formatNumber } from "#core/lib/format.ts";
import { translator } from "#core/i18n.ts";
import { getTransfer } from "#core/stock/transfers.ts";
import { getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { pageTitle } from "#app/lib/meta.ts";

// The bars' height in SVG units, as the product labels draw them (barcode-label.tsx, another area's module).
const BAR_HEIGHT = 50;

export const middleware: Route.MiddlewareFunction[] = [requireUser, requireSeller];

export async function loader(args: Route.LoaderArgs) {
  const locale = getLocale(args.context);
  const t = translator(locale);
  const d = await getTransfer(getScope(args.context), Number(args.params.id));
  const lines = d.lines.map((l) => {
    const bars = labelBarcode(l.barcode, l.sku);
    return { ...l, bars: bars ? { type: bars.type, text: bars.text, width: bars.width, path: barsPath(bars, BAR_HEIGHT) } : null };
  });
  return {
    title: `${t("transfer:print.title")} ${d.number} | ${t("common:app_name")}`,
    d: { ...d, lines },
    back: localePath(locale, `/erp/inventory/mutation/${d.transfer_id}`),
  };
}

const CSS = `@page { size: A4; margin: 12mm }
@media print { body { background: white !important; } }`;

export default function TransferPrint({ loaderData }: Route.ComponentProps) {
  const { d, back } = loaderData;
  const { t } = useTranslation("transfer");
  const lang = useLocale();
  const sent = d.status !== "draft" && d.status !== "cancelled";
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
            <h1 className="text-xl font-bold">{t("print.title")} {d.number}</h1>
            <p className="mt-1 text-sm">{formatDateTime(d.time_created)}</p>
          </div>
          <TransferStatusBadge status={d.status} />
        </header>
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
          <div><dt className="text-xs uppercase text-slate-600">{t("detail.from")}</dt><dd className="font-semibold">{d.source.name}</dd></div>
          <div><dt className="text-xs uppercase text-slate-600">{t("detail.to")}</dt><dd className="font-semibold">{d.destination.name}</dd></div>
          <div><dt className="text-xs uppercase text-slate-600">{t("detail.sent")}</dt><dd>{formatDateTime(d.time_sent)}</dd></div>
          <div><dt className="text-xs uppercase text-slate-600">{t("detail.received")}</dt><dd>{formatDateTime(d.time_received)}</dd></div>
          {d.note ? <div className="col-span-2"><dt className="text-xs uppercase text-slate-600">{t("detail.note")}</dt><dd>{d.note}</dd></div> : null}
        </dl>
        <table className="mt-4 w-full border-collapse text-sm">
          <thead>
            <tr className="border-b border-slate-400 text-left text-xs uppercase">
              <th scope="col" className="py-1 pr-2">{t("lines.product")}</th>
              <th scope="col" className="py-1 pr-2">{t("print.barcode")}</th>
              <th scope="col" className="py-1 pr-2 text-right">{sent ? t("lines.sent") : t("lines.quantity")}</th>
              <th scope="col" className="py-1 text-right">{t("lines.received")}</th>
            </tr>
          </thead>
          <tbody>
            {d.lines.map((l) => (
              <tr key={l.line_id} className="break-inside-avoid border-b border-slate-200 align-top">
                <td className="py-2 pr-2">
                  <p className="font-semibold">{l.product_name}</p>
                  <p className="text-xs">{[l.variant_name, l.sku].filter(Boolean).join(" · ")}</p>
                </td>
                <td className="w-[55mm] py-2 pr-2">
                  {l.bars ? (
                    <figure>
                      <svg viewBox={`0 0 ${l.bars.width} ${BAR_HEIGHT}`} preserveAspectRatio="none" className="block h-[10mm] w-[50mm]" role="img"
                        aria-label={`${l.bars.type === "ean13" ? "EAN-13" : "Code 128"} ${l.bars.text}`} data-symbology={l.bars.type}>
                        <path d={l.bars.path} />
                      </svg>
                      <figcaption className="font-mono text-[8pt] tracking-wider">{l.bars.text}</figcaption>
                    </figure>
                  ) : <span className="text-xs italic">{t("print.no_barcode")}</span>}
                </td>
                <td className="py-2 pr-2 text-right tabular-nums">{formatNumber(sent ? l.sent : l.quantity)}</td>
                <td className="py-2 text-right tabular-nums">{d.status === "draft" || (d.status === "in_transit" && !l.received) ? "" : formatNumber(l.received)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <section className="mt-8 grid grid-cols-3 gap-4 text-sm break-inside-avoid">
          {(["sender", "carrier", "receiver"] as const).map((who) => (
            <div key={who}>
              <p className="font-semibold">{t(`print.${who}`)}</p>
              <div className="mt-14 border-t border-slate-500 pt-1 text-xs">{t("print.signature")}</div>
            </div>
          ))}
        </section>
      </article>
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
