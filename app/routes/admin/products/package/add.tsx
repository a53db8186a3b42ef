/** /products/package/add: a new package (bundle), its products picked with the product picker. */
import { useTranslation, useLocalePath } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/add";
import { createPackage, packageOffering } from "#core/catalog/packages.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { OfferingFormPage } from "#app/components/offering-form-parts.tsx";
import { PackageForm } from "#app/components/package-form.tsx";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { initialPicker, packageAction } from "#app/lib/package-form.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${t("offering:package.add")} | ${t("common:app_name")}`, picker: await initialPicker(args) };
}

export async function action(args: Route.ActionArgs) {
  return packageAction(args, { save: createPackage, message: packageOffering.messages.created });
}

export default function AddPackage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("offering");
  const list = useLocalePath()("/products/package");
  return (
    <OfferingFormPage title={t("package.add")} backTo={list} backLabel={t("package.back_to_list")}>
      <PackageForm reply={actionData?.reply} picker={actionData?.picker ?? loaderData.picker} itemErrors={actionData?.itemErrors} cancelTo={list} />
    </OfferingFormPage>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
