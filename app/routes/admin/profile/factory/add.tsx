/** /profile/factory/add: a new production site of the business; on success the list opens with a toast. */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect, useParams } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/add";
import { factoryBody } from "#core/profile/factories.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FactoryForm, factoryPayload } from "#app/components/factory-form.tsx";
import type { City } from "#app/components/form.tsx";
import { PinPointField } from "#app/components/map/pin-point-lazy.tsx";
import { callApi, getList } from "#app/lib/api.server.ts";
import { replyWithApiError } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { imageFromForm } from "#app/lib/uploads.server.ts";

export async function loader(args: Route.LoaderArgs) {
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  // The map picker is an island (pin-point-lazy.tsx): loaded before the page renders.
  const [cities] = await Promise.all([getList<City>(args, "/v0.0.0/utilities/locations"), PinPointField.ready()]);
  return { title: `${t("site:factory.add")} | ${t("common:app_name")}`, cities: cities.rows };
}

export async function action(args: Route.ActionArgs) {
  const formData = await args.request.formData();
  const image = await imageFromForm(args, formData, "image");
  const submission = parseWithZod(formData, { schema: factoryBody });
  if (submission.status !== "success" || image.error) {
    return data(submission.reply(image.error ? { fieldErrors: { image: [image.error] } } : undefined), { status: 400 });
  }
  const res = await callApi(args, "POST", "/v0.0.1/factories/create", { body: factoryPayload(submission.value) });
  if (!res.ok) return replyWithApiError(submission, res);
  throw redirect(localePath(getLocale(args.context), "/profile/factory"));
}

export default function AddFactory({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("site");
  const { lang } = useParams();
  const list = localePath(lang ?? "en", "/profile/factory");
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Link to={list} className="text-sm font-medium text-brand-700 hover:underline">← {t("factory.back_to_list")}</Link>
      <h1 className="text-xl font-semibold text-slate-900">{t("factory.add")}</h1>
      <section className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <FactoryForm reply={actionData} cities={loaderData.cities} submitLabel={t("common:actions.save")} cancelTo={list} />
      </section>
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
