/**
 * Page links under a list: "Showing 1–50 of 120", previous / next and page numbers (first, last
 * and two around the current one). Plain links that keep the other list params.
 */
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { Link } from "react-router";
import { formatNumber } from "#core/lib/format.ts";
import { listHref, type ListParams } from "#app/lib/list-params.ts";

/** `capped`: the total stopped counting at totalRecord (a big list under a filter): shown "10.000+", and Next goes on past it. */
export function Pagination({ params, totalPage, totalRecord, capped = false }: { params: ListParams; totalPage: number; totalRecord: number; capped?: boolean }) {
  const { t } = useTranslation("list");
  if (totalRecord === 0) return null;
  const page = capped ? params.page : Math.min(params.page, Math.max(totalPage, 1));
  const from = (page - 1) * params.limit + 1;
  const to = capped ? page * params.limit : Math.min(page * params.limit, totalRecord);
  const href = (p: number) => ({ search: listHref(params, { page: p === 1 ? null : p }) });
  const pages = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, ...(capped ? [] : [totalPage])])]
    .filter((p) => p >= 1 && (capped || p <= totalPage))
    .sort((a, b) => a - b);
  const cell = "inline-flex min-w-9 items-center justify-center rounded-md border px-3 py-1.5 text-sm";
  return (
    <nav aria-label={t("pagination.label")} className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <p>{t("pagination.showing", { from: formatNumber(from), to: formatNumber(to), total: `${formatNumber(totalRecord)}${capped ? "+" : ""}` })}</p>
      {totalPage > 1 || capped ? (
        <ul className="flex flex-wrap items-center gap-1">
          <li>
            {page > 1 ? (
              <Link to={href(page - 1)} rel="prev" className={`${cell} border-slate-300 bg-white hover:bg-slate-50`}>{t("pagination.previous")}</Link>
            ) : (
              <span aria-disabled="true" className={`${cell} border-slate-200 text-slate-400`}>{t("pagination.previous")}</span>
            )}
          </li>
          {pages.map((p, i) => (
            <li key={p} className="flex items-center gap-1">
              {i > 0 && p - pages[i - 1] > 1 ? <span aria-hidden className="px-1">…</span> : null}
              <Link
                to={href(p)}
                aria-current={p === page ? "page" : undefined}
                aria-label={t("pagination.page", { page: p })}
                className={`${cell} ${p === page ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white hover:bg-slate-50"}`}
              >
                {p}
              </Link>
            </li>
          ))}
          <li>
            {page < totalPage || capped ? (
              <Link to={href(page + 1)} rel="next" className={`${cell} border-slate-300 bg-white hover:bg-slate-50`}>{t("pagination.next")}</Link>
            ) : (
              <span aria-disabled="true" className={`${cell} border-slate-200 text-slate-400`}>{t("pagination.next")}</span>
            )}
          </li>
        </ul>
      ) : null}
    </nav>
  );
}
