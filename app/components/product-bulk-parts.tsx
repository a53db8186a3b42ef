/**
 * Pieces the bulk-add and mass-update pages share: the shapes the API answers, an upload's status
 * chip with its job's progress, the self-refresh while a job runs, the file form, status tabs.
 *
 * While a job runs the page refreshes itself: with JavaScript by revalidating every 2 s (no page
 * reload, the rest of the page stays); without it a <meta refresh> inside <noscript> reloads it.
 */
import { useEffect } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { buttonClass, inputClass, SubmitButton } from "./button.tsx";
import { FieldError } from "./form-error.tsx";
import { StatusBadge, type Tone } from "./list/status-badge.tsx";
import { formatNumber } from "#core/lib/format.ts";
import { FormToken } from "./form-token.tsx";

export type BulkJob = { job_id: number; progress: number; status: string; url: string | null; status_details: string | null };
export type BulkUpload = {
  upload_id: number; mode: "add" | "update"; section: number | null; filename: string; status: string; status_details: string | null;
  total_rows: number; valid_rows: number; error_rows: number; applied_rows: number; user_name: string | null;
  job: BulkJob | null; time_created: number; time_modified: number;
};
export type BulkRow = {
  row_id: number; row_no: number; status: string; product_id: number | null; data: Record<string, unknown>;
  errors: Record<string, string[]>; changes: { field: string; before: unknown; after: unknown }[];
};

/** Rows and uploads per page on these pages. */
export const PAGE_SIZE = 20;

/** Whether an upload's job is still at work (the page refreshes itself until it is not). */
export const isBusy = (u: Pick<BulkUpload, "status">) => u.status === "validating" || u.status === "applying";

const TONES: Record<string, Tone> = {
  validating: "info", ready: "warning", applying: "info", done: "success", failed: "danger",
  valid: "success", unchanged: "neutral", error: "danger", applied: "success", published: "success", rejected: "neutral",
  draft: "warning", archived: "neutral", suspended: "danger",
};

/** A status chip; an upload at work shows its job's progress too. */
export function BulkStatus({ status, progress }: { status: string; progress?: number }) {
  const { t } = useTranslation("product-bulk");
  const working = status === "validating" || status === "applying";
  return (
    <StatusBadge tone={TONES[status] ?? "neutral"}>
      {t(`status.${status}`)}{working && progress !== undefined ? ` · ${progress}%` : ""}
    </StatusBadge>
  );
}

/** Keeps the page fresh while `busy`: revalidation with JavaScript, a meta refresh without. */
export function RefreshWhileBusy({ busy }: { busy: boolean }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!busy) return;
    const id = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 2000);
    return () => clearInterval(id);
  }, [busy, revalidator]);
  if (!busy) return null;
  return <noscript dangerouslySetInnerHTML={{ __html: '<meta http-equiv="refresh" content="3">' }} />;
}

/** The upload's progress bar and what it is doing. */
export function JobProgress({ upload }: { upload: BulkUpload }) {
  const { t } = useTranslation("product-bulk");
  const working = upload.status === "validating" || upload.status === "applying";
  if (!working) return null;
  const progress = upload.job?.progress ?? 0;
  return (
    <div role="status" className="space-y-1">
      <p className="text-sm text-slate-700">{t(`progress.${upload.status}`)}</p>
      <div className="h-2 w-full overflow-hidden rounded-full bg-slate-200" aria-hidden>
        <div className="h-full bg-brand-600 transition-all" style={{ width: `${Math.max(4, progress)}%` }} />
      </div>
      <p className="text-xs text-slate-500">{t("progress.percent", { progress })}</p>
    </div>
  );
}

/** The "choose the filled template and upload it" form (multipart; works without JavaScript). */
export function UploadForm({ error, label, hint }: { error?: string | null; label: string; hint: string }) {
  const { t } = useTranslation("product-bulk");
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-3" noValidate>
      <FormToken />
      <input type="hidden" name="intent" value="upload" />
      <div>
        <label htmlFor="bulk-file" className="mb-1 block text-sm font-medium text-slate-700">{label}</label>
        <input
          id="bulk-file" name="file" type="file" required
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-invalid={error ? true : undefined} aria-describedby={`bulk-file-hint${error ? " bulk-file-error" : ""}`}
          className={`${inputClass} file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1`}
        />
        <p id="bulk-file-hint" className="mt-1 text-xs text-slate-500">{hint}</p>
        <FieldError id="bulk-file-error" errors={error ? [error] : null} />
      </div>
      <SubmitButton name="intent" value="upload">{t("upload.submit")}</SubmitButton>
    </Form>
  );
}

/** Tabs as links (?status=…), each with its count. */
export function StatusTabs({ tabs, current, href }: {
  tabs: { key: string; label: string; count?: number }[]; current: string; href: (key: string) => string;
}) {
  const { t } = useTranslation("product-bulk");
  return (
    <nav aria-label={t("rows.tabs")} className="flex flex-wrap gap-1 border-b border-slate-200">
      {tabs.map((tab) => (
        <Link
          key={tab.key}
          to={href(tab.key)}
          aria-current={tab.key === current ? "page" : undefined}
          className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${tab.key === current ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"}`}
        >
          {tab.label}
          {tab.count !== undefined ? <span className="ml-1 text-xs text-slate-500">({formatNumber(tab.count)})</span> : null}
        </Link>
      ))}
    </nav>
  );
}

/** A numbered step card (download → fill → upload). */
export function StepCard({ n, title, children }: { n: number; title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6" aria-labelledby={`step-${n}`}>
      <h2 id={`step-${n}`} className="mb-3 flex items-center gap-2 text-base font-semibold text-slate-900">
        <span aria-hidden className="inline-flex h-6 w-6 items-center justify-center rounded-full bg-brand-600 text-xs text-white">{n}</span>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A download link that the browser follows itself (a file, not a page). */
export function DownloadLink({ href, children }: { href: string; children: React.ReactNode }) {
  return <a href={href} download className={buttonClass("secondary")}>{children}</a>;
}

/** The messages of a row, "Field: message" per line. */
export function RowMessages({ errors, fieldLabel }: { errors: Record<string, string[]>; fieldLabel: (field: string) => string }) {
  const entries = Object.entries(errors);
  if (!entries.length) return null;
  return (
    <ul className="space-y-0.5 text-sm text-red-700">
      {entries.flatMap(([field, messages]) => messages.map((m, i) => (
        <li key={`${field}-${i}`}>{field === "_row" ? m : `${fieldLabel(field)}: ${m}`}</li>
      )))}
    </ul>
  );
}
