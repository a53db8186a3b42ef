/**
 * /profile/store/add: a new offline store with the one store form (app/components/store-form.tsx).
 * The company's first store becomes its default (core/profile/stores-save.ts). On success the store list
 * opens with the new store's card open. The loader also answers the form's village lookups
 * (?location_id=…).
 */
import { Link } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/add";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { NEW_STORE, StoreForm } from "#app/components/store-form.tsx";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { loadStoreFormData, storeFormAction } from "./form.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return {
    title: `${t("store:add")} | ${t("common:app_name")}`,
    ...(await loadStoreFormData(args, null)),
  };
}

export async function action(args: Route.ActionArgs) {
  return storeFormAction(args, {});
}

export default function AddStore({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("store");
  const lang = useLocale();
  const list = localePath(lang, "/profile/store");
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <Link to={list} className="text-sm font-medium text-brand-700 hover:underline">← {t("back_to_list")}</Link>
      <h1 className="text-xl font-semibold text-slate-900">{t("add")}</h1>
      <StoreForm
        result={actionData?.result}
        defaults={NEW_STORE}
        places={loaderData.places}
        bankAccounts={loaderData.bankAccounts}
        banks={loaderData.banks}
        canAddBank={loaderData.canAddBank}
        couriers={loaderData.couriers}
        bank={actionData?.bank ?? null}
        submitLabel={t("form.save")}
        cancelTo={list}
      />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
