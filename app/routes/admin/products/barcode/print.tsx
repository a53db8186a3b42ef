/**
 * /products/barcode/print?items=12:3,15:1&symbology=auto&layout=sheet&price=1: the labels, laid
 * out for the printer on a bare print page (no sidebar or header; spec "Print pages use a bare
 * print layout"). The toolbar is hidden when printing. The Print button needs JavaScript; without
 * it the browser's own Print (Ctrl+P) does the same, which the hint says.
 *
 * Decisions where the spec is silent:
 * - Each label: product name, variant · size, the barcode (EAN-13 when the variant's barcode is a
 *   valid EAN-13 and the seller did not ask for Code 128 only; else Code 128 of the barcode, or of
 *   the SKU when there is no barcode) with its text, and the price when asked.
 * - Sheets are A4 pages of 3 × 7 labels of 63.5 × 38.1 mm (15.15 mm top, 7.25 mm side margins, as
 *   the common sheets are cut); rolls print one 50 × 30 mm label per page.
 * - An empty or too big selection (a hand-edited URL) goes back to the barcode page, which says why.
 */
import { redirect } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/print";
import { BarcodeLabel, BarcodeSymbols, type LabelData } from "#app/components/barcode-label.tsx";
import { buttonClass } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { requireSeller, requireUser } from "#app/lib/auth.server.ts";
import { labelBarcode } from "#core/lib/barcode.ts";
import { labelOptionParams, MAX_LABELS, readLabelOptions } from "#app/lib/barcode-labels.ts";
import { formatNumber } from "#core/lib/format.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { decodeLines, encodeLines } from "#app/lib/product-picker.ts";
import { pickedItems } from "#app/lib/product-picker.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export const middleware: Route.MiddlewareFunction[] = [requireUser, requireSeller];

const SHEET = 21;

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const locale = getLocale(args.context);
  const options = readLabelOptions(url.searchParams);
  const lines = decodeLines(url.searchParams.get("items"));
  const selected = await pickedItems(args, lines);
  const total = selected.reduce((s, l) => s + (l.qty ?? 0), 0);
  const back = `${localePath(locale, "/products/barcode")}?${new URLSearchParams({ items: encodeLines(selected), ...labelOptionParams(options) })}`;
  if (!total || total > MAX_LABELS) throw redirect(`${back}&intent=print`);
  const labels: LabelData[] = selected.flatMap((l) => {
    const variant = [l.item.variant_data.name, l.item.size_data.name].filter(Boolean).join(" · ");
    const bars = labelBarcode(l.item.barcode, l.item.sku, options.symbology);
    return Array.from({ length: l.qty ?? 0 }, (_, n) => ({
      key: `${l.variant_id}-${n}`, variantId: l.variant_id, name: l.item.product_name, variant, price: l.item.price, bars,
    }));
  });
  const t = getI18n(args.context).getFixedT(locale);
  return { title: `${t("barcode:print.title")} | ${t("common:app_name")}`, labels, options, back };
}

const PAGE_CSS = {
  sheet: `@page { size: A4; margin: 0 }
.label-page { width: 210mm; height: 297mm; padding: 15.15mm 7.25mm 0; display: grid; grid-template-columns: repeat(3, 63.5mm);
  grid-auto-rows: 38.1mm; column-gap: 2.54mm; align-content: start; }
.barcode-label { width: 63.5mm; height: 38.1mm; }`,
  roll: `@page { size: 50mm 30mm; margin: 0 }
.label-page { width: 50mm; height: 30mm; }
.barcode-label { width: 50mm; height: 30mm; }`,
};
const COMMON_CSS = `.label-page { background: white; break-after: page; box-sizing: border-box; overflow: hidden; }
@media screen { .label-page { margin: 0 auto 8mm; box-shadow: 0 1px 4px rgb(0 0 0 / 0.25); } .barcode-label { outline: 1px dashed #cbd5e1; } }
@media print { body { background: white !important; } .label-page { margin: 0; } }`;

export default function BarcodePrint({ loaderData }: Route.ComponentProps) {
  const { labels, options, back } = loaderData;
  const { t } = useTranslation("barcode");
  const lang = useLocale();
  const perPage = options.layout === "sheet" ? SHEET : 1;
  const pages: LabelData[][] = [];
  for (let i = 0; i < labels.length; i += perPage) pages.push(labels.slice(i, i + perPage));
  return (
    <div lang={lang} className="min-h-full bg-slate-200 print:bg-white">
      <style>{PAGE_CSS[options.layout] + COMMON_CSS}</style>
      <div className="sticky top-0 z-10 mb-6 flex flex-wrap items-center gap-3 border-b border-slate-300 bg-white px-4 py-3 print:hidden">
        <a href={back} className={buttonClass("secondary")}>{t("print.back")}</a>
        <button type="button" onClick={() => window.print()} className={buttonClass("primary")}>{t("print.button")}</button>
        <h1 className="text-base font-semibold text-slate-900">
          {t("print.title")} · {t("print.total", { count: labels.length })}
        </h1>
        <p className="basis-full text-xs text-slate-600">{t("print.hint")}</p>
      </div>
      <BarcodeSymbols labels={labels} />
      <main aria-label={t("print.total", { count: labels.length })}>
        {pages.map((page, p) => (
          <section key={p} className="label-page">
            {page.map((label, i) => (
              <BarcodeLabel key={label.key} label={label} showPrice={options.price} n={formatNumber(p * perPage + i + 1)} />
            ))}
          </section>
        ))}
      </main>
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
