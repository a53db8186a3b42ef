/**
 * Fields the warehouse and factory forms share, on the plain form kit of brand-fields.tsx (no
 * Conform client: these pages carry the image cropper's field and the pin-point picker, and
 * Conform's ~8 KB gz would push them over the 130 KB first-load budget). Validation runs on the
 * server: the action parses with the API's own Zod schema (parseWithZod), the API checks again,
 * and the reply (Conform's SubmissionResult) brings back what was typed and the messages per field.
 *
 * A city select grouped by province (one <select>, works without JavaScript) and a checkbox with
 * its hint; the list pages' pieces are in warehouse-list-parts.tsx.
 */
import { useMemo } from "react";
import { inputClass } from "./button.tsx";
import { ErrorText } from "./brand-field-error.tsx";
import type { ReplyState } from "./brand-fields.tsx";

export { FormErrorList, replyState, Select, TextArea, TextInput, type FormReply, type ReplyState } from "./brand-fields.tsx";

/** A city of GET /v0.0.0/utilities/locations. */
export type City = { location_id: number; location_name: string; province_id: number; province_name: string };

const described = (id: string, hint: string | undefined, errors: string[] | undefined) =>
  [hint ? `${id}-hint` : "", errors?.length ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;

export function CitySelect({ form, idPrefix, name, label, cities, placeholder, hint, required }: {
  form: ReplyState; idPrefix: string; name: string; label: string; cities: City[]; placeholder: string; hint?: string; required?: boolean;
}) {
  const provinces = useMemo(() => {
    const groups = new Map<string, City[]>();
    for (const c of cities) groups.set(c.province_name, [...(groups.get(c.province_name) ?? []), c]);
    return [...groups];
  }, [cities]);
  const id = `${idPrefix}-${name}`;
  const errors = form.errors(name);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">{label}</label>
      <select id={id} name={name} defaultValue={form.value(name)} required={required} aria-invalid={errors?.length ? true : undefined}
        aria-describedby={described(id, hint, errors)} className={inputClass}>
        <option value="">{placeholder}</option>
        {provinces.map(([province, list]) => (
          <optgroup key={province} label={province}>
            {list.map((c) => <option key={c.location_id} value={c.location_id}>{c.location_name}</option>)}
          </optgroup>
        ))}
      </select>
      {hint ? <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      <ErrorText id={`${id}-error`} errors={errors} />
    </div>
  );
}

/** A checkbox posting "on" when ticked; `locked` shows it ticked and disabled (a disabled field is never sent). */
export function CheckboxField({ form, idPrefix, name, label, hint, locked }: {
  form: ReplyState; idPrefix: string; name: string; label: string; hint?: string; locked?: boolean;
}) {
  const id = `${idPrefix}-${name}`;
  const errors = form.errors(name);
  return (
    <div>
      <div className="flex items-start gap-2">
        <input id={id} name={name} type="checkbox" value="on" defaultChecked={locked || form.checked(name)} disabled={locked}
          aria-invalid={errors?.length ? true : undefined} aria-describedby={described(id, hint, errors)}
          className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500" />
        <label htmlFor={id} className="text-sm font-medium text-slate-700">{label}</label>
      </div>
      {hint ? <p id={`${id}-hint`} className="ml-6 mt-0.5 text-xs text-slate-500">{hint}</p> : null}
      <div className="ml-6"><ErrorText id={`${id}-error`} errors={errors} /></div>
    </div>
  );
}
