/**
 * Asking before a bulk or destructive change on the product listing, with and without JavaScript:
 * - ConfirmedForm: a real POST form. Without JavaScript the server answers with its confirm step
 *   (a ConfirmPanel on the page); with JavaScript a dialog asks first and the confirmed change is
 *   posted with confirmed=1. A problem found before asking (nothing chosen) is said under the form.
 * - BulkActions: the bulk bar (spec section 9 bulk actions: activate, deactivate, update, sync to
 *   master, delete). The row checkboxes sit in the table and join this form through form="…",
 *   so no form is nested in another; "select all" (list/select-all.tsx) sits in the bar.
 */
import { useState } from "react";
import { useFormAction, useSubmit } from "react-router";
import { PRODUCT_BULK_ACTIONS, type ProductBulkAction } from "#core/catalog/product-enums.ts";
import { SelectAll } from "./list/select-all.tsx";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { buttonClass, inputClass } from "./button.tsx";
import { ConfirmDialog, preloadConfirmDialog, type ConfirmText } from "./list/confirm-dialog.tsx";

export const BULK_FORM_ID = "product-bulk";

export function ConfirmedForm({ id, fields, confirmFor, children, className, label }: {
  id?: string;
  fields: Record<string, string | number>;
  /** The question for what the form holds now, or a message when there is nothing to ask about. */
  confirmFor: (form: FormData) => ConfirmText | string;
  /** None for a form its buttons elsewhere post (`form="<id>"`, e.g. the rows' delete). */
  children?: React.ReactNode;
  className?: string;
  label?: string;
}) {
  // Where a route's own <Form> would post (an index route's URL carries ?index).
  const formAction = useFormAction();
  const [asking, setAsking] = useState<{ data: FormData; text: ConfirmText } | null>(null);
  // The sender (dialog and submit) is mounted with the first question and stays: closing the
  // dialog gives the focus back to the button that asked. A list has one of these per row.
  const [engaged, setEngaged] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <>
      <form
        id={id}
        method="post"
        action={formAction}
        aria-label={label}
        className={className}
        onPointerEnter={preloadConfirmDialog}
        onFocus={preloadConfirmDialog}
        onSubmit={(e) => {
          e.preventDefault();
          // The button that sent it may name what it is about (a row's delete: product_ids=its id).
          const data = new FormData(e.currentTarget, (e.nativeEvent as SubmitEvent).submitter);
          const text = confirmFor(data);
          if (typeof text === "string") setProblem(text);
          else {
            setProblem(null);
            setEngaged(true);
            setAsking({ data, text });
          }
        }}
      >
        {Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
        {children}
      </form>
      {problem ? <p role="alert" className="mt-1 text-sm text-red-600">{problem}</p> : null}
      {engaged ? <ConfirmedSender asking={asking} onClose={() => setAsking(null)} /> : null}
    </>
  );
}

/** The dialog of a ConfirmedForm and the submit of the confirmed change, once it has asked. */
function ConfirmedSender({ asking, onClose }: { asking: { data: FormData; text: ConfirmText } | null; onClose: () => void }) {
  const submit = useSubmit();
  return (
    <ConfirmDialog
      open={asking !== null}
      text={asking?.text ?? { title: "", body: "", confirmLabel: "" }}
      onCancel={onClose}
      onConfirm={() => {
        if (!asking) return;
        asking.data.set("confirmed", "1");
        void submit(asking.data, { method: "post", preventScrollReset: true });
        onClose();
      }}
    />
  );
}

/** The question of a bulk action on `count` products (one product: named). */
export function useBulkText() {
  const { t } = useTranslation("product-list");
  return (action: ProductBulkAction, count: number, name?: string): ConfirmText => ({
    title: t(`bulk.${action}.title`, { count }),
    body: count === 1 && name ? t(`bulk.${action}.body_one`, { name }) : t(`bulk.${action}.body`, { count }),
    confirmLabel: t(`bulk.${action}.confirm`),
    tone: action === "delete" || action === "deactivate" ? "danger" : "primary",
  });
}

/** The bulk bar; `canDelete` false (no "products.delete") leaves the delete option out. */
export function BulkActions({ names, canDelete = true }: { names: Map<number, string>; canDelete?: boolean }) {
  const { t } = useTranslation("product-list");
  const text = useBulkText();
  return (
    <ConfirmedForm
      id={BULK_FORM_ID}
      fields={{ intent: "bulk" }}
      className="flex flex-wrap items-end gap-2"
      confirmFor={(data) => {
        const ids = data.getAll("product_ids").map(Number);
        const action = data.get("action") as ProductBulkAction;
        if (!ids.length) return t("bulk.none_selected");
        return text(action, ids.length, names.get(ids[0]));
      }}
    >
      <div>
        <label htmlFor="bulk-action" className="mb-1 block text-xs font-medium text-slate-600">{t("bulk.label")}</label>
        <select id="bulk-action" name="action" defaultValue="activate" className={inputClass}>
          {PRODUCT_BULK_ACTIONS.filter((a) => canDelete || a !== "delete").map((a) => <option key={a} value={a}>{t(`bulk.${a}.option`)}</option>)}
        </select>
      </div>
      <button type="submit" className={buttonClass("secondary")}>{t("bulk.apply")}</button>
      <SelectAll formId={BULK_FORM_ID} label={t("table.select_all")} />
    </ConfirmedForm>
  );
}

