/**
 * The package form of /products/package/add and :slug/edit: name, SKU, price, image, description
 * and the products in it, picked with the shared product picker (app/components/product-picker.tsx)
 * inside this same POST form, so all of it works without JavaScript. The picker's selection shows
 * each product's available stock; the package's own stock is derived by the API, never typed.
 */
import { Form, Link } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import type { PickerData } from "#app/lib/product-picker.ts";
import { buttonClass, SubmitButton } from "./button.tsx";
import { FieldError, FormErrors, formState, TextArea, TextInput, UnitInput, type FormReply } from "./form.tsx";
import { ImageField } from "./image-field.tsx";
import { ProductPicker } from "./product-picker.tsx";
import { MAX_ITEM_QUANTITY } from "#core/catalog/offering-enums.ts";
import { FormToken } from "./form-token.tsx";

export function PackageForm({ reply, defaults, picker, itemErrors, cancelTo }: {
  reply?: FormReply; defaults?: Record<string, unknown>; picker: PickerData; itemErrors?: string[]; cancelTo: string;
}) {
  const { t } = useTranslation("offering");
  const form = formState(reply, { defaults, id: "package" });
  const optional = (label: string) => t("optional", { label });
  return (
    <Form method="post" noValidate encType="multipart/form-data" className="space-y-5">
      <FormToken />
      <FormErrors errors={form.formErrors} />
      <ImageField name="image" label={optional(t("fields.image"))} defaultUrl={form.value("image") || null} errors={form.errors("image")} />
      <div className="grid gap-4 md:grid-cols-2">
        <div className="md:col-span-2">
          <TextInput form={form} name="name" label={t("package.fields.name")} placeholder={t("package.placeholders.name")} required maxLength={100} autoComplete="off" />
        </div>
        <TextInput form={form} name="sku" label={t("fields.sku")} placeholder={t("package.placeholders.sku")} hint={t("hints.sku")} required maxLength={50} autoComplete="off" />
        <UnitInput form={form} idPrefix="package" name="price" label={t("package.fields.price")} unit="Rp" inputMode="numeric" placeholder="500.000" hint={t("hints.money")} maxLength={20} required />
        <div className="md:col-span-2">
          <TextArea form={form} name="description" label={optional(t("fields.description"))} rows={3} maxLength={2000} />
        </div>
      </div>
      <fieldset className="space-y-3">
        <legend className="text-base font-semibold text-slate-900">{t("package.fields.items")}</legend>
        <p className="text-sm text-slate-600">{t("package.hints.picker")} {t("package.hints.stock")}</p>
        <div role={itemErrors?.length ? "alert" : undefined}><FieldError id="package-items-error" errors={itemErrors} /></div>
        <ProductPicker data={picker} maxQty={MAX_ITEM_QUANTITY} title={t("package.picker_title")} />
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className={buttonClass("secondary")}>{t("common:actions.cancel")}</Link>
        <SubmitButton>{t("common:actions.save")}</SubmitButton>
      </div>
    </Form>
  );
}
