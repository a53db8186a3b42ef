/**
 * The holiday session form of /profile/holiday/add and /profile/holiday/:slug, on the plain form
 * kit (form.tsx). The schema is the API's own (core/profile/holidays.ts holidayBody), checked by
 * the action. Scope is a pair of radios (the whole business, or the stores and brands ticked
 * below); weekdays, stores and brands are checkbox groups; dates are native date fields. Works
 * without JavaScript: every field is posted as it is.
 */
import { Form, Link } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { HOLIDAY_WEEKDAYS } from "#core/profile/profile-enums.ts";
import { buttonClass, inputClass, SubmitButton } from "./button.tsx";
import { FieldError, FormErrors, formState, TextArea, TextInput, type FormReply, type FormState } from "./form.tsx";
import { FormToken } from "./form-token.tsx";

export type HolidayChoices = { stores: { store_branch_id: number; name: string }[]; brands: { brand_id: number; name: string }[] };

function Boxes({ form, name, legend, hint, options }: {
  form: FormState; name: string; legend: string; hint?: string; options: { value: string; label: string }[];
}) {
  const ticked = new Set(form.values(name));
  const errors = form.errors(name);
  const id = `${form.id}-${name}`;
  return (
    <fieldset aria-describedby={[hint ? `${id}-hint` : "", errors?.length ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined}>
      <legend className="mb-1 block text-sm font-medium text-slate-700">{legend}</legend>
      {hint ? <p id={`${id}-hint`} className="mb-2 text-xs text-slate-500">{hint}</p> : null}
      <input type="hidden" name={name} value="" />
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-2 rounded-md border border-slate-200 px-3 py-1.5 text-sm text-slate-700">
            <input type="checkbox" name={name} value={o.value} defaultChecked={ticked.has(o.value)}
              className="h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500" />
            {o.label}
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} errors={errors} />
    </fieldset>
  );
}

export function HolidayForm({ reply, defaults, choices, submitLabel, cancelTo }: {
  reply?: FormReply;
  defaults?: Record<string, unknown>;
  choices: HolidayChoices;
  submitLabel: string;
  cancelTo: string;
}) {
  const { t } = useTranslation("holiday");
  const form = formState(reply, { defaults: { scope: "business", ...defaults }, id: "holiday" });
  const optional = (label: string) => `${label} (${t("hints.optional")})`;
  const scope = form.value("scope") || "business";
  return (
    <Form method="post" noValidate className="space-y-5">
      <FormToken />
      <FormErrors errors={form.formErrors} />
      <TextInput form={form} name="name" label={t("fields.name")} placeholder={t("placeholders.name")} required maxLength={100} autoComplete="off" />

      <fieldset>
        <legend className="mb-1 block text-sm font-medium text-slate-700">{t("fields.scope")}</legend>
        <div className="space-y-1 text-sm text-slate-700">
          {(["business", "selected"] as const).map((s) => (
            <label key={s} className="flex items-center gap-2">
              <input type="radio" name="scope" value={s} defaultChecked={scope === s} className="h-4 w-4 border-slate-300 text-brand-600" />
              {t(`scope.${s}`)}
            </label>
          ))}
        </div>
        <FieldError id="holiday-scope-error" errors={form.errors("scope")} />
      </fieldset>

      {choices.stores.length ? (
        <Boxes form={form} name="store_ids" legend={t("fields.stores")} hint={t("hints.selected_only")}
          options={choices.stores.map((s) => ({ value: String(s.store_branch_id), label: s.name }))} />
      ) : <FieldError id="holiday-store_ids-error" errors={form.errors("store_ids")} />}
      {choices.brands.length ? (
        <Boxes form={form} name="brand_ids" legend={t("fields.brands")} hint={t("hints.selected_only")}
          options={choices.brands.map((b) => ({ value: String(b.brand_id), label: b.name }))} />
      ) : null}

      <div className="grid gap-4 md:grid-cols-2">
        {(["start_date", "end_date"] as const).map((name) => (
          <div key={name}>
            <label htmlFor={`holiday-${name}`} className="mb-1 block text-sm font-medium text-slate-700">{optional(t(`fields.${name}`))}</label>
            <input id={`holiday-${name}`} type="date" name={name} defaultValue={form.value(name)} className={inputClass}
              aria-invalid={form.errors(name)?.length ? true : undefined} aria-describedby={form.errors(name)?.length ? `holiday-${name}-error` : undefined} />
            <FieldError id={`holiday-${name}-error`} errors={form.errors(name)} />
          </div>
        ))}
      </div>

      <Boxes form={form} name="weekdays" legend={optional(t("fields.weekdays"))} hint={t("hints.weekdays")}
        options={HOLIDAY_WEEKDAYS.map((d) => ({ value: d, label: t(`profile:weekdays.${d}`) }))} />

      <TextArea form={form} name="note" label={optional(t("fields.note"))} rows={2} maxLength={500} />

      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className={buttonClass("secondary")}>{t("common:actions.cancel")}</Link>
        <SubmitButton>{submitLabel}</SubmitButton>
      </div>
    </Form>
  );
}
