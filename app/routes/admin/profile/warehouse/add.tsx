/**
 * /profile/warehouse/add: a new warehouse with its first partitions (one per line). The first
 * warehouse of a business becomes its default whatever the checkbox says
 * (core/profile/warehouse-changes.ts). On success the list opens, with the API's message as a toast.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/add";
import { createWarehouse } from "#core/profile/warehouse-changes.ts";
import { warehouseBody } from "#core/profile/warehouses.ts";
import { listCities } from "#core/utilities/places.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { PinPointField } from "#app/components/map/pin-point-lazy.tsx";
import { WarehouseForm } from "#app/components/warehouse-form.tsx";
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
  return {
    title: `${t("site:warehouse.add")} | ${t("common:app_name")}`,
    cities,
  };
}

export async function action(args: Route.ActionArgs) {
  const formData = await args.request.formData();
  const image = await imageFromForm(args, formData, "image");
  const submission = parseWithZod(formData, { schema: warehouseBody });
  if (submission.status !== "success" || image.error) {
    return data(submission.reply(image.error ? { fieldErrors: { image: [image.error] } } : undefined), { status: 400 });
  }
  try {
    await createWarehouse(getScope(args.context), submission.value);
  } catch (e) {
    return replyRefused(args, submission, e);
  }
  flashToast(args.context, "success", getI18n(args.context).getFixedT(getLocale(args.context))("site:api.warehouse_created"));
  throw redirect(localePath(getLocale(args.context), "/profile/warehouse"));
}

export default function AddWarehouse({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("site");
  const lang = useLocale();
  const list = localePath(lang, "/profile/warehouse");
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Link to={list} className="text-sm font-medium text-brand-700 hover:underline">← {t("warehouse.back_to_list")}</Link>
      <h1 className="text-xl font-semibold text-slate-900">{t("warehouse.add")}</h1>
      <section className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <WarehouseForm
          mode="add"
          reply={actionData}
          cities={loaderData.cities}
          submitLabel={t("common:actions.save")}
          cancelTo={list}
        />
      </section>
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
