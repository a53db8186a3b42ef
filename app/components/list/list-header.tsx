/**
 * The head of every list page: the title with the total, the export history and export button
 * (when the list exports), the page's own extra links (`children`, before them) and the Add link.
 * Plus useToggleText: the confirm texts of a list's status switch, from the page's namespace.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-react.tsx";
import { buttonClass } from "../button.tsx";
import type { ConfirmText } from "./confirm-dialog.tsx";
import { ExportButton, ExportHistory, type ExportJob } from "./export-history.tsx";

export function ListHeader(props: {
  title: string;
  /** A line under the title. */
  intro?: ReactNode;
  /** The list's export jobs; none: the list has no export. */
  exports?: ExportJob[];
  exportsOpen?: boolean;
  /** Add link; none: no Add (e.g. nothing to add to yet). */
  add?: { href: string; label: string; preventScrollReset?: boolean };
  children?: ReactNode;
}) {
  const h1 = <h1 className="text-xl font-semibold text-slate-900">{props.title}</h1>;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      {props.intro ? (
        <div>
          {h1}
          <p className="mt-1 max-w-2xl text-sm text-slate-600">{props.intro}</p>
        </div>
      ) : h1}
      <div className="flex flex-wrap items-center gap-2">
        {props.children}
        {props.exports ? (
          <>
            <ExportHistory jobs={props.exports} open={props.exportsOpen} />
            <ExportButton />
          </>
        ) : null}
        {props.add ? (
          <Link to={props.add.href} preventScrollReset={props.add.preventScrollReset} className={buttonClass("primary")}>{props.add.label}</Link>
        ) : null}
      </div>
    </div>
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
