/**
 * The orders tabs (spec section 2 "Order tabs": all, waiting payment, waiting approval, process
 * order, delivered, successful, finished, cancelled, returned) and, on Process Order, its stages
 * (prepare, pack, ready, send and pick, on hold), each with its count under the current filters.
 * Plain links that keep the search and filters (a new tab starts at its first page).
 * A count the API stopped at its cap shows as "1.000+".
 */
import { Link } from "react-router";
import { STAGE_KEYS, TAB_KEYS } from "#db/schema/order-tabs.ts";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { formatNumber } from "#core/lib/format.ts";
import { listHref } from "#app/lib/list-params.ts";
import type { OrderListParams } from "./list-params.ts";
import { TabBar } from "#app/components/list/tab-bar.tsx";

/** Counts per tab and per stage of the process tab; `capped`: the tabs and stages whose count stopped at the API's cap. */
export type OrderCounts = { tabs: Record<string, number>; stages: Record<string, number>; capped: string[] };

/** A tab's or stage's count: "1.234", or "1.000+" when the API stopped counting. */
export const countText = (counts: OrderCounts, key: string) =>
  `${formatNumber(counts.tabs[key] ?? counts.stages[key] ?? 0)}${counts.capped.includes(key) ? "+" : ""}`;

const chipClass = (active: boolean) =>
  `flex items-center gap-2 whitespace-nowrap rounded-full border px-3 py-1 text-sm ${
    active ? "border-brand-600 bg-brand-50 text-brand-700" : "border-slate-300 bg-white text-slate-600 hover:text-slate-900"
  }`;

function Count({ n, active }: { n: string; active: boolean }) {
  return <span className={`rounded-full px-2 text-xs tabular-nums ${active ? "bg-brand-100" : "bg-slate-100"}`}>{n}</span>;
}

export function OrderListTabs({ params, counts }: { params: OrderListParams; counts: OrderCounts }) {
  const { t } = useTranslation("orders");
  const { t: tl } = useTranslation("order-list");
  const tab = params.filters.tab ?? "all";
  const stage = params.filters.stage;
  return (
    <div className="space-y-2">
      <TabBar
        label={tl("tabs.label")}
        tabs={TAB_KEYS.map((key) => ({
          key,
          to: { search: listHref(params, { tab: key === "all" ? null : key, stage: null }) },
          label: t(`tabs.${key}`),
          count: countText(counts, key),
          active: key === tab,
        }))}
      />
      {tab === "process" ? (
        <nav aria-label={tl("tabs.stages")}>
          <ul className="flex flex-wrap gap-2">
            {[null, ...STAGE_KEYS].map((key) => (
              <li key={key ?? "all"}>
                <Link
                  to={{ search: listHref(params, { stage: key }) }}
                  aria-current={key === (stage ?? null) ? "page" : undefined}
                  className={chipClass(key === (stage ?? null))}
                >
                  {key ? t(`stages.${key}`) : tl("tabs.all_stages")}
                  <Count n={countText(counts, key ?? "process")} active={key === (stage ?? null)} />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
