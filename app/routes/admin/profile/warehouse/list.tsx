/**
 * /profile/warehouse: the business's warehouses as cards (spec "Warehouse card"), with the filter
 * widget (status 1 Active / 0 Non-Active, warehouse type 1-3, region; the ownership filter shown
 * disabled as spec section 6 says), search, sort, page size, title with the total, Add, export and
 * export history, status switches and the View Update History modal.
 *
 * Decisions where the spec is silent:
 * - All list state is in the URL; a page past the end redirects to the first page.
 *   ?confirm=toggle&seller_warehouse_id=…&action=… is the switch's no-JavaScript confirm step
 *   (confirm.server.ts); ?history=<id> opens the update-history modal of warehouse <id>;
 *   ?history=open opens the export history.
 * - The switch is the one-warehouse form of the spec's status change (core/profile/warehouse-changes.ts
 *   setWarehouseStatus), with the API's notice as its toast ("Warehouse deactivated").
 * - The default warehouse's switch is disabled while it is active (core refuses it anyway).
 */
import { Link, useLocation } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/list";
import { parseInput } from "#core/errors.ts";
import { STATUS_FILTERS, WAREHOUSE_REGIONS, WAREHOUSE_TYPES } from "#core/profile/profile-enums.ts";
import { setWarehouseStatus, warehouseStatusMessage } from "#core/profile/warehouse-changes.ts";
import { getWarehouse, listWarehouses, warehouseHistory, warehouseListQuery } from "#core/profile/warehouses.ts";
import { buttonClass } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { ConfirmPanel, useToggleText } from "#app/components/list/confirm-dialog.tsx";
import { ListHeader } from "#app/components/list/list-header.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { FilterBar, FilterSelect } from "#app/components/list/filter-bar.tsx";
import { PageSizeSelect } from "#app/components/list/page-size-select.tsx";
import { Pagination } from "#app/components/list/pagination.tsx";
import { SearchBox } from "#app/components/list/search-box.tsx";
import { SortSelect } from "#app/components/list/sort-select.tsx";
import { PinPointMap } from "#app/components/map/pin-point-lazy.tsx";
import { UpdateHistoryModal } from "#app/components/update-history-lazy.tsx";
import { WarehouseCard, type Warehouse } from "#app/components/warehouse-card.tsx";
import { useSiteHistoryLabels } from "#app/components/warehouse-history.tsx";
import { DisabledOwnership } from "#app/components/warehouse-list-parts.tsx";
import { formatNumber } from "#core/lib/format.ts";
import { localePath } from "#app/lib/i18n.ts";
import { listHref } from "#app/lib/list-params.ts";
import { listPageAction, loadListPage, type ListPageSpec } from "#app/lib/list-page.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

const FILTERS = { status: STATUS_FILTERS, type: WAREHOUSE_TYPES.map(String), region: WAREHOUSE_REGIONS.map(String) };

const SPEC: ListPageSpec<Warehouse, typeof FILTERS> = {
  list: (scope, q) => listWarehouses(scope, parseInput(warehouseListQuery, q)),
  filters: FILTERS,
  idField: "seller_warehouse_id",
  titleKey: "site:warehouse.title_count",
  exportKind: "warehouse",
  record: getWarehouse,
  toggle: setWarehouseStatus,
  toggled: (activate, rows) => ({ key: warehouseStatusMessage(activate, rows.length), vars: { count: rows.length } }),
  history: warehouseHistory,
};

export async function loader(args: Route.LoaderArgs) {
  // The cards' maps are islands (pin-point-lazy.tsx): loaded before the page renders.
  const [page] = await Promise.all([loadListPage(args, SPEC), PinPointMap.ready()]);
  return page;
}

export async function action(args: Route.ActionArgs) {
  return listPageAction(args, SPEC);
}

export default function WarehouseList({ loaderData }: Route.ComponentProps) {
  const { params, list, exports, exportsOpen, confirm, history, historyOf } = loaderData;
  const { rows, pagination } = list;
  const { t } = useTranslation("site");
  const locale = useLocale();
  const location = useLocation();
  const listUrl = location.pathname + listHref(params);
  const add = localePath(locale, "/profile/warehouse/add");
  const labels = useSiteHistoryLabels("warehouse");

  const confirmText = useToggleText("site", "warehouse.");

  return (
    <div className="space-y-4">
      <ListHeader title={t("warehouse.title_count", { total: formatNumber(pagination.total_record) })} exports={exports} exportsOpen={exportsOpen} add={{ href: add, label: t("warehouse.add") }} />

      <FilterBar resetTo={location.pathname}>
        <SearchBox value={params.search} placeholder={t("warehouse.placeholders.search")} />
        <FilterSelect name="status" label={t("list:filter.status")} value={params.filters.status} allLabel={t("list:filter.all")}
          options={FILTERS.status.map((v) => ({ value: v, label: t(`status.${v}`) }))} />
        <FilterSelect name="type" label={t("warehouse.filter.type")} value={params.filters.type} allLabel={t("list:filter.all")}
          options={FILTERS.type.map((v) => ({ value: v, label: t(`profile:warehouse_types.${v}`) }))} />
        <FilterSelect name="region" label={t("warehouse.filter.region")} value={params.filters.region} allLabel={t("list:filter.all")}
          options={FILTERS.region.map((v) => ({ value: v, label: t(`profile:warehouse_regions.${v}`) }))} />
        <DisabledOwnership />
        <SortSelect value={params.sort} />
        <PageSizeSelect value={params.limit} />
      </FilterBar>

      {confirm ? (
        <ConfirmPanel
          text={confirmText(confirm.action === "activate", confirm.name)}
          fields={{ intent: "toggle", seller_warehouse_id: confirm.id, action: confirm.action }}
          cancelTo={listUrl}
        />
      ) : null}

      {rows.length ? (
        <ul className="space-y-3" aria-label={t("warehouse.title")}>
          {rows.map((w) => (
            <li key={w.seller_warehouse_id}>
              <WarehouseCard
                warehouse={w}
                editHref={localePath(locale, `/profile/warehouse/${w.seller_warehouse_id}`)}
                confirmFor={(activate) => confirmText(activate, w.name)}
              />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState action={<Link to={add} className={buttonClass("primary")}>{t("warehouse.add")}</Link>} />
      )}

      <Pagination params={params} totalPage={pagination.total_page} totalRecord={pagination.total_record} />

      <UpdateHistoryModal history={history} title={historyOf} {...labels} />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
