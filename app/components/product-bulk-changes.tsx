/**
 * The preview of a mass-update row: each changed field as "before → after" (rupiah for prices,
 * numbers for stock per location, thumbnails for images), read from the row's `changes`.
 */
import { useTranslation } from "#app/lib/i18n-react.tsx";
import type { BulkRow } from "./product-bulk-parts.tsx";
import { formatNumber, formatRupiah } from "#core/lib/format.ts";

const MONEY = new Set(["price", "compare_at_price"]);

function Value({ field, value }: { field: string; value: unknown }) {
  const { t } = useTranslation("product-bulk");
  if (value === null || value === undefined || value === "") return <span className="text-slate-500">-</span>;
  if (MONEY.has(field)) return <>{formatRupiah(Number(value))}</>;
  if (field.startsWith("loc:")) return <>{formatNumber(Number(value))}</>;
  if (field === "images" && Array.isArray(value)) {
    return (
      <span className="inline-flex flex-wrap items-center gap-1">
        {value.slice(0, 4).map((url) => <img key={String(url)} src={String(url)} alt="" className="h-8 w-8 rounded border border-slate-200 object-cover" />)}
        <span className="text-xs text-slate-500">{t("changes.images", { count: value.length })}</span>
      </span>
    );
  }
  return <span className="break-words">{String(value)}</span>;
}

export function RowChanges({ row }: { row: BulkRow }) {
  const { t } = useTranslation("product-bulk");
  if (!row.changes.length) return <span className="text-sm text-slate-500">{row.status === "error" ? "-" : t("changes.none")}</span>;
  const locations = (row.data.locations ?? {}) as Record<string, string>;
  const label = (field: string) => (field.startsWith("loc:") ? locations[field] ?? field : t(`fields.${field}`));
  return (
    <ul className="space-y-1 text-sm">
      {row.changes.map((c) => (
        <li key={c.field}>
          <span className="font-medium text-slate-700">{label(c.field)}:</span>{" "}
          <span className="text-slate-500 line-through decoration-slate-400"><Value field={c.field} value={c.before} /></span>
          <span aria-label={t("changes.to")} className="mx-1 text-slate-500">→</span>
          <span className="font-semibold text-slate-900"><Value field={c.field} value={c.after} /></span>
        </li>
      ))}
    </ul>
  );
}
