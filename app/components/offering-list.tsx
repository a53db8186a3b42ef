/**
 * The list page every offering shares (services, gift vouchers, vouchers, packages): the title with
 * its total, an intro line, Add (and export where the list exports), the filter bar (search, the
 * kind's own filters, sort, page size), the status switch's no-JavaScript confirm step, the table
 * (a card per row on a phone), the empty state, pagination and the update-history modal. The server
 * half is the shared loadListPage / listPageAction (app/lib/list-page-via-api.server.ts).
 */
import { Link, useLocation } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import type { ListPageData } from "#app/lib/list-page-via-api.server.ts";
import { formatNumber } from "#core/lib/format.ts";
import { listHref, type FilterSpec } from "#app/lib/list-params.ts";
import { buttonClass } from "./button.tsx";
import { ConfirmPanel, useToggleText } from "./list/confirm-dialog.tsx";
import { DataTable, type Column } from "./list/data-table.tsx";
import { EmptyState } from "./list/empty-state.tsx";
import { FilterBar } from "./list/filter-bar.tsx";
import { ListHeader } from "./list/list-header.tsx";
import { PageSizeSelect } from "./list/page-size-select.tsx";
import { Pagination } from "./list/pagination.tsx";
import { SearchBox } from "./list/search-box.tsx";
import { SortSelect } from "./list/sort-select.tsx";
import { StatusSwitch } from "./list/status-switch.tsx";
import { UpdateHistoryModal } from "./update-history-lazy.tsx";
import { useOfferingHistoryLabels } from "./offering-parts.tsx";
import type { OfferingKind } from "#core/catalog/offering-enums.ts";

export function OfferingListPage<R extends { name: string; status: number }, F extends FilterSpec>({ kind, data, idField, columns, filters, addHref, exportable }: {
  kind: OfferingKind;
  data: ListPageData<R, F>;
  idField: keyof R & string;
  columns: Column<R>[];
  /** The kind's own filter selects (between search and sort). */
  filters?: React.ReactNode;
  addHref: string;
  exportable?: boolean;
}) {
  const { t } = useTranslation("offering");
  const location = useLocation();
  const { params, list, exports, exportsOpen, confirm, history, historyOf } = data;
  const { rows, pagination } = list;
  const confirmText = useToggleText("offering", `${kind}.`);
  const labels = useOfferingHistoryLabels(kind);
  const listUrl = location.pathname + listHref(params);
  const filtered = Boolean(params.search || Object.keys(params.filters).length);

  const status: Column<R> = {
    key: "status",
    header: t("fields.status"),
    cell: (r) => (
      <StatusSwitch
        checked={r.status === 1}
        label={t("switch_label", { name: r.name })}
        fields={{ intent: "toggle", [idField]: Number(r[idField]) }}
        confirmFor={(activate) => confirmText(activate, r.name)}
      />
    ),
  };

  return (
    <div className="space-y-4">
      <ListHeader
        title={t(`${kind}.title_count`, { total: formatNumber(pagination.total_record) })}
        intro={t(`${kind}.intro`)}
        exports={exportable ? exports : undefined}
        exportsOpen={exportsOpen}
        add={{ href: addHref, label: t(`${kind}.add`) }}
      />

      <FilterBar resetTo={location.pathname}>
        <SearchBox value={params.search} placeholder={t(`${kind}.placeholders.search`)} />
        {filters}
        <SortSelect value={params.sort} />
        <PageSizeSelect value={params.limit} />
      </FilterBar>

      {confirm ? (
        <ConfirmPanel
          text={confirmText(confirm.action === "activate", confirm.name)}
          fields={{ intent: "toggle", [idField]: confirm.id, action: confirm.action }}
          cancelTo={listUrl}
        />
      ) : null}

      {rows.length ? (
        <DataTable caption={t(`${kind}.title`)} columns={[...columns.slice(0, -1), status, ...columns.slice(-1)]} rows={rows} rowKey={(r) => Number(r[idField])} />
      ) : filtered ? (
        <EmptyState />
      ) : (
        <EmptyState
          title={t(`${kind}.empty_title`)}
          subtitle={t(`${kind}.empty_subtitle`)}
          action={<Link to={addHref} className={buttonClass("primary")}>{t(`${kind}.add`)}</Link>}
        />
      )}

      <Pagination params={params} totalPage={pagination.total_page} totalRecord={pagination.total_record} />
      <UpdateHistoryModal history={history} title={historyOf} {...labels} />
    </div>
  );
}
