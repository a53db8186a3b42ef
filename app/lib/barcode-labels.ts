/**
 * The label options of /products/barcode and its print page, read from a URL (browser-safe).
 *
 * Decisions where the spec is silent:
 * - Two papers: an A4 sheet of 3 × 7 labels of 63.5 × 38.1 mm (the common office label sheet sold
 *   in Indonesian stationery shops) and a label-printer roll of 50 × 30 mm labels, one per page.
 * - The price is shown by default (a shop's shelf label); a hidden "0" before the checkbox tells
 *   "unticked" apart from "not asked yet" without JavaScript.
 * - At most 1,000 labels in one print (the same limit as the label-printer file in the API).
 */
import type { Symbology } from "#core/lib/barcode.ts";

export const LABEL_LAYOUTS = ["sheet", "roll"] as const;
export type LabelLayout = (typeof LABEL_LAYOUTS)[number];
export const SYMBOLOGIES: readonly Symbology[] = ["auto", "code128"];
export const MAX_LABELS = 1000;

export type LabelOptions = { symbology: Symbology; layout: LabelLayout; price: boolean };

export function readLabelOptions(q: URLSearchParams): LabelOptions {
  const symbology = q.get("symbology");
  const layout = q.get("layout");
  const prices = q.getAll("price");
  return {
    symbology: (SYMBOLOGIES as readonly string[]).includes(symbology ?? "") ? (symbology as Symbology) : "auto",
    layout: (LABEL_LAYOUTS as readonly string[]).includes(layout ?? "") ? (layout as LabelLayout) : "sheet",
    price: prices.length ? prices.includes("1") : true,
  };
}

/** The options as URL params (for the print page and the file links). */
export const labelOptionParams = (o: LabelOptions) => ({ symbology: o.symbology, layout: o.layout, price: o.price ? "1" : "0" });
