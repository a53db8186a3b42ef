/**
 * The listing's tabs (spec section 2: All, Active, Not Active, Out Of Stock, Blocked) with their
 * counts under the current filters: plain links that keep search, filters, sort and page size.
 * A count the API stopped at its cap shows as "1.000+".
 */
import { Link } from "react-router";
import { PRODUCT_TABS, type ProductTab } from "#core/catalog/product-enums.ts";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { formatNumber } from "#core/lib/format.ts";
import { listHref } from "#app/lib/list-params.ts";
import type { ProductListParams } from "./product-list-params.ts";

export type TabSummary = { tabs: Record<ProductTab, number>; capped: ProductTab[]; cap: number };

export const countText = (summary: TabSummary, tab: ProductTab) =>
  `${formatNumber(summary.tabs[tab])}${summary.capped.includes(tab) ? "+" : ""}`;

export function ProductListTabs({ params, summary }: { params: ProductListParams; summary: TabSummary }) {
  const { t } = useTranslation("product-list");
  const current = (params.filters.tab ?? "all") as ProductTab;
  return (
    <nav aria-label={t("tabs.label")} className="-mx-4 overflow-x-auto px-4 lg:mx-0 lg:px-0">
      <ul className="flex min-w-max gap-1 border-b border-slate-200">
        {PRODUCT_TABS.map((tab) => {
          const active = tab === current;
          return (
            <li key={tab}>
              <Link
                to={{ search: listHref(params, { tab: tab === "all" ? null : tab, page: null }) }}
                aria-current={active ? "page" : undefined}
                className={`-mb-px flex items-center gap-2 whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${
                  active ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
                }`}
              >
                {t(`tabs.${tab}`)}
                <span className={`rounded-full px-2 py-0.5 text-xs tabular-nums ${active ? "bg-brand-100 text-brand-700" : "bg-slate-100 text-slate-600"}`}>
                  {countText(summary, tab)}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
