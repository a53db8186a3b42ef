/**
 * The orders list's rows: a tick box for the bulk form, the order id (to the order's page) with
 * its channel and time, the customer, the status, the total, and the order's next step as one
 * button. A table on wide screens; on a phone each row is a card (the cells stack).
 *
 * Lean on purpose (budget: a 50-row page ≤ 14 KB gzip of HTML): the cell styles are set once on
 * the table (`[&_td]:…`) instead of on every cell, a row carries no form of its own and no data
 * it does not show, and the loader sends the row's next step rather than what decides it.
 */
import { TAB_OF, type OrderStatus } from "#db/schema/order-tabs.ts";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { formatDateTime, formatRupiah } from "#core/lib/format.ts";
import { BULK_FORM_ID } from "./list-bulk.tsx";
import { useAppLinks } from "#app/lib/use-app-links.ts";

/** What a row shows. `status` is the label key: a status, or `return_stage.<stage>` during a complaint. */
export type OrderRow = {
  order_id: number;
  order_code: string;
  channel_name: string;
  customer_name: string;
  status: string;
  total_amount: number;
  time_created: number;
  /** The quick step the lifecycle allows now (list-bulk.tsx QUICK_ACTIONS), if any. */
  next?: string;
};

const TONE: Record<string, string> = {
  "waiting-payment": "bg-amber-50 text-amber-800", "waiting-approval": "bg-amber-50 text-amber-800",
  process: "bg-brand-50 text-brand-700", delivered: "bg-brand-50 text-brand-700",
  successful: "bg-green-50 text-green-700", finished: "bg-green-50 text-green-700",
  cancelled: "bg-slate-100 text-slate-600", returned: "bg-red-50 text-red-700",
};
const toneOf = (status: string) =>
  status.startsWith("return_stage.") || status === "cancellation-request" ? "bg-red-50 text-red-700" : TONE[TAB_OF[status as OrderStatus]] ?? TONE.cancelled;

export function OrderListTable({ rows, detailHref, busy }: { rows: OrderRow[]; detailHref: (id: number) => string; busy?: boolean }) {
  const { t } = useTranslation("order-list");
  const { t: to } = useTranslation("orders");
  // The order links are plain links followed in the app by one handler (app/lib/use-app-links.ts).
  const followLink = useAppLinks();
  return (
    <div className={`overflow-hidden rounded-lg border border-slate-200 bg-white ${busy ? "opacity-60" : ""}`} aria-busy={busy}>
      <table onClick={followLink} className="w-full text-left text-sm max-md:block max-md:[&_tbody]:block max-md:[&_tr]:grid max-md:[&_tr]:grid-cols-[auto_1fr_auto] max-md:[&_tr]:gap-x-3 max-md:[&_tr]:p-3 [&_td]:px-3 [&_td]:py-2 max-md:[&_td]:p-0 [&_tr]:border-t [&_tr]:border-slate-100">
        <caption className="sr-only">{t("table.caption")}</caption>
        <thead className="bg-slate-50 text-xs font-semibold uppercase text-slate-500 max-md:hidden [&_th]:px-3 [&_th]:py-2">
          <tr>
            <th scope="col"><span className="sr-only">{t("table.select")}</span></th>
            <th scope="col">{t("table.order")}</th>
            <th scope="col">{t("table.customer")}</th>
            <th scope="col">{t("table.status")}</th>
            <th scope="col" className="md:text-right">{t("table.total")}</th>
            <th scope="col">{t("table.next")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((o) => (
            <tr key={o.order_id}>
              <td className="max-md:row-span-3">
                <input type="checkbox" name="order_ids" value={o.order_id} form={BULK_FORM_ID} aria-label={t("table.select_one", { code: o.order_code })} className="h-4 w-4" />
              </td>
              <td className="max-md:col-span-2">
                <a href={detailHref(o.order_id)} className="font-medium text-brand-700 hover:underline">{o.order_code}</a>
                <p className="text-xs text-slate-500">{`${o.channel_name} · ${formatDateTime(o.time_created)}`}</p>
              </td>
              <td>{o.customer_name}</td>
              <td><span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${toneOf(o.status)}`}>{to(o.status.startsWith("return_stage.") ? o.status : `status.${o.status}`)}</span></td>
              <td className="tabular-nums md:text-right">{formatRupiah(o.total_amount)}</td>
              <td>
                {o.next ? (
                  <button type="submit" form={BULK_FORM_ID} name="row" value={`${o.next}:${o.order_id}`}
                    aria-label={t("table.step_one", { action: to(`actions.${o.next}`), code: o.order_code })}
                    className="rounded-md border border-brand-600 px-2 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50">
                    {to(`actions.${o.next}`)}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
