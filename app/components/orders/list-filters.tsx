/**
 * The orders filter bar: search (order id prefix, customer name, SKU), channel, store, date
 * (spec shortcuts Today, Yesterday, Last 7/14/30 Days, This Month, Set Date with two days), order
 * type, courier, sort (Oldest / Newest) and page size. A GET form (the shared FilterBar), so every
 * choice is in the URL and works without JavaScript; the tab and stage ride along as hidden
 * fields, and Reset keeps them. The two day fields show once Set Date is chosen (empty: the last
 * 30 days, as the spec says).
 */
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { listHref } from "#app/lib/list-params.ts";
import { inputClass } from "#app/components/button.tsx";
import { FilterBar, FilterSelect } from "#app/components/list/filter-bar.tsx";
import { PageSizeSelect } from "#app/components/list/page-size-select.tsx";
import { SearchBox } from "#app/components/list/search-box.tsx";
import { SortSelect } from "#app/components/list/sort-select.tsx";
import { DATE_SHORTCUTS, ORDER_SORTS, ORDER_TYPES, todayInput, type OrderListParams } from "./list-params.ts";

export type FilterChoices = {
  channels: { id: number; name: string }[];
  stores: { id: number; name: string }[];
  couriers: { code: string; name: string }[];
};

function DayField({ name, label, value }: { name: string; label: string; value: string | undefined }) {
  return (
    <div className="min-w-[9rem] flex-1 sm:flex-none">
      <label htmlFor={`filter-${name}`} className="mb-1 block text-xs font-medium text-slate-600">{label}</label>
      <input id={`filter-${name}`} type="date" name={name} key={value ?? ""} defaultValue={value} max={todayInput()} className={inputClass} />
    </div>
  );
}

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
      <FilterSelect name="date" label={t("filter.date")} value={f.date} allLabel={t("filter.any_time")}
        options={DATE_SHORTCUTS.map((d) => ({ value: d, label: t(`filter.dates.${d}`) }))} />
      {f.date === "custom" ? (
        <>
          <DayField name="date_from" label={t("filter.date_from")} value={f.date_from} />
          <DayField name="date_to" label={t("filter.date_to")} value={f.date_to} />
        </>
      ) : null}
      <FilterSelect name="order_type" label={t("filter.order_type")} value={f.order_type} allLabel={all}
        options={ORDER_TYPES.map((v) => ({ value: v, label: t(`order_type.${v}`) }))} />
      <FilterSelect name="courier" label={t("filter.courier")} value={f.courier} allLabel={all}
        options={choices.couriers.map((c) => ({ value: c.code, label: c.name }))} />
      <SortSelect value={params.sort} sorts={ORDER_SORTS} />
      <PageSizeSelect value={params.limit} />
    </FilterBar>
  );
}
