/**
 * The listing's filter bar: search (name words, SKU, barcode), brand, category (the three-level
 * tree as one select, indented), channel, order type, date added (7/14/30 days), sort and page size.
 * The categories are those the business's products are in, with their parents (not the
 * platform's 141: core/catalog/product-list.ts listingFilters), flattened by the loader into the
 * select's options (categoryOptions).
 * A GET form (the shared FilterBar), so every choice is in the URL and works without JavaScript;
 * the tab rides along as a hidden field, and Reset keeps the tab.
 */
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { PRODUCT_DATE_SHORTCUTS } from "#core/catalog/product-enums.ts";
import { listHref } from "#app/lib/list-params.ts";
import { FilterBar, FilterSelect } from "./list/filter-bar.tsx";
import { PageSizeSelect } from "./list/page-size-select.tsx";
import { SearchBox } from "./list/search-box.tsx";
import { SortSelect } from "./list/sort-select.tsx";
import type { ProductListParams } from "./product-list-params.ts";

type CategoryNode = { product_category_id: number; name: string; level: number; childs: CategoryNode[] };
type Option = { value: number; label: string };
export type ListingFilters = {
  brands: { brand_id: number; name: string }[];
  channels: { channel_id: number; name: string }[];
  categories: Option[];
};

/** The tree flattened in order, each name indented by its level (a select cannot nest deeper than one optgroup). */
export function categoryOptions(nodes: CategoryNode[]): Option[] {
  return nodes.flatMap((n) => [
    { value: n.product_category_id, label: `${"\u00a0\u00a0\u00a0".repeat(n.level - 1)}${n.name}` },
    ...categoryOptions(n.childs),
  ]);
}

export function ProductListFilters({ params, choices, pathname }: { params: ProductListParams; choices: ListingFilters; pathname: string }) {
  const { t } = useTranslation("product-list");
  const f = params.filters;
  const all = t("list:filter.all");
  return (
    <FilterBar resetTo={pathname + listHref({ ...params, search: "", filters: { tab: f.tab }, sort: 2, page: 1 })}>
      {f.tab ? <input type="hidden" name="tab" value={f.tab} /> : null}
      <SearchBox value={params.search} placeholder={t("filter.search_placeholder")} />
      <FilterSelect name="brand_id" label={t("filter.brand")} value={f.brand_id} allLabel={all}
        options={choices.brands.map((b) => ({ value: b.brand_id, label: b.name }))} />
      <FilterSelect name="category_id" label={t("filter.category")} value={f.category_id} allLabel={all}
        options={choices.categories} />
      <FilterSelect name="channel_id" label={t("filter.channel")} value={f.channel_id} allLabel={all}
        options={choices.channels.map((c) => ({ value: c.channel_id, label: c.name }))} />
      <FilterSelect name="stock_type" label={t("filter.stock_type")} value={f.stock_type} allLabel={all}
        options={[1, 2, 3].map((v) => ({ value: v, label: t(`stock_type.${v}`) }))} />
      <FilterSelect name="date" label={t("filter.date")} value={f.date} allLabel={t("filter.any_time")}
        options={PRODUCT_DATE_SHORTCUTS.map((d) => ({ value: d, label: t("filter.last_days", { count: d }) }))} />
      <SortSelect value={params.sort} />
      <PageSizeSelect value={params.limit} />
    </FilterBar>
  );
}
