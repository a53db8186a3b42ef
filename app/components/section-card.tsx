/** A titled card of a settings or form page: one white box with its heading, named by it for assistive technology. */
import { useId, type ReactNode } from "react";

export function SectionCard({ title, hint, actions, children }: {
  title: string; hint?: string;
  /** Beside the title (a button that acts on the whole card). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={id} className="text-base font-semibold text-slate-900">{title}</h2>
          {actions}
        </div>
        {hint ? <p className="mt-1 text-sm text-slate-600">{hint}</p> : null}
      </div>
      {children}
    </section>
  );
}
