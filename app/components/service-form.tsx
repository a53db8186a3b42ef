/**
 * The service form of /products/service/add and /products/service/:slug/edit, on the plain form
 * kit (form.tsx): the schema is the API's own (core/catalog/services.ts serviceBody), checked by the
 * route's action and again by the API. Duration is a number and a unit (minutes, hours, days; days
 * first, spec section 9 "Default units … Days"); stores are checkboxes (none = every store).
 * Multipart, for the image.
 */
import { Form, Link } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { DURATION_UNITS } from "#core/catalog/offering-enums.ts";
import { buttonClass, SubmitButton } from "./button.tsx";
import { FieldError, FormErrors, formState, Select, TextArea, TextInput, UnitInput, type FormReply } from "./form.tsx";
import { ImageField } from "./image-field.tsx";
import { FormToken } from "./form-token.tsx";

const UNITS = (Object.keys(DURATION_UNITS) as (keyof typeof DURATION_UNITS)[]).reverse();

export function ServiceForm({ reply, defaults, stores, cancelTo }: {
  reply?: FormReply;
  defaults?: Record<string, unknown>;
  stores: { id: number; name: string }[];
  cancelTo: string;
}) {
  const { t } = useTranslation("offering");
  const form = formState(reply, { defaults: { duration_unit: "day", ...defaults }, id: "service" });
  const optional = (label: string) => t("optional", { label });
  const chosen = new Set(form.values("store_ids"));
  return (
    <Form method="post" noValidate encType="multipart/form-data" className="space-y-5">
      <FormToken />
      <FormErrors errors={form.formErrors} />
      <ImageField name="image" label={optional(t("fields.image"))} defaultUrl={form.value("image") || null} errors={form.errors("image")} />
      <div className="grid gap-4 md:grid-cols-2">
        <div className="md:col-span-2">
          <TextInput form={form} name="name" label={t("service.fields.name")} placeholder={t("service.placeholders.name")} required maxLength={100} autoComplete="off" />
        </div>
        <TextInput form={form} name="sku" label={t("fields.sku")} placeholder={t("service.placeholders.sku")} hint={t("hints.sku")} required maxLength={50} autoComplete="off" />
        <UnitInput form={form} idPrefix="service" name="price" label={t("service.fields.price")} unit="Rp" inputMode="numeric" placeholder="150.000" hint={t("hints.money")} maxLength={20} required />
        <TextInput form={form} name="duration" type="number" min={1} step={1} inputMode="numeric" label={t("service.fields.duration")} hint={t("service.hints.duration")} required />
        <Select form={form} name="duration_unit" label={t("service.fields.duration_unit")} options={UNITS.map((u) => ({ value: u, label: t(`duration_units.${u}`) }))} />
        <div className="md:col-span-2">
          <TextArea form={form} name="description" label={optional(t("fields.description"))} rows={3} maxLength={2000} />
        </div>
        <fieldset className="md:col-span-2" aria-describedby="service-stores-hint">
          <legend className="mb-1 text-sm font-medium text-slate-700">{t("service.fields.stores")}</legend>
          <p id="service-stores-hint" className="mb-2 text-xs text-slate-500">{t("service.hints.stores")}</p>
          <div className="grid gap-2 sm:grid-cols-2">
            {stores.map((s) => (
              <label key={s.id} className="flex items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" name="store_ids" value={s.id} defaultChecked={chosen.has(String(s.id))} className="h-4 w-4 rounded border-slate-300" />
                {s.name}
              </label>
            ))}
          </div>
          <FieldError id="service-store_ids-error" errors={form.errors("store_ids")} />
        </fieldset>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className={buttonClass("secondary")}>{t("common:actions.cancel")}</Link>
        <SubmitButton>{t("common:actions.save")}</SubmitButton>
      </div>
    </Form>
  );
}
