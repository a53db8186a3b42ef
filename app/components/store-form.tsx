/**
 * The one offline-store form: /profile/store/add and /profile/store/:slug. The schema is core's
 * own (core/profile/store-schema.ts) and runs on the server only (the route's action with Conform's
 * parseWithZod, then core): the page gets the action's reply (what was typed, messages per field)
 * and renders the one form kit's fields (app/components/form.tsx) from it — no form library in the browser, within
 * the JavaScript budget. It works without JavaScript:
 * - City: one <select> of every city grouped by province. Village: the villages of the chosen city;
 *   with JavaScript a new city loads its villages (the page's loader answers ?location_id=…) and
 *   picking one fills the postal code; without, the list is the saved city's.
 * - "Ship orders from": two radios; the other-address fields show when "Another address" is
 *   checked, by CSS (:has), so no script is needed.
 * - Bank account: a select of the company's accounts, and "Add a bank account" inside the same
 *   form: its buttons post intent=check-bank or intent=add-bank, the action checks or adds the
 *   account and answers the form back with everything typed kept (and the new account chosen).
 * - Couriers: checkboxes of every courier service, grouped by courier group and courier.
 * - Photo: ImageField (cropper with JavaScript, plain file input without); pin point: PinPointField.
 */
import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Form, Link, useFetcher, useLocation } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import type { AccountCheck } from "#core/business/banks.ts";
import { MAX_PROCESS_DAYS, STORE_TYPES } from "#core/profile/profile-enums.ts";
import { buttonClass, SubmitButton } from "./button.tsx";
import type { Location, Village } from "./company-form.tsx";
import { Checkbox, FieldError, FormErrors, formState, Select, TextArea, TextInput, type FormState } from "./form.tsx";
import { ImageField } from "./image-field.tsx";
import { PinPointField } from "./map/pin-point-lazy.tsx";
import { FormToken } from "./form-token.tsx";

// The map picker is an island (map/pin-point-lazy.tsx; the pages' loaders await
// PinPointField.ready()): until it is live, and without JavaScript, the server's latitude/longitude
// inputs work on their own.
export { PinPointField };

export type BankAccount = { bank_account_id: number; bank_code: string; title: string; account_name: string; account_no: string; is_default: boolean };
export type ReferenceBank = { bank_code: string; name: string; short_name: string };
export type CourierGroup = { id: string; name: string; couriers: { code: string; name: string; services: { id: number; code: string; name: string }[] }[] };
/** What the action says about the inline bank account step. */
export type BankStep = { nonce: number; added?: number; check?: AccountCheck; checkMessage?: string } | null;

type Props = {
  /** The action's reply after a refused or in-form step: typed values and messages per field. */
  result?: SubmissionResult<string[]> | null;
  /** The form's starting values (a saved store, or NEW_STORE). */
  defaults: Record<string, unknown>;
  places: { locations: Location[]; villages: Village[]; villagesCity: number | null };
  bankAccounts: BankAccount[];
  banks: ReferenceBank[];
  couriers: CourierGroup[];
  bank: BankStep;
  /** Whether the member may add a bank account ("profile.bank"); false: a note says who can. */
  canAddBank?: boolean;
  /** Editing the company's default store: no "make default" box, a note instead. */
  isDefault?: boolean;
  submitLabel: string;
  cancelTo: string;
};

/** A new store's starting values. */
export const NEW_STORE = { delivery_address_type: "1", process_day: "1", is_pickup_at_store: "on" };


