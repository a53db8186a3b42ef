/**
 * The product listing's state in its URL (browser-safe, shared by the route and its components):
 * the shared list params (page, limit, sort, search) plus the tab, stock type, date shortcut and
 * the brand, category and channel ids. Bad values fall back to "all" instead of failing.
 */
import { PRODUCT_DATE_SHORTCUTS, PRODUCT_TABS } from "#core/catalog/product-enums.ts";
import { parseListParams, type ListParams } from "#app/lib/list-params.ts";

export const PRODUCT_LIST_FILTERS = {
  tab: PRODUCT_TABS.filter((t) => t !== "all"),
  stock_type: ["1", "2", "3"],
  date: PRODUCT_DATE_SHORTCUTS.map(String),
} as const;

/** Id filters: any positive number (the API answers an empty list for one that is not the business's). */
export const ID_FILTERS = ["brand_id", "category_id", "channel_id"] as const;

export type ProductListParams = ListParams & {
  filters: { tab?: string; stock_type?: string; date?: string; brand_id?: string; category_id?: string; channel_id?: string };
};

export function parseProductParams(url: URL | string): ProductListParams {
  const params = parseListParams(url, PRODUCT_LIST_FILTERS) as ProductListParams;
  const q = new URL(url, "http://x").searchParams;
  for (const key of ID_FILTERS) {
    const v = q.get(key);
    if (v && /^[1-9]\d{0,8}$/.test(v)) params.filters[key] = v;
  }
  return params;
}
