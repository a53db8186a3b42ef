/** /products/voucher/:slug/edit: core's read and update of a voucher (the API's GET /v0.0.0/vouchers/{id}/update, PUT /{id}). */
import { useTranslation, useLocalePath } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/edit";
import { rupiahInput } from "#core/profile/store-fees-money.ts";
import { getVoucher, updateVoucher, voucherBody, voucherOffering } from "#core/catalog/vouchers.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { OfferingFormPage } from "#app/components/offering-form-parts.tsx";
import { VoucherForm } from "#app/components/voucher-form.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { submitOffering } from "#app/lib/offering-form.server.ts";
import { idFromSlug } from "#app/lib/params.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const id = idFromSlug(args.params.slug);
  const voucher = await getVoucher(getScope(args.context), id);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${t("offering:voucher.edit")} · ${voucher.name} | ${t("common:app_name")}`, voucher };
}

export async function action(args: Route.ActionArgs) {
  const id = idFromSlug(args.params.slug);
  return submitOffering(args, {
    schema: voucherBody, save: (scope, value) => updateVoucher(scope, id, value), message: voucherOffering.messages.updated, listPath: "/products/voucher",
    image: false,
  });
}

export default function EditVoucher({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("offering");
  const { voucher: v } = loaderData;
  const list = useLocalePath()("/products/voucher");
  const percent = v.discount_percent ? (i18n.language === "id" ? v.discount_percent.replace(".", ",") : v.discount_percent) : "";
  return (
    <OfferingFormPage title={t("voucher.edit")} backTo={list} backLabel={t("voucher.back_to_list")}
      chips={<StatusBadge tone={v.status === 1 ? "success" : "neutral"}>{v.status_name}</StatusBadge>}>
      <VoucherForm
        reply={actionData}
        cancelTo={list}
        defaults={{
          name: v.name, code: v.code, description: v.description, discount_type: v.discount_type, discount_percent: percent,
          discount_amount: v.discount_type === "amount" ? rupiahInput(v.discount_value) : "",
          max_discount: v.max_discount !== null ? rupiahInput(v.max_discount) : "", min_purchase: v.min_purchase ? rupiahInput(v.min_purchase) : "",
          quota: String(v.quota), valid_from: v.valid_from_date, valid_until: v.valid_until_date,
        }}
      />
    </OfferingFormPage>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
