/** /products/service/add: a new service; on success the list opens with a toast. */
import { useTranslation, useLocalePath } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/add";
import { createService, serviceBody, serviceOffering, serviceStoreChoices } from "#core/catalog/services.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { OfferingFormPage } from "#app/components/offering-form-parts.tsx";
import { ServiceForm } from "#app/components/service-form.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { submitOffering } from "#app/lib/offering-form.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${t("offering:service.add")} | ${t("common:app_name")}`, stores: await serviceStoreChoices(getScope(args.context)) };
}

export async function action(args: Route.ActionArgs) {
  return submitOffering(args, { schema: serviceBody, save: createService, message: serviceOffering.messages.created, listPath: "/products/service" });
}

export default function AddService({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("offering");
  const list = useLocalePath()("/products/service");
  return (
    <OfferingFormPage title={t("service.add")} backTo={list} backLabel={t("service.back_to_list")}>
      <ServiceForm reply={actionData} stores={loaderData.stores} cancelTo={list} />
    </OfferingFormPage>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
