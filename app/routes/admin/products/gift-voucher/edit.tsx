/**
 * /products/gift-voucher/:slug/edit: core's read and update (the API's GET /{id}/update, PUT /{id}).
 * Changing the quantity adds codes or removes unredeemed ones (core/catalog/gift-vouchers.ts).
 */
import { useTranslation, useLocalePath } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/edit";
import { getGiftVoucher, giftVoucherBody, giftVoucherOffering, updateGiftVoucher } from "#core/catalog/gift-vouchers.ts";
import { rupiahInput } from "#core/profile/store-fees-money.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { GiftVoucherForm } from "#app/components/gift-voucher-form.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { OfferingFormPage } from "#app/components/offering-form-parts.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { submitOffering } from "#app/lib/offering-form.server.ts";
import { idFromSlug } from "#app/lib/params.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const id = idFromSlug(args.params.slug);
  const voucher = await getGiftVoucher(getScope(args.context), id);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${t("offering:gift_voucher.edit")} · ${voucher.name} | ${t("common:app_name")}`, voucher };
}

export async function action(args: Route.ActionArgs) {
  const id = idFromSlug(args.params.slug);
  return submitOffering(args, {
    schema: giftVoucherBody, save: (scope, value) => updateGiftVoucher(scope, id, value), message: giftVoucherOffering.messages.updated,
    listPath: "/products/gift-voucher",
  });
}

export default function EditGiftVoucher({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("offering");
  const { voucher: g } = loaderData;
  const list = useLocalePath()("/products/gift-voucher");
  return (
    <OfferingFormPage title={t("gift_voucher.edit")} backTo={list} backLabel={t("gift_voucher.back_to_list")}
      chips={<StatusBadge tone={g.status === 1 ? "success" : "neutral"}>{g.status_name}</StatusBadge>}>
      <GiftVoucherForm
        reply={actionData}
        cancelTo={list}
        defaults={{
          name: g.name, description: g.description, image: g.image ?? "", value: rupiahInput(g.value), price: rupiahInput(g.price),
          quantity: String(g.quantity), valid_from: g.valid_from_date, valid_until: g.valid_until_date,
        }}
      />
    </OfferingFormPage>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
