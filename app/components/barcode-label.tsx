/**
 * Barcode labels as SVG (core/lib/barcode.ts draws the bars). Each variant's barcode is drawn once
 * as an SVG <symbol> and every label of it is a <use> of that symbol, so a thousand labels of a
 * few products stay a light page for a slow phone or an old office PC driving the printer.
 */
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { barsPath, type Bars } from "#core/lib/barcode.ts";
import { formatRupiah } from "#core/lib/format.ts";

export const BAR_HEIGHT = 50;

export type LabelData = {
  key: string;
  variantId: number;
  name: string;
  variant: string;
  price: number;
  bars: Bars | null;
};

/** The symbols every label points at: one per distinct barcode. */
export function BarcodeSymbols({ labels }: { labels: LabelData[] }) {
  const seen = new Map<number, Bars>();
  for (const l of labels) if (l.bars && !seen.has(l.variantId)) seen.set(l.variantId, l.bars);
  return (
    <svg width="0" height="0" aria-hidden className="absolute">
      <defs>
        {[...seen].map(([id, b]) => (
          <symbol key={id} id={`bc-${id}`} viewBox={`0 0 ${b.width} ${BAR_HEIGHT}`} preserveAspectRatio="none">
            <path d={barsPath(b, BAR_HEIGHT)} />
          </symbol>
        ))}
      </defs>
    </svg>
  );
}

export function BarcodeLabel({ label, showPrice, n }: { label: LabelData; showPrice: boolean; n: string }) {
  const { t } = useTranslation("barcode");
  const { bars } = label;
  return (
    <article aria-label={t("print.label", { n, name: label.name })} className="barcode-label flex flex-col items-center justify-between overflow-hidden bg-white px-[2mm] py-[1.5mm] text-center text-black">
      <p className="line-clamp-2 w-full text-[7.5pt] font-semibold leading-tight">{label.name}</p>
      {label.variant ? <p className="w-full truncate text-[7pt] leading-tight">{label.variant}</p> : null}
      {bars ? (
        <figure className="w-full">
          <svg viewBox={`0 0 ${bars.width} ${BAR_HEIGHT}`} preserveAspectRatio="none" className="block h-[11mm] w-full" role="img"
            aria-label={`${bars.type === "ean13" ? "EAN-13" : "Code 128"} ${bars.text}`} data-symbology={bars.type}>
            <use href={`#bc-${label.variantId}`} />
          </svg>
          <figcaption className="font-mono text-[7pt] leading-tight tracking-wider">{bars.text}</figcaption>
        </figure>
      ) : (
        <p className="text-[7pt] italic">{t("print.no_barcode")}</p>
      )}
      {showPrice ? <p className="text-[9pt] font-bold leading-tight">{formatRupiah(label.price)}</p> : null}
    </article>
  );
}
