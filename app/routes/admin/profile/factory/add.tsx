/** /profile/factory/add: a new production site of the business; on success the list opens with a toast. */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/add";
import { createFactory, factoryBody } from "#core/profile/factories.ts";
import { listCities } from "#core/utilities/places.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FormPage } from "#app/components/form-page.tsx";
import { FactoryForm } from "#app/components/factory-form.tsx";
import { PinPointField } from "#app/components/map/pin-point-lazy.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { imageFromForm } from "#app/lib/uploads.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  // The map picker is an island (pin-point-lazy.tsx): loaded before the page renders.
  const [cities] = await Promise.all([listCities(getScope(args.context)), PinPointField.ready()]);
  return { title: `${t("site:factory.add")} | ${t("common:app_name")}`, cities };
}

export async function action(args: Route.ActionArgs) {
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const formData = await args.request.formData();
  const image = await imageFromForm(args, formData, "image");
  const submission = parseWithZod(formData, { schema: factoryBody });
  if (submission.status !== "success" || image.error) {
    return data(submission.reply(image.error ? { fieldErrors: { image: [image.error] } } : undefined), { status: 400 });
  }
  try {
    await createFactory(getScope(args.context), submission.value);
  } catch (e) {
    return replyRefused(args, submission, e);
  }
  flashToast(args.context, "success", t("site:api.factory_created"));
  throw redirect(localePath(getLocale(args.context), "/profile/factory"));
}

export default function AddFactory({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("site");
  const lang = useLocale();
  const list = localePath(lang, "/profile/factory");
  return (
    <FormPage back={{ href: list, label: t("factory.back_to_list") }} title={t("factory.add")}>
      <FactoryForm reply={actionData} cities={loaderData.cities} submitLabel={t("common:actions.save")} cancelTo={list} />
    </FormPage>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
