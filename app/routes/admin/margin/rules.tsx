/**
 * /margin/other (the resellers' margins: per reseller, and per reseller and brand) and
 * /margin/store-margin (per store): one route module, the URL says which. The rules of those
 * scopes with Edit and Delete (asks first), and Add.
 */
import { Link } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/rules";
import { marginRulesOf } from "#core/partners/margins.ts";
import { buttonClass } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { RulesTable } from "#app/components/margin-parts.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { deleteRuleAction, ruleToDelete } from "#app/lib/margin.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

const pageOf = (pathname: string) => (pathname.endsWith("/store-margin") ? ("store" as const) : ("other" as const));

export async function loader(args: Route.LoaderArgs) {
  const page = pageOf(new URL(args.request.url).pathname);
  const scope = getScope(args.context);
  const [rules, toDelete] = await Promise.all([
    marginRulesOf(scope, page === "store" ? ["store"] : ["reseller", "reseller_brand"]),
    ruleToDelete(args),
  ]);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${t(`margin:pages.${page}`)} | ${t("common:app_name")}`, page, rules, toDelete };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const done = await deleteRuleAction(args, form, new URL(args.request.url).pathname);
  if (done === undefined) throw new Response("unknown action", { status: 400 });
  return done;
}

export default function MarginRules({ loaderData }: Route.ComponentProps) {
  const { page, rules, toDelete } = loaderData;
  const { t } = useTranslation("margin");
  const locale = useLocale();
  const here = localePath(locale, page === "store" ? "/margin/store-margin" : "/margin/other");
  return (
    <div className="space-y-4">
      <Link to={localePath(locale, "/margin")} className="text-sm font-medium text-brand-700 hover:underline">← {t("back")}</Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-slate-900">{t(`pages.${page}`)}</h1>
        <div className="flex flex-wrap gap-2">
          {page === "store" ? (
            <Link to={localePath(locale, "/margin/add/store")} className={buttonClass("primary")}>{t("add.store")}</Link>
          ) : (<>
            <Link to={localePath(locale, "/margin/add/reseller")} className={buttonClass("primary")}>{t("add.reseller")}</Link>
            <Link to={localePath(locale, "/margin/add/reseller-brand")} className={buttonClass("secondary")}>{t("add.reseller_brand")}</Link>
          </>)}
        </div>
      </div>
      <p className="text-sm text-slate-600">{t(`pages.${page}_hint`)}</p>
      <RulesTable rules={rules} caption={t(`pages.${page}`)} toDelete={toDelete} cancelTo={here} />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
