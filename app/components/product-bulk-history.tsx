/**
 * The upload history of bulk add or mass update: file, when and by whom, status (with progress
 * while its job runs), row counts, and links to the result.
 */
import { Link } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { DataTable, type Column } from "./list/data-table.tsx";
import { EmptyState } from "./list/empty-state.tsx";
import { BulkStatus, type BulkUpload } from "./product-bulk-parts.tsx";
import { formatDateTime, formatNumber } from "#core/lib/format.ts";

export function UploadHistory({ rows, links, caption, sectionName }: {
  rows: BulkUpload[];
  caption: string;
  /** The result pages of an upload. */
  links: (u: BulkUpload) => { href: string; label: string }[];
  sectionName?: (section: number | null) => string;
}) {
  const { t } = useTranslation("product-bulk");
  if (!rows.length) return <EmptyState title={t("history.empty")} subtitle={t("history.empty_hint")} />;
  const columns: Column<BulkUpload>[] = [
    {
      key: "file", header: t("history.file"), primary: true,
      cell: (u) => {
        const first = links(u)[0];
        return <Link to={first.href} className="font-medium text-brand-700 hover:underline">{u.filename}</Link>;
      },
    },
    ...(sectionName ? [{ key: "section", header: t("history.section"), cell: (u: BulkUpload) => sectionName(u.section) }] : []),
    { key: "time", header: t("history.time"), cell: (u) => formatDateTime(u.time_created) },
    { key: "user", header: t("history.user"), cell: (u) => u.user_name ?? "-" },
    { key: "status", header: t("history.status"), cell: (u) => <BulkStatus status={u.status} progress={u.job?.progress} /> },
    {
      key: "rows", header: t("history.rows"),
      cell: (u) => t("history.row_counts", { total: formatNumber(u.total_rows), valid: formatNumber(u.valid_rows), errors: formatNumber(u.error_rows) }),
    },
    {
      key: "links", header: t("history.open"),
      cell: (u) => (
        <span className="flex flex-wrap gap-3">
          {links(u).map((l) => <Link key={l.href} to={l.href} className="text-sm font-medium text-brand-700 hover:underline">{l.label}</Link>)}
        </span>
      ),
    },
  ];
  return <DataTable caption={caption} columns={columns} rows={rows} rowKey={(u) => u.upload_id} />;
}
