/**
 * /omnichannel/pos-report/inventory/last-stock-priority (issue 14 item 6): the order in which the
 * business's locations (stores, warehouses, partitions) give stock to an online order. The seller
 * moves a location up or down, leaves it out, or adds it back. Orders read the list when they are
 * accepted (core/stock/priority.ts has the rule; the order page names each line's location).
 *
 * Every button is a small POST form carrying the WHOLE new list (`locations`, the API's PUT body,
 * one schema: priorityBody): it works without JavaScript, and a double click or a resent page
 * saves the same list again, which changes nothing. A page left open while someone else changed
 * the list saves the list it shows (the last one saved wins: the toast says it was saved, the
 * page shows the result).
 */
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/last-stock-priority";
import { fieldMessages } from "#core/errors.ts";
import { priorityBody, setStockPriority, stockPriority, type PriorityEntry } from "#core/stock/priority.ts";
import { buttonClass } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FormErrors } from "#app/components/form-error.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { SectionCard } from "#app/components/section-card.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { pageTitle } from "#app/lib/meta.ts";
import { flashToast } from "#app/lib/session.server.ts";

export async function loader(args: Route.LoaderArgs) {
  const priority = await stockPriority(getScope(args.context));
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${t("stock-priority:title")} | ${t("common:app_name")}`, ...priority };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const parsed = priorityBody.safeParse({ locations: form.get("locations") ?? "" });
  if (!parsed.success) return data({ errors: Object.values(fieldMessages(parsed.error.issues)).flat() }, { status: 400 });
  await setStockPriority(getScope(args.context), parsed.data);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  flashToast(args.context, "success", t("stock-priority:saved"));
  throw redirect(new URL(args.request.url).pathname);
}

export default function LastStockPriority({ loaderData, actionData }: Route.ComponentProps) {
  const { locations, unused } = loaderData;
  const { t } = useTranslation("stock-priority");
  const keys = locations.map((l) => l.location_key);
  const swapped = (i: number, j: number) => {
    const next = [...keys];
    [next[i], next[j]] = [next[j], next[i]];
    return next;
  };
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-xl font-semibold text-slate-900">{t("title")}</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">{t("intro")}</p>
      </div>
      <FormErrors errors={actionData?.errors} />
      <SectionCard title={t("order_title")} hint={locations.length ? t("order_hint") : undefined}>
        {locations.length ? (
          <ol className="divide-y divide-slate-100" aria-label={t("order_title")}>
            {locations.map((l, i) => (
              <li key={l.location_key} className="flex flex-wrap items-center gap-3 py-3" data-location={l.location_key}>
                <span className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-700 tabular-nums">{i + 1}</span>
                <Place entry={l} />
                <div className="ml-auto flex flex-wrap gap-2">
                  <Save locations={i > 0 ? swapped(i, i - 1) : null} label={t("up")} srLabel={t("up_named", { name: l.name })} />
                  <Save locations={i < keys.length - 1 ? swapped(i, i + 1) : null} label={t("down")} srLabel={t("down_named", { name: l.name })} />
                  <Save locations={keys.filter((k) => k !== l.location_key)} label={t("remove")} srLabel={t("remove_named", { name: l.name })} />
                </div>
              </li>
            ))}
          </ol>
        ) : (
          <div className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
            <p className="font-medium text-slate-800">{t("empty_title")}</p>
            <p className="mt-1">{t("empty_body")}</p>
          </div>
        )}
      </SectionCard>
      <SectionCard title={t("unused_title")} hint={t("unused_hint")}>
        {unused.length ? (
          <ul className="divide-y divide-slate-100" aria-label={t("unused_title")}>
            {unused.map((l) => (
              <li key={l.location_key} className="flex flex-wrap items-center gap-3 py-3" data-location={l.location_key}>
                <Place entry={l} />
                <div className="ml-auto">
                  <Save locations={[...keys, l.location_key]} label={t("add")} srLabel={t("add_named", { name: l.name })} primary />
                </div>
              </li>
            ))}
          </ul>
        ) : <p className="text-sm text-slate-600">{t("unused_none")}</p>}
      </SectionCard>
    </div>
  );
}

function Place({ entry }: { entry: PriorityEntry }) {
  const { t } = useTranslation("stock-priority");
  return (
    <div className="min-w-0 flex-1">
      <p className="truncate font-medium text-slate-900">{entry.name}</p>
      <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-slate-500">
        {t(`kind.${entry.kind}`)}
        {entry.is_active ? null : <StatusBadge tone="neutral">{t("inactive")}</StatusBadge>}
      </p>
    </div>
  );
}

/** One button: saves the list it carries (null: the button is shown disabled, e.g. Up on the first row). */
function Save({ locations, label, srLabel, primary }: { locations: string[] | null; label: string; srLabel: string; primary?: boolean }) {
  if (!locations) {
    return <button type="button" disabled aria-label={srLabel} className={`${buttonClass("secondary")} opacity-40`}>{label}</button>;
  }
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="locations" value={locations.join(",")} />
      <button type="submit" aria-label={srLabel} className={buttonClass(primary ? "primary" : "secondary")}>{label}</button>
    </Form>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
