import { useTranslation } from "#app/lib/i18n-react.tsx";

/** The spec's empty table: "Empty Table Now / Create some data and input into system as soon as possible". */
export function EmptyState({ title, subtitle, action }: { title?: string; subtitle?: string; action?: React.ReactNode }) {
  const { t } = useTranslation("common");
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <svg aria-hidden viewBox="0 0 24 24" className="h-10 w-10 text-slate-300" fill="none" stroke="currentColor" strokeWidth="1.5">
        <path d="M3 7h18M3 12h18M3 17h18M7 3v18" />
      </svg>
      <h2 className="text-base font-semibold text-slate-800">{title ?? t("empty.title")}</h2>
      <p className="max-w-md text-sm text-slate-500">{subtitle ?? t("empty.subtitle")}</p>
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
