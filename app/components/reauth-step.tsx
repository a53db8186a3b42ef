/**
 * The password step (app/lib/reauth.server.ts): the same form two ways, like the confirm step
 * (docs/decisions/0010). The server renders it as an open <dialog> above the page — without
 * JavaScript a panel in the page's flow; once the page runs, the effect makes it modal (focus
 * kept inside, Escape cancels). It posts the refused change's fields again to the page's own
 * action, with `confirmed=1` and the password; Cancel goes back to the page as it was.
 */
import { useEffect, useRef } from "react";
import { Form, Link, useLocation, useNavigate } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { buttonClass, inputClass } from "./button.tsx";

/** `refused`: why the last password was refused, shown in the step next to the field. */
export function ReauthStep({ fields, refused }: { fields: Record<string, string[]>; refused?: string | null }) {
  const { t } = useTranslation("auth");
  const { pathname, key } = useLocation();
  const navigate = useNavigate();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.matches(":modal")) return;
    dialog.close();
    dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      open
      aria-labelledby="reauth-title"
      aria-describedby="reauth-body"
      onCancel={(e) => {
        e.preventDefault();
        navigate(pathname, { replace: true });
      }}
      className="mb-4 w-full max-w-md rounded-lg border border-amber-300 bg-amber-50 p-4 text-slate-900 backdrop:bg-slate-900/40 [&:not(:modal)]:static [&:not(:modal)]:max-w-none"
    >
      <h2 id="reauth-title" className="font-semibold">{t("reauth.title")}</h2>
      <p id="reauth-body" className="mt-1 text-sm text-slate-700">{t("reauth.body")}</p>
      <Form method="post" action={pathname} className="mt-4 space-y-3">
        {Object.entries(fields).flatMap(([name, values]) =>
          values.map((value, i) => <input key={`${name}-${i}`} type="hidden" name={name} value={value} />))}
        {/* No fields (a large upload's form was not read twice): only the password is confirmed. */}
        {Object.keys(fields).length ? <input type="hidden" name="confirmed" value="1" /> : <input type="hidden" name="reauth_only" value="1" />}
        <div>
          {/* A new key per visit: a wrong password does not stay in the field. */}
          <label htmlFor="reauth-password" className="mb-1 block text-sm font-medium text-slate-700">{t("reauth.password")}</label>
          <input key={key} id="reauth-password" name="reauth_password" type="password" autoComplete="current-password" autoFocus className={inputClass}
            aria-invalid={refused ? true : undefined} aria-describedby={refused ? "reauth-refused" : undefined} />
          {refused ? <p id="reauth-refused" role="alert" className="mt-1 text-sm text-red-700">{refused}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClass("primary")}>{t("reauth.submit")}</button>
          <Link to={pathname} replace className={buttonClass("secondary")}>{t("reauth.cancel")}</Link>
        </div>
      </Form>
    </dialog>
  );
}
