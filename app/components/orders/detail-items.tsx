/**
 * The order's lines (picture, name, variant and size, SKU, quantity × price, where the stock is taken
 * from: the location chosen on accept by the last stock priority, or the order's source) and its totals.
 * While the table allows it, the seller cancels some lines (tick them, choose a reason: one POST
 * form whose checkboxes sit in the list through form="…", so no JavaScript is needed) and restores
 * a cancelled line (a small form per line). A cancelled line stays listed, struck through.
 */
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { formatNumber, formatRupiah } from "#core/lib/format.ts";
import { formState, Select, type FormReply } from "#app/components/form.tsx";
import { FieldError } from "#app/components/form-error.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { useConfirmText } from "./detail-actions.tsx";
import { ActionForm } from "./detail-action-form.tsx";
import type { OrderDetail, OrderItem } from "./detail-types.ts";

const CANCEL_FORM = "cancel-items";

export const itemName = (i: OrderItem) => [i.product_name, [i.variant_name, i.size_name].filter(Boolean).join(", ")].filter(Boolean).join(" · ");

export function OrderItems({ order, reply, failed }: { order: OrderDetail; reply: FormReply; failed: string | null }) {
  const { t } = useTranslation("order-detail");
  const confirmText = useConfirmText();
  const canCancel = order.allowed_actions.includes("cancel-products") && order.items.some((i) => !i.is_cancelled);
  const canRestore = order.allowed_actions.includes("undo-cancel-products");
  const cancelState = formState(failed === "cancel-products" ? reply : null, { id: CANCEL_FORM });
  const restoreState = formState(failed === "undo-cancel-products" ? reply : null, { id: "restore" });
  const ticked = new Set(cancelState.values("item_ids"));
  const restoring = restoreState.values("item_ids")[0];
  // Before acceptance a line's stock source is not chosen yet (core/stock/priority.ts chooses it then).
  const awaitingStock = order.status === "waiting-payment" || order.status === "waiting-approval";

  return (
    <section aria-labelledby="order-items" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="order-items" className="mb-3 text-base font-semibold text-slate-900">{t("items.title")}</h2>
      {canCancel ? <p className="mb-2 text-sm text-slate-600">{t("items.cancel_hint")}</p> : null}
      <ul className="divide-y divide-slate-100">
        {order.items.map((item) => {
          const name = itemName(item);
          return (
            <li key={item.item_id} className="flex items-start gap-3 py-3">
              {canCancel ? (item.is_cancelled ? <span aria-hidden className="w-4 shrink-0" /> : (
                <input type="checkbox" name="item_ids" value={item.item_id} form={CANCEL_FORM}
                  defaultChecked={ticked.has(String(item.item_id))} aria-label={t("items.select", { name })}
                  className="mt-4 h-4 w-4 shrink-0 rounded border-slate-300 text-brand-600 focus:ring-brand-500" />
              )) : null}
              {item.image
                ? <img src={item.image} alt="" width={56} height={56} loading="lazy" className="h-14 w-14 shrink-0 rounded-md border border-slate-200 object-cover" />
                : <span aria-hidden className="h-14 w-14 shrink-0 rounded-md border border-slate-200 bg-slate-100" />}
              <div className={`min-w-0 flex-1 text-sm ${item.is_cancelled ? "text-slate-500" : "text-slate-800"}`}>
                <p className={`font-medium ${item.is_cancelled ? "line-through" : ""}`}>{item.product_name}</p>
                {item.variant_name || item.size_name ? <p className="text-slate-500">{[item.variant_name, item.size_name].filter(Boolean).join(", ")}</p> : null}
                <p className="font-mono text-xs text-slate-500">{item.sku}</p>
                <p className="mt-1 tabular-nums">{formatNumber(item.quantity)} × {formatRupiah(item.price)}</p>
                {item.regular_price !== null ? <p className="text-xs text-slate-500 line-through tabular-nums">{t("items.regular", { price: formatRupiah(item.regular_price) })}</p> : null}
                {order.promotions.filter((p) => p.item_id === item.item_id).map((p) => (
                  <p key={p.promotion_id} className="text-xs text-green-700">{p.kind_name}: {p.name}{p.released ? ` (${t("items.released")})` : ""}</p>
                ))}
                {item.location && !item.is_cancelled && (item.location_placed || order.delivery_method === "pickup" || awaitingStock) ? (
                  <p className="mt-0.5 text-xs text-slate-600" data-testid="line-source">
                    {item.location_placed || order.delivery_method === "pickup" ? t("items.stock_from", { location: item.location.name }) : t("items.stock_pending", { location: item.location.name })}
                  </p>
                ) : null}
                {item.is_cancelled ? (
                  <div className="mt-1 flex flex-wrap items-center gap-2">
                    <StatusBadge tone="neutral">{t("items.cancelled")}</StatusBadge>
                    {canRestore ? (
                      <ActionForm action="undo-cancel-products" label={t("orders:actions.undo-cancel-products")} srLabel={name} variant="secondary"
                        formErrors={restoring === String(item.item_id) ? restoreState.formErrors : undefined} className="flex flex-wrap items-center gap-2">
                        <input type="hidden" name="item_ids" value={item.item_id} />
                      </ActionForm>
                    ) : null}
                  </div>
                ) : null}
              </div>
              <p className={`whitespace-nowrap text-sm tabular-nums ${item.is_cancelled ? "text-slate-500 line-through" : "font-medium text-slate-900"}`}>
                {formatRupiah(item.total)}
              </p>
            </li>
          );
        })}
      </ul>

      {canCancel ? (
        <ActionForm id={CANCEL_FORM} action="cancel-products" label={t("orders:actions.cancel-products")} variant="danger"
          confirm={confirmText("cancel-products", order.order_code)} formErrors={cancelState.formErrors}
          className="mt-2 flex flex-wrap items-end gap-3 border-t border-slate-100 pt-3">
          <div className="min-w-52">
            <Select form={cancelState} name="reason" label={t("actions.reason")} required placeholder={t("actions.reason_pick")}
              options={(order.action_needs["cancel-products"]?.reasons ?? []).map((r) => ({ value: r, label: t(`orders:cancel_reasons.${r}`) }))} />
          </div>
          <FieldError id={`${CANCEL_FORM}-items-error`} errors={cancelState.errors("item_ids")} />
        </ActionForm>
      ) : null}

      <dl className="mt-4 space-y-1 border-t border-slate-200 pt-3 text-sm">
        <Line label={t("items.subtotal")} value={formatRupiah(order.payment.subtotal)} />
        <Line label={t("items.shipping")} value={formatRupiah(order.payment.shipping_cost)} />
        {order.payment.discount ? <Line label={t("items.discount")} value={`-${formatRupiah(order.payment.discount)}`} /> : null}
        <Line label={t("items.total")} value={formatRupiah(order.payment.total_amount)} strong />
      </dl>
      <OrderPromotions promotions={order.promotions.filter((p) => p.item_id === null)} />
    </section>
  );
}

/** The order-level promotions (bundles, voucher, free delivery, gift, cashback) and what each gave. */
function OrderPromotions({ promotions }: { promotions: OrderDetail["promotions"] }) {
  const { t } = useTranslation("order-detail");
  if (!promotions.length) return null;
  return (
    <div className="mt-3 rounded-md bg-green-50 p-3 text-sm">
      <h3 className="font-medium text-green-800">{t("items.promotions")}</h3>
      <ul className="mt-1 space-y-0.5 text-green-800">
        {promotions.map((p) => (
          <li key={p.promotion_id} className="flex justify-between gap-3">
            <span>{p.kind_name}: {p.name}{p.released ? ` (${t("items.released")})` : ""}</span>
            <span className="tabular-nums">{p.kind === "cashback" ? `${t("items.cashback", { as: p.cashback_as_name })} ${formatRupiah(p.amount)}` : p.amount ? `-${formatRupiah(p.amount)}` : ""}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? "text-base font-semibold text-slate-900" : "text-slate-600"}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}
