/**
 * /profile/company: the companies the user works for, with the filter widget, status switches,
 * export and export history. Every piece is the shared list kit (app/components/list).
 *
 * Decisions where the spec is silent:
 * - Ownership filter: the spec shows it "only when a single business is active". Here a session
 *   always works in exactly one business (the header's picker chooses one, never a group), so the
 *   condition always holds and the filter is always shown. Owned = the user owns the company,
 *   Partnership = the user is a member but not its owner.
 * - All list state is in the URL (search, status, ownership, sort, limit, page); defaults are
 *   left out of links. A page past the end redirects to the first page. ?confirm=toggle&business_id=…&action=…
 *   is the no-JavaScript confirm step of the switch (confirm.server.ts); ?history=open opens the
 *   export history after an export was asked for.
 * - The switch shows for Active and Inactive companies (disabled for a non-owner); a company in
 *   Moderation, Suspend or Reject shows its status instead: only the platform changes those.
 * The server half is the list kit (list-page.server.ts) over core/business/companies.ts; the
 * switch's success says so with the toast the API answers with ("Company deactivated").
 */
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import { Link, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/list";
import type { Company } from "#app/components/company-form.tsx";
import { companyListQuery, companyStatusMessage, getCompany, listCompanies, setCompanyStatus } from "#core/business/companies.ts";
import { parseInput } from "#core/errors.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { buttonClass } from "#app/components/button.tsx";
import { ConfirmPanel, useToggleText } from "#app/components/list/confirm-dialog.tsx";
import { ListHeader } from "#app/components/list/list-header.tsx";
import { DataTable, type Column } from "#app/components/list/data-table.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { FilterBar, FilterSelect } from "#app/components/list/filter-bar.tsx";
import { PageSizeSelect } from "#app/components/list/page-size-select.tsx";
import { Pagination } from "#app/components/list/pagination.tsx";
import { SearchBox } from "#app/components/list/search-box.tsx";
import { SortSelect } from "#app/components/list/sort-select.tsx";
import { companyTone } from "#app/components/list/company-tone.ts";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { BUSINESS_STATUS, STATUS_FILTERS, TOGGLEABLE_STATUSES } from "#db/schema/company-enums.ts";
import { StatusSwitch } from "#app/components/list/status-switch.tsx";
import { formatDate, formatNumber } from "#core/lib/format.ts";
import { localePath } from "#app/lib/i18n.ts";
import { listHref } from "#app/lib/list-params.ts";
import { listPageAction, loadListPage, type ListPageSpec } from "#app/lib/list-page.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

const FILTERS = { status: STATUS_FILTERS.map(String), ownership: ["1", "2"] };

const SPEC: ListPageSpec<Company, typeof FILTERS> = {
  list: (scope, q) => listCompanies(scope, parseInput(companyListQuery, q)),
  filters: FILTERS,
  idField: "business_id",
  titleKey: "company:title_count",
  exportKind: "business",
  record: getCompany,
  async toggle(scope, ids, activate) {
    for (const id of ids) await setCompanyStatus(scope, id, activate);
    return ids;
  },
  toggled: (activate) => ({ key: companyStatusMessage(activate) }),
};

export async function loader(args: Route.LoaderArgs) {
  return loadListPage(args, SPEC);
}

export async function action(args: Route.ActionArgs) {
  return listPageAction(args, SPEC);
}

export default function CompanyList({ loaderData }: Route.ComponentProps) {
  const { params, list, exports, exportsOpen, confirm } = loaderData;
  const { rows, pagination } = list;
  const { t } = useTranslation("company");
  const locale = useLocale();
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const detail = (c: Company) => localePath(locale, `/profile/company/${c.business_id}`);
  const listUrl = location.pathname + listHref(params);

  const confirmText = useToggleText("company");

  const columns: Column<Company>[] = [
    {
      key: "name",
      header: t("fields.name"),
      primary: true,
      cell: (c) => (
        <div className="min-w-0">
          <Link to={detail(c)} className="font-semibold text-slate-900 hover:text-brand-700 hover:underline">{c.name}</Link>
          <p className="text-xs text-slate-500">{[c.legal_type_name, c.business_type.name].filter(Boolean).join(" · ")}</p>
          {c.is_active_business ? <span className="mt-1 inline-block"><StatusBadge tone="info">{t("chips.active_business")}</StatusBadge></span> : null}
        </div>
      ),
    },
    { key: "city", header: t("fields.city"), cell: (c) => (c.city ? `${c.city.location_name}, ${c.city.province_name}` : "-") },
    { key: "ownership", header: t("fields.ownership"), cell: (c) => t(c.is_owner ? "chips.owned" : "chips.partnership") },
    { key: "time_created", header: t("fields.time_created"), cell: (c) => formatDate(c.time_created) },
    {
      key: "status",
      header: t("fields.status"),
      cell: (c) =>
        TOGGLEABLE_STATUSES.includes(c.status) ? (
          <StatusSwitch
            checked={c.status === BUSINESS_STATUS.active}
            disabled={!c.is_owner}
            label={t("toggle.label", { name: c.name })}
            fields={{ intent: "toggle", business_id: c.business_id }}
            confirmFor={(activate) => confirmText(activate, c.name)}
          />
        ) : (
          <StatusBadge tone={companyTone(c.status)}>{c.status_name}</StatusBadge>
        ),
    },
    {
      key: "manage",
      header: t("columns.action"),
      cell: (c) => <Link to={detail(c)} className="text-sm font-medium text-brand-700 hover:underline">{t("manage")}</Link>,
    },
  ];

  return (
    <div className="space-y-4">
      <ListHeader
        title={t("title_count", { total: formatNumber(pagination.total_record) })}
        exports={exports}
        exportsOpen={exportsOpen}
        add={{ href: localePath(locale, "/profile/company/add"), label: t("add") }}
      />

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
          fields={{ intent: "toggle", business_id: confirm.id, action: confirm.action }}
          cancelTo={listUrl}
        />
      ) : null}

      {rows.length ? (
        <DataTable caption={t("title")} columns={columns} rows={rows} rowKey={(c) => c.business_id} busy={busy} />
      ) : (
        <EmptyState action={<Link to={localePath(locale, "/profile/company/add")} className={buttonClass("primary")}>{t("add")}</Link>} />
      )}

      <Pagination params={params} totalPage={pagination.total_page} totalRecord={pagination.total_record} />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
