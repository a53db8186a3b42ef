/**
 * The order's heading: its code, status (and the return's stage during a complaint), where and
 * when it was placed, its deadline, and the print links (invoice, shipping label, picklist; each
 * marked once printed). Print pages are H6's: /orders/print-*?ids=<id>, opened in a new tab so
 * this page stays where it was.
 */
import { Link } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import { TAB_OF, type OrderStatus } from "#db/schema/order-tabs.ts";
import { buttonClass } from "#app/components/button.tsx";
import { StatusBadge, type Tone } from "#app/components/list/status-badge.tsx";
import { formatDateTime } from "#core/lib/format.ts";
import { localePath } from "#app/lib/i18n.ts";
import type { OrderDetail } from "./detail-types.ts";

// The badge's tone follows the status's tab, as in the list.
const TONE: Record<string, Tone> = {
  "waiting-payment": "warning", "waiting-approval": "warning", process: "info", delivered: "info",
  successful: "success", finished: "success", cancelled: "neutral", returned: "danger",
};

export function OrderHeader({ order: o }: { order: OrderDetail }) {
  const { t } = useTranslation("order-detail");
  const lang = useLocale();
  const path = (p: string) => localePath(lang, p);
  const tab = TAB_OF[o.status as OrderStatus];
  const prints = [
    ["invoice", "print-invoice", o.printed.invoice],
    ["label_sheet", "print-label", o.printed.label],
    ["picklist", "print-picklist", o.printed.picklist],
  ] as const;
  return (
    <header className="space-y-3">
      <Link to={path("/orders")} className="text-sm font-medium text-brand-700 hover:underline">← {t("back")}</Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="break-all text-xl font-semibold text-slate-900">{o.order_code}</h1>
            <StatusBadge tone={tab ? TONE[tab] : "neutral"}>{o.status_name}</StatusBadge>
            {o.status === "complaint" && o.return_stage ? <StatusBadge tone="warning">{t(`orders:return_stage.${o.return_stage}`)}</StatusBadge> : null}
          </div>
          <p className="text-sm text-slate-600">
            {t("placed", { date: formatDateTime(o.time_created), channel: o.channel.name })}
            {" · "}{t(`order_types.${o.order_type}`, { defaultValue: "-" })}
          </p>
          {o.channel_order_id ? <p className="text-xs text-slate-500">{t("channel_order", { id: o.channel_order_id })}</p> : null}
          {o.deadline_at ? <p className="text-sm font-medium text-amber-700">{t("deadline", { time: formatDateTime(o.deadline_at) })}</p> : null}
        </div>
        <nav aria-label={t("print.label")} className="flex flex-wrap gap-2">
          {prints.map(([key, page, printed]) => (
            <a key={key} href={`${path(`/orders/${page}`)}?ids=${o.order_id}`} target="_blank" rel="noopener" className={buttonClass("secondary")}>
              <span>
                {t(`print.${key}`)}
                {printed ? <span className="block text-xs font-normal text-slate-500">{t("print.printed", { time: formatDateTime(printed) })}</span> : null}
              </span>
            </a>
          ))}
        </nav>
      </div>
    </header>
  );
}
