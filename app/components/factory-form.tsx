/**
 * The factory form of /profile/factory/add and /profile/factory/:slug, on the plain form kit
 * (form.tsx: no Conform client). The schema is the API's own (core/profile/factories.ts
 * factoryBody), checked by the action and again by the API. Multipart, for the image.
 */
import { Form, Link } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { buttonClass, SubmitButton } from "./button.tsx";
import { ImageField } from "./image-field.tsx";
import { PinPointField } from "./map/pin-point-lazy.tsx";
import { CitySelect, FormErrors, formState, TextArea, TextInput, type City, type FormReply } from "./form.tsx";
import { FormToken } from "./form-token.tsx";

export function FactoryForm({ reply, defaults, cities, submitLabel, cancelTo }: {
  reply?: FormReply;
  defaults?: Record<string, string>;
  cities: City[];
  submitLabel: string;
  cancelTo: string;
}) {
  const { t } = useTranslation("site");
  const form = formState(reply, { defaults });
  const p = "factory";
  const optional = (label: string) => `${label} (${t("hints.optional")})`;
  const lat = form.value("latitude");
  const lng = form.value("longitude");
  return (
    <Form method="post" noValidate encType="multipart/form-data" className="space-y-5">
      <FormToken />
      <FormErrors errors={form.formErrors} />
      <ImageField name="image" label={optional(t("fields.image"))} defaultUrl={form.value("image") || null} errors={form.errors("image")} />
      <div className="grid gap-4 md:grid-cols-2">
        <div className="md:col-span-2">
          <TextInput form={form} idPrefix={p} name="name" label={t("factory.fields.name")} placeholder={t("factory.placeholders.name")} required maxLength={100} autoComplete="off" />
        </div>
        <TextInput form={form} idPrefix={p} name="contact_name" label={optional(t("factory.fields.contact_name"))} maxLength={100} autoComplete="off" />
        <TextInput form={form} idPrefix={p} name="monthly_capacity" type="number" min={0} step={1} inputMode="numeric"
          label={optional(t("factory.fields.monthly_capacity"))} hint={t("factory.hints.monthly_capacity")} />
        <TextInput form={form} idPrefix={p} name="email" type="email" label={optional(t("fields.email"))} maxLength={200} autoComplete="off" />
        <TextInput form={form} idPrefix={p} name="phone" type="tel" label={optional(t("fields.phone"))} hint={t("hints.phone")} maxLength={30} autoComplete="off" />
        <div className="md:col-span-2">
          <TextArea form={form} idPrefix={p} name="address" label={t("fields.address")} rows={2} required maxLength={500} />
        </div>
        <CitySelect form={form} idPrefix={p} name="city_id" label={t("fields.city")} cities={cities} placeholder={t("placeholders.city")} required />
        <TextInput form={form} idPrefix={p} name="postcode" label={optional(t("fields.postcode"))} inputMode="numeric" maxLength={5} />
        <div className="md:col-span-2">
          <PinPointField
            latName="latitude"
            lngName="longitude"
            defaultValue={lat || lng ? { lat, lng } : null}
            addressFieldName="address"
            label={t("fields.pin_point")}
            errors={[...(form.errors("latitude") ?? []), ...(form.errors("longitude") ?? [])]}
          />
        </div>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className={buttonClass("secondary")}>{t("common:actions.cancel")}</Link>
        <SubmitButton>{submitLabel}</SubmitButton>
      </div>
    </Form>
  );
}

/** The parsed form as the API's body; empty optionals as null, so PUT clears them. */
export function factoryPayload(v: {
  name: string; image?: string; contact_name?: string; email?: string; phone?: string; address: string; city_id: number;
  postcode?: string; latitude?: number; longitude?: number; monthly_capacity?: number;
}) {
  return {
    name: v.name, image: v.image ?? null, contact_name: v.contact_name ?? null, email: v.email ?? null, phone: v.phone ?? null,
    address: v.address, city_id: v.city_id, postcode: v.postcode ?? null, latitude: v.latitude ?? null, longitude: v.longitude ?? null,
    monthly_capacity: v.monthly_capacity ?? null,
  };
}
