/**
 * /products/add/:slug/view-bulk (slug = upload id): the result of a bulk-add upload. While its job
 * checks the rows the page shows the progress and refreshes itself; then every row with its status
 * and, for a refused row, each cell's message ("Price: Must be a whole number"), with tabs per
 * status (?status=, ?page=). Valid rows became draft products: the drafts page publishes or
 * rejects them.
 */
import { Link, useLocation } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/view-bulk";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { buttonClass } from "#app/components/button.tsx";
import { DataTable, type Column } from "#app/components/list/data-table.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { Pagination } from "#app/components/list/pagination.tsx";
import { UploadSummary } from "#app/components/product-bulk-summary.tsx";
import {
  BulkStatus, PAGE_SIZE, RefreshWhileBusy, RowMessages, StatusTabs, isBusy, type BulkRow,
} from "#app/components/product-bulk-parts.tsx";
import { formatRupiah } from "#core/lib/format.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { idFromSlug } from "#app/lib/params.ts";
import { loadUpload, pageOf } from "#app/lib/product-bulk.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

const TABS = ["all", "error", "valid", "published", "rejected"] as const;

export async function loader(args: Route.LoaderArgs) {
  const id = idFromSlug(args.params.slug);
  const url = new URL(args.request.url);
  const asked = url.searchParams.get("status") ?? "all";
  const status = (TABS as readonly string[]).includes(asked) ? asked : "all";
  const result = await loadUpload(args, id, { status: status === "all" ? undefined : status, page: pageOf(url) });
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${t("product-bulk:view_bulk.title")} · ${result.upload.filename} | ${t("common:app_name")}`, status, page: pageOf(url), ...result };
}

export default function ViewBulk({ loaderData }: Route.ComponentProps) {
  const { upload, rows, counts, status, page, totalPage, totalRecord } = loaderData;
  const { t } = useTranslation("product-bulk");
  const lang = useLocale();
  const p = (path: string) => localePath(lang, path);
  const location = useLocation();
  const label = (field: string) => t(`fields.${field}`);
  const all = Object.values(counts).reduce((a, b) => a + b, 0);
  const columns: Column<BulkRow>[] = [
    { key: "row", header: t("rows.row"), primary: true, cell: (r) => <span className="whitespace-nowrap font-medium">{t("rows.row_no", { n: r.row_no })}</span> },
    { key: "name", header: t("fields.product_name"), cell: (r) => String(r.data.product_name ?? "") || "-" },
    { key: "sku", header: t("fields.sku"), cell: (r) => <span className="font-mono text-xs">{String(r.data.sku ?? "") || "-"}</span> },
    { key: "variant", header: t("rows.variant_size"), cell: (r) => [r.data.variant, r.data.size].filter(Boolean).join(" / ") || "-" },
    { key: "price", header: t("fields.price"), cell: (r) => (typeof r.data.price === "number" && !r.errors.price ? formatRupiah(r.data.price) : "-") },
    { key: "status", header: t("rows.status"), cell: (r) => <BulkStatus status={r.status} /> },
    { key: "messages", header: t("rows.messages"), className: "md:w-1/3", cell: (r) => <RowMessages errors={r.errors} fieldLabel={label} /> },
  ];
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <Link to={p("/products/add/bulk")} className="text-sm font-medium text-brand-700 hover:underline">← {t("view_bulk.back")}</Link>
      <UploadSummary upload={upload} title={t("view_bulk.title")}>
        {upload.valid_rows > 0 ? (
          <Link to={p(`/products/add/${upload.upload_id}/view-draft`)} className={buttonClass("primary")}>{t("view_bulk.to_drafts")}</Link>
        ) : null}
      </UploadSummary>
      {isBusy(upload) ? null : (
        <>
          <StatusTabs
            current={status}
            tabs={TABS.map((k) => ({ key: k, label: t(`tabs.${k}`), count: k === "all" ? all : counts[k] ?? 0 }))}
            href={(k) => (k === "all" ? location.pathname : `${location.pathname}?status=${k}`)}
          />
          {rows.length ? (
            <DataTable caption={t("view_bulk.rows_caption")} columns={columns} rows={rows} rowKey={(r) => r.row_id} />
          ) : (
            <EmptyState title={t("rows.empty")} subtitle={t("rows.empty_hint")} />
          )}
          <Pagination
            params={{ page, limit: PAGE_SIZE, sort: 2, search: "", filters: status === "all" ? {} : { status } }}
            totalPage={totalPage}
            totalRecord={totalRecord}
          />
        </>
      )}
      <RefreshWhileBusy busy={isBusy(upload)} />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
