/**
 * Small pieces the offering pages share: the name cell (image, name, a second line), the row's
 * links (view, edit, update history), the validity chip and the update-history labels (the form
 * pages' pieces are in offering-form-parts.tsx, so the lists load none of them). No Conform, no
 * Zod: plain markup.
 */
import { Link } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import type { OfferingKind, ValidityState } from "#core/catalog/offering-enums.ts";
import { formatDate, formatNumber } from "#core/lib/format.ts";
import { StatusBadge, type Tone } from "./list/status-badge.tsx";
import { HistoryLink } from "./update-history-lazy.tsx";

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
