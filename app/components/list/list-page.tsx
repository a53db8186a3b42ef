/**
 * The one list page shell: header (title with the total, export, Add), the filter bar, the status
 * switch's no-JavaScript confirm step, the rows or the empty state, the pager and the update-history
 * modal — everything app/lib/list-page.server.ts's loadListPage answers. A list page is then its
 * filters and its rows:
 *
 *   <ListPage data={loaderData} title={t("factory.title_count", …)} add={{ href, label }}
 *     filters={<><SearchBox …/><FilterSelect …/></>} confirmText={toggleText} historyLabels={labels}>
 *     {(rows) => <ul>{rows.map(…)}</ul>}
 *   </ListPage>
 */
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { buttonClass } from "#app/components/button.tsx";
import { UpdateHistoryModal } from "#app/components/update-history-lazy.tsx";
import type { HistoryData } from "#app/lib/history.ts";
import { listHref, type ListParams } from "#app/lib/list-params.ts";
import type { ExportJob } from "./export-history.tsx";
import { ConfirmPanel, type ConfirmText } from "./confirm-dialog.tsx";
import { EmptyState } from "./empty-state.tsx";
import { FilterBar } from "./filter-bar.tsx";
import { ListHeader } from "./list-header.tsx";
import { Pagination } from "./pagination.tsx";

type ListPageData<R> = {
  params: ListParams;
  list: { rows: R[]; pagination: { total_page: number; total_record: number } };
  exports?: ExportJob[];
  exportsOpen?: boolean;
  confirm?: { id: number; action: "activate" | "inactivate"; name: string } | null;
  history?: HistoryData | null;
  historyOf?: string;
};

export function ListPage<R>(props: {
  data: ListPageData<R>;
  title: string;
  /** A line under the title. */
  intro?: ReactNode;
  add?: { href: string; label: string };
  /** The filter bar's fields (search, selects, sort, page size). */
  filters: ReactNode;
  /** The record id field the switch posts (e.g. "factory_id"), and its confirm text. */
  idField?: string;
  confirmText?: (activate: boolean, name: string) => ConfirmText;
  /** The update-history modal's labels (field names, actions). */
  historyLabels?: Omit<Parameters<typeof UpdateHistoryModal>[0], "history" | "title">;
  /** Shown when the list is empty (default: the empty state with the Add link). */
  empty?: ReactNode;
  /** Tabs between the header and the filter bar (a TabBar). */
  tabs?: ReactNode;
  /** A pager of its own instead of the page numbers (a keyset list's First / Previous / Next). */
  pager?: ReactNode;
  children: (rows: R[]) => ReactNode;
}) {
  const { data } = props;
  const location = useLocation();
  const listUrl = location.pathname + listHref(data.params);
  const { rows, pagination } = data.list;
  const confirm = data.confirm;
  return (
    <div className="space-y-4">
      <ListHeader title={props.title} intro={props.intro} exports={data.exports} exportsOpen={data.exportsOpen} add={props.add} />
      {props.tabs}
      <FilterBar resetTo={location.pathname}>{props.filters}</FilterBar>
      {confirm && props.confirmText && props.idField ? (
        <ConfirmPanel
          text={props.confirmText(confirm.action === "activate", confirm.name)}
          fields={{ intent: "toggle", [props.idField]: confirm.id, action: confirm.action }}
          cancelTo={listUrl}
        />
      ) : null}
      {rows.length
        ? props.children(rows)
        : props.empty ?? <EmptyState action={props.add ? <Link to={props.add.href} className={buttonClass("primary")}>{props.add.label}</Link> : undefined} />}
      {props.pager !== undefined ? props.pager : <Pagination params={data.params} totalPage={pagination.total_page} totalRecord={pagination.total_record} />}
      {props.historyLabels ? <UpdateHistoryModal history={data.history ?? null} title={data.historyOf} {...props.historyLabels} /> : null}
    </div>
  );
}
