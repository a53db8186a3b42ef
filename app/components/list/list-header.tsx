/**
 * The head of every list page: the title with the total, the export history and export button
 * (when the list exports), the page's own extra links (`children`, before them) and the Add link.
 *
 * The export-history popup (export-history.tsx) is an island (store-lazy.tsx): fetched after the
 * first load, rendered by the server (loadExports in list-page.server.ts awaits
 * ExportHistory.ready()), a <details> that opens without JavaScript.
 */
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { buttonClass, SubmitButton } from "#app/components/button.tsx";
import { island } from "#app/components/store-lazy.tsx";
import type { ExportJob } from "./export-history.tsx";

export const ExportHistory = island(() => import("./export-history.tsx").then((m) => m.ExportHistory));

/** POST intent=export to the list's own action, which queues the export with the list's filters. */
export function ExportButton() {
  const { t } = useTranslation("list");
  return (
    <Form method="post">
      <SubmitButton name="intent" value="export" variant="secondary">{t("export.button")}</SubmitButton>
    </Form>
  );
}

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
