/**
 * The gift voucher form of /products/gift-voucher/add and :slug/edit, on the plain form kit; the
 * schema is the API's (core/catalog/gift-vouchers.ts giftVoucherBody). Dates are native date inputs
 * (YYYY-MM-DD, no date library in the browser; without JavaScript the same field). Multipart.
 */
import { Form, Link } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { MAX_GIFT_VOUCHER_CODES } from "#core/catalog/offering-enums.ts";
import { buttonClass, SubmitButton } from "./button.tsx";
import { FormErrors, formState, TextArea, TextInput, UnitInput, type FormReply } from "./form.tsx";
import { ImageField } from "./image-field.tsx";
import { FormToken } from "./form-token.tsx";

export function GiftVoucherForm({ reply, defaults, cancelTo }: { reply?: FormReply; defaults?: Record<string, unknown>; cancelTo: string }) {
  const { t } = useTranslation("offering");
  const form = formState(reply, { defaults, id: "gift-voucher" });
  const optional = (label: string) => t("optional", { label });
  const p = "gift-voucher";
  return (
    <Form method="post" noValidate encType="multipart/form-data" className="space-y-5">
      <FormToken />
      <FormErrors errors={form.formErrors} />
      <ImageField name="image" label={optional(t("fields.image"))} defaultUrl={form.value("image") || null} errors={form.errors("image")} />
      <div className="grid gap-4 md:grid-cols-2">
        <div className="md:col-span-2">
          <TextInput form={form} name="name" label={t("gift_voucher.fields.name")} placeholder={t("gift_voucher.placeholders.name")} required maxLength={100} autoComplete="off" />
        </div>
        <UnitInput form={form} idPrefix={p} name="value" label={t("gift_voucher.fields.value")} unit="Rp" inputMode="numeric" placeholder="100.000" hint={t("gift_voucher.hints.value")} maxLength={20} required />
        <UnitInput form={form} idPrefix={p} name="price" label={t("gift_voucher.fields.price")} unit="Rp" inputMode="numeric" placeholder="90.000" hint={t("gift_voucher.hints.price")} maxLength={20} required />
        <TextInput form={form} name="quantity" type="number" min={1} max={MAX_GIFT_VOUCHER_CODES} step={1} inputMode="numeric"
          label={t("gift_voucher.fields.quantity")} hint={t("gift_voucher.hints.quantity")} required />
        <div />
        <TextInput form={form} name="valid_from" type="date" label={t("fields.valid_from")} required />
        <TextInput form={form} name="valid_until" type="date" label={t("fields.valid_until")} hint={t("hints.validity")} required />
        <div className="md:col-span-2">
          <TextArea form={form} name="description" label={optional(t("fields.description"))} rows={3} maxLength={2000} />
        </div>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className={buttonClass("secondary")}>{t("common:actions.cancel")}</Link>
        <SubmitButton>{t("common:actions.save")}</SubmitButton>
      </div>
    </Form>
  );
}
