/**
 * A POST button that asks first, for removals and deletions (a warehouse partition, a store fee).
 * With JavaScript a dialog asks and the confirmed change is sent (fields + confirmed=1); without,
 * the form posts as it is and the page's action answers with its server-rendered confirm step
 * (a ConfirmPanel), which sends confirmed=1.
 */
import { useRef, useState } from "react";
import { Form, useSubmit } from "react-router";
import { buttonClass } from "./button.tsx";
import { ConfirmDialog, preloadConfirmDialog, type ConfirmText } from "./list/confirm-dialog.tsx";

export function ConfirmSubmitButton({ fields, text, children, variant = "ghost", className }: {
  fields: Record<string, string | number>;
  text: ConfirmText;
  children: React.ReactNode;
  variant?: "primary" | "secondary" | "danger" | "ghost";
  className?: string;
}) {
  const submit = useSubmit();
  const [asking, setAsking] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
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
      <button ref={button} type="submit" onPointerEnter={preloadConfirmDialog} onFocus={preloadConfirmDialog} className={`${buttonClass(variant)} ${className ?? ""}`}>
        {children}
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

