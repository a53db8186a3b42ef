/**
 * The head of an upload's page: its title and file, who uploaded it and when, its status (with
 * the job's progress while it runs, or why the file could not be read), the row counts, and the
 * page's own actions (`children`).
 */
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { BulkStatus, JobProgress, type BulkUpload } from "./product-bulk-parts.tsx";
import { formatDateTime, formatNumber } from "#core/lib/format.ts";

export function UploadSummary({ upload, title, children }: { upload: BulkUpload; title: string; children?: React.ReactNode }) {
  const { t } = useTranslation("product-bulk");
  const counts: [string, number][] = [
    ["total", upload.total_rows],
    ["valid", upload.valid_rows],
    ["errors", upload.error_rows],
    ...(upload.mode === "update" ? [["applied", upload.applied_rows] as [string, number]] : []),
  ];
  return (
    <section className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6" aria-labelledby="upload-title">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 id="upload-title" className="text-xl font-semibold text-slate-900">{title}</h1>
          <p className="mt-1 break-all text-sm text-slate-600">{upload.filename}</p>
          <p className="text-xs text-slate-500">
            {t("summary.uploaded", { time: formatDateTime(upload.time_created), name: upload.user_name ?? "-" })}
          </p>
        </div>
        <BulkStatus status={upload.status} progress={upload.job?.progress} />
      </div>
      <JobProgress upload={upload} />
      {upload.status === "failed" ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {upload.status_details ?? upload.job?.status_details ?? t("summary.failed")}
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {counts.map(([key, n]) => (
          <div key={key} className="rounded-md bg-slate-50 px-3 py-2">
            <dt className="text-xs text-slate-500">{t(`summary.${key}`)}</dt>
            <dd className="text-lg font-semibold text-slate-900">{formatNumber(n)}</dd>
          </div>
        ))}
      </dl>
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </section>
  );
}
