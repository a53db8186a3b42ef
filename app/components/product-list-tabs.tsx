/**
 * The listing's tabs (spec section 2: All, Active, Not Active, Out Of Stock, Blocked) with their
 * counts under the current filters: plain links that keep search, filters, sort and page size.
 * A count the API stopped at its cap shows as "1.000+".
 */
import { PRODUCT_TABS, type ProductTab } from "#core/catalog/product-enums.ts";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { formatNumber } from "#core/lib/format.ts";
import { listHref } from "#app/lib/list-params.ts";
import type { ProductListParams } from "./product-list-params.ts";
import { TabBar } from "./list/tab-bar.tsx";

export type TabSummary = { tabs: Record<ProductTab, number>; capped: ProductTab[]; cap: number };

export const countText = (summary: TabSummary, tab: ProductTab) =>
  `${formatNumber(summary.tabs[tab])}${summary.capped.includes(tab) ? "+" : ""}`;

export function ProductListTabs({ params, summary }: { params: ProductListParams; summary: TabSummary }) {
  const { t } = useTranslation("product-list");
  const current = (params.filters.tab ?? "all") as ProductTab;
  const tabs = PRODUCT_TABS.map((tab) => ({
    key: tab,
    to: { search: listHref(params, { tab: tab === "all" ? null : tab, page: null }) },
    label: t(`tabs.${tab}`),
    count: countText(summary, tab),
    active: tab === current,
  }));
  return <TabBar label={t("tabs.label")} tabs={tabs} />;
}
