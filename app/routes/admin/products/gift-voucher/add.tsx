/**
 * /products/gift-voucher/add: a new gift voucher; core makes its codes. The validity starts
 * today and runs 30 days by default (WIB days).
 */
import { useTranslation, useLocalePath } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/add";
import { createGiftVoucher, giftVoucherBody, giftVoucherOffering } from "#core/catalog/gift-vouchers.ts";
import { wibDate } from "#core/lib/time.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { GiftVoucherForm } from "#app/components/gift-voucher-form.tsx";
import { OfferingFormPage } from "#app/components/offering-form-parts.tsx";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { submitOffering } from "#app/lib/offering-form.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const now = new Date();
  return {
    title: `${t("offering:gift_voucher.add")} | ${t("common:app_name")}`,
    defaults: { quantity: "10", valid_from: wibDate(now), valid_until: wibDate(new Date(now.getTime() + 30 * 86400_000)) },
  };
}

export async function action(args: Route.ActionArgs) {
  return submitOffering(args, {
    schema: giftVoucherBody, save: createGiftVoucher, message: giftVoucherOffering.messages.created, listPath: "/products/gift-voucher",
  });
}

export default function AddGiftVoucher({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("offering");
  const list = useLocalePath()("/products/gift-voucher");
  return (
    <OfferingFormPage title={t("gift_voucher.add")} backTo={list} backLabel={t("gift_voucher.back_to_list")}>
      <GiftVoucherForm reply={actionData} defaults={loaderData.defaults} cancelTo={list} />
    </OfferingFormPage>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
