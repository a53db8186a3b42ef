/**
 * One lifecycle action as a POST form (intent=action, do=<action>), the same with and without
 * JavaScript. A destructive action asks first: with JavaScript a dialog, then the form's own
 * fields (reason, note, chosen items) go with confirmed=1; without, the form posts as it is and
 * the page's action answers with its server-rendered confirm step (ConfirmPanel).
 * `form` carries what a refused submission typed and the messages per field (the kit's formState).
 */
import { useRef, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import type { OrderAction } from "#core/orders/lifecycle.ts";
import { buttonClass } from "#app/components/button.tsx";
import { FormErrors } from "#app/components/form-error.tsx";
import { ConfirmDialog, preloadConfirmDialog, type ConfirmText } from "#app/components/list/confirm-dialog.tsx";

export type Variant = "primary" | "secondary" | "danger";

export function ActionForm({ action, label, srLabel, variant, confirm, formErrors, id, className, children }: {
  action: OrderAction;
  label: string;
  /** Said to screen readers after the label (what a row's button acts on). */
  srLabel?: string;
  variant: Variant;
  /** Asked before the change is sent (destructive actions). */
  confirm?: ConfirmText;
  formErrors?: string[] | null;
  /** The form's id, for inputs outside it (the items table's checkboxes use form=…). */
  id?: string;
  className?: string;
  children?: React.ReactNode;
}) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const [asking, setAsking] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const busy = navigation.state !== "idle" && navigation.formData?.get("do") === action;
  const close = () => {
    setAsking(false);
    requestAnimationFrame(() => button.current?.focus());
  };
  return (
    <Form
      ref={form}
      id={id}
      method="post"
      noValidate
      preventScrollReset
      className={className}
      onSubmit={confirm ? (e) => {
        e.preventDefault();
        setAsking(true);
      } : undefined}
    >
      <input type="hidden" name="intent" value="action" />
      <input type="hidden" name="do" value={action} />
      {children}
      <FormErrors errors={formErrors} />
      <button
        ref={button}
        type="submit"
        disabled={busy}
        aria-busy={busy || undefined}
        onPointerEnter={confirm ? preloadConfirmDialog : undefined}
        onFocus={confirm ? preloadConfirmDialog : undefined}
        className={buttonClass(variant)}
      >
        {label}
        {srLabel ? <span className="sr-only"> {srLabel}</span> : null}
      </button>
      {confirm ? (
        <ConfirmDialog
          open={asking}
          text={confirm}
          onCancel={close}
          onConfirm={() => {
            setAsking(false);
            const fields = new FormData(form.current!);
            fields.set("confirmed", "1");
            void submit(fields, { method: "post", preventScrollReset: true });
          }}
        />
      ) : null}
    </Form>
  );
}
