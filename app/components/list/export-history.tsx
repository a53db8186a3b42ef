/**
 * The export-history popup (spec: file name, Downloaded / Not Downloaded; jobs with progress). The
 * popup is a <details>, so it opens without JavaScript; with JavaScript the page reloads its data
 * every second while an export is still being made, so progress moves. List pages show it through
 * ListHeader (list-header.tsx), as an island fetched after the first load, with the export button.
 */
import { useEffect } from "react";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import { useRevalidator } from "react-router";
import { formatDateTime } from "#core/lib/format.ts";
import { localePath } from "#app/lib/i18n.ts";
import { buttonClass } from "#app/components/button.tsx";
import { usePopover } from "#app/components/popover.ts";
import { StatusBadge } from "./status-badge.tsx";

export type { ExportJob } from "#core/jobs/export-history.ts";
import type { ExportJob } from "#core/jobs/export-history.ts";

export function ExportHistory({ jobs, open }: { jobs: ExportJob[]; open?: boolean }) {
  const { t } = useTranslation("list");
  const lang = useLocale();
  const revalidator = useRevalidator();
  const popover = usePopover();
  const running = jobs.some((j) => j.status === "waiting" || j.status === "processing");

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 1000);
    return () => clearInterval(timer);
  }, [running, revalidator]);

  return (
    <details ref={popover} className="relative" open={open}>
      <summary className={`${buttonClass("secondary")} cursor-pointer list-none`}>
        {t("export.history")}
        {running ? <span aria-hidden className="h-2 w-2 animate-pulse rounded-full bg-brand-500" /> : null}
      </summary>
      {/* Under its button on a desktop; on a phone across the screen (the button may sit anywhere in a wrapped row). */}
      <div className="fixed inset-x-4 top-16 z-30 rounded-lg border border-slate-200 bg-white p-3 shadow-lg sm:absolute sm:inset-x-auto sm:right-0 sm:top-auto sm:mt-2 sm:w-[24rem]">
        <h2 className="mb-2 text-sm font-semibold text-slate-800">{t("export.history")}</h2>
        {jobs.length === 0 ? (
          <p className="text-sm text-slate-500">{t("export.empty")}</p>
        ) : (
          <ul className="max-h-80 divide-y divide-slate-100 overflow-y-auto" aria-live="polite">
            {jobs.map((job) => (
              <li key={job.job_id} className="py-2 text-sm">
                <p className="break-all font-medium text-slate-800">{job.filename}</p>
                <p className="text-xs text-slate-500">{formatDateTime(job.time_created)}</p>
                <div className="mt-1 flex flex-wrap items-center gap-2">
                  {job.status === "success" ? (
                    <>
                      <StatusBadge tone={job.is_downloaded ? "success" : "neutral"}>
                        {job.is_downloaded ? t("export.downloaded") : t("export.not_downloaded")}
                      </StatusBadge>
                      <a
                        href={localePath(lang, `/exports/${job.job_id}/download`)}
                        download
                        onClick={() => setTimeout(() => void revalidator.revalidate(), 1500)}
                        className="font-medium text-brand-700 hover:underline"
                      >
                        {t("export.download")}
                      </a>
                    </>
                  ) : job.status === "failed" ? (
                    <>
                      <StatusBadge tone="danger">{t("export.failed")}</StatusBadge>
                      {/* Why it failed, already in the reader's language (the API translates it). */}
                      {job.status_details ? <p className="w-full text-xs text-slate-600">{job.status_details}</p> : null}
                    </>
                  ) : (
                    <div className="w-full">
                      <p className="text-xs text-slate-600">
                        {job.status === "waiting" ? t("export.waiting") : t("export.running", { progress: job.progress })}
                      </p>
                      <progress max={100} value={job.progress} className="h-1.5 w-full" aria-label={job.filename ?? ""} />
                    </div>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}
