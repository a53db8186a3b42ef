/**
 * The list page every offering shares (services, gift vouchers, vouchers, packages), on the one
 * list shell (ListPage): the title with its total and an intro line, Add (and export where the list
 * exports), the filter bar (search, the kind's own filters, sort, page size), the status switch's
 * no-JavaScript confirm step, the table (a card per row on a phone) with the switch before the
 * actions, the empty state (an invitation to add the first one, or "nothing matches" when
 * filtered), pagination and the update-history modal. The server half is loadListPage /
 * listPageAction (app/lib/list-page.server.ts) over the kind's core service
 * (app/lib/offering-list.server.ts).
 */
import { Link } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import type { ListPageData } from "#app/lib/list-page.server.ts";
import { formatNumber } from "#core/lib/format.ts";
import type { FilterSpec } from "#app/lib/list-params.ts";
import type { OfferingKind } from "#core/catalog/offering-enums.ts";
import { buttonClass } from "./button.tsx";
import { useToggleText } from "./list/confirm-dialog.tsx";
import { DataTable, type Column } from "./list/data-table.tsx";
import { EmptyState } from "./list/empty-state.tsx";
import { ListPage } from "./list/list-page.tsx";
import { PageSizeSelect } from "./list/page-size-select.tsx";
import { SearchBox } from "./list/search-box.tsx";
import { SortSelect } from "./list/sort-select.tsx";
import { StatusSwitch } from "./list/status-switch.tsx";
import { useOfferingHistoryLabels } from "./offering-parts.tsx";

export function OfferingListPage<R extends { name: string; status: number }, F extends FilterSpec>({ kind, data, idField, columns, filters, addHref }: {
  kind: OfferingKind;
  data: ListPageData<R, F>;
  idField: keyof R & string;
  columns: Column<R>[];
  /** The kind's own filter selects (between search and sort). */
  filters?: React.ReactNode;
  addHref: string;
}) {
  const { t } = useTranslation("offering");
  const { params, list } = data;
  const confirmText = useToggleText("offering", `${kind}.`);
  const labels = useOfferingHistoryLabels(kind);
  const filtered = Boolean(params.search || Object.keys(params.filters).length);
  const add = { href: addHref, label: t(`${kind}.add`) };

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
    <ListPage
      data={data}
      title={t(`${kind}.title_count`, { total: formatNumber(list.pagination.total_record) })}
      intro={t(`${kind}.intro`)}
      add={add}
      filters={<>
        <SearchBox value={params.search} placeholder={t(`${kind}.placeholders.search`)} />
        {filters}
        <SortSelect value={params.sort} />
        <PageSizeSelect value={params.limit} />
      </>}
      idField={idField}
      confirmText={confirmText}
      historyLabels={labels}
      empty={filtered ? <EmptyState /> : (
        <EmptyState
          title={t(`${kind}.empty_title`)}
          subtitle={t(`${kind}.empty_subtitle`)}
          action={<Link to={add.href} className={buttonClass("primary")}>{add.label}</Link>}
        />
      )}
    >
      {(rows) => (
        <DataTable caption={t(`${kind}.title`)} columns={[...columns.slice(0, -1), status, ...columns.slice(-1)]} rows={rows} rowKey={(r) => Number(r[idField])} />
      )}
    </ListPage>
  );
}
