/**
 * Pieces the stock pages share (issue 14: the overview, a product's stock and history, search,
 * warehouse, the POS inventory reports): the section tabs, the stock state badge, filter selects
 * that show a bad value's message under themselves, and the Previous / Next pager of lists that
 * have no exact total (counting a million levels per view costs more than the page).
 * Text: the "inventory-overview" namespace (areas erp and omnichannel, app/lib/i18n.server.ts).
 */
import { Link } from "react-router";
import { useTranslation, useLocalePath } from "#app/lib/i18n-react.tsx";
import { inputClass } from "#app/components/button.tsx";
import { FieldError, FormErrors } from "#app/components/form-error.tsx";
import { TabBar } from "#app/components/list/tab-bar.tsx";
import { formatNumber, formatRupiah } from "#core/lib/format.ts";

export const NS = "inventory-overview";

/** The Mini ERP inventory pages this part builds (other parts add theirs beside them when merged). */
const ERP_PAGES = [
  { key: "all", path: "/erp/inventory/all-inventory" },
  { key: "search", path: "/erp/inventory/search" },
  { key: "warehouse", path: "/erp/inventory/warehouse" },
] as const;

export function InventoryTabs({ active }: { active: (typeof ERP_PAGES)[number]["key"] | null }) {
  const { t } = useTranslation(NS);
  const lp = useLocalePath();
  return (
    <TabBar label={t("sections.label")} tabs={ERP_PAGES.map((p) => ({ key: p.key, to: lp(p.path), label: t(`sections.${p.key}`), active: p.key === active }))} />
  );
}

const REPORTS = ["current-stock", "beginning-stock", "stock-location", "store-stock"] as const;
export type ReportKey = (typeof REPORTS)[number];

export function ReportTabs({ active }: { active: ReportKey }) {
  const { t } = useTranslation(NS);
  const lp = useLocalePath();
  return (
    <TabBar
      label={t("reports.label")}
      tabs={REPORTS.map((r) => ({ key: r, to: lp(`/omnichannel/pos-report/inventory/${r}`), label: t(`reports.${r}.tab`), active: r === active }))}
    />
  );
}

const TONE = { ready: "bg-emerald-50 text-emerald-700", low: "bg-amber-50 text-amber-800", out: "bg-red-50 text-red-700" } as const;

export function StateBadge({ state }: { state: "ready" | "low" | "out" }) {
  const { t } = useTranslation(NS);
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${TONE[state]}`}>{t(`states.${state}`)}</span>;
}

export const qty = (n: number | null | undefined) => formatNumber(n ?? 0);
export const money = (n: number | null | undefined) => (n === null || n === undefined ? "—" : formatRupiah(n));

/** A select of the filter bar whose value may be refused: its message under it. */
export function QuerySelect({ name, label, value, options, allLabel, errors }: {
  name: string; label: string; value: string | undefined; options: { value: string; label: string }[]; allLabel?: string; errors?: string[];
}) {
  const id = `filter-${name}`;
  const known = options.some((o) => o.value === value);
  return (
    <div className="min-w-[9rem] flex-1 sm:flex-none">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">{label}</label>
      <select id={id} name={name} key={value ?? ""} defaultValue={known ? value : ""} className={inputClass}
        aria-invalid={errors?.length ? true : undefined} aria-describedby={errors?.length ? `${id}-error` : undefined}>
        {allLabel !== undefined ? <option value="">{allLabel}</option> : null}
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  );
}

/** A text field of the filter bar (search, code, date) that keeps what was typed and shows its message. */
export function QueryInput({ name, label, value, errors, ...rest }: {
  name: string; label: string; value: string | undefined; errors?: string[];
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "value">) {
  const id = `filter-${name}`;
  return (
    <div className="min-w-[12rem] flex-[2]">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">{label}</label>
      <input id={id} name={name} key={value ?? ""} defaultValue={value ?? ""} className={inputClass} maxLength={100}
        aria-invalid={errors?.length ? true : undefined} aria-describedby={errors?.length ? `${id}-error` : undefined} {...rest} />
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  );
}

/** Previous / Next under a list without an exact total; `search(page)` is the URL of a page. */
export function PagePager({ page, hasNext, search, shown }: { page: number; hasNext: boolean; search: (page: number) => string; shown: number }) {
  const { t } = useTranslation("list");
  const { t: ti } = useTranslation(NS);
  if (page === 1 && !hasNext) return null;
  const cell = "inline-flex items-center rounded-md border px-3 py-1.5 text-sm";
  const live = `${cell} border-slate-300 bg-white hover:bg-slate-50`;
  const dead = `${cell} border-slate-200 text-slate-400`;
  return (
    <nav aria-label={t("pagination.label")} className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <p>{ti("pager.page", { page: formatNumber(page), count: shown })}</p>
      <ul className="flex gap-1">
        <li>
          {page > 1 ? <Link to={{ search: search(page - 1) }} rel="prev" className={live}>{t("pagination.previous")}</Link>
            : <span aria-disabled="true" className={dead}>{t("pagination.previous")}</span>}
        </li>
        <li>
          {hasNext ? <Link to={{ search: search(page + 1) }} rel="next" className={live}>{t("pagination.next")}</Link>
            : <span aria-disabled="true" className={dead}>{t("pagination.next")}</span>}
        </li>
      </ul>
    </nav>
  );
}

/** The URL search of a list with some params changed (null or "" removes one; page 1 is left out). */
export function searchWith(raw: Record<string, string | undefined>, changes: Record<string, string | number | null> = {}) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...raw, ...changes })) {
    if (v === null || v === undefined || v === "" || (k === "page" && String(v) === "1")) continue;
    q.set(k, String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : "";
}

/** The filter bar's Apply / Reset without JavaScript needs nothing more; a summary line of totals. */
export function Totals({ items }: { items: { label: string; value: string }[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map((i) => (
        <div key={i.label} className="rounded-lg border border-slate-200 bg-white p-3">
          <dt className="text-xs font-medium text-slate-500">{i.label}</dt>
          <dd className="mt-1 text-lg font-semibold tabular-nums text-slate-900">{i.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Messages of URL params that have no field of their own (page, tab, cursor), above the list. */
export function QueryProblems({ errors }: { errors: (string[] | undefined)[] }) {
  const all = errors.flatMap((e) => e ?? []);
  return all.length ? <div className="w-full"><FormErrors errors={all} /></div> : null;
}
