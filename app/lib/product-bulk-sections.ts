/**
 * Mass-update sections on the web (spec section 9 ids: attribute 5, price 6, stock 7, image 8)
 * and the listing's selection (?product_ids=1,2) carried through the pages.
 */
import { MASS_UPDATE_SECTIONS, type MassUpdateSection } from "#core/catalog/product-enums.ts";

export const SECTION_KEYS = Object.keys(MASS_UPDATE_SECTIONS) as MassUpdateSection[];

/** The key of a section id ("price" for 6); attribute for an unknown one. */
export const sectionKeyOf = (id: number | null) =>
  (Object.entries(MASS_UPDATE_SECTIONS).find(([, v]) => v === id)?.[0] ?? "attribute") as MassUpdateSection;

export const isSectionKey = (v: string | undefined): v is MassUpdateSection => Boolean(v && v in MASS_UPDATE_SECTIONS);

/** The product ids chosen in the listing (at most 1000, core's limit: product-bulk-service.ts bulkSelection). */
export function selectionOf(url: URL): number[] {
  return (url.searchParams.get("product_ids") ?? "").split(",").map(Number).filter((n) => Number.isInteger(n) && n > 0).slice(0, 1000);
}
