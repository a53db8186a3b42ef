/**
 * "Next step": the actions the lifecycle table allows on this order now, for the seller — the
 * API's allowed_actions (core/orders/lifecycle.ts decides), with action_needs saying which
 * take a reason (and which codes) or a note — each a POST form.
 * - An action that needs nothing more is one button.
 * - One that takes a reason (cancel), a note (hold, reject, decline …), the returned goods'
 *   state (accept-returns) or the booking (book-delivery: hand-over, pickup window, weight,
 *   tracking number) opens its form from a disclosure (<details>: no JavaScript needed); a
 *   refused submission comes back open, with what was typed and the messages next to the fields.
 * - Destructive ones (cancel, reject, approve the customer's cancellation) ask first.
 * Partial cancellation and restoring items live with the items (detail-items.tsx).
 */
import { useTranslation } from "#app/lib/i18n-react.tsx";
import type { OrderAction } from "#core/orders/lifecycle.ts";
import { formatDateTime, formatNumber } from "#core/lib/format.ts";
import { buttonClass } from "#app/components/button.tsx";
import { Checkbox, formState, Select, TextArea, TextInput, type FormReply, type FormState } from "#app/components/form.tsx";
import { FieldError, FormErrors } from "#app/components/form-error.tsx";
import type { ConfirmText } from "#app/components/list/confirm-dialog.tsx";
import { ActionForm, type Variant } from "./detail-action-form.tsx";
import type { OrderDetail, ShippingParameters } from "./detail-types.ts";

/** Asked before they are sent: they end the order (or part of it) and release its stock. */
export const DESTRUCTIVE: ReadonlySet<string> = new Set(["cancel", "reject", "approve-cancellation", "cancel-products"]);
/** Shown with the items, not here. */
const WITH_ITEMS: ReadonlySet<string> = new Set(["cancel-products", "undo-cancel-products"]);
const SECONDARY: ReadonlySet<string> = new Set(["hold", "return-to-process", "decline-cancellation", "decline-returns", "decline-appeal"]);
const WITH_FORM: ReadonlySet<string> = new Set(["accept-returns", "book-delivery"]);

/** Every message of a refused submission (for when its form is not on the page any more). */
export const allErrors = (reply: FormReply) => Object.values(reply?.status === "error" ? reply.error ?? {} : {}).flatMap((m) => m ?? []);

/** The action a refused submission was for, if any. */
export const failedAction = (reply: FormReply) => (reply?.initialValue as { do?: string } | undefined)?.do ?? null;

export function useConfirmText() {
  const { t } = useTranslation("order-detail");
  return (action: string, code: string): ConfirmText => ({
    title: t(`confirm.${action}.title`, { code }),
    body: t(`confirm.${action}.body`),
    confirmLabel: t(`confirm.${action}.ok`),
    tone: "danger",
  });
}

