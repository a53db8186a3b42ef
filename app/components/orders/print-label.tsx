/**
 * One order's shipping label (/orders/print-label), 100 × 150 mm: courier and service on top, the
 * tracking number as a Code 128 barcode the courier scans, the recipient in large type, the sender
 * (business and the store or warehouse the parcel leaves from), then the order code as a Code 128
 * barcode the packer scans and what is in the parcel.
 *
 * Decisions where the spec is silent:
 * - An order without a tracking number (delivery not booked yet) still gets its label, with a
 *   line saying so where the barcode would be: some sellers stick the label on before booking.
 * - A store-pickup order's label says "Store pickup" and where it is collected instead of a courier.
 * - The contents list shows at most 6 lines and "+ n more": the label has a fixed size.
 */
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { formatDate, formatNumber } from "#core/lib/format.ts";
import type { PrintOrder } from "#app/lib/order-print.ts";
import { Code128 } from "./print-barcode.tsx";

const MAX_LINES = 6;
const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(", ");

export function ShippingLabel({ order, businessName }: { order: PrintOrder; businessName: string }) {
  const { t } = useTranslation("order-print");
  const { source, customer, shipping_address: to, courier } = order;
  const pickup = order.delivery_method === "pickup";
  const items = order.items.filter((i) => !i.is_cancelled);
  const units = items.reduce((n, i) => n + i.quantity, 0);
  return (
    <article aria-label={t("label.label", { code: order.order_code })} className="ship-label flex flex-col bg-white p-[3mm] text-[8.5pt] leading-snug text-black">
      <header className="flex items-start justify-between gap-2 border-b-2 border-black pb-1">
        <div>
          <p className="text-[7pt] uppercase tracking-wide">{pickup ? t("label.pickup") : t("label.courier")}</p>
          <p className="text-[13pt] font-bold leading-tight">
            {pickup ? (source?.name ?? "-") : joined(courier.name, courier.service_name) || "-"}
          </p>
        </div>
        <p className="text-right text-[8pt] font-semibold">{order.channel.name}</p>
      </header>

      {pickup ? null : courier.tracking_number ? (
        <div className="border-b border-black py-1">
          <p className="text-[7pt] uppercase tracking-wide">{t("label.tracking")}</p>
          <Code128 text={courier.tracking_number} height="16mm" label={t("label.barcode", { text: courier.tracking_number })} />
        </div>
      ) : (
        <p className="border-b border-black py-2 text-center text-[9pt] font-semibold">{t("label.no_tracking")}</p>
      )}

      <section className="border-b border-black py-1">
        <h3 className="text-[7pt] uppercase tracking-wide">{t("label.to")}</h3>
        <p className="text-[12pt] font-bold leading-tight">{to.recipient_name ?? customer.name}</p>
        {to.phone ?? customer.phone ? <p className="font-semibold">{to.phone ?? customer.phone}</p> : null}
        {pickup ? (
          <p>{t("label.pickup_at", { name: source?.name ?? "-" })}</p>
        ) : (
          <p className="line-clamp-4">{joined(to.address, to.city, to.province)} <strong>{to.postcode}</strong></p>
        )}
      </section>

      <section className="border-b border-black py-1 text-[7.5pt]">
        <h3 className="text-[7pt] uppercase tracking-wide">{t("label.from")}</h3>
        <p className="font-semibold">{joined(businessName, source?.name)}</p>
        {source ? <p className="line-clamp-2">{joined(source.address, source.postcode)}{source.phone ? ` · ${source.phone}` : ""}</p> : null}
      </section>

      <div className="border-b border-black py-1">
        <div className="flex justify-between text-[7pt] uppercase tracking-wide">
          <span>{t("label.order")}</span>
          <span>{formatDate(order.time_created)}</span>
        </div>
        <Code128 text={order.order_code} height="9mm" label={t("label.barcode", { text: order.order_code })} />
      </div>

      <section className="min-h-0 flex-1 overflow-hidden pt-1 text-[7.5pt]">
        <h3 className="text-[7pt] uppercase tracking-wide">
          {t("label.items")} · {t("label.items_count", { count: units })}
        </h3>
        <ul>
          {items.slice(0, MAX_LINES).map((i) => (
            <li key={i.item_id} className="truncate">
              <span className="font-semibold tabular-nums">{formatNumber(i.quantity)}×</span> <span className="font-mono">{i.sku}</span> {[i.product_name, i.variant_name, i.size_name].filter(Boolean).join(" · ")}
            </li>
          ))}
          {items.length > MAX_LINES ? <li>{t("label.more", { count: items.length - MAX_LINES })}</li> : null}
        </ul>
        {order.notes.customer_note ? <p className="mt-1 line-clamp-2 italic">{t("label.note")}: {order.notes.customer_note}</p> : null}
      </section>
    </article>
  );
}
