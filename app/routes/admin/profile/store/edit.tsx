/**
 * /profile/store/:slug (slug = store branch id): edit an offline store with the one store form.
 * A partner store is its owner's to change (is_updateable false): its slug goes back to the list
 * with its card open. The status and the channel connections are changed on the card, not here.
 * The loader also answers the form's village lookups (?location_id=…).
 */
import { Link, redirect } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/edit";
import { getStore } from "#core/profile/stores-service.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { StoreForm } from "#app/components/store-form.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { idFromSlug } from "#app/lib/params.ts";
import { loadStoreFormData, storeDefaults, storeFormAction } from "./form.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const id = idFromSlug(args.params.slug);
  const store = await getStore(getScope(args.context), id);
  const locale = getLocale(args.context);
  if (!store.is_updateable) throw redirect(`${localePath(locale, "/profile/store")}?open=${id}#store-${id}`);
  const t = getI18n(args.context).getFixedT(locale);
  return {
    title: `${t("store:edit")} · ${store.name} | ${t("common:app_name")}`,
    store,
    defaultValue: storeDefaults(store),
    ...(await loadStoreFormData(args, store.location_data.location_id)),
  };
}

export async function action(args: Route.ActionArgs) {
  return storeFormAction(args, { id: idFromSlug(args.params.slug) });
}

export default function EditStore({ loaderData, actionData }: Route.ComponentProps) {
  const { store: s } = loaderData;
  const { t } = useTranslation("store");
  const lang = useLocale();
  const back = `${localePath(lang, "/profile/store")}?open=${s.store_branch_id}#store-${s.store_branch_id}`;
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <Link to={back} className="text-sm font-medium text-brand-700 hover:underline">← {t("back_to_list")}</Link>
      <h1 className="text-xl font-semibold text-slate-900">{t("edit")}<span className="sr-only">: </span><span className="block text-base font-normal text-slate-600">{s.name}</span></h1>
      <StoreForm
        result={actionData?.result}
        defaults={loaderData.defaultValue}
        places={loaderData.places}
        bankAccounts={loaderData.bankAccounts}
        banks={loaderData.banks}
        canAddBank={loaderData.canAddBank}
        couriers={loaderData.couriers}
        bank={actionData?.bank ?? null}
        isDefault={s.is_default}
        submitLabel={t("form.save")}
        cancelTo={back}
      />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
