/**
 * Pages of the orders list by keyset (the API's next_cursor / prev_cursor, kept in the URL as
 * `cursor`): First, Previous and Next. Page numbers would need OFFSET, which gets slower with
 * every page at a million orders; a keyset page costs the same anywhere in the list.
 */
import { Link } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { listHref } from "#app/lib/list-params.ts";
import type { OrderListParams } from "./list-params.ts";

const cell = "inline-flex items-center rounded-md border px-3 py-1.5 text-sm";
const live = `${cell} border-slate-300 bg-white hover:bg-slate-50`;
const dead = `${cell} border-slate-200 text-slate-400`;

export function OrderListPager({ params, prev, next, summary }: { params: OrderListParams; prev: string | null; next: string | null; summary: string }) {
  const { t } = useTranslation("list");
  const { t: tl } = useTranslation("order-list");
  return (
    <nav aria-label={t("pagination.label")} className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <p>{summary}</p>
      {prev || next ? (
        <ul className="flex gap-1">
          {params.cursor ? <li><Link to={{ search: listHref(params) }} className={live}>{tl("pager.first")}</Link></li> : null}
          <li>
            {prev ? <Link to={{ search: listHref(params, { cursor: prev }) }} rel="prev" className={live}>{t("pagination.previous")}</Link>
              : <span aria-disabled="true" className={dead}>{t("pagination.previous")}</span>}
          </li>
          <li>
            {next ? <Link to={{ search: listHref(params, { cursor: next }) }} rel="next" className={live}>{t("pagination.next")}</Link>
              : <span aria-disabled="true" className={dead}>{t("pagination.next")}</span>}
          </li>
        </ul>
      ) : null}
    </nav>
  );
}
