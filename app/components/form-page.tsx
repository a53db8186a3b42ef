/**
 * The one form page shell: a link back to the list, the title (with an optional badge, e.g. the
 * record's status), and the form in a card. A form page is then its fields:
 *
 *   <FormPage back={{ href: list, label: t("factory.back_to_list") }} title={t("factory.add")}>
 *     <FactoryForm reply={actionData} … />
 *   </FormPage>
 */
import type { ReactNode } from "react";
import { Link } from "react-router";

export function FormPage(props: {
  back: { href: string; label: string };
  title: string;
  /** Beside the title: a status badge. */
  badge?: ReactNode;
  /** Beside the title on the right: links such as "View update history". */
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Link to={props.back.href} className="text-sm font-medium text-brand-700 hover:underline">← {props.back.label}</Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-xl font-semibold text-slate-900">{props.title}</h1>
          {props.badge}
        </div>
        {props.actions}
      </div>
      <section className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">{props.children}</section>
    </div>
  );
}
