/**
 * The activate/deactivate switch of list rows and cards. It is a POST form (fields plus
 * action=activate|inactivate), so without JavaScript it goes to the server, which answers with
 * its confirm step. With JavaScript the switch flips at once, a dialog asks, and a fetcher sends
 * the confirmed change; cancelling flips it back, and a refused change flips back when the
 * list reloads with the unchanged status (spec: "on cancel or failure the switch reverts").
 *
 * The fetcher and the dialog (SwitchSender) are mounted with the first click, not with the page: a
 * list renders 20–150 switches on the server and in hydration, and a fetcher with its form per
 * switch was about a tenth of the product listing's server time (bench/ssr.ts).
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { useFetcher, useFormAction } from "react-router";
import { ConfirmDialog, preloadConfirmDialog, type ConfirmText } from "./confirm-dialog.tsx";

export function StatusSwitch({ checked, disabled, label, fields, confirmFor, actions = ["activate", "inactivate"], stateLabels }: {
  checked: boolean;
  disabled?: boolean;
  label: string;
  /** Hidden fields that name the change, e.g. { intent: "toggle", business_id: 4 }. */
  fields: Record<string, string | number>;
  confirmFor: (activate: boolean) => ConfirmText;
  /** The `action` values posted to switch on and off (a store's channel: connect / disconnect). */
  actions?: [on: string, off: string];
  /** The text beside the switch, on and off (default: the list's On / Off). */
  stateLabels?: [on: string, off: string];
}) {
  const { t } = useTranslation("list");
  // Where a route's own <Form> would post (an index route's URL carries ?index).
  const formAction = useFormAction();
  const [engaged, setEngaged] = useState(false);
  const [asking, setAsking] = useState(false);
  // The `action` being sent, while the fetcher is busy (SwitchSender says so).
  const [sent, setSent] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const activate = !checked;
  const shown = sent ? sent === actions[0] : asking ? activate : checked;
  const change = { ...fields, action: activate ? actions[0] : actions[1] };
  return (
    <form
      method="post"
      action={formAction}
      className="inline-flex items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        setEngaged(true);
        setAsking(true);
      }}
    >
      {Object.entries(change).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
      <button
        ref={button}
        type="submit"
        role="switch"
        aria-checked={shown}
        aria-label={label}
        disabled={disabled || sent !== null}
        onPointerEnter={preloadConfirmDialog}
        onFocus={preloadConfirmDialog}
        // Its look, on and off, is .switch's in app.css (aria-checked).
        className="switch"
      >
        <span aria-hidden />
      </button>
      <span aria-hidden className="whitespace-nowrap text-xs text-slate-600">{shown ? (stateLabels?.[0] ?? t("switch.on")) : (stateLabels?.[1] ?? t("switch.off"))}</span>
      {engaged ? (
        <SwitchSender
          asking={asking}
          text={confirmFor(activate)}
          change={change}
          onSent={setSent}
          onClose={() => {
            setAsking(false);
            // Focus goes back to the switch when the dialog closes (keyboard users stay where they were).
            requestAnimationFrame(() => button.current?.focus());
          }}
        />
      ) : null}
    </form>
  );
}

/** The dialog and the fetcher of one switch, once it has been clicked. */
function SwitchSender({ asking, text, change, onSent, onClose }: {
  asking: boolean;
  text: ConfirmText;
  change: Record<string, string | number>;
  onSent: (action: string | null) => void;
  onClose: () => void;
}) {
  const fetcher = useFetcher();
  const sending = fetcher.state === "idle" ? null : String(fetcher.formData?.get("action") ?? change.action);
  useEffect(() => onSent(sending), [sending, onSent]);
  return (
    <ConfirmDialog
      open={asking}
      text={text}
      onCancel={onClose}
      onConfirm={() => {
        void fetcher.submit({ ...change, confirmed: "1" }, { method: "post" });
        onClose();
      }}
    />
  );
}
