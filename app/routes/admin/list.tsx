/**
 * /list (spec section 2, top level; section 3 "Business list: grouped entries each with
 * business_datas (business_id), plus single entries with business_id"): every business the user
 * works for, grouped by business group, each with its name, the user's role, its status and
 * "Switch to" — the header's business switch (POST /business/switch), which comes back here with
 * the new business marked "Active now". The rules are core/business/company-groups.ts businessList.
 * Any member opens it (it is outside the sidebar's privileges): it is where a person with several
 * businesses picks one. A business that is not active (moderation, suspended) is listed, not switchable.
 */
import { Form, Link } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/list";
import { businessList } from "#core/business/company-groups.ts";
import { canAccess } from "#core/auth/privileges.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { getScope, getSellerScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const scope = getScope(args.context);
  const entries = await businessList(scope);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const { member } = getSellerScope(args.context).actor;
  return {
    title: `${t("company:list_page.title")} | ${t("common:app_name")}`,
    entries,
    canManageGroups: canAccess(member, "profile"),
  };
}

type Entry = Awaited<ReturnType<typeof businessList>>[number];
type Business = Extract<Entry, { business_id: number }>;

function BusinessRow({ b }: { b: Business }) {
  const { t } = useTranslation("company");
  const locale = useLocale();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{b.name}</p>
        <p className="text-xs text-slate-600">
          <span className="sr-only">{t("list_page.fields.role")}: </span>{b.role_name}
          {" · "}
          <span className="sr-only">{t("list_page.fields.status")}: </span>{b.status_name}
        </p>
      </div>
      {b.is_active_business ? <StatusBadge tone="success">{t("list_page.active")}</StatusBadge> : b.can_switch ? (
        <Form method="post" action={localePath(locale, "/business/switch")}>
          <input type="hidden" name="business_id" value={b.business_id} />
          <input type="hidden" name="redirectTo" value={localePath(locale, "/list")} />
          <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50">
            {t("list_page.switch")}<span className="sr-only"> {b.name}</span>
          </button>
        </Form>
      ) : <span className="text-xs text-slate-500">{t("list_page.cannot_switch")}</span>}
    </li>
  );
}

export default function BusinessList({ loaderData }: Route.ComponentProps) {
  const { entries, canManageGroups } = loaderData;
  const { t } = useTranslation("company");
  const locale = useLocale();
  const singles = entries.filter((e): e is Business => "business_id" in e);
  const groups = entries.filter((e): e is Exclude<Entry, Business> => "group_id" in e);
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold text-slate-900">{t("list_page.title")}</h1>
          <p className="text-sm text-slate-600">{t("list_page.intro")}</p>
        </div>
        {canManageGroups ? (
          <Link to={localePath(locale, "/profile/company/group")} className="text-sm font-medium text-brand-700 hover:underline">{t("list_page.manage_groups")}</Link>
        ) : null}
      </div>
      {entries.length === 0 ? <EmptyState title={t("list_page.empty")} /> : null}
      {groups.map((g) => (
        <section key={g.group_id} aria-labelledby={`group-${g.group_id}`} className="rounded-lg border border-slate-200 bg-white px-4 py-2">
          <h2 id={`group-${g.group_id}`} className="pt-2 text-sm font-semibold text-slate-700">{t("list_page.group")}: {g.name}</h2>
          <ul className="divide-y divide-slate-100">{g.business_datas.map((b) => <BusinessRow key={b.business_id} b={b} />)}</ul>
        </section>
      ))}
      {singles.length ? (
        <section aria-labelledby="group-none" className="rounded-lg border border-slate-200 bg-white px-4 py-2">
          <h2 id="group-none" className="pt-2 text-sm font-semibold text-slate-700">{t("list_page.single")}</h2>
          <ul className="divide-y divide-slate-100">{singles.map((b) => <BusinessRow key={b.business_id} b={b} />)}</ul>
        </section>
      ) : null}
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
