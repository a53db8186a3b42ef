/** A titled card of a settings or form page: one white box with its heading, named by it for assistive technology. */
import { useId, type ReactNode } from "react";

export function SectionCard({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <div>
        <h2 id={id} className="text-base font-semibold text-slate-900">{title}</h2>
        {hint ? <p className="mt-1 text-sm text-slate-500">{hint}</p> : null}
      </div>
      {children}
    </section>
  );
}
