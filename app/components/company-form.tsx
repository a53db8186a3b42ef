/**
 * The one company form: /profile/company/add, the edit step of /profile/company/:slug and the
 * seller registration (which adds its document rows as children). The schema is the API's own
 * (core/business/company-schema.ts) and runs on the server (the action, then core); the browser
 * gets its HTML constraints only.
 *
 * City: one <select> of every city grouped by province (<optgroup>), so it works without
 * JavaScript. Village: the villages of the chosen city; with JavaScript a new city loads its
 * villages (the page's own loader answers ?location_id=…) and picking one fills the postcode.
 * Without JavaScript the village list is the saved city's, and the postcode field is enough.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { Form, Link, useFetcher, useLocation } from "react-router";
import type { CompanyJson } from "#core/business/business.ts";
import { BUSINESS_TYPES, LEGAL_TYPES } from "#db/schema/company-enums.ts";
import { type Constraints, FormErrors, type FormReply, type FormState, formState, Select, TextArea, TextInput } from "./form.tsx";
import { buttonClass, SubmitButton } from "./button.tsx";
import { FormToken } from "./form-token.tsx";


/** A company as the Business calls answer it (core/business/business.ts companyJson). */
export type Company = CompanyJson;

export type Location = { location_id: number; location_name: string; province_id: number; province_name: string };
export type Village = { village_id: number; name: string; district: string; postcode: string };


/** What the children (the registration's documents) read: the form's values and messages by name. */
export type CompanyFields = FormState;

type Props = {
  /** HTML constraints of the form's schema, from the loader (getZodConstraint). */
  constraint: Constraints;
  lastResult?: FormReply;
  defaultValue?: Record<string, unknown>;
  /** Every city, and the villages of one city (villagesCity) as the page's loader gave them. */
  places: { locations: Location[]; villages: Village[]; villagesCity: number | null };
  submitLabel: string;
  cancelTo?: string;
  multipart?: boolean;
  /** Extra fields (the registration's documents), given the form's fields. */
  children?: (fields: CompanyFields) => React.ReactNode;
};

export function CompanyForm({
  constraint, lastResult, defaultValue, places, submitLabel, cancelTo, multipart, children,
}: Props) {
  const { t } = useTranslation("company");
  const form = formState(lastResult, { defaults: defaultValue, constraint, id: "company" });
  const formRef = useRef<HTMLFormElement>(null);

  // Villages follow the chosen city (JavaScript only; see the header comment).
  const { pathname } = useLocation();
  const villageFetcher = useFetcher<{ villages: Village[] }>();
  const initialCity = form.value("city_id");
  const [cityId, setCityId] = useState(initialCity);
  const loaded = cityId === String(places.villagesCity ?? "");
  const villages = loaded ? places.villages : (villageFetcher.data?.villages ?? []);
  useEffect(() => {
    if (cityId && !loaded) void villageFetcher.load(`${pathname}?location_id=${cityId}`);
  }, [cityId]); // only when the city changes

  const provinces = useMemo(() => {
    const groups = new Map<string, Location[]>();
    for (const l of places.locations) groups.set(l.province_name, [...(groups.get(l.province_name) ?? []), l]);
    return [...groups];
  }, [places.locations]);

  const field = { form };
  return (
    <Form ref={formRef} method="post" encType={multipart ? "multipart/form-data" : undefined} id={form.id} noValidate className="space-y-5">
      <FormToken />
      <FormErrors errors={form.formErrors} />
      <div className="grid gap-4 md:grid-cols-2">
        <div className="md:col-span-2">
          <TextInput {...field} name="name" label={t("fields.name")} autoComplete="organization" />
        </div>
        <Select {...field} name="legal_type" label={t("fields.legal_type")} placeholder={t("placeholders.legal_type")}
          options={LEGAL_TYPES.map((v) => ({ value: v, label: t(`utilities:legal_types.${v}`) }))} />
        <Select {...field} name="business_type" label={t("fields.business_type")} placeholder={t("placeholders.business_type")}
          options={BUSINESS_TYPES.map((v) => ({ value: v, label: t(`utilities:business_types.${v}`) }))} />
        <TextInput {...field} name="email" type="email" label={`${t("fields.email")} (${t("hints.optional")})`} autoComplete="email" />
        <TextInput {...field} name="phone" type="tel" label={t("fields.phone")} hint={t("hints.phone")} autoComplete="tel" />
        <div className="md:col-span-2">
          <TextArea {...field} name="address" label={t("fields.address")} autoComplete="street-address" rows={2} />
        </div>
        <Select {...field} name="city_id" label={t("fields.city")} placeholder={t("placeholders.city")}
          onChange={(e) => setCityId(e.currentTarget.value)}>
          {provinces.map(([province, cities]) => (
            <optgroup key={province} label={province}>
              {cities.map((c) => <option key={c.location_id} value={c.location_id}>{c.location_name}</option>)}
            </optgroup>
          ))}
        </Select>
        <Select
          {...field}
          name="village_id"
          label={t("fields.village")}
          hint={villages.length === 0 ? t("hints.village") : undefined}
          placeholder={t("placeholders.village")}
          key={cityId}
          defaultValue={cityId === initialCity ? form.value("village_id") : ""}
          disabled={villages.length === 0}
          onChange={(e) => {
            // Picking a village fills its postcode (a plain DOM update: the field stays uncontrolled).
            const village = villages.find((v) => String(v.village_id) === e.currentTarget.value);
            const postcode = formRef.current?.elements.namedItem("postcode");
            if (village && postcode instanceof HTMLInputElement) postcode.value = village.postcode;
          }}
        >
          {villages.map((v) => <option key={v.village_id} value={v.village_id}>{`${v.name}, ${v.district} (${v.postcode})`}</option>)}
        </Select>
        <TextInput {...field} name="postcode" label={t("fields.postcode")} inputMode="numeric" maxLength={5} autoComplete="postal-code" />
        <TextInput {...field} name="tax_id" label={`${t("fields.tax_id")} (${t("hints.optional")})`} />
        <div className="md:col-span-2">
          <TextArea {...field} name="description" label={`${t("fields.description")} (${t("hints.optional")})`} rows={3} />
        </div>
      </div>
      {children?.(form)}
      <div className="flex flex-wrap justify-end gap-2">
        {cancelTo ? <Link to={cancelTo} className={buttonClass("secondary")}>{t("common:actions.cancel")}</Link> : null}
        <SubmitButton>{submitLabel}</SubmitButton>
      </div>
    </Form>
  );
}
