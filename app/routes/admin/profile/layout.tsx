/**
 * The profile section: its tab menu (spec "Profile": Company, Brand, Offline Store, Online Channel,
 * Warehouse, Factory, Store Fee; Holiday and Group Company shown disabled). The tabs are the
 * sidebar's profile entries (app/lib/navigation.ts), so both grey out the same pages: the ones
 * the spec disables and the ones not built yet, which are plain text, not links.
 */
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import { NavLink, Outlet } from "react-router";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { localePath } from "#app/lib/i18n.ts";
import { NAV } from "#app/lib/navigation.ts";

const TABS = NAV.find((g) => g.key === "profile")!.items;

export default function ProfileLayout() {
  const { t } = useTranslation("nav");
  const lang = useLocale();
  return (
    <div className="space-y-4">
      {/* As the list tabs (components/list/tab-bar.tsx): a phone scrolls the row, which fades at the edge. */}
      <nav aria-label={t("groups.profile")} className="-mx-4 overflow-x-auto border-b border-slate-200 px-4 [mask-image:linear-gradient(to_right,black_85%,transparent)] lg:-mx-6 lg:overflow-visible lg:px-6 lg:[mask-image:none]">
        <ul className="flex min-w-max gap-1 text-sm lg:min-w-0 lg:flex-wrap">
          {TABS.map((tab) => (
            <li key={tab.key}>
              {tab.disabled || tab.ready === false ? (
                <span
                  aria-disabled="true"
                  title={tab.disabled ? t("disabled") : t("not_available")}
                  className="block cursor-not-allowed border-b-2 border-transparent px-3 py-2 text-slate-400"
                >
                  {t(`items.${tab.key}`)}
                </span>
              ) : (
                <NavLink
                  to={localePath(lang, tab.path)}
                  className={({ isActive }) =>
                    `block whitespace-nowrap border-b-2 px-3 py-2 font-medium focus-visible:outline-offset-[-2px] ${isActive ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"}`}
                >
                  {t(`items.${tab.key}`)}
                </NavLink>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
