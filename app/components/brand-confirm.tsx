/**
 * A button that asks before it changes something (delete an entry, remove a document, answer a
 * partnership), two ways with one look, as the status switch does:
 * - without JavaScript it is a plain POST form (fields, no `confirmed`): the route's action sends
 *   the browser to its confirm step (requireConfirmed, app/lib/confirm.server.ts: ?confirm=<intent>&
 *   <the fields>), a server-rendered ConfirmPanel whose button posts the same fields with confirmed=1;
 * - with JavaScript the dialog asks first and the confirmed POST goes straight to the action.
 */
import { useRef, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { buttonClass } from "./button.tsx";
import { ConfirmDialog, preloadConfirmDialog, type ConfirmText } from "./list/confirm-dialog.tsx";

export function ConfirmButton({ fields, label, text, variant = "secondary", describedBy }: {
  /** Hidden fields naming the change, e.g. { intent: "delete", entry_id: 4 }. */
  fields: Record<string, string | number>;
  label: string;
  text: ConfirmText;
  variant?: "primary" | "secondary" | "danger" | "ghost";
  /** Id of the element naming what the button acts on (its accessible description). */
  describedBy?: string;
}) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const [asking, setAsking] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const busy = navigation.state === "submitting"
    && Object.entries(fields).every(([k, v]) => navigation.formData?.get(k) === String(v));
  const close = () => {
    setAsking(false);
    requestAnimationFrame(() => button.current?.focus());
  };
  return (
    <Form
      method="post"
      className="inline"
      onSubmit={(e) => {
        e.preventDefault();
        setAsking(true);
      }}
    >
      {Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
      <button
        ref={button}
        type="submit"
        disabled={busy}
        aria-busy={busy || undefined}
        aria-describedby={describedBy}
        onPointerEnter={preloadConfirmDialog}
        onFocus={preloadConfirmDialog}
        className={buttonClass(variant)}
      >
        {label}
      </button>
      <ConfirmDialog
        open={asking}
        text={text}
        onCancel={close}
        onConfirm={() => {
          setAsking(false);
          void submit({ ...fields, confirmed: "1" }, { method: "post", preventScrollReset: true });
        }}
      />
    </Form>
  );
}