export function StoreForm({ result, defaults, places, bankAccounts, banks, couriers, bank, canAddBank = true, isDefault, submitLabel, cancelTo }: Props) {
  const { t } = useTranslation("store");
  const form = formState(result, { defaults, id: "store" });
  const optional = (label: string) => `${label} (${t("hints.optional")})`;

  // Villages follow the chosen city (JavaScript only; see the header comment).
  const { pathname } = useLocation();
  const villageFetcher = useFetcher<{ places: { villages: Village[] } }>();
  const initialCity = form.value("city_id");
  const [cityId, setCityId] = useState(initialCity);
  const loaded = cityId === String(places.villagesCity ?? "");
  const villages = loaded ? places.villages : (villageFetcher.data?.places.villages ?? []);
  useEffect(() => {
    if (cityId && !loaded) void villageFetcher.load(`${pathname}?location_id=${cityId}`);
  }, [cityId]); // only when the city changes
  const postcode = useRef<HTMLInputElement>(null);

  const provinces = useMemo(() => {
    const groups = new Map<string, Location[]>();
    for (const l of places.locations) groups.set(l.province_name, [...(groups.get(l.province_name) ?? []), l]);
    return [...groups];
  }, [places.locations]);
  const cityOptions = provinces.map(([province, cities]) => (
    <optgroup key={province} label={province}>
      {cities.map((c) => <option key={c.location_id} value={c.location_id}>{c.location_name}</option>)}
    </optgroup>
  ));

  const chosenServices = new Set(form.values("courier_service_ids"));
  const deliveryType = form.value("delivery_address_type") || "1";
  // A newly added account remounts the add-account fields (to empty them); a check keeps them.
  const bankKey = bank?.added ?? 0;
  // Controlled, so a newly added account is chosen even when its option arrives a moment later.
  const [chosenBank, setChosenBank] = useState(form.value("bank_account_id"));
  const [seenAdded, setSeenAdded] = useState(bank?.added);
  if (bank?.added !== seenAdded) {
    setSeenAdded(bank?.added);
    if (bank?.added) setChosenBank(String(bank.added));
  }

  return (
    <Form method="post" encType="multipart/form-data" noValidate className="space-y-6">
      <FormToken />
      <FormErrors errors={form.formErrors} />

      <Section title={t("sections.info")}>
        <div className="md:col-span-2">
          <ImageField name="image" label={optional(t("fields.image"))} defaultUrl={form.value("image") || null} errors={form.errors("image")} />
        </div>
        <div className="md:col-span-2">
          <TextInput form={form} name="name" label={t("fields.name")} maxLength={100} autoComplete="off" />
        </div>
        <Select form={form} name="type" label={t("fields.type")} defaultValue={form.value("type")}>
            <option value="">{t("placeholders.type")}</option>
            {STORE_TYPES.map((v) => <option key={v} value={v}>{t(`profile:store_types.${v}`)}</option>)}
          </Select>
        <TextInput form={form} name="phone" type="tel" label={t("fields.phone")} hint={t("hints.phone")} maxLength={30} autoComplete="tel" />
        <TextInput form={form} name="email" type="email" label={optional(t("fields.email"))} maxLength={200} autoComplete="email" />
        <div className="md:col-span-2">
          {isDefault ? (
            <p className="rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-800">{t("hints.is_default_on")}</p>
          ) : (
            <Checkbox form={form} name="is_default" label={t("form.make_default")} hint={t("hints.default")} />
          )}
        </div>
      </Section>

      <Section title={t("sections.address")}>
        <div className="md:col-span-2">
          <TextArea rows={2} form={form} name="address" label={t("fields.address")} autoComplete="street-address" maxLength={500} />
        </div>
        <Select form={form} name="city_id" label={t("fields.city")} defaultValue={initialCity} onChange={(e) => setCityId(e.currentTarget.value)}>
            <option value="">{t("placeholders.city")}</option>
            {cityOptions}
          </Select>
        <Select form={form} name="village_id" label={optional(t("fields.village"))} hint={villages.length === 0 ? t("hints.village") : undefined} key={cityId}
            defaultValue={cityId === initialCity ? form.value("village_id") : ""}
            disabled={villages.length === 0}
           
            onChange={(e) => {
              const village = villages.find((v) => String(v.village_id) === e.currentTarget.value);
              if (village && postcode.current) postcode.current.value = village.postcode;
            }}
          >
            <option value="">{t("placeholders.village")}</option>
            {villages.map((v) => <option key={v.village_id} value={v.village_id}>{`${v.name}, ${v.district} (${v.postcode})`}</option>)}
          </Select>
        <TextInput form={form} name="postcode" ref={postcode} label={t("fields.postcode")} inputMode="numeric" maxLength={5} autoComplete="postal-code" />
        <div className="md:col-span-2">
          <PinPointField
            latName="latitude"
            lngName="longitude"
            addressFieldName="address"
            label={t("fields.pin_point")}
            defaultValue={{ lat: form.value("latitude") || null, lng: form.value("longitude") || null }}
            errors={[...(form.errors("latitude") ?? []), ...(form.errors("longitude") ?? [])]}
          />
        </div>
      </Section>

      <Section title={t("sections.delivery")}>
        <div className="md:col-span-2">
          <Checkbox form={form} name="is_pickup_at_store" label={t("fields.is_pickup_at_store")} hint={t("hints.pickup")} />
        </div>
        <div className="group/delivery space-y-3 md:col-span-2">
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-slate-700">{t("fields.delivery_address_type")}</legend>
            <div className="flex flex-wrap gap-4">
              {["1", "2"].map((v) => (
                <label key={v} className="inline-flex items-center gap-2 text-sm text-slate-700">
                  <input type="radio" name="delivery_address_type" value={v} defaultChecked={deliveryType === v} className="h-4 w-4 border-slate-300 text-brand-600" />
                  {t(`delivery_types.${v}`)}
                </label>
              ))}
            </div>
            <FieldError errors={form.errors("delivery_address_type")} />
          </fieldset>
          {/* Shown while "Another address" is checked: CSS only, so it works without JavaScript. */}
          <fieldset className="hidden gap-4 rounded-md border border-slate-200 p-3 group-has-[input[value='2']:checked]/delivery:grid md:grid-cols-2">
            <legend className="px-1 text-sm font-medium text-slate-700">{t("form.delivery_other")}</legend>
            <div className="md:col-span-2">
              <TextArea rows={2} form={form} name="delivery_address" label={t("fields.delivery_address")} maxLength={500} />
            </div>
            <Select form={form} name="delivery_city_id" label={t("fields.delivery_city")} defaultValue={form.value("delivery_city_id")}>
                <option value="">{t("placeholders.city")}</option>
                {cityOptions}
              </Select>
            <TextInput form={form} name="delivery_postcode" label={t("fields.delivery_postcode")} inputMode="numeric" maxLength={5} />
          </fieldset>
        </div>
        <TextInput form={form} name="process_day" type="number" min={0} max={MAX_PROCESS_DAYS} step={1} label={t("fields.process_day")} hint={t("hints.process_day")} />
      </Section>

      <Section title={t("sections.bank")}>
        <div className="md:col-span-2">
          <Select form={form} name="bank_account_id" label={optional(t("fields.bank_account"))} hint={bankAccounts.length === 0 && canAddBank ? t("hints.no_banks") : undefined} value={chosenBank} onChange={(e) => setChosenBank(e.currentTarget.value)}>
              <option value="">{t("placeholders.bank_account")}</option>
              {bankAccounts.map((b) => (
                <option key={b.bank_account_id} value={b.bank_account_id}>
                  {`${b.title} ${b.account_no} a.n. ${b.account_name}${b.is_default ? ` (${t("bank.default")})` : ""}`}
                </option>
              ))}
            </Select>
          {bank?.added ? <p role="status" className="mt-1 text-sm text-green-700">{t("form.bank_added")}</p> : null}
        </div>
        {canAddBank ? (
          <details
            key={`bank-${bankKey}`}
            open={Boolean(form.errors("bank_code") || form.errors("bank_account_name") || form.errors("bank_account_no") || bank?.check) || bankAccounts.length === 0}
            className="rounded-md border border-slate-200 md:col-span-2"
          >
            <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-brand-700">{t("form.add_bank")}</summary>
            <div className="grid gap-4 border-t border-slate-100 p-3 md:grid-cols-2">
              <p className="text-xs text-slate-500 md:col-span-2">{t("form.add_bank_hint")}</p>
              <Select form={form} name="bank_code" label={t("bank.bank_code")} defaultValue={form.value("bank_code")}>
                  <option value="">{t("placeholders.bank")}</option>
                  {banks.map((b) => <option key={b.bank_code} value={b.bank_code}>{`${b.short_name} — ${b.name}`}</option>)}
                </Select>
              <TextInput form={form} name="bank_account_no" label={t("bank.account_no")} inputMode="numeric" maxLength={30} autoComplete="off" />
              <div className="md:col-span-2">
                <TextInput form={form} name="bank_account_name" label={t("bank.account_name")} maxLength={100} autoComplete="off" />
              </div>
              <div className="md:col-span-2">
                <Checkbox form={form} name="bank_is_default" label={t("bank.is_default")} />
              </div>
              {bank?.check ? <CheckResult check={bank.check} message={bank.checkMessage} /> : null}
              <div className="flex flex-wrap gap-2 md:col-span-2">
                <SubmitButton name="intent" value="check-bank" variant="secondary" formNoValidate>{t("form.check_account")}</SubmitButton>
                <SubmitButton name="intent" value="add-bank" variant="secondary" formNoValidate>{t("form.add_bank_button")}</SubmitButton>
              </div>
            </div>
          </details>
        ) : (
          <p className="text-sm text-slate-600 md:col-span-2">{t("form.add_bank_needs", { privilege: t("nav:finer.profile_bank") })}</p>
        )}
      </Section>

      <Section title={t("sections.couriers")} hint={t("hints.couriers")}>
        <div className="space-y-4 md:col-span-2">
          {couriers.map((group) => (
            <fieldset key={group.id} className="rounded-md border border-slate-200 p-3">
              <legend className="px-1 text-sm font-semibold text-slate-800">{t("form.courier_group", { name: group.name })}</legend>
              <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {group.couriers.map((courier) => (
                  <fieldset key={courier.code}>
                    <legend className="text-sm font-medium text-slate-700">{courier.name}</legend>
                    <ul className="mt-1 space-y-1">
                      {courier.services.map((s) => (
                        <li key={s.id}>
                          <label className="inline-flex items-center gap-2 text-sm text-slate-700">
                            <input type="checkbox" name="courier_service_ids" value={s.id} defaultChecked={chosenServices.has(String(s.id))}
                              className="h-4 w-4 rounded border-slate-300 text-brand-600" />
                            {s.name}
                          </label>
                        </li>
                      ))}
                    </ul>
                  </fieldset>
                ))}
              </div>
            </fieldset>
          ))}
          <FieldError errors={form.errors("courier_service_ids")} />
        </div>
      </Section>

      <Section title={t("sections.feedback")} hint={t("hints.feedback")}>
        <Message state={form} name="order_finished" label={t("fields.order_finished")} />
        <Message state={form} name="order_returned" label={t("fields.order_returned")} />
      </Section>

      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className={buttonClass("secondary")}>{t("common:actions.cancel")}</Link>
        <SubmitButton name="intent" value="save">{submitLabel}</SubmitButton>
      </div>
    </Form>
  );
}

