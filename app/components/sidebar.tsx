import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import { memo, useEffect } from "react";
import { localePath, stripLocale } from "#app/lib/i18n.ts";
import { NAV } from "#app/lib/navigation.ts";
import { useAppLinks } from "#app/lib/use-app-links.ts";

/**
 * The twelve sidebar groups. Staff see only the groups in their access list. On a phone the
 * sidebar is collapsed behind the header's menu button: a CSS checkbox, so it works without JS.
 * Memoized: its ~40 links need not re-render when the layout's socket state or unread count changes.
 */
export const Sidebar = memo(function Sidebar({ privileges, pathname }: { privileges: string[]; pathname: string }) {
  const { t } = useTranslation("nav");
  const lang = useLocale();
  const here = stripLocale(pathname);
  const groups = NAV.filter((g) => privileges.includes(g.key));
  const followLink = useAppLinks();
  // The phone menu closes once a link in it was followed (with JavaScript the page stays mounted).
  useEffect(() => {
    const box = document.getElementById("sidebar-toggle") as HTMLInputElement | null;
    if (box) box.checked = false;
  }, [pathname]);
  return (
    <>
      {/* Only a phone has the menu button: on a desktop the box is no focus stop. */}
      <input type="checkbox" id="sidebar-toggle" className="peer sr-only lg:hidden" aria-label={t("menu")} />
      <nav
        onClick={followLink}
        aria-label={t("sidebar")}
        className="side-nav no-print fixed inset-y-0 left-0 z-40 hidden w-72 overflow-y-auto border-r border-slate-200 bg-white peer-checked:block lg:sticky lg:top-0 lg:block lg:h-screen lg:w-64 lg:shrink-0"
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
          <span className="text-lg font-bold text-brand-600">{t("common:app_name")}</span>
          <label htmlFor="sidebar-toggle" className="cursor-pointer rounded p-1 text-slate-500 hover:bg-slate-100 lg:hidden">
            <span aria-hidden>✕</span>
            <span className="sr-only">{t("close_menu")}</span>
          </label>
        </div>
        <ul className="space-y-1 p-2 text-sm">
          {groups.map((group) => {
            const active = group.items.some((i) => isAt(here, i.path));
            if (group.items.length === 1 && group.items[0].key === group.key) {
              const item = group.items[0];
              return (
                <li key={group.key}>
                  <ItemLink to={localePath(lang, item.path)} current={isAt(here, item.path)}>
                    {t(`groups.${group.key}`)}
                  </ItemLink>
                </li>
              );
            }
            return (
              <li key={group.key}>
                <details open={active} className="group">
                  <summary className="flex cursor-pointer list-none items-center justify-between rounded-md px-3 py-2 font-medium text-slate-700 hover:bg-slate-100">
                    {t(`groups.${group.key}`)}
                    <span aria-hidden className="text-xs text-slate-400 transition group-open:rotate-90">▶</span>
                  </summary>
                  <ul className="ml-3 mt-1 space-y-0.5 border-l border-slate-200 pl-2">
                    {group.items.map((item) =>
                      item.disabled || item.ready === false ? (
                        <li key={item.key}>
                          <span aria-disabled="true" title={item.disabled ? t("disabled") : t("not_available")}>
                            {t(`items.${item.key}`)}
                          </span>
                        </li>
                      ) : (
                        <li key={item.key}>
                          <ItemLink to={localePath(lang, item.path)} current={isAt(here, item.path)}>
                            {t(`items.${item.key}`)}
                          </ItemLink>
                        </li>
                      ),
                    )}
                  </ul>
                </details>
              </li>
            );
          })}
        </ul>
      </nav>
      <label htmlFor="sidebar-toggle" aria-hidden className="fixed inset-0 z-30 hidden bg-slate-900/40 peer-checked:block lg:peer-checked:hidden" />
    </>
  );
});

/** The page is the item's or below it (an order's page is under Orders). */
const isAt = (here: string, path: string) => here === path || here.startsWith(`${path}/`);

/**
 * A plain link with aria-current, followed in the app by the nav's one click handler
 * (app/lib/use-app-links.ts): the sidebar already knows the page's path, and a NavLink's own
 * matching for each of ~40 links was a seventh of /orders' server time, a Link's path resolving
 * a few per cent more. `data-discover` has React Router learn the routes the links lead to once
 * the page has loaded (route discovery "lazy", as its own <Link>s do), so a click needs no
 * round trip for them first.
 */
function ItemLink({ to, current, children }: { to: string; current: boolean; children: React.ReactNode }) {
  // Its look (size by level, current page) is .side-nav's in app.css.
  return <a href={to} aria-current={current ? "page" : undefined} data-discover="true">{children}</a>;
}
