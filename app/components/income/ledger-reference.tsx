import { Link } from "react-router";
import { useLocale } from "#app/lib/i18n-react.tsx";
import { localePath } from "#app/lib/i18n.ts";

/** A balance history line's reference (core/money/references.ts): a link where a page shows it. */
export function LedgerReference({ h }: { h: { reference: string | null; reference_path: string | null } }) {
  const locale = useLocale();
  if (!h.reference) return <span className="text-slate-500">-</span>;
  if (!h.reference_path) return <span className="font-mono text-xs">{h.reference}</span>;
  return <Link to={localePath(locale, h.reference_path)} className="font-mono text-xs text-brand-700 underline">{h.reference}</Link>;
}
