/**
 * The one row of list tabs (orders, products): plain links, each with its count. On a desktop
 * every tab is in view (the row wraps); on a phone the row scrolls sideways and fades at the right
 * edge, so a seller can see there is more. The focus ring sits inside the tab: the scrolling row
 * would clip one drawn outside.
 */
import { Link, type To } from "react-router";

export type Tab = { key: string; to: To; label: string; /** Left out where counting costs more than the page (stock overview). */ count?: string; active: boolean };

export function TabBar({ label, tabs }: { label: string; tabs: Tab[] }) {
  return (
    <nav
      aria-label={label}
      className="-mx-4 overflow-x-auto px-4 [mask-image:linear-gradient(to_right,black_85%,transparent)] lg:mx-0 lg:overflow-visible lg:px-0 lg:[mask-image:none]"
    >
      <ul className="flex min-w-max gap-1 border-b border-slate-200 lg:min-w-0 lg:flex-wrap">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              to={tab.to}
              aria-current={tab.active ? "page" : undefined}
              className={`-mb-px flex items-center gap-2 whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-offset-[-2px] ${
                tab.active ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
              }`}
            >
              {tab.label}
              {tab.count !== undefined ? (
                <span className={`rounded-full px-2 py-0.5 text-xs tabular-nums ${tab.active ? "bg-brand-100 text-brand-700" : "bg-slate-100 text-slate-600"}`}>
                  {tab.count}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
