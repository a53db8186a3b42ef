/**
 * A combination's stock history on the product edit page: the ledger's movements, newest first,
 * 10 a page (links keep ?stock=<variant_id>), each with when, where, why, who and on-hand
 * before → after. Opened and closed by links, so it needs no JavaScript.
 */
import { Link } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { formatDateTime } from "#core/lib/format.ts";

export type Movement = {
  stock_movement_id: number; source_name: string; reason_name: string; note: string | null; on_hand_before: number; on_hand_after: number;
  change: number; user_name: string; time_created: number;
};

export function StockHistory({ variantId, rows, page, totalPage, closeTo }: {
  variantId: string; rows: Movement[]; page: number; totalPage: number; closeTo: string;
}) {
  const { t } = useTranslation("product");
  const pageHref = (n: number) => `${closeTo}?stock=${variantId}&stock_page=${n}`;
  return (
    <section aria-labelledby={`stock-history-${variantId}`} className="mt-3 rounded-md border border-slate-200 bg-slate-50 p-3">
      <div className="flex items-center justify-between gap-2">
        <h3 id={`stock-history-${variantId}`} className="text-sm font-semibold text-slate-900">{t("history.title")}</h3>
        <Link to={closeTo} preventScrollReset className="text-sm font-medium text-brand-700 hover:underline">{t("history.close")}</Link>
      </div>
      {rows.length ? (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-500">
              <tr>
                <th scope="col" className="py-1 pr-3">{t("history.when")}</th>
                <th scope="col" className="py-1 pr-3">{t("history.where")}</th>
                <th scope="col" className="py-1 pr-3">{t("history.why")}</th>
                <th scope="col" className="py-1 pr-3 text-right">{t("history.change")}</th>
                <th scope="col" className="py-1 pr-3">{t("history.who")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => (
                <tr key={m.stock_movement_id} className="border-t border-slate-200">
                  <td className="py-1 pr-3 whitespace-nowrap">{formatDateTime(m.time_created)}</td>
                  <td className="py-1 pr-3">{m.source_name}</td>
                  <td className="py-1 pr-3">{m.reason_name}{m.note ? ` · ${m.note}` : ""}</td>
                  <td className="py-1 pr-3 text-right whitespace-nowrap">
                    {m.change > 0 ? `+${m.change}` : m.change} ({m.on_hand_before} → {m.on_hand_after})
                  </td>
                  <td className="py-1 pr-3">{m.user_name}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : <p className="mt-2 text-sm text-slate-500">{t("history.empty")}</p>}
      {totalPage > 1 ? (
        <nav aria-label={t("history.pages")} className="mt-2 flex gap-3 text-sm">
          {page > 1 ? <Link to={pageHref(page - 1)} preventScrollReset className="text-brand-700 hover:underline">{t("history.newer")}</Link> : null}
          <span className="text-slate-500">{t("history.page", { page, total: totalPage })}</span>
          {page < totalPage ? <Link to={pageHref(page + 1)} preventScrollReset className="text-brand-700 hover:underline">{t("history.older")}</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}
