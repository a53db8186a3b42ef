/**
 * /profile/factory: the business's own production sites as cards (like the warehouse cards), with
 * the filter widget (status 1 Active / 0 Non-Active; the ownership filter shown disabled as spec
 * section 6 says: every factory is the business's own), search, sort, page size, title with the
 * total, Add, export and export history, status switches and the View Update History modal.
 *
 * All list state is in the URL; ?confirm=toggle&factory_id=…&action=… is the switch's no-JavaScript
 * confirm step; ?history=<id> opens a factory's update history; ?history=open the export history.
 * The page is the list shell (ListPage) over core/profile/factories.ts: its filters and its cards.
 */
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/list";
import { STATUS_FILTERS } from "#core/profile/profile-enums.ts";
import { factoryHistory, factoryStatusMessage, factoryListQuery, getFactory, listFactories, setFactoryStatus, type FactoryJson } from "#core/profile/factories.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FactoryCard } from "#app/components/factory-card.tsx";
import { useToggleText } from "#app/components/list/confirm-dialog.tsx";
import { ListPage } from "#app/components/list/list-page.tsx";
import { FilterSelect } from "#app/components/list/filter-bar.tsx";
import { PageSizeSelect } from "#app/components/list/page-size-select.tsx";
import { SearchBox } from "#app/components/list/search-box.tsx";
import { SortSelect } from "#app/components/list/sort-select.tsx";
import { PinPointMap } from "#app/components/map/pin-point-lazy.tsx";
import { DisabledOwnership } from "#app/components/warehouse-list-parts.tsx";
import { useSiteHistoryLabels } from "#app/components/warehouse-history.tsx";
import { formatNumber } from "#core/lib/format.ts";
import { localePath } from "#app/lib/i18n.ts";
import { listPageAction, loadListPage, type ListPageSpec } from "#app/lib/list-page.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

const FILTERS = { status: STATUS_FILTERS };

const SPEC: ListPageSpec<FactoryJson, typeof FILTERS> = {
  list: (scope, q) => listFactories(scope, factoryListQuery.parse(q)),
  filters: FILTERS,
  idField: "factory_id",
  titleKey: "site:factory.title_count",
  exportKind: "factory",
  record: getFactory,
  toggle: setFactoryStatus,
  toggled: (activate, rows) => ({ key: factoryStatusMessage(activate, rows.length), vars: { count: rows.length } }),
  history: factoryHistory,
};

export async function loader(args: Route.LoaderArgs) {
  // The cards' maps are islands (pin-point-lazy.tsx): loaded before the page renders.
  const [page] = await Promise.all([loadListPage(args, SPEC), PinPointMap.ready()]);
  return page;
}

export async function action(args: Route.ActionArgs) {
  return listPageAction(args, SPEC);
}

export default function FactoryList({ loaderData }: Route.ComponentProps) {
  const { params } = loaderData;
  const { t } = useTranslation("site");
  const locale = useLocale();
  const labels = useSiteHistoryLabels("factory");
  const confirmText = useToggleText("site", "factory.");

  return (
    <ListPage
      data={loaderData}
      title={t("factory.title_count", { total: formatNumber(loaderData.list.pagination.total_record) })}
      add={{ href: localePath(locale, "/profile/factory/add"), label: t("factory.add") }}
      filters={<>
        <SearchBox value={params.search} placeholder={t("factory.placeholders.search")} />
        <FilterSelect name="status" label={t("list:filter.status")} value={params.filters.status} allLabel={t("list:filter.all")}
          options={FILTERS.status.map((v) => ({ value: v, label: t(`status.${v}`) }))} />
        <DisabledOwnership />
        <SortSelect value={params.sort} />
        <PageSizeSelect value={params.limit} />
      </>}
      idField="factory_id"
      confirmText={confirmText}
      historyLabels={labels}
    >
      {(rows) => (
        <ul className="space-y-3" aria-label={t("factory.title")}>
          {rows.map((f) => (
            <li key={f.factory_id}>
              <FactoryCard factory={f} editHref={localePath(locale, `/profile/factory/${f.factory_id}`)} confirmFor={(activate) => confirmText(activate, f.name)} />
            </li>
          ))}
        </ul>
      )}
    </ListPage>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