export function OrderActions({ order, shipping, reply }: { order: OrderDetail; shipping: ShippingParameters | null; reply: FormReply }) {
  const { t } = useTranslation("order-detail");
  const confirmText = useConfirmText();
  const failed = failedAction(reply);
  const actions = order.allowed_actions.filter((a) => !WITH_ITEMS.has(a));
  const hasForm = (a: OrderAction) => a in order.action_needs || WITH_FORM.has(a);
  // Buttons first, then the ones with a form, the destructive ones last.
  const rank = (a: OrderAction) => (DESTRUCTIVE.has(a) ? 2 : hasForm(a) ? 1 : 0);
  const sorted = [...actions].sort((a, b) => rank(a) - rank(b));
  // A refusal whose form is gone (the order moved on meanwhile) is said here.
  const orphan = failed && !actions.includes(failed as OrderAction) && !WITH_ITEMS.has(failed);

  return (
    <section aria-labelledby="order-actions" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="order-actions" className="mb-3 text-base font-semibold text-slate-900">{t("actions.title")}</h2>
      {orphan ? <div className="mb-3"><FormErrors errors={allErrors(reply)} /></div> : null}
      {sorted.length === 0 ? <p className="text-sm text-slate-500">{t("actions.none")}</p> : (
        <div className="flex flex-wrap items-start gap-2">
          {sorted.map((action) => {
            const state = formState(failed === action ? reply : null, { id: `act-${action}` });
            const variant: Variant = DESTRUCTIVE.has(action) ? "danger" : SECONDARY.has(action) ? "secondary" : "primary";
            const label = t(`orders:actions.${action}`);
            const confirm = DESTRUCTIVE.has(action) ? confirmText(action, order.order_code) : undefined;
            if (!hasForm(action)) {
              return <ActionForm key={action} action={action} label={label} variant={variant} confirm={confirm} formErrors={state.formErrors} className="flex flex-col gap-2" />;
            }
            return (
              <details key={action} open={failed === action} className="w-full open:rounded-md open:border open:border-slate-200 open:p-3 sm:w-auto sm:open:w-full">
                <summary className={`${buttonClass(variant === "danger" ? "secondary" : variant)} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
                  {label}
                </summary>
                <ActionForm action={action} label={label} variant={variant} confirm={confirm} formErrors={state.formErrors} className="mt-3 max-w-lg space-y-3">
                  <ActionFields order={order} action={action} shipping={shipping} state={state} />
                </ActionForm>
              </details>
            );
          })}
        </div>
      )}
    </section>
  );
}

/** The inputs an action asks for: its reasons, its note, the return's state, the booking. */
function ActionFields({ order, action, shipping, state }: { order: OrderDetail; action: OrderAction; shipping: ShippingParameters | null; state: FormState }) {
  const { t } = useTranslation("order-detail");
  const needs = order.action_needs[action];
  return (
    <>
      {needs?.reasons ? (
        <Select form={state} name="reason" label={t("actions.reason")} required placeholder={t("actions.reason_pick")}
          options={needs.reasons.map((r) => ({ value: r, label: t(`orders:cancel_reasons.${r}`) }))} />
      ) : null}
      {needs?.note ? (
        <TextArea form={state} name="note" label={t(needs.note === "required" ? "actions.note" : "actions.note_optional")} required={needs.note === "required"} maxLength={500} />
      ) : null}
      {action === "accept-returns" ? <Checkbox form={state} name="damaged" label={t("actions.damaged")} /> : null}
      {action === "book-delivery" ? (
        order.delivery_method === "pickup" || !shipping
          ? <p className="text-sm text-slate-600">{t("actions.pickup_store")}</p>
          : <BookingFields shipping={shipping} state={state} />
      ) : null}
    </>
  );
}

/** How the courier gets the parcel (GET /v2.0.0/orders/shipping-parameter), and its receipt number. */
function BookingFields({ shipping, state }: { shipping: ShippingParameters; state: FormState }) {
  const { t } = useTranslation("order-detail");
  const saved = shipping.saved as { method?: string; pickup_time?: number | null; weight_gr?: number } | null;
  const method = state.submitted ? state.value("method") : saved?.method ?? shipping.methods[0] ?? "";
  const defaults = state.submitted ? state : formState(null, {
    id: state.id, defaults: { pickup_time: saved?.pickup_time ?? shipping.pickup_times[0]?.start ?? "", weight_gr: saved?.weight_gr ?? (shipping.weight_gr || "") },
  });
  const methodErrors = state.errors("method");
  return (
    <>
      {shipping.methods.length ? (
        <fieldset aria-describedby={methodErrors?.length ? `${state.id}-method-error` : undefined}>
          <legend className="mb-1 text-sm font-medium text-slate-700">{t("actions.param_method")}</legend>
          <div className="flex flex-wrap gap-4">
            {shipping.methods.map((m) => (
              <label key={m} className="flex items-center gap-2 text-sm text-slate-700">
                <input type="radio" name="method" value={m} defaultChecked={method === m} className="h-4 w-4 border-slate-300 text-brand-600 focus:ring-brand-500" />
                {t(`actions.param_${m}`)}
              </label>
            ))}
          </div>
          <FieldError id={`${state.id}-method-error`} errors={methodErrors} />
        </fieldset>
      ) : null}
      {shipping.pickup_times.length ? (
        <Select form={defaults} name="pickup_time" label={t("actions.param_time")}
          options={shipping.pickup_times.map((w) => ({ value: w.start, label: `${formatDateTime(w.start)}–${formatDateTime(w.end).slice(-5)}` }))} />
      ) : null}
      <TextInput form={defaults} name="weight_gr" label={t("actions.param_weight")} inputMode="numeric" autoComplete="off"
        hint={shipping.weight_gr ? t("actions.param_weight_hint", { weight: formatNumber(shipping.weight_gr) }) : undefined} />
      <TextInput form={state} name="tracking_number" label={t("actions.tracking")} hint={t("actions.tracking_hint")} maxLength={40} autoComplete="off" />
    </>
  );
}
