/**
 * The offering form pages' frame (the list pages' pieces are in offering-parts.tsx; the unit
 * inputs are the form kit's UnitInput).
 */
import { Link } from "react-router";

/** The add / edit page frame: back link, heading (with chips), the form in a card. */
export function OfferingFormPage({ title, backTo, backLabel, chips, children }: {
  title: string; backTo: string; backLabel: string; chips?: React.ReactNode; children: React.ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Link to={backTo} className="text-sm font-medium text-brand-700 hover:underline">← {backLabel}</Link>
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        {chips}
      </div>
      <section aria-label={title} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">{children}</section>
    </div>
  );
}
