/**
 * /products/package/:slug/edit: core's read and update of a package (the API's GET
 * /v0.0.0/packages/{id}/update, PUT /{id}); the saved items start as the picker's selection. The derived stock is shown, never edited.
 */
import { useTranslation, useLocalePath } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/edit";
import { getPackage, packageOffering, updatePackage } from "#core/catalog/packages.ts";
import { rupiahInput } from "#core/profile/store-fees-money.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { OfferingFormPage } from "#app/components/offering-form-parts.tsx";
import { PackageForm } from "#app/components/package-form.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { formatNumber } from "#core/lib/format.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { initialPicker, packageAction } from "#app/lib/package-form.server.ts";
import { idFromSlug } from "#app/lib/params.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const id = idFromSlug(args.params.slug);
  const pkg = await getPackage(getScope(args.context), id);
  const picker = await initialPicker(args, pkg.item_datas.map((i) => ({ variant_id: i.variant_id, qty: i.quantity })));
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${t("offering:package.edit")} · ${pkg.name} | ${t("common:app_name")}`, pkg, picker };
}

export async function action(args: Route.ActionArgs) {
  const id = idFromSlug(args.params.slug);
  return packageAction(args, { save: (scope, body) => updatePackage(scope, id, body), message: packageOffering.messages.updated });
}

export default function EditPackage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("offering");
  const { pkg: p } = loaderData;
  const list = useLocalePath()("/products/package");
  return (
    <OfferingFormPage title={t("package.edit")} backTo={list} backLabel={t("package.back_to_list")}
      chips={<>
        <StatusBadge tone={p.status === 1 ? "success" : "neutral"}>{p.status_name}</StatusBadge>
        <StatusBadge tone={p.stock ? "info" : "warning"}>{p.stock ? t("package.stock_value", { count: p.stock, value: formatNumber(p.stock) }) : t("package.out_of_stock")}</StatusBadge>
      </>}>
      <PackageForm
        reply={actionData?.reply}
        picker={actionData?.picker ?? loaderData.picker}
        itemErrors={actionData?.itemErrors}
        cancelTo={list}
        defaults={{ name: p.name, sku: p.sku, description: p.description, image: p.image ?? "", price: rupiahInput(p.price) }}
      />
    </OfferingFormPage>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
