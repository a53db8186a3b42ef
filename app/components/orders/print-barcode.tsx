/**
 * A Code 128 barcode (order codes, courier tracking numbers) as one SVG path, drawn by our own
 * encoder (core/lib/barcode.ts, the one the product barcode labels use). Crisp edges: a thermal
 * printer must not get grey, anti-aliased bar edges. Text Code 128 cannot carry (non-ASCII) is
 * printed as text only, so a label is never blocked by an odd courier number.
 */
import { barsPath, code128, isCode128Text } from "#core/lib/barcode.ts";

const H = 50;

export function Code128({ text, label, height, className }: { text: string; label: string; height: string; className?: string }) {
  const bars = isCode128Text(text) ? code128(text) : null;
  return (
    <figure className={`w-full text-center ${className ?? ""}`}>
      {bars ? (
        <svg viewBox={`0 0 ${bars.width} ${H}`} preserveAspectRatio="none" shapeRendering="crispEdges" style={{ height }}
          className="block w-full" role="img" aria-label={label} data-symbology="code128" data-text={text}>
          <path d={barsPath(bars, H)} />
        </svg>
      ) : null}
      <figcaption className="font-mono text-[9pt] leading-tight tracking-wider">{text}</figcaption>
    </figure>
  );
}
