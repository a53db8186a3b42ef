/**
 * The trading-partner form of /reseller/add, /reseller/edit/:id (and the same for supplier and
 * partner), on the plain form kit (form.tsx). The schema is the API's own (core/partners/
 * trading-partners.ts partnerBody), checked by the action. Contact people are a fixed number of
 * rows (blank rows are left out), so the form works without JavaScript; the linked stores and
 * brands (resellers only) are checkbox groups of the business's own.
 */
import { Form, Link } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { CONTACT_ROWS, type PartnerKind } from "#core/partners/partner-kinds.ts";
import { buttonClass, SubmitButton } from "./button.tsx";
import { PinPointField } from "./map/pin-point-lazy.tsx";
import { CitySelect, FieldError, FormErrors, formState, Select, TextArea, TextInput, UnitInput, type City, type FormReply, type FormState } from "./form.tsx";
import { FormToken } from "./form-token.tsx";
import { SectionCard } from "./section-card.tsx";

export type PartnerChoices = {
  stores: { store_branch_id: number; name: string }[];
  brands: { brand_id: number; name: string }[];
  banks: { bank_code: string; name: string }[];
  cities: City[];
};

function Boxes({ form, name, legend, options, empty }: {
  form: FormState; name: string; legend: string; options: { value: string; label: string }[]; empty: string;
}) {
  const ticked = new Set(form.values(name));
  const errors = form.errors(name);
  const id = `${form.id}-${name}`;
  return (
    <fieldset aria-describedby={errors?.length ? `${id}-error` : undefined}>
      <legend className="mb-1 block text-sm font-medium text-slate-700">{legend}</legend>
      <input type="hidden" name={name} value="" />
      {options.length ? (
        <div className="flex flex-wrap gap-2">
          {options.map((o) => (
            <label key={o.value} className="flex items-center gap-2 rounded-md border border-slate-200 px-3 py-1.5 text-sm text-slate-700">
              <input type="checkbox" name={name} value={o.value} defaultChecked={ticked.has(o.value)}
                className="h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500" />
              {o.label}
            </label>
          ))}
        </div>
      ) : <p className="text-sm text-slate-500">{empty}</p>}
      <FieldError id={`${id}-error`} errors={errors} />
    </fieldset>
  );
}

export function PartnerForm({ kind, reply, defaults, choices, submitLabel, cancelTo }: {
  kind: PartnerKind;
  reply?: FormReply;
  defaults?: Record<string, unknown>;
  choices: PartnerChoices;
  submitLabel: string;
  cancelTo: string;
}) {
  const { t } = useTranslation("trading-partner");
  const form = formState(reply, { defaults, id: "partner" });
  const optional = (label: string) => `${label} (${t("optional")})`;
  const lat = form.value("latitude");
  const lng = form.value("longitude");
  const contactErrors = form.errors("contacts");
  return (
    <Form method="post" noValidate className="space-y-5">
      <FormToken />
      <FormErrors errors={form.formErrors} />
      <SectionCard title={t("sections.identity")}>
        <TextInput form={form} name="name" label={t("fields.name")} placeholder={t(`${kind}.name_placeholder`)} required maxLength={120} autoComplete="off" />
        <TextArea form={form} name="note" label={optional(t("fields.note"))} rows={2} maxLength={1000} />
      </SectionCard>

      <SectionCard title={t("sections.contacts")} hint={t("hints.contacts")}>
        {Array.from({ length: CONTACT_ROWS }, (_, i) => (
          <fieldset key={i} className="grid gap-3 border-t border-slate-100 pt-3 first:border-t-0 first:pt-0 md:grid-cols-4">
            <legend className="sr-only">{t("contact_n", { n: i + 1 })}</legend>
            <TextInput form={form} name={`contacts[${i}].name`} label={t("fields.contact_name")} maxLength={100} autoComplete="off" />
            <TextInput form={form} name={`contacts[${i}].role`} label={t("fields.contact_role")} maxLength={60} autoComplete="off" />
            <TextInput form={form} name={`contacts[${i}].phone`} type="tel" label={t("fields.contact_phone")} maxLength={30} autoComplete="off" />
            <TextInput form={form} name={`contacts[${i}].email`} type="email" label={t("fields.contact_email")} maxLength={200} autoComplete="off" />
          </fieldset>
        ))}
        <FieldError id="partner-contacts-error" errors={contactErrors} />
      </SectionCard>

      <SectionCard title={t("sections.address")} hint={t("hints.address")}>
        <div className="grid gap-4 md:grid-cols-2">
          <div className="md:col-span-2">
            <TextArea form={form} name="address" label={optional(t("fields.address"))} rows={2} maxLength={500} />
          </div>
          <CitySelect form={form} name="city_id" label={optional(t("fields.city"))} cities={choices.cities} placeholder={t("placeholders.city")} />
          <TextInput form={form} name="postcode" label={optional(t("fields.postcode"))} inputMode="numeric" maxLength={5} />
          <div className="md:col-span-2">
            <PinPointField latName="latitude" lngName="longitude" defaultValue={lat || lng ? { lat, lng } : null} addressFieldName="address"
              label={optional(t("fields.pin_point"))} errors={[...(form.errors("latitude") ?? []), ...(form.errors("longitude") ?? [])]} />
          </div>
        </div>
      </SectionCard>

      <SectionCard title={t("sections.bank")} hint={t("hints.bank")}>
        <div className="grid gap-4 md:grid-cols-3">
          <Select form={form} name="bank_code" label={t("fields.bank_code")} placeholder={t("placeholders.bank")}
            options={choices.banks.map((b) => ({ value: b.bank_code, label: b.name }))} />
          <TextInput form={form} name="bank_account_name" label={t("fields.bank_account_name")} maxLength={100} autoComplete="off" />
          <TextInput form={form} name="bank_account_no" label={t("fields.bank_account_no")} inputMode="numeric" maxLength={20} autoComplete="off" />
        </div>
      </SectionCard>

      <SectionCard title={t("sections.terms")}>
        <div className="grid gap-4 md:grid-cols-2">
          <UnitInput form={form} name="payment_days" label={t("fields.payment_days")} unit={t("days_unit")} side="after" inputMode="numeric" hint={t("hints.payment_days")} />
          <UnitInput form={form} name="credit_limit" label={t("fields.credit_limit")} unit="Rp" inputMode="numeric" hint={t("hints.credit_limit")} />
        </div>
      </SectionCard>

      {kind === "reseller" ? (
        <SectionCard title={t("sections.links")} hint={t("hints.links")}>
          <Boxes form={form} name="store_ids" legend={t("fields.stores")} empty={t("no_stores")}
            options={choices.stores.map((s) => ({ value: String(s.store_branch_id), label: s.name }))} />
          <Boxes form={form} name="brand_ids" legend={t("fields.brands")} empty={t("no_brands")}
            options={choices.brands.map((b) => ({ value: String(b.brand_id), label: b.name }))} />
        </SectionCard>
      ) : null}

      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className={buttonClass("secondary")}>{t("common:actions.cancel")}</Link>
        <SubmitButton>{submitLabel}</SubmitButton>
      </div>
    </Form>
  );
}
