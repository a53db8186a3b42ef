/**
 * The orders filter bar: search (order id prefix, customer name, SKU), channel, store, date
 * (the one date filter: app/components/list/date-range-filter.tsx), order
 * type, courier, sort (Oldest / Newest) and page size. A GET form (the shared FilterBar), so every
 * choice is in the URL and works without JavaScript; the tab and stage ride along as hidden
 * fields, and Reset keeps them.
 */
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { listHref } from "#app/lib/list-params.ts";
import { DateRangeFilter } from "#app/components/list/date-range-filter.tsx";
import { FilterBar, FilterSelect } from "#app/components/list/filter-bar.tsx";
import { PageSizeSelect } from "#app/components/list/page-size-select.tsx";
import { SearchBox } from "#app/components/list/search-box.tsx";
import { SortSelect } from "#app/components/list/sort-select.tsx";
import { ORDER_SORTS, ORDER_TYPES, type OrderListParams } from "./list-params.ts";

export type FilterChoices = {
  channels: { id: number; name: string }[];
  stores: { id: number; name: string }[];
  couriers: { code: string; name: string }[];
};

export function OrderListFilters({ params, choices, pathname }: { params: OrderListParams; choices: FilterChoices; pathname: string }) {
  const { t } = useTranslation("order-list");
  const f = params.filters;
  const all = t("list:filter.all");
  return (
    <FilterBar resetTo={pathname + listHref({ ...params, search: "", filters: { tab: f.tab, stage: f.stage }, sort: 2 })}>
      {f.tab ? <input type="hidden" name="tab" value={f.tab} /> : null}
      {f.stage ? <input type="hidden" name="stage" value={f.stage} /> : null}
      <SearchBox value={params.search} placeholder={t("filter.search_placeholder")} />
      <FilterSelect name="channel_id" label={t("filter.channel")} value={f.channel_id} allLabel={all}
        options={choices.channels.map((c) => ({ value: c.id, label: c.name }))} />
      <FilterSelect name="store_id" label={t("filter.store")} value={f.store_id} allLabel={all}
        options={choices.stores.map((s) => ({ value: s.id, label: s.name }))} />
      <DateRangeFilter value={f} />
      <FilterSelect name="order_type" label={t("filter.order_type")} value={f.order_type} allLabel={all}
        options={ORDER_TYPES.map((v) => ({ value: v, label: t(`order_type.${v}`) }))} />
      <FilterSelect name="courier" label={t("filter.courier")} value={f.courier} allLabel={all}
        options={choices.couriers.map((c) => ({ value: c.code, label: c.name }))} />
      <SortSelect value={params.sort} sorts={ORDER_SORTS} />
      <PageSizeSelect value={params.limit} />
    </FilterBar>
  );
}
