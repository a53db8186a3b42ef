/**
 * Small pieces the offering pages share: the name cell (image, name, a second line), the row's
 * links (view, edit, update history), the validity chip, the update-history labels, the money
 * and unit inputs on the form kit, and the add/edit page frame. No Conform, no Zod: plain markup.
 */
import { Link, useParams } from "react-router";
import { useTranslation } from "~/lib/i18n-react.tsx";
import type { OfferingKind, ValidityState } from "../../api/domain/offering-enums.ts";
import { formatDate, formatNumber } from "../lib/format.ts";
import { localePath } from "../lib/i18n.ts";
import { inputClass } from "./button.tsx";
import { FieldError } from "./form-error.tsx";
import type { FormState } from "./form.tsx";
import { StatusBadge, type Tone } from "./list/status-badge.tsx";
import { HistoryLink } from "./update-history.tsx";

/** The page's locale-aware path (English without a prefix, /id/… in Indonesian). */
export function useLocalePath() {
  const { lang } = useParams();
  return (path: string) => localePath(lang ?? "en", path);
}

export function NameCell({ name, image, sub }: { name: string; image?: string | null; sub?: React.ReactNode }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      {image ? <img src={image} alt="" width={40} height={40} loading="lazy" className="h-10 w-10 shrink-0 rounded border border-slate-200 object-cover" /> : null}
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{name}</p>
        {sub ? <p className="text-xs text-slate-500">{sub}</p> : null}
      </div>
    </div>
  );
}

export function RowActions({ id, name, editHref, viewHref }: { id: number; name: string; editHref: string; viewHref?: string }) {
  const { t } = useTranslation("offering");
  const link = "text-sm font-medium text-brand-700 hover:underline";
  return (
    <div className="flex flex-wrap justify-end gap-x-3 gap-y-1 md:justify-start">
      {/* Each link is named with its record for screen readers ("Edit Jahit permak"), starting with its visible word. */}
      {viewHref ? <Link to={viewHref} className={link} aria-label={`${t("actions.view")} ${name}`}>{t("actions.view")}</Link> : null}
      <Link to={editHref} className={link} aria-label={`${t("actions.edit")} ${name}`}>{t("actions.edit")}</Link>
      <HistoryLink id={id} className={link}><span className="sr-only">{`${t("actions.history")} ${name}`}</span><span aria-hidden>{t("actions.history")}</span></HistoryLink>
    </div>
  );
}

const VALIDITY_TONES: Record<ValidityState, Tone> = { upcoming: "info", ongoing: "success", ended: "neutral", empty: "warning" };

/** "01-07-2026 – 31-07-2026" with the validity chip. */
export function Validity({ from, until, state, label }: { from: number; until: number; state: ValidityState; label: string }) {
  const { t } = useTranslation("offering");
  return (
    <div className="space-y-1">
      <p className="whitespace-nowrap text-slate-700">{t("validity_range", { from: formatDate(from), until: formatDate(until) })}</p>
      <StatusBadge tone={VALIDITY_TONES[state]}>{label}</StatusBadge>
    </div>
  );
}

/** The update-history modal's labels: field names, money and minutes readable, own actions named. */
export function useOfferingHistoryLabels(kind: OfferingKind) {
  const { t } = useTranslation("offering");
  const money = new Set(["price", "value", "max_discount", "min_purchase"]);
  return {
    fieldLabel: (field: string) => t(`${kind}.fields.${field}`, { defaultValue: t(`fields.${field}`, { defaultValue: field }) }),
    valueLabel: (field: string, value: unknown): string | undefined => {
      if (value === null || value === undefined || value === "") return undefined;
      if (money.has(field) && typeof value === "number") return `Rp. ${formatNumber(value)}`;
      if (field === "status") return t(`status.${Number(value) === 1 ? 1 : 0}`);
      if (field === "discount_type") return t(`voucher.types.${value}`, { defaultValue: String(value) });
      return undefined;
    },
    actionLabel: (action: string) => t(`history.actions.${action}`, { defaultValue: t(`widgets:history.actions.${action}`, { defaultValue: action }) }),
  };
}

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
