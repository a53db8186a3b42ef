/**
 * The choice at the top of the add-brand pages: an owned brand (/profile/brand/add) or a
 * partnership with another business's brand (/profile/brand/add/partnership). Plain links.
 */
import { Link } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import { localePath } from "#app/lib/i18n.ts";

export function BrandAddKinds({ current }: { current: "owned" | "partnership" }) {
  const { t } = useTranslation("brand");
  const lang = useLocale();
  const here = localePath(lang, "/profile/brand/add");
  const kinds = [
    { key: "owned", href: here, label: t("add_page.owned"), hint: t("add_page.owned_hint") },
    { key: "partnership", href: `${here}/partnership`, label: t("add_page.partnership"), hint: t("add_page.partnership_hint") },
  ] as const;
  return (
    <nav aria-label={t("add_page.kinds_label")}>
      <ul className="grid gap-3 sm:grid-cols-2">
        {kinds.map((k) => {
          const on = current === k.key;
          return (
            <li key={k.key}>
              <Link
                to={k.href}
                aria-current={on ? "page" : undefined}
                className={`block h-full rounded-lg border p-4 ${on ? "border-brand-600 bg-brand-50 ring-1 ring-brand-600" : "border-slate-200 bg-white hover:border-slate-300"}`}
              >
                <span className="block font-semibold text-slate-900">{k.label}</span>
                <span className="mt-1 block text-sm text-slate-600">{k.hint}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
