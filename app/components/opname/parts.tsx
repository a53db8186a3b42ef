/**
 * Small pieces shared by the stock count and adjustment pages (/erp/inventory/opname…,
 * /erp/inventory/adjustment…, the opname-adjustment POS report): the status chip, a signed
 * quantity or rupiah difference, and the plain previous / next pager (links: works without JS).
 */
import { Link } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { formatNumber, formatRupiah } from "#core/lib/format.ts";
import { StatusBadge, type Tone } from "#app/components/list/status-badge.tsx";

const TONE: Record<string, Tone> = { draft: "neutral", awaiting_approval: "warning", adjusted: "success", cancelled: "danger", rejected: "danger" };

export function OpnameStatus({ status, label }: { status: string; label: string }) {
  return <StatusBadge tone={TONE[status] ?? "neutral"}>{label}</StatusBadge>;
}

/** +3 / −2 / 0, coloured by sign. */
export function Signed({ n, money }: { n: number; money?: boolean }) {
  const text = money ? formatRupiah(Math.abs(n)) : formatNumber(Math.abs(n));
  const cls = n > 0 ? "text-green-700" : n < 0 ? "text-red-700" : "text-slate-500";
  return <span className={`tabular-nums ${cls}`}>{n > 0 ? "+" : n < 0 ? "−" : ""}{text}</span>;
}

/** Previous / next links keeping every other parameter of the URL. */
export function Pager({ page, totalPage, search }: { page: number; totalPage: number; search: string }) {
  const { t } = useTranslation("opname");
  if (totalPage <= 1) return null;
  const to = (p: number) => {
    const q = new URLSearchParams(search);
    q.set("page", String(p));
    return `?${q}`;
  };
  return (
    <nav aria-label={t("pager.label")} className="flex items-center justify-between gap-3 text-sm">
      {page > 1 ? <Link to={to(page - 1)} className="font-medium text-brand-700 hover:underline">← {t("pager.previous")}</Link> : <span />}
      <span className="text-slate-600">{t("pager.page_of", { page: formatNumber(page), total: formatNumber(totalPage) })}</span>
      {page < totalPage ? <Link to={to(page + 1)} className="font-medium text-brand-700 hover:underline">{t("pager.next")} →</Link> : <span />}
    </nav>
  );
}

/** A figure with its label (the summary strips). */
export function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-slate-900">{children}</dd>
    </div>
  );
}
