/**
 * "Select all on this page" beside a list's bulk action: ticks every row box that joins the bulk
 * form (`form="<formId>"`). It needs JavaScript, so until the page is interactive it holds its
 * place invisibly and inert: the row of controls does not jump when it appears, and without
 * JavaScript nobody can tick a box that does nothing.
 */
import { useHydrated } from "remix-utils/use-hydrated";

export function SelectAll({ formId, label }: { formId: string; label: string }) {
  const ready = useHydrated();
  return (
    <label className={`flex items-center gap-2 py-2 text-sm text-slate-600 ${ready ? "" : "invisible"}`} aria-hidden={ready ? undefined : true}>
      <input
        type="checkbox"
        disabled={!ready}
        className="h-4 w-4 rounded border-slate-300"
        onChange={(e) => {
          for (const box of document.querySelectorAll<HTMLInputElement>(`input[form="${formId}"][type=checkbox]`)) box.checked = e.currentTarget.checked;
        }}
      />
      {label}
    </label>
  );
}
