/**
 * /products/gift-voucher/:slug/edit: GET /v0.0.0/gift-vouchers/{id}/update, PUT /{id} (spec).
 * Changing the quantity adds codes or removes unredeemed ones (core/catalog/gift-vouchers.ts).
 */
import { useTranslation } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/edit";
import { giftVoucherBody, type GiftVoucherJson } from "#core/catalog/gift-vouchers.ts";
import { rupiahInput } from "#core/profile/store-fees-money.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { GiftVoucherForm } from "#app/components/gift-voucher-form.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { OfferingFormPage } from "#app/components/offering-form-parts.tsx";
import { useLocalePath } from "#app/components/offering-parts.tsx";
import { getOrThrow } from "#app/lib/api.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { submitOffering } from "#app/lib/offering-form.server.ts";
import { idFromSlug } from "#app/lib/params.ts";

export async function loader(args: Route.LoaderArgs) {
  const id = idFromSlug(args.params.slug);
  const { data: voucher } = await getOrThrow<GiftVoucherJson>(args, `/v0.0.0/gift-vouchers/${id}/update`);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${t("offering:gift_voucher.edit")} · ${voucher.name} | ${t("common:app_name")}`, voucher };
}

export async function action(args: Route.ActionArgs) {
  const id = idFromSlug(args.params.slug);
  return submitOffering(args, { schema: giftVoucherBody, method: "PUT", path: `/v0.0.0/gift-vouchers/${id}`, listPath: "/products/gift-voucher" });
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

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
