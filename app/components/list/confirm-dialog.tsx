/**
 * Asking before a change, two ways with one look: ConfirmDialog (JavaScript: a Headless UI modal,
 * confirm-modal.tsx) and ConfirmPanel (no JavaScript: the server renders this step, and the
 * confirmed POST does the change). Plus useToggleText: the confirm texts of a list's status switch,
 * from the page's namespace.
 */
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { Form, Link } from "react-router";
import { buttonClass } from "#app/components/button.tsx";

export type ConfirmText = { title: string; body: string; confirmLabel: string; tone?: "primary" | "danger" };

export type ConfirmDialogProps = { open: boolean; text: ConfirmText; onConfirm: () => void; onCancel: () => void };

const loadModal = () => import("./confirm-modal.tsx");
const ConfirmModal = lazy(loadModal);
/** Fetches the modal ahead (pointer over or focus on the control that will ask). */
export const preloadConfirmDialog = () => void loadModal();

/**
 * The JavaScript way: a modal dialog. Headless UI is fetched with the first question, not with the
 * page; once there it stays mounted, so closing it gives focus back to the control that asked.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [asked, setAsked] = useState(props.open);
  if (props.open && !asked) setAsked(true);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmModal {...props} />
    </Suspense>
  );
}

/** The no-JavaScript confirm step: a real POST form carrying the change plus confirmed=1, and Cancel back to the list. */
export function ConfirmPanel({ text, fields, cancelTo }: { text: ConfirmText; fields: Record<string, string | number>; cancelTo: string }) {
  const { t } = useTranslation("list");
  return (
    <section role="alertdialog" aria-labelledby="confirm-title" aria-describedby="confirm-body" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id="confirm-title" className="font-semibold text-slate-900">{text.title}</h2>
      <p id="confirm-body" className="mt-1 text-sm text-slate-700">{text.body}</p>
      <Form method="post" className="mt-4 flex flex-wrap gap-2">
        {Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
        <input type="hidden" name="confirmed" value="1" />
        <button type="submit" className={buttonClass(text.tone ?? "primary")} autoFocus>{text.confirmLabel}</button>
        <Link to={cancelTo} className={buttonClass("secondary")}>{t("confirm.cancel")}</Link>
      </Form>
    </section>
  );
}

/**
 * (activate, name) → the switch's confirm text: `<prefix>toggle.{activate,inactivate}_{title,body}`
 * and the button `toggle.{activate,inactivate}` of namespace `ns`.
 */
export function useToggleText(ns: string, prefix = "") {
  const { t } = useTranslation(ns);
  return (activate: boolean, name: string): ConfirmText => ({
    title: t(activate ? `${prefix}toggle.activate_title` : `${prefix}toggle.inactivate_title`),
    body: t(activate ? `${prefix}toggle.activate_body` : `${prefix}toggle.inactivate_body`, { name }),
    confirmLabel: t(activate ? "toggle.activate" : "toggle.inactivate"),
    tone: activate ? "primary" : "danger",
  });
}
