/**
 * /profile/factory: the business's own production sites as cards (like the warehouse cards), with
 * the filter widget (status 1 Active / 0 Non-Active; the ownership filter shown disabled as spec
 * section 6 says: every factory is the business's own), search, sort, page size, title with the
 * total, Add, export and export history, status switches and the View Update History modal.
 *
 * All list state is in the URL; ?confirm=toggle&id=…&action=… is the switch's no-JavaScript confirm
 * step; ?history=<id> opens a factory's update history; ?history=open the export history.
 */
import { Link, useLocation, useParams } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/list";
import { STATUS_FILTERS } from "#core/profile/profile-enums.ts";
import { factoryHistory, factoryListQuery, getFactory, listFactories, setFactoryStatus, type FactoryJson } from "#core/profile/factories.ts";
import { buttonClass } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FactoryCard, type Factory } from "#app/components/factory-card.tsx";
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
import { DisabledOwnership } from "#app/components/warehouse-list-parts.tsx";
import { useSiteHistoryLabels } from "#app/components/warehouse-history.tsx";
import { formatNumber } from "#core/lib/format.ts";
import { localePath } from "#app/lib/i18n.ts";
import { listHref } from "#app/lib/list-params.ts";
import { listPageAction, loadListPage, type ListPageSpec } from "#app/lib/list-page.server.ts";

const FILTERS = { status: STATUS_FILTERS };

const SPEC: ListPageSpec<FactoryJson, typeof FILTERS> = {
  list: (scope, q) => listFactories(scope, factoryListQuery.parse(q)),
  filters: FILTERS,
  idField: "factory_id",
  titleKey: "site:factory.title_count",
  exportKind: "factory",
  record: getFactory,
  toggle: setFactoryStatus,
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
  const { params, list, exports, exportsOpen, confirm, history, historyOf } = loaderData;
  const { rows, pagination } = list;
  const { t } = useTranslation("site");
  const { lang } = useParams();
  const locale = lang ?? "en";
  const location = useLocation();
  const listUrl = location.pathname + listHref(params);
  const add = localePath(locale, "/profile/factory/add");
  const labels = useSiteHistoryLabels("factory");

  const confirmText = useToggleText("site", "factory.");

  return (
    <div className="space-y-4">
      <ListHeader title={t("factory.title_count", { total: formatNumber(pagination.total_record) })} exports={exports} exportsOpen={exportsOpen} add={{ href: add, label: t("factory.add") }} />

      <FilterBar resetTo={location.pathname}>
        <SearchBox value={params.search} placeholder={t("factory.placeholders.search")} />
        <FilterSelect name="status" label={t("list:filter.status")} value={params.filters.status} allLabel={t("list:filter.all")}
          options={FILTERS.status.map((v) => ({ value: v, label: t(`status.${v}`) }))} />
        <DisabledOwnership />
        <SortSelect value={params.sort} />
        <PageSizeSelect value={params.limit} />
      </FilterBar>

      {confirm ? (
        <ConfirmPanel
          text={confirmText(confirm.action === "activate", confirm.name)}
          fields={{ intent: "toggle", factory_id: confirm.id, action: confirm.action }}
          cancelTo={listUrl}
        />
      ) : null}

      {rows.length ? (
        <ul className="space-y-3" aria-label={t("factory.title")}>
          {rows.map((f) => (
            <li key={f.factory_id}>
              <FactoryCard factory={f} editHref={localePath(locale, `/profile/factory/${f.factory_id}`)} confirmFor={(activate) => confirmText(activate, f.name)} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState action={<Link to={add} className={buttonClass("primary")}>{t("factory.add")}</Link>} />
      )}

      <Pagination params={params} totalPage={pagination.total_page} totalRecord={pagination.total_record} />

      <UpdateHistoryModal history={history} title={historyOf} {...labels} />
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
