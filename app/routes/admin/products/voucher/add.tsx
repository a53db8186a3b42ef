/** /products/voucher/add: a new discount voucher (from today, 30 days, by default). */
import { useTranslation, useLocalePath } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/add";
import { wibDate } from "#core/lib/time.ts";
import { createVoucher, voucherBody, voucherOffering } from "#core/catalog/vouchers.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { OfferingFormPage } from "#app/components/offering-form-parts.tsx";
import { VoucherForm } from "#app/components/voucher-form.tsx";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { submitOffering } from "#app/lib/offering-form.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const now = new Date();
  return {
    title: `${t("offering:voucher.add")} | ${t("common:app_name")}`,
    defaults: { quota: "100", valid_from: wibDate(now), valid_until: wibDate(new Date(now.getTime() + 30 * 86400_000)) },
  };
}

export async function action(args: Route.ActionArgs) {
  return submitOffering(args, { schema: voucherBody, save: createVoucher, message: voucherOffering.messages.created, listPath: "/products/voucher", image: false });
}

export default function AddVoucher({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("offering");
  const list = useLocalePath()("/products/voucher");
  return (
    <OfferingFormPage title={t("voucher.add")} backTo={list} backLabel={t("voucher.back_to_list")}>
      <VoucherForm reply={actionData} defaults={loaderData.defaults} cancelTo={list} />
    </OfferingFormPage>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
