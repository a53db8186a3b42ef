/** /profile/factory/:slug (slug = factory_id): edit a factory (its update history opens from its card on the list). */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/edit";
import { factoryBody, getFactory, updateFactory } from "#core/profile/factories.ts";
import { listCities } from "#core/utilities/places.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FormPage } from "#app/components/form-page.tsx";
import { FactoryForm } from "#app/components/factory-form.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { PinPointField } from "#app/components/map/pin-point-lazy.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { idFromSlug } from "#app/lib/params.ts";
import { imageFromForm } from "#app/lib/uploads.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const id = idFromSlug(args.params.slug);
  const scope = getScope(args.context);
  const [factory, cities] = await Promise.all([
    getFactory(scope, id),
    listCities(scope),
    PinPointField.ready(), // the map picker is an island (pin-point-lazy.tsx)
  ]);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return {
    title: `${t("site:factory.edit")} · ${factory.name} | ${t("common:app_name")}`,
    factory,
    cities,
  };
}

export async function action(args: Route.ActionArgs) {
  const id = idFromSlug(args.params.slug);
  const formData = await args.request.formData();
  const image = await imageFromForm(args, formData, "image");
  const submission = parseWithZod(formData, { schema: factoryBody });
  if (submission.status !== "success" || image.error) {
    return data(submission.reply(image.error ? { fieldErrors: { image: [image.error] } } : undefined), { status: 400 });
  }
  try {
    await updateFactory(getScope(args.context), id, submission.value);
  } catch (e) {
    return replyRefused(args, submission, e);
  }
  flashToast(args.context, "success", getI18n(args.context).getFixedT(getLocale(args.context))("site:api.factory_updated"));
  throw redirect(localePath(getLocale(args.context), "/profile/factory"));
}

export default function EditFactory({ loaderData, actionData }: Route.ComponentProps) {
  const { factory: f } = loaderData;
  const { t } = useTranslation("site");
  const lang = useLocale();
  const list = localePath(lang, "/profile/factory");
  return (
    <FormPage back={{ href: list, label: t("factory.back_to_list") }} title={t("factory.edit")}
      badge={<StatusBadge tone={f.status === 1 ? "success" : "neutral"}>{f.status_name}</StatusBadge>}>
      <FactoryForm
        reply={actionData}
        defaults={{
          name: f.name, image: f.image ?? "", contact_name: f.contact_name ?? "", email: f.email ?? "", phone: f.phone ?? "",
          address: f.address, city_id: f.city_id ? String(f.city_id) : "", postcode: f.postcode ?? "",
          latitude: f.latitude !== null ? String(f.latitude) : "", longitude: f.longitude !== null ? String(f.longitude) : "",
          monthly_capacity: f.monthly_capacity !== null ? String(f.monthly_capacity) : "",
        }}
        cities={loaderData.cities}
        submitLabel={t("common:actions.save")}
        cancelTo={list}
      />
    </FormPage>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
