/**
 * One order's invoice (/orders/print-invoice): the seller (business, and the store or warehouse it
 * ships from), the customer and where it goes, the lines, the totals in rupiah as the API
 * computed them (cancelled lines are listed, struck through and not charged, as the totals already
 * leave them out). On label paper the same invoice in one narrow column.
 */
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { formatDate, formatDateTime, formatNumber, formatRupiah } from "#core/lib/format.ts";
import type { PrintOrder } from "#app/lib/order-print.ts";

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(", ");

function Block({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="keep">
      <h3 className="text-[8pt] font-semibold uppercase tracking-wide text-slate-600">{title}</h3>
      <div className="mt-0.5 text-[9pt] leading-snug">{children}</div>
    </section>
  );
}

export function Invoice({ order, businessName, compact }: { order: PrintOrder; businessName: string; compact: boolean }) {
  const { t } = useTranslation("order-print");
  const { source, customer, shipping_address: to, courier, payment } = order;
  const pickup = order.delivery_method === "pickup";
  const facts: [string, string][] = [
    [t("invoice.order_code"), order.order_code],
    [t("invoice.date"), formatDate(order.time_created)],
    [t("invoice.channel"), order.channel.name],
    ...(order.channel_order_id ? [[t("invoice.channel_order"), order.channel_order_id] as [string, string]] : []),
    [t("invoice.payment"), payment.method_name ?? "-"],
    [t("invoice.paid_at"), payment.paid_at ? formatDateTime(payment.paid_at) : t("invoice.not_paid")],
  ];
  const two = compact ? "grid-cols-1" : "grid-cols-2";
  return (
    <article aria-label={t("invoice.label", { code: order.order_code })} className="sheet flow text-black">
      <header className={`grid ${two} gap-4 border-b-2 border-black pb-3`}>
        <div>
          <p className="text-[14pt] font-bold leading-tight">{businessName}</p>
          {source ? (
            <p className="mt-1 text-[8.5pt] leading-snug">
              {source.name}
              <br />
              {joined(source.address, source.postcode)}
              {source.phone ? <><br />{source.phone}</> : null}
            </p>
          ) : null}
        </div>
        <div className={compact ? "" : "text-right"}>
          <h2 className="text-[16pt] font-bold uppercase tracking-wider">{t("invoice.title")}</h2>
          <dl className="mt-1 text-[8.5pt] leading-snug">
            {facts.map(([k, v]) => (
              <div key={k} className={`flex gap-2 ${compact ? "" : "justify-end"}`}>
                <dt className="text-slate-600">{k}</dt>
                <dd className="font-medium">{v}</dd>
              </div>
            ))}
          </dl>
        </div>
      </header>

      <div className={`mt-3 grid ${compact ? "grid-cols-1" : "grid-cols-3"} gap-4`}>
        <Block title={t("invoice.bill_to")}>
          <p className="font-semibold">{customer.name}</p>
          {customer.phone ? <p>{customer.phone}</p> : null}
          {customer.email ? <p>{customer.email}</p> : null}
        </Block>
        {pickup ? (
          <Block title={t("invoice.pickup_at")}>
            <p className="font-semibold">{source?.name ?? "-"}</p>
            {source ? <p>{joined(source.address, source.postcode)}</p> : null}
          </Block>
        ) : (
          <Block title={t("invoice.ship_to")}>
            <p className="font-semibold">{to.recipient_name ?? customer.name}</p>
            {to.phone ? <p>{to.phone}</p> : null}
            <p>{joined(to.address, to.city, to.province, to.postcode)}</p>
          </Block>
        )}
        {pickup ? null : (
          <Block title={t("invoice.delivery")}>
            <p className="font-semibold">{joined(courier.name, courier.service_name) || "-"}</p>
            {courier.tracking_number ? <p>{t("invoice.tracking")}: {courier.tracking_number}</p> : null}
          </Block>
        )}
      </div>

      <table className="mt-4 w-full border-collapse text-[9pt]">
        <caption className="sr-only">{t("invoice.items", { code: order.order_code })}</caption>
        <thead>
          <tr className="border-b border-black text-left text-[8pt] uppercase tracking-wide">
            {compact ? null : <th scope="col" className="py-1 pr-2 font-semibold">{t("invoice.no")}</th>}
            <th scope="col" className="py-1 pr-2 font-semibold">{t("invoice.product")}</th>
            <th scope="col" className="py-1 pr-2 text-right font-semibold">{t("invoice.qty")}</th>
            {compact ? null : <th scope="col" className="py-1 pr-2 text-right font-semibold">{t("invoice.price")}</th>}
            <th scope="col" className="py-1 text-right font-semibold">{t("invoice.line_total")}</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item, i) => (
            <tr key={item.item_id} className={`border-b border-slate-300 align-top ${item.is_cancelled ? "text-slate-500" : ""}`}>
              {compact ? null : <td className="py-1 pr-2 tabular-nums">{i + 1}</td>}
              <td className="py-1 pr-2">
                <span className={item.is_cancelled ? "line-through" : "font-medium"}>{item.product_name}</span>
                {[item.variant_name, item.size_name].some(Boolean) ? <span> · {[item.variant_name, item.size_name].filter(Boolean).join(" · ")}</span> : null}
                <br />
                <span className="font-mono text-[8pt]">{t("invoice.sku")} {item.sku}</span>
                {item.is_cancelled ? <span className="ml-2 text-[8pt] italic">{t("invoice.cancelled")}</span> : null}
              </td>
              <td className="py-1 pr-2 text-right tabular-nums">{formatNumber(item.quantity)}</td>
              {compact ? null : <td className="whitespace-nowrap py-1 pr-2 text-right tabular-nums">{formatRupiah(item.price)}</td>}
              <td className={`whitespace-nowrap py-1 text-right tabular-nums ${item.is_cancelled ? "line-through" : ""}`}>{formatRupiah(item.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <dl className={`keep mt-3 ml-auto text-[9pt] ${compact ? "w-full" : "w-1/2"}`}>
        <Total label={t("invoice.subtotal")} value={formatRupiah(payment.subtotal)} />
        <Total label={t("invoice.shipping")} value={formatRupiah(payment.shipping_cost)} />
        {payment.discount ? <Total label={t("invoice.discount")} value={`-${formatRupiah(payment.discount)}`} /> : null}
        <Total label={t("invoice.total")} value={formatRupiah(payment.total_amount)} strong />
      </dl>

      {order.notes.customer_note ? (
        <div className="keep mt-4"><Block title={t("invoice.note")}><p>{order.notes.customer_note}</p></Block></div>
      ) : null}
      <p className="keep mt-6 text-center text-[8.5pt] text-slate-600">{t("invoice.footer", { name: businessName })}</p>
    </article>
  );
}

function Total({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 py-0.5 ${strong ? "mt-1 border-t-2 border-black pt-1 text-[11pt] font-bold" : ""}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}
