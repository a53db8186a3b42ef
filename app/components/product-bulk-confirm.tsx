/**
 * A POST form whose submit buttons ask first (publish or reject drafts, apply a mass update).
 * With JavaScript a dialog asks and the form is sent with confirmed=1; without, the form posts as
 * it is and the page's action answers with its server-rendered confirm step (a ConfirmPanel).
 * Each asking button carries name="intent"; `textFor(intent, form)` says what the dialog asks.
 */
import { useRef, useState } from "react";
import { Form, useSubmit } from "react-router";
import { ConfirmDialog, preloadConfirmDialog, type ConfirmText } from "./list/confirm-dialog.tsx";

export function ConfirmForm({ textFor, children, className, "aria-label": label }: {
  /** What to ask for this intent; null sends the form without asking (e.g. nothing chosen: the server says so). */
  textFor: (intent: string, data: FormData) => ConfirmText | null;
  children: React.ReactNode;
  className?: string;
  "aria-label"?: string;
}) {
  const submit = useSubmit();
  const [asking, setAsking] = useState<{ text: ConfirmText; data: FormData } | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const close = () => {
    setAsking(null);
    requestAnimationFrame(() => opener.current?.focus());
  };
  return (
    <Form
      method="post"
      className={className}
      aria-label={label}
      onPointerOver={preloadConfirmDialog}
      onSubmit={(e) => {
        const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        const data = new FormData(e.currentTarget, submitter);
        const text = textFor(String(data.get("intent") ?? ""), data);
        if (!text) return;
        e.preventDefault();
        opener.current = submitter;
        setAsking({ text, data });
      }}
    >
      {children}
      <ConfirmDialog
        open={asking !== null}
        text={asking?.text ?? { title: "", body: "", confirmLabel: "" }}
        onCancel={close}
        onConfirm={() => {
          const data = asking!.data;
          data.set("confirmed", "1");
          setAsking(null);
          void submit(data, { method: "post", preventScrollReset: true });
        }}
      />
    </Form>
  );
}
