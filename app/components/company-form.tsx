/**
 * The one company form: /profile/company/add, the edit step of /profile/company/:slug and the
 * seller registration (which adds its document rows as children). The schema is the API's own
 * (api/domain/company-schema.ts) and runs on the server (action, then API); the browser gets its
 * HTML constraints only.
 *
 * City: one <select> of every city grouped by province (<optgroup>), so it works without
 * JavaScript. Village: the villages of the chosen city; with JavaScript a new city loads its
 * villages (the page's own loader answers ?location_id=…) and picking one fills the postcode.
 * Without JavaScript the village list is the saved city's, and the postcode field is enough.
 */
import { getFormProps, getSelectProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "~/lib/i18n-react.tsx";
import { Form, Link, useFetcher, useLocation } from "react-router";
import { BUSINESS_TYPES, LEGAL_TYPES } from "../../api/domain/company-enums.ts";
import type { CompanyBody } from "../../api/domain/company-schema.ts";
import { type Constraints, FieldError, FormErrors, SelectField, TextAreaField, TextField } from "./form.tsx";
import { buttonClass, inputClass, SubmitButton } from "./button.tsx";


/** A company as the Business calls answer it (api/domain/business.ts companyJson). */
export type Company = {
  business_id: number;
  name: string;
  legal_type: string;
  legal_type_name: string | null;
  business_type: { id: number; name: string | null };
  email: string | null;
  phone: string;
  address: string;
  city: { location_id: number; location_name: string; province_name: string } | null;
  village: { village_id: number; name: string; district: string; postcode: string } | null;
  postcode: string | null;
  tax_id: string | null;
  description: string | null;
  status: number;
  status_name: string;
  is_owner: boolean;
  is_active_business: boolean;
  document_datas: { type: string; type_name: string; url: string; name: string }[];
  group: { id: number; name: string } | null;
  time_created: number;
  time_modified: number;
};

export type Location = { location_id: number; location_name: string; province_id: number; province_name: string };
export type Village = { village_id: number; name: string; district: string; postcode: string };


// Loosely typed on purpose: the registration passes a schema with more fields (its documents),
// which its children read with their own types.
type Meta = FieldMetadata<string | number | undefined | null>;
export type CompanyFields = Record<string, unknown>;

type Props = {
  /** HTML constraints of the form's schema, from the loader (getZodConstraint). */
  constraint: Constraints;
  lastResult?: SubmissionResult<string[]> | null;
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
  const [form, fields] = useForm<Record<string, unknown>>({
    lastResult,
    defaultValue: defaultValue as Record<string, string>,
    constraint,
  });
  const f = fields as unknown as Record<keyof CompanyBody, Meta>;

  // Villages follow the chosen city (JavaScript only; see the header comment).
  const { pathname } = useLocation();
  const villageFetcher = useFetcher<{ villages: Village[] }>();
  const initialCity = String(f.city_id.initialValue ?? "");
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

  const cityProps = getSelectProps(f.city_id);
  const villageProps = getSelectProps(f.village_id);
  return (
    <Form method="post" encType={multipart ? "multipart/form-data" : undefined} {...getFormProps(form)} className="space-y-5">
      <FormErrors errors={form.errors} />
      <div className="grid gap-4 md:grid-cols-2">
        <div className="md:col-span-2">
          <TextField meta={f.name} label={t("fields.name")} autoComplete="organization" />
        </div>
        <SelectField meta={f.legal_type} label={t("fields.legal_type")} placeholder={t("placeholders.legal_type")}
          options={LEGAL_TYPES.map((v) => ({ value: v, label: t(`utilities:legal_types.${v}`) }))} />
        <SelectField meta={f.business_type} label={t("fields.business_type")} placeholder={t("placeholders.business_type")}
          options={BUSINESS_TYPES.map((v) => ({ value: v, label: t(`utilities:business_types.${v}`) }))} />
        <TextField meta={f.email} type="email" label={`${t("fields.email")} (${t("hints.optional")})`} autoComplete="email" />
        <TextField meta={f.phone} type="tel" label={t("fields.phone")} hint={t("hints.phone")} autoComplete="tel" />
        <div className="md:col-span-2">
          <TextAreaField meta={f.address} label={t("fields.address")} autoComplete="street-address" rows={2} />
        </div>
        <div>
          <label htmlFor={f.city_id.id} className="mb-1 block text-sm font-medium text-slate-700">{t("fields.city")}</label>
          <select {...cityProps} key={cityProps.key} className={inputClass} onChange={(e) => setCityId(e.currentTarget.value)}>
            <option value="">{t("placeholders.city")}</option>
            {provinces.map(([province, cities]) => (
              <optgroup key={province} label={province}>
                {cities.map((c) => <option key={c.location_id} value={c.location_id}>{c.location_name}</option>)}
              </optgroup>
            ))}
          </select>
          <FieldError id={f.city_id.errorId} errors={f.city_id.errors} />
        </div>
        <div>
          <label htmlFor={f.village_id.id} className="mb-1 block text-sm font-medium text-slate-700">{t("fields.village")}</label>
          <select
            {...villageProps}
            key={`${villageProps.key}-${cityId}`}
            defaultValue={cityId === initialCity ? villageProps.defaultValue : ""}
            disabled={villages.length === 0}
            className={inputClass}
            onChange={(e) => {
              const village = villages.find((v) => String(v.village_id) === e.currentTarget.value);
              if (village) form.update({ name: f.postcode.name, value: village.postcode });
            }}
          >
            <option value="">{t("placeholders.village")}</option>
            {villages.map((v) => <option key={v.village_id} value={v.village_id}>{`${v.name}, ${v.district} (${v.postcode})`}</option>)}
          </select>
          {villages.length === 0 ? <p className="mt-1 text-xs text-slate-500">{t("hints.village")}</p> : null}
          <FieldError id={f.village_id.errorId} errors={f.village_id.errors} />
        </div>
        <TextField meta={f.postcode} label={t("fields.postcode")} inputMode="numeric" maxLength={5} autoComplete="postal-code" />
        <TextField meta={f.tax_id} label={`${t("fields.tax_id")} (${t("hints.optional")})`} />
        <div className="md:col-span-2">
          <TextAreaField meta={f.description} label={`${t("fields.description")} (${t("hints.optional")})`} rows={3} />
        </div>
      </div>
      {children?.(fields as CompanyFields)}
      <div className="flex flex-wrap justify-end gap-2">
        {cancelTo ? <Link to={cancelTo} className={buttonClass("secondary")}>{t("common:actions.cancel")}</Link> : null}
        <SubmitButton>{submitLabel}</SubmitButton>
      </div>
    </Form>
  );
}
