/**
 * /products/service/:slug/edit (slug = service_id): the service as core reads it (the API's
 * GET /v0.0.0/services/{id}/update), saved by the same update as PUT /v0.0.0/services/{id}.
 * Stores already chosen stay listed even when inactive now.
 */
import { useTranslation, useLocalePath } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/edit";
import { durationParts } from "#core/catalog/offering-enums.ts";
import { getService, serviceBody, serviceOffering, serviceStoreChoices, updateService } from "#core/catalog/services.ts";
import { rupiahInput } from "#core/profile/store-fees-money.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { OfferingFormPage } from "#app/components/offering-form-parts.tsx";
import { ServiceForm } from "#app/components/service-form.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { submitOffering } from "#app/lib/offering-form.server.ts";
import { idFromSlug } from "#app/lib/params.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const id = idFromSlug(args.params.slug);
  const scope = getScope(args.context);
  const [service, active] = await Promise.all([getService(scope, id), serviceStoreChoices(scope)]);
  const stores = [...active, ...service.store_datas.filter((s) => !active.some((a) => a.id === s.store_id)).map((s) => ({ id: s.store_id, name: s.name }))];
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${t("offering:service.edit")} · ${service.name} | ${t("common:app_name")}`, service, stores };
}

export async function action(args: Route.ActionArgs) {
  const id = idFromSlug(args.params.slug);
  return submitOffering(args, {
    schema: serviceBody, save: (scope, value) => updateService(scope, id, value), message: serviceOffering.messages.updated, listPath: "/products/service",
  });
}

export default function EditService({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("offering");
  const { service: s } = loaderData;
  const list = useLocalePath()("/products/service");
  const d = durationParts(s.duration_minutes);
  return (
    <OfferingFormPage title={t("service.edit")} backTo={list} backLabel={t("service.back_to_list")}
      chips={<StatusBadge tone={s.status === 1 ? "success" : "neutral"}>{s.status_name}</StatusBadge>}>
      <ServiceForm
        reply={actionData}
        stores={loaderData.stores}
        cancelTo={list}
        defaults={{
          name: s.name, sku: s.sku, description: s.description, image: s.image ?? "", price: rupiahInput(s.price),
          duration: String(d.value), duration_unit: d.unit, store_ids: s.store_datas.map((x) => String(x.store_id)),
        }}
      />
    </OfferingFormPage>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
