/**
 * The order's facts, read-only: customer, shipping (address, courier or store pickup, tracking
 * number, where it ships from), payment, and why it is where it is (cancelled, on hold, complaint).
 */
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { formatDateTime } from "#core/lib/format.ts";
import type { OrderDetail } from "./detail-types.ts";

export function Card({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={id} className="mb-3 text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 whitespace-pre-line break-words text-slate-800">{children || "-"}</dd>
    </div>
  );
}

/** Why the order is where it is: the cancellation (asked or done), the hold, the complaint. */
export function OrderNotes({ order: o }: { order: OrderDetail }) {
  const { t } = useTranslation("order-detail");
  const n = o.notes;
  const notes: string[] = [];
  if (o.status === "cancelled" && n.cancel_reason_name) notes.push(t("notes.cancel", { reason: n.cancel_reason_name }) + (n.cancel_note ? ` — ${n.cancel_note}` : ""));
  if (o.status === "cancellation-request") {
    const asked = [...o.history].reverse().find((h) => h.action === "request-cancellation");
    notes.push(t("notes.request") + (asked?.note ? ` — ${asked.note}` : ""));
  }
  if (["hold", "prepare-hold", "packing-hold"].includes(o.status) && n.hold_reason) notes.push(t("notes.hold", { note: n.hold_reason }));
  if (n.complaint_reason_name && (o.status === "complaint" || o.status === "returned")) {
    notes.push(t("notes.complaint", { reason: n.complaint_reason_name }) + (n.complaint_note ? ` — ${n.complaint_note}` : ""));
  }
  if (n.return_damaged) notes.push(t("notes.damaged"));
  if (!notes.length) return null;
  return (
    <div className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      {notes.map((line) => <p key={line}>{line}</p>)}
    </div>
  );
}

/** `customerHref`: the customer centre's page of this buyer, for staff who may see customers. */
export function CustomerCard({ order: o, customerHref }: { order: OrderDetail; customerHref?: string | null }) {
  const { t } = useTranslation("order-detail");
  return (
    <Card title={t("customer.title")} id="order-customer">
      <dl className="grid gap-3 text-sm">
        <Item label={t("customer.name")}>{o.customer.name}</Item>
        <Item label={t("customer.phone")}>{o.customer.phone ? <a href={`tel:${o.customer.phone}`} className="text-brand-700 hover:underline">{o.customer.phone}</a> : null}</Item>
        <Item label={t("customer.email")}>{o.customer.email}</Item>
        {o.notes.customer_note ? <Item label={t("customer.note")}>{o.notes.customer_note}</Item> : null}
      </dl>
      {customerHref ? <a href={customerHref} className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline">{t("customer.open")}</a> : null}
    </Card>
  );
}

export function ShippingCard({ order: o }: { order: OrderDetail }) {
  const { t } = useTranslation("order-detail");
  const s = o.shipping_address;
  const address = [s.address, [s.city, s.province].filter(Boolean).join(", "), s.postcode].filter(Boolean).join("\n");
  const courier = [o.courier.name, o.courier.service_name].filter(Boolean).join(" · ");
  return (
    <Card title={t("shipping.title")} id="order-shipping">
      <dl className="grid gap-3 text-sm">
        <Item label={t("shipping.recipient")}>{[s.recipient_name, s.phone].filter(Boolean).join(" · ")}</Item>
        <Item label={t("shipping.address")}>{address}</Item>
        <Item label={t("shipping.method")}>{o.delivery_method === "pickup" ? t("shipping.pickup") : courier}</Item>
        {o.delivery_method === "courier" ? (
          <Item label={t("shipping.tracking")}>{o.courier.tracking_number ? <span className="font-mono">{o.courier.tracking_number}</span> : null}</Item>
        ) : null}
        <Item label={t("shipping.source")}>{o.source?.name}</Item>
      </dl>
    </Card>
  );
}

export function PaymentCard({ order: o }: { order: OrderDetail }) {
  const { t } = useTranslation("order-detail");
  return (
    <Card title={t("payment.title")} id="order-payment">
      <dl className="grid gap-3 text-sm">
        <Item label={t("payment.method")}>{o.payment.method_name}</Item>
        <Item label={t("payment.paid")}>{o.payment.paid_at ? formatDateTime(o.payment.paid_at) : t("payment.not_paid")}</Item>
      </dl>
    </Card>
  );
}
