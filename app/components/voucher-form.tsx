/**
 * The voucher form of /products/voucher/add and :slug/edit, on the plain form kit; the schema is
 * the API's (core/catalog/vouchers.ts voucherBody). The discount type is a pair of radio buttons and
 * both discount fields are always shown (no JavaScript needed to switch): only the chosen type's
 * field is read, the other is ignored.
 */
import { Form, Link } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { DISCOUNT_TYPES, MAX_VOUCHER_QUOTA } from "#core/catalog/offering-enums.ts";
import { buttonClass, SubmitButton } from "./button.tsx";
import { FieldError, FormErrors, formState, TextArea, TextInput, UnitInput, type FormReply } from "./form.tsx";
import { FormToken } from "./form-token.tsx";

export function VoucherForm({ reply, defaults, cancelTo }: { reply?: FormReply; defaults?: Record<string, unknown>; cancelTo: string }) {
  const { t } = useTranslation("offering");
  const form = formState(reply, { defaults: { discount_type: "percent", ...defaults }, id: "voucher" });
  const optional = (label: string) => t("optional", { label });
  const p = "voucher";
  const type = form.value("discount_type");
  return (
    <Form method="post" noValidate className="space-y-5">
      <FormToken />
      <FormErrors errors={form.formErrors} />
      <div className="grid gap-4 md:grid-cols-2">
        <TextInput form={form} name="name" label={t("voucher.fields.name")} placeholder={t("voucher.placeholders.name")} required maxLength={100} autoComplete="off" />
        <TextInput form={form} name="code" label={t("voucher.fields.code")} placeholder={t("voucher.placeholders.code")} hint={t("voucher.hints.code")}
          required maxLength={20} autoComplete="off" autoCapitalize="characters" spellCheck={false} />
        <fieldset className="md:col-span-2" aria-describedby="voucher-discount_type-hint">
          <legend className="mb-1 text-sm font-medium text-slate-700">{t("voucher.fields.discount_type")}</legend>
          <div className="flex flex-wrap gap-4">
            {DISCOUNT_TYPES.map((d) => (
              <label key={d} className="flex items-center gap-2 text-sm text-slate-700">
                <input type="radio" name="discount_type" value={d} defaultChecked={type === d} className="h-4 w-4 border-slate-300" />
                {t(`voucher.types.${d}`)}
              </label>
            ))}
          </div>
          <p id="voucher-discount_type-hint" className="mt-1 text-xs text-slate-500">{t("voucher.hints.discount_type")}</p>
          <FieldError id="voucher-discount_type-error" errors={form.errors("discount_type")} />
        </fieldset>
        <UnitInput form={form} idPrefix={p} name="discount_percent" label={t("voucher.fields.discount_percent")} unit="%" side="after" inputMode="decimal"
          placeholder={t("voucher.placeholders.percent")} maxLength={10} />
        <UnitInput form={form} idPrefix={p} name="discount_amount" label={t("voucher.fields.discount_amount")} unit="Rp" inputMode="numeric" placeholder="20.000" maxLength={20} />
        <UnitInput form={form} idPrefix={p} name="max_discount" label={optional(t("voucher.fields.max_discount"))} unit="Rp" inputMode="numeric" placeholder="50.000"
          hint={t("voucher.hints.max_discount")} maxLength={20} />
        <UnitInput form={form} idPrefix={p} name="min_purchase" label={optional(t("voucher.fields.min_purchase"))} unit="Rp" inputMode="numeric" placeholder="200.000"
          hint={t("voucher.hints.min_purchase")} maxLength={20} />
        <TextInput form={form} name="quota" type="number" min={1} max={MAX_VOUCHER_QUOTA} step={1} inputMode="numeric" label={t("voucher.fields.quota")} hint={t("voucher.hints.quota")} required />
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
