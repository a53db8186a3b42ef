/**
 * Acting on orders from the list, without a form per row (a 50-row page stays small): ONE POST
 * form, the bulk bar, that every row's tick box and quick-action button join through form="…".
 * - The bar: an action for the ticked orders — the lifecycle's forward steps the current tab or
 *   stage allows (core/orders/lifecycle.ts decides, not this page), and printing the invoice,
 *   the shipping label or the picklist of the ticked orders.
 * - A row's button (name="row", value "<action>:<order id>") does its order's next step alone,
 *   whatever is ticked.
 * No confirmation: these are the day's routine forward steps (the ones that undo or cancel live
 * on the order's page, with their reasons).
 */
import { Form } from "react-router";
import { SelectAll } from "#app/components/list/select-all.tsx";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { inputClass, SubmitButton } from "#app/components/button.tsx";

export const BULK_FORM_ID = "orders-bulk";

/** Forward steps a tap may take, in lifecycle order: none needs a reason, a note or a choice. */
export const QUICK_ACTIONS = ["accept", "prepare", "pack", "packing", "ready", "book-delivery", "send", "pickup", "deliver", "fulfill"] as const;
export type QuickAction = (typeof QUICK_ACTIONS)[number];
export const PRINTS = ["print-invoice", "print-label", "print-picklist"] as const;
export type PrintKind = (typeof PRINTS)[number];

/** `steps`: what the lifecycle allows from the tab or stage shown (list-steps.ts, on the server). */
export function OrderBulkBar({ steps }: { steps: readonly QuickAction[] }) {
  const { t } = useTranslation("order-list");
  const { t: to } = useTranslation("orders");
  return (
    <Form id={BULK_FORM_ID} method="post" aria-label={t("bulk.label")} className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="bulk" />
      <div>
        <label htmlFor="bulk-action" className="mb-1 block text-xs font-medium text-slate-600">{t("bulk.label")}</label>
        <select id="bulk-action" name="action" className={inputClass}>
          {steps.map((a) => <option key={a} value={a}>{to(`actions.${a}`)}</option>)}
          {PRINTS.map((p) => <option key={p} value={p}>{t(`bulk.${p}`)}</option>)}
        </select>
      </div>
      <SubmitButton variant="secondary">{t("bulk.apply")}</SubmitButton>
      <SelectAll formId={BULK_FORM_ID} label={t("table.select_all")} />
    </Form>
  );
}

