/** The transfer list of /erp/inventory/mutation and /erp/inventory/:slug/mutation on the ListPage shell (tabs, filters, rows). */
import { Link, useLocation } from "react-router";
import { useLocale, useTranslation } from "#app/lib/i18n-react.tsx";
import { localePath } from "#app/lib/i18n.ts";
import type { ListParams } from "#app/lib/list-params.ts";
import type { TransferStatus, TransferSummary } from "#core/stock/transfers.ts";
import { ListPage } from "./list/list-page.tsx";
import { EmptyState } from "./list/empty-state.tsx";
import { FilterSelect } from "./list/filter-bar.tsx";
import { PageSizeSelect } from "./list/page-size-select.tsx";
import { SearchBox } from "./list/search-box.tsx";
import { TransferRows, TransferTabs } from "./transfer-parts.tsx";

export type TransferListData = {
  heading: string;
  params: ListParams;
  list: { rows: TransferSummary[]; pagination: { total_page: number; total_record: number } };
  counts: Record<TransferStatus, number>;
  locations: { key: string; name: string; kind: string }[];
  fixed: { key: string; name: string } | null;
};

export function TransferListView({ data }: { data: TransferListData }) {
  const { t } = useTranslation("transfer");
  const locale = useLocale();
  const { pathname } = useLocation();
  const { params, counts, locations, fixed } = data;
  // From a location's own list, a new transfer starts from that location.
  const add = { href: localePath(locale, `/erp/inventory/mutation/new${fixed ? `?from=${fixed.key}` : ""}`), label: t("add") };
  const tabs = <TransferTabs params={params} counts={counts} path={pathname} />;
  const kind = (k: string) => t(`kinds.${k}`);
  return (
    <ListPage
      data={data}
      title={data.heading}
      intro={fixed ? <Link to={localePath(locale, "/erp/inventory/mutation")} className="text-brand-700 hover:underline">{t("all_transfers")}</Link> : t("intro")}
      add={add}
      filters={
        <>
          {params.filters.status ? <input type="hidden" name="status" value={params.filters.status} /> : null}
          <SearchBox value={params.search} placeholder={t("filter.search")} />
          {fixed ? null : (
            <FilterSelect name="location" label={t("filter.location")} value={params.filters.location} allLabel={t("filter.all")}
              options={locations.map((l) => ({ value: l.key, label: `${l.name} (${kind(l.kind)})` }))} />
          )}
          <FilterSelect name="direction" label={t("filter.direction")} value={params.filters.direction} allLabel={t("filter.all")}
            options={[{ value: "in", label: t("filter.direction_in") }, { value: "out", label: t("filter.direction_out") }]} />
          <PageSizeSelect value={params.limit} />
        </>
      }
      empty={<>{tabs}<EmptyState title={t("empty.title")} subtitle={t("empty.subtitle")} /></>}
    >
      {(rows) => (
        <div className="space-y-3">
          {tabs}
          <TransferRows rows={rows} />
        </div>
      )}
    </ListPage>
  );
}