function Section({ title, hint, children }: { title: string; hint?: string; children: React.ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {hint ? <p className="mt-1 text-sm text-slate-500">{hint}</p> : null}
      <div className="mt-4 grid gap-4 md:grid-cols-2">{children}</div>
    </section>
  );
}

/** A feedback message with its on/off box. */
function Message({ state: form, name, label }: { state: FormState; name: string; label: string }) {
  const { t } = useTranslation("store");
  return (
    <div className="space-y-2">
      <TextArea form={form} name={name} label={label} maxLength={500} placeholder={t("hints.message_vars")} />
      <Checkbox form={form} name={`${name}_is_active`} label={t("form.feedback_on")} />
    </div>
  );
}

function CheckResult({ check, message }: { check: AccountCheck; message?: string }) {
  const { t } = useTranslation("store");
  return (
    <div role="status" className={`rounded-md px-3 py-2 text-sm md:col-span-2 ${check.verified ? "bg-green-50 text-green-800" : "bg-amber-50 text-amber-900"}`}>
      <p>{message ?? t(check.verified ? "check.verified" : `check.${check.reason}`)}</p>
      {check.inquiry_account_name ? <p className="mt-1 font-medium">{t("check.holder", { name: check.inquiry_account_name })}</p> : null}
      {check.is_registered ? <p className="mt-1">{t("check.registered")}</p> : null}
    </div>
  );
}
