/**
 * The warehouse form of /profile/warehouse/add and /profile/warehouse/:slug, on the plain form kit
 * (form.tsx: no Conform client). The schema is the API's own (core/profile/warehouses.ts
 * warehouseBody), checked by the route's action before it calls core; the fields carry the HTML
 * constraints (required, lengths) themselves. Multipart, for the image.
 *
 * The add form also takes the first partitions, one per line (a textarea: works without
 * JavaScript); on the edit page partitions have their own small forms (warehouse-partitions.tsx).
 * The default checkbox only makes a warehouse the default: on the default warehouse it shows
 * checked and disabled, with the way to move the default.
 */
import { Form, Link } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { WAREHOUSE_REGIONS, WAREHOUSE_TYPES } from "#core/profile/profile-enums.ts";
import { buttonClass, SubmitButton } from "./button.tsx";
import { ImageField } from "./image-field.tsx";
import { PinPointField } from "./map/pin-point-lazy.tsx";
import { Checkbox, CitySelect, FormErrors, formState, Select, TextArea, TextInput, type City, type FormReply } from "./form.tsx";
import { FormToken } from "./form-token.tsx";

export function WarehouseForm({ reply, defaults, cities, submitLabel, cancelTo, mode, isDefault }: {
  /** What the action answered after a refused submission (typed values, messages per field). */
  reply?: FormReply;
  /** The saved warehouse's values (edit), as form strings. */
  defaults?: Record<string, string>;
  cities: City[];
  submitLabel: string;
  cancelTo: string;
  mode: "add" | "edit";
  /** The warehouse is the business's default already (edit). */
  isDefault?: boolean;
}) {
  const { t } = useTranslation("site");
  const form = formState(reply, { defaults: { region: "1", ...defaults } });
  const p = "warehouse";
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
          <TextInput form={form} idPrefix={p} name="name" label={t("warehouse.fields.name")} placeholder={t("warehouse.placeholders.name")} required maxLength={100} autoComplete="off" />
        </div>
        <Select form={form} idPrefix={p} name="type" label={t("warehouse.fields.type")} required>
          <option value="">{t("warehouse.placeholders.type")}</option>
          {WAREHOUSE_TYPES.map((v) => <option key={v} value={v}>{t(`profile:warehouse_types.${v}`)}</option>)}
        </Select>
        <Select form={form} idPrefix={p} name="region" label={t("warehouse.fields.region")}>
          {WAREHOUSE_REGIONS.map((v) => <option key={v} value={v}>{t(`profile:warehouse_regions.${v}`)}</option>)}
        </Select>
        <div className="md:col-span-2">
          <Checkbox form={form} idPrefix={p} name="is_partner" label={t("warehouse.fields.is_partner")} hint={t("warehouse.hints.is_partner")} />
        </div>
        <TextInput form={form} idPrefix={p} name="email" type="email" label={optional(t("fields.email"))} maxLength={200} autoComplete="off" />
        <TextInput form={form} idPrefix={p} name="phone" type="tel" label={optional(t("fields.phone"))} hint={t("hints.phone")} maxLength={30} autoComplete="off" />
        <div className="md:col-span-2">
          <TextArea form={form} idPrefix={p} name="address" label={t("fields.address")} rows={2} required maxLength={500} />
        </div>
        <CitySelect form={form} idPrefix={p} name="city_id" label={t("fields.city")} cities={cities} placeholder={t("placeholders.city")} hint={t("warehouse.hints.city")} />
        <TextInput form={form} idPrefix={p} name="postcode" label={t("fields.postcode")} inputMode="numeric" maxLength={10} hint={t("warehouse.hints.postcode")} />
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
        <div className="md:col-span-2">
          {isDefault ? (
            <Checkbox form={form} idPrefix={p} name="is_default" label={t("warehouse.fields.is_default")} hint={t("warehouse.hints.is_default_locked")} locked />
          ) : (
            <Checkbox form={form} idPrefix={p} name="is_default" label={t("warehouse.fields.is_default")}
              hint={t(mode === "add" ? "warehouse.hints.is_default_add" : "warehouse.hints.is_default")} />
          )}
        </div>
        {mode === "add" ? (
          <div className="md:col-span-2">
            <TextArea form={form} idPrefix={p} name="partitions" label={optional(t("warehouse.fields.partitions"))} rows={4}
              placeholder={t("warehouse.placeholders.partitions")} hint={t("warehouse.hints.partitions")} />
          </div>
        ) : null}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className={buttonClass("secondary")}>{t("common:actions.cancel")}</Link>
        <SubmitButton>{submitLabel}</SubmitButton>
      </div>
    </Form>
  );
}
