/**
 * The confirm modal itself (Headless UI Dialog: focus trap, Escape, labelled). Loaded on demand by
 * ConfirmDialog in confirm-dialog.tsx, so it is not part of a list page's first load.
 */
import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { buttonClass } from "#app/components/button.tsx";
import type { ConfirmDialogProps } from "./confirm-dialog.tsx";

export default function ConfirmModal({ open, text, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation("list");
  return (
    <Dialog open={open} onClose={onCancel} className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <DialogPanel className="relative w-full max-w-md rounded-lg bg-white p-6 shadow-xl">
        <DialogTitle className="text-lg font-semibold text-slate-900">{text.title}</DialogTitle>
        <Description className="mt-2 text-sm text-slate-600">{text.body}</Description>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <button type="button" onClick={onCancel} className={buttonClass("secondary")} data-autofocus>{t("confirm.cancel")}</button>
          <button type="button" onClick={onConfirm} className={buttonClass(text.tone ?? "primary")}>{text.confirmLabel}</button>
        </div>
      </DialogPanel>
    </Dialog>
  );
}
