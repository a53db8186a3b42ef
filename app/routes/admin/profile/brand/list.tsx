/**
 * /profile/brand: the business's brands as cards (spec "Brand card": owned brands and the brands it
 * partners with), with the filter widget (status Active 1 / Non-Active 3, ownership Owned 1 /
 * Partnership 2, search, sort, page size), the total in the title, Add, export and export history.
 *
 * Decisions where the spec is silent:
 * - All list state is in the URL; a page past the end redirects to the first page.
 *   ?confirm=toggle&brand_id=…&action=… is the switch's no-JavaScript confirm step
 *   (confirm.server.ts); ?history=open opens the export history after an export was asked for.
 * - Partner brands show the owner's status on a disabled switch; a partnership still waiting shows
 *   its status on the card.
 * The page calls core/profile/brands*.ts, the functions the REST API calls.
 */
import { Link, useLocation } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/list";
import { BRAND_STATUS_FILTERS, OWNERSHIP_FILTERS } from "#core/profile/profile-enums.ts";
import { BrandCard, type Brand } from "#app/components/brand-card.tsx";
import { useBrandToggleText } from "#app/components/brand-logo.tsx";
import { buttonClass } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { ConfirmPanel } from "#app/components/list/confirm-dialog.tsx";
import { ListHeader } from "#app/components/list/list-header.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { FilterBar, FilterSelect } from "#app/components/list/filter-bar.tsx";
import { PageSizeSelect } from "#app/components/list/page-size-select.tsx";
import { Pagination } from "#app/components/list/pagination.tsx";
import { SearchBox } from "#app/components/list/search-box.tsx";
import { SortSelect } from "#app/components/list/sort-select.tsx";
import { formatNumber } from "#core/lib/format.ts";
import { brandListQuery, getBrand, listBrands } from "#core/profile/brands.ts";
import { brandStatusMessage, setBrandStatus } from "#core/profile/brands-save.ts";
import { can } from "#app/lib/auth.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { listHref } from "#app/lib/list-params.ts";
import { listPageAction, loadListPage, type ListPageSpec } from "#app/lib/list-page.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

const FILTERS = { status: BRAND_STATUS_FILTERS, ownership: OWNERSHIP_FILTERS };

const SPEC: ListPageSpec<Brand, typeof FILTERS> = {
  list: (scope, q) => listBrands(scope, brandListQuery.parse(q)),
  filters: FILTERS,
  idField: "brand_id",
  titleKey: "brand:title_count",
  exportKind: "brand",
  record: (scope, id) => getBrand(scope, id),
  async toggle(scope, ids, activate) {
    const rows = [];
    for (const id of ids) rows.push(await setBrandStatus(scope, id, activate));
    return rows;
  },
  // A switch that went through says so, as the REST call does ("Brand deactivated").
  toggled: (activate) => ({ key: brandStatusMessage(activate) }),
  // A partner's brand shows its owner's status: it is not switched from here.
  switchable: (b) => !b.is_partner,
};

export async function loader(args: Route.LoaderArgs) {
  return { ...(await loadListPage(args, SPEC)), canPromote: can(args.context, "promotion") };
}

export async function action(args: Route.ActionArgs) {
  return listPageAction(args, SPEC);
}

export default function BrandList({ loaderData }: Route.ComponentProps) {
  const { params, list, exports, exportsOpen, confirm } = loaderData;
  const { rows, pagination } = list;
  const { t } = useTranslation("brand");
  const locale = useLocale();
  const location = useLocation();
  const confirmText = useBrandToggleText();
  const listUrl = location.pathname + listHref(params);
  const addHref = localePath(locale, "/profile/brand/add");

  return (
    <div className="space-y-4">
      <ListHeader title={t("title_count", { total: formatNumber(pagination.total_record) })} exports={exports} exportsOpen={exportsOpen} add={{ href: addHref, label: t("add") }} />

      <FilterBar resetTo={location.pathname}>
        <SearchBox value={params.search} placeholder={t("placeholders.search")} />
        <FilterSelect name="status" label={t("list:filter.status")} value={params.filters.status} allLabel={t("list:filter.all")}
          options={FILTERS.status.map((v) => ({ value: v, label: t(`list:status.${v}`) }))} />
        <FilterSelect name="ownership" label={t("list:filter.ownership")} value={params.filters.ownership} allLabel={t("list:filter.all")}
          options={FILTERS.ownership.map((v) => ({ value: v, label: t(`list:ownership.${v}`) }))} />
        <SortSelect value={params.sort} />
        <PageSizeSelect value={params.limit} />
      </FilterBar>

      {confirm ? (
        <ConfirmPanel
          text={confirmText(confirm.action === "activate", confirm.name)}
          fields={{ intent: "toggle", brand_id: confirm.id, action: confirm.action }}
          cancelTo={listUrl}
        />
      ) : null}

      {rows.length ? (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={t("title")}>
          {rows.map((b) => (
            <li key={b.brand_id} className="flex">
              <div className="flex w-full flex-col [&>article]:flex-1">
                <BrandCard
                  brand={b}
                  manageHref={localePath(locale, `/profile/brand/${b.brand_id}`)}
                  holidayHref={localePath(locale, `/profile/brand/${b.brand_id}/holiday`)}
                  promotionsHref={loaderData.canPromote ? localePath(locale, `/promotions/brand-${b.brand_id}/listing`) : undefined}
                  confirmFor={(activate) => confirmText(activate, b.name)}
                />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState action={<Link to={addHref} className={buttonClass("primary")}>{t("add")}</Link>} />
      )}

      <Pagination params={params} totalPage={pagination.total_page} totalRecord={pagination.total_record} />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
