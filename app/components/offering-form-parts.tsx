/**
 * The offering form pages' shared pieces: the money and unit inputs on the form kit and the
 * add/edit page frame (the list pages' pieces are in offering-parts.tsx).
 */
import { Link } from "react-router";
import { inputClass } from "./button.tsx";
import { FieldError } from "./form-error.tsx";
import type { FormState } from "./form.tsx";

/** A text input with a unit box before or after it ("Rp", "%"), on the form kit's state. */
export function UnitInput({ form, name, label, unit, side = "before", hint, idPrefix = "offering", ...rest }: {
  form: FormState; name: string; label: string; unit: string; side?: "before" | "after"; hint?: string; idPrefix?: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "form" | "name">) {
  const id = `${idPrefix}-${name}`;
  const errors = form.errors(name);
  const box = "inline-flex items-center border-slate-300 bg-slate-50 px-3 text-sm text-slate-600";
  const describedBy = [hint ? `${id}-hint` : "", errors?.length ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">{label}</label>
      <div className="flex items-stretch">
        {side === "before" ? <span aria-hidden className={`${box} rounded-l-md border border-r-0`}>{unit}</span> : null}
        <input id={id} name={name} type="text" defaultValue={form.value(name)} autoComplete="off" {...rest}
          aria-invalid={errors?.length ? true : undefined} aria-describedby={describedBy}
          className={`${inputClass} ${side === "before" ? "rounded-l-none" : "rounded-r-none"}`} />
        {side === "after" ? <span aria-hidden className={`${box} rounded-r-md border border-l-0`}>{unit}</span> : null}
      </div>
      {hint ? <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  );
}

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
