/**
 * The one pricing function of reseller prices (issue 17 item 8): which margin rule applies to a
 * product sold to (or through) whom, and the price it gives. No database: the preview, the API and
 * the tests call the same two functions, and a page's component may import the constants.
 *
 * Precedence (most specific wins; decided here, docs/decisions/0025-margins.md):
 *   1. reseller + brand   the deal a reseller has on one brand
 *   2. reseller           the reseller's own terms
 *   3. store              the margin of the store the reseller sells through (a consignment counter)
 *   4. brand              the brand's margin for every reseller
 *   5. category           the category's margin for every reseller
 *   6. default            the business's margin
 * A reseller's own agreement beats where it sells; the store beats the product's brand and
 * category because a store's margin is a contract for everything on its shelves. Brand beats
 * category: a brand is the business's own line, a category a catalogue grouping. With no rule at
 * all the reseller price is the sell price (margin 0).
 *
 * The price: a percent rule takes round-half-up(sell × basis points / 10 000) whole rupiah off
 * (1250 bp = 12.5 %; computed in integers, no floating point); an amount rule takes that many
 * rupiah off. Never below 0. Integer rupiah in, integer rupiah out.
 */
export const MARGIN_SCOPES = ["default", "reseller_brand", "reseller", "store", "brand", "category"] as const;
export type MarginScope = (typeof MARGIN_SCOPES)[number];

/** Most specific first: the order rules are tried in. */
export const PRECEDENCE: readonly MarginScope[] = ["reseller_brand", "reseller", "store", "brand", "category", "default"];

export type MarginRuleLike = {
  type: "percent" | "amount";
  /** Basis points (percent) or whole rupiah (amount). */
  value: number;
  partnerId: number | null;
  storeId: number | null;
  brandId: number | null;
  categoryId: number | null;
};

/** A rule's scope from which targets it has. */
export function scopeOf(r: Pick<MarginRuleLike, "partnerId" | "storeId" | "brandId" | "categoryId">): MarginScope {
  if (r.partnerId && r.brandId) return "reseller_brand";
  if (r.partnerId) return "reseller";
  if (r.storeId) return "store";
  if (r.brandId) return "brand";
  if (r.categoryId) return "category";
  return "default";
}

/** Where a price is asked for: the reseller and/or the store, and the product's brand and category. */
export type PriceContext = { partnerId?: number | null; storeId?: number | null; brandId?: number | null; categoryId?: number | null };

function matches(r: MarginRuleLike, c: PriceContext) {
  switch (scopeOf(r)) {
    case "reseller_brand": return !!c.partnerId && r.partnerId === c.partnerId && !!c.brandId && r.brandId === c.brandId;
    case "reseller": return !!c.partnerId && r.partnerId === c.partnerId;
    case "store": return !!c.storeId && r.storeId === c.storeId;
    case "brand": return !!c.brandId && r.brandId === c.brandId;
    case "category": return !!c.categoryId && r.categoryId === c.categoryId;
    case "default": return true;
  }
}

/** The rule that applies in `ctx`, by PRECEDENCE; null when none does. */
export function pickRule<R extends MarginRuleLike>(rules: readonly R[], ctx: PriceContext): R | null {
  for (const scope of PRECEDENCE) {
    const hit = rules.find((r) => scopeOf(r) === scope && matches(r, ctx));
    if (hit) return hit;
  }
  return null;
}

/** The margin in rupiah a rule takes off `sell` (never more than `sell`). */
export function marginOf(sell: number, rule: Pick<MarginRuleLike, "type" | "value"> | null): number {
  if (!Number.isSafeInteger(sell) || sell < 0) throw new RangeError(`sell price must be whole rupiah >= 0: ${sell}`);
  if (!rule) return 0;
  const off = rule.type === "percent"
    ? Number((BigInt(sell) * BigInt(rule.value) + 5000n) / 10000n) // round half up, in integers
    : rule.value;
  return Math.min(sell, Math.max(0, off));
}

/** The reseller price: sell minus the margin, whole rupiah, never below 0. */
export const resellerPrice = (sell: number, rule: Pick<MarginRuleLike, "type" | "value"> | null) => sell - marginOf(sell, rule);
