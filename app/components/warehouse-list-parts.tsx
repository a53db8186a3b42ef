/**
 * Pieces the warehouse and factory lists share: a card section and a label/value item, the place
 * line under an address, the site image (or a drawn placeholder), and the ownership filter shown
 * disabled (spec section 6). No form kit here: list pages stay light.
 */
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { inputClass } from "./button.tsx";

export function CardSection({ title, children, className }: { title: string; children: React.ReactNode; className?: string }) {
  return (
    <section className={className}>
      <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
      {children}
    </section>
  );
}

export function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-slate-500">{label}:</dt>
      <dd className="min-w-0 break-words text-slate-800">{children === null || children === undefined || children === "" ? "-" : children}</dd>
    </div>
  );
}

/** "Jakarta Timur, DKI Jakarta 13930": the place line under an address. */
export function placeLine(p: { location_name: string | null; province_name: string | null; postcode: string | null }) {
  return [[p.location_name, p.province_name].filter(Boolean).join(", "), p.postcode].filter(Boolean).join(" ");
}

/** Placeholder shown instead of a missing image: a building outline. */
export function SiteImage({ url, alt, kind }: { url: string | null; alt: string; kind: "warehouse" | "factory" }) {
  const { t } = useTranslation("site");
  if (url) return <img src={url} alt={alt} width={64} height={64} className="h-16 w-16 shrink-0 rounded-md border border-slate-200 object-cover" />;
  return (
    <div role="img" aria-label={t(`${kind}.no_image`)} className="flex h-16 w-16 shrink-0 items-center justify-center rounded-md border border-slate-200 bg-slate-50 text-slate-400">
      <svg aria-hidden viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth="1.5">
        {kind === "warehouse"
          ? <path d="M3 21V9l9-5 9 5v12M7 21v-8h10v8M7 17h10" />
          : <path d="M3 21V11l5 3v-3l5 3v-3l5 3V5h3v16H3zM7 18h2M11 18h2M15 18h2" />}
      </svg>
    </div>
  );
}

/** The ownership filter, shown but disabled for warehouses (spec section 6); a disabled field is never sent. */
export function DisabledOwnership() {
  const { t } = useTranslation("site");
  return (
    <div className="min-w-[9rem] flex-1 sm:flex-none">
      <label htmlFor="filter-ownership" className="mb-1 block text-xs font-medium text-slate-600">{t("list:filter.ownership")}</label>
      <select id="filter-ownership" name="ownership" disabled aria-describedby="filter-ownership-hint" defaultValue="" className={`${inputClass} cursor-not-allowed bg-slate-100 text-slate-500`}>
        <option value="">{t("list:filter.all")}</option>
        <option value="1">{t("list:ownership.1")}</option>
        <option value="2">{t("list:ownership.2")}</option>
      </select>
      <p id="filter-ownership-hint" className="sr-only">{t("filter.ownership_disabled")}</p>
    </div>
  );
}

