/**
 * The one form kit. Validation runs on the server: the route's action parses with Zod
 * (Conform's parseWithZod), the API checks again, and the reply (Conform's SubmissionResult) brings
 * back what was typed and the messages per field. The browser gets no Zod and no Conform client
 * (~8 KB gz that would push pages with the image cropper or the pin-point picker over the 130 KB
 * first-load budget): `formState(reply, { defaults, constraint })` reads the reply, and the fields
 * below render what it says — the typed value again, the first message under the field in red,
 * and the schema's HTML constraints (required, lengths; from getZodConstraint in the loader) for
 * assistive technology. Every form of the kit has noValidate: every message comes from the server,
 * under its field, in the user's language, the same with and without JavaScript (the browser's own
 * bubbles would speak the browser's language and stop a submission the server would explain).
 *
 * Messages are translation keys (Zod: "required", "company:errors.x") or text the API translated.
 */
import type { SubmissionResult } from "@conform-to/react";
import { useMemo } from "react";
import { inputClass } from "./button.tsx";
import { FieldError } from "./form-error.tsx";

// The messages have their own small module: a page that shows only a message (a plain form of
// its own) loads that, not the whole kit.
export { FieldError, FormErrors, useErrorText } from "./form-error.tsx";

export type FormReply = SubmissionResult<string[]> | null | undefined;
/** HTML constraints of a Zod schema's fields, computed by a loader with getZodConstraint(schema). */
export type Constraint = {
  required?: boolean; minLength?: number; maxLength?: number; min?: string | number; max?: string | number;
  step?: string | number; pattern?: string; multiple?: boolean;
};
export type Constraints = Record<string, Constraint>;

/**
 * What a reply says about each field: the value to show again (else the saved one from
 * `defaults`), its messages, its HTML constraints. `id` prefixes the fields' ids (one form kit
 * per page section: give two forms on a page different ids).
 */
export function formState(
  reply: FormReply,
  opts: { defaults?: Record<string, unknown>; constraint?: Constraints; id?: string } = {},
) {
  const { defaults = {}, constraint = {}, id = "form" } = opts;
  // What was typed comes back with a refused submission, and with a step that stays on the form
  // (the store form's bank check): any reply that carries it.
  const typed = reply?.initialValue as Record<string, unknown> | undefined;
  const errors = (reply?.status === "error" ? reply.error : undefined) ?? {};
  // A name is a key ("city_id") or a path into the values ("documents[0].type").
  const raw = (name: string) => at(typed ?? defaults, name);
  const text = (v: unknown) => (v === null || v === undefined ? "" : Array.isArray(v) ? String(v[0] ?? "") : String(v));
  return {
    id,
    /** Whether this is a failed submission coming back (its values, not the defaults, are shown). */
    submitted: typed !== undefined,
    value: (name: string) => text(raw(name)),
    /** Every value of a repeated field (a checkbox group). */
    values: (name: string) => {
      const v = raw(name);
      return v === null || v === undefined || v === "" ? [] : (Array.isArray(v) ? v : [v]).map(String);
    },
    checked: (name: string) => {
      const v = raw(name);
      return v === true || v === "on" || v === "true" || v === "1" || v === 1;
    },
    errors: (name: string) => errors[name] ?? undefined,
    formErrors: errors[""] ?? undefined,
    constraint: (name: string): Constraint => constraint[name] ?? {},
  };
}
export type FormState = ReturnType<typeof formState>;

function at(values: Record<string, unknown>, name: string): unknown {
  if (name in values) return values[name];
  let v: unknown = values;
  for (const key of name.split(/[.[\]]+/).filter(Boolean)) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

type Common = { form: FormState; name: string; label: string; hint?: string; idPrefix?: string };

/** The constraint attributes each kind of field has (a select has no pattern, a checkbox no lengths). */
const ALLOWED = {
  input: ["required", "minLength", "maxLength", "min", "max", "step", "pattern"],
  textarea: ["required", "minLength", "maxLength"],
  select: ["required"],
  checkbox: ["required"],
} as const;

/** id, constraints, hint and error wiring shared by every field. */
function wiring({ form, name, hint, idPrefix }: Omit<Common, "label">, kind: keyof typeof ALLOWED) {
  const id = `${idPrefix ?? form.id}-${name.replace(/[^\w-]/g, "-")}`;
  const errors = form.errors(name);
  const describedBy = [hint ? `${id}-hint` : "", errors?.length ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  const constraint = form.constraint(name);
  const html = Object.fromEntries(ALLOWED[kind].flatMap((k) => (constraint[k] === undefined || constraint[k] === false ? [] : [[k, constraint[k]]])));
  return { id, errors, props: { id, name, ...html, "aria-invalid": errors?.length ? true : undefined, "aria-describedby": describedBy } };
}

function Shell({ id, label, hint, errors, children }: { id: string; label: string; hint?: string; errors?: string[] | null; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">{label}</label>
      {children}
      {hint ? <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  );
}

export function TextInput({ form, name, label, hint, idPrefix, ...rest }: Common & Omit<React.ComponentProps<"input">, "form" | "name">) {
  const w = wiring({ form, name, hint, idPrefix }, "input");
  return (
    <Shell id={w.id} label={label} hint={hint} errors={w.errors}>
      <input type="text" defaultValue={form.value(name)} {...w.props} {...rest} className={inputClass} />
    </Shell>
  );
}

/** A text input with a unit box before or after it ("Rp", "%"): money, percentages. */
export function UnitInput({ form, name, label, hint, idPrefix, unit, side = "before", ...rest }: Common & { unit: string; side?: "before" | "after" }
  & Omit<React.ComponentProps<"input">, "form" | "name">) {
  const w = wiring({ form, name, hint, idPrefix }, "input");
  const box = "inline-flex items-center border-slate-300 bg-slate-50 px-3 text-sm text-slate-600";
  return (
    <Shell id={w.id} label={label} hint={hint} errors={w.errors}>
      <div className="flex items-stretch">
        {side === "before" ? <span aria-hidden className={`${box} rounded-l-md border border-r-0`}>{unit}</span> : null}
        <input type="text" defaultValue={form.value(name)} autoComplete="off" {...w.props} {...rest}
          className={`${inputClass} ${side === "before" ? "rounded-l-none" : "rounded-r-none"}`} />
        {side === "after" ? <span aria-hidden className={`${box} rounded-r-md border border-l-0`}>{unit}</span> : null}
      </div>
    </Shell>
  );
}

export function TextArea({ form, name, label, hint, idPrefix, ...rest }: Common & Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "form" | "name">) {
  const w = wiring({ form, name, hint, idPrefix }, "textarea");
  return (
    <Shell id={w.id} label={label} hint={hint} errors={w.errors}>
      <textarea rows={3} defaultValue={form.value(name)} {...w.props} {...rest} className={inputClass} />
    </Shell>
  );
}

/** A select: `options` (with an optional empty `placeholder` first), or your own <option>s as children. */
export function Select({ form, name, label, hint, idPrefix, options, placeholder, children, ...rest }: Common & {
  options?: { value: string | number; label: string }[]; placeholder?: string;
} & Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "form" | "name">) {
  const w = wiring({ form, name, hint, idPrefix }, "select");
  return (
    <Shell id={w.id} label={label} hint={hint} errors={w.errors}>
      {/* A controlled select (value + onChange) takes no default value. */}
      <select defaultValue={rest.value === undefined ? form.value(name) : undefined} {...w.props} {...rest} className={inputClass}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options?.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        {children}
      </select>
    </Shell>
  );
}

/** A city of GET /v0.0.0/utilities/locations. */
export type City = { location_id: number; location_name: string; province_id: number; province_name: string };

/** One <select> of cities grouped by province (works without JavaScript). */
export function CitySelect({ cities, ...rest }: Common & { cities: City[]; placeholder: string } & Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "form" | "name">) {
  const provinces = useMemo(() => {
    const groups = new Map<string, City[]>();
    for (const c of cities) groups.set(c.province_name, [...(groups.get(c.province_name) ?? []), c]);
    return [...groups];
  }, [cities]);
  return (
    <Select {...rest}>
      {provinces.map(([province, list]) => (
        <optgroup key={province} label={province}>
          {list.map((c) => <option key={c.location_id} value={c.location_id}>{c.location_name}</option>)}
        </optgroup>
      ))}
    </Select>
  );
}

/** A checkbox posting "on" when ticked; `locked` shows it ticked and disabled (a disabled field is never sent). */
export function Checkbox({ form, name, label, hint, idPrefix, locked, ...rest }: Common & { locked?: boolean }
  & Omit<React.InputHTMLAttributes<HTMLInputElement>, "form" | "name" | "type">) {
  const w = wiring({ form, name, hint, idPrefix }, "checkbox");
  return (
    <div>
      <div className="flex items-start gap-2">
        <input type="checkbox" value="on" defaultChecked={locked || form.checked(name)} disabled={locked} {...w.props} {...rest}
          className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500" />
        <label htmlFor={w.id} className="text-sm font-medium text-slate-700">{label}</label>
      </div>
      {hint ? <p id={`${w.id}-hint`} className="ml-6 mt-0.5 text-xs text-slate-500">{hint}</p> : null}
      <div className="ml-6"><FieldError id={`${w.id}-error`} errors={w.errors} /></div>
    </div>
  );
}
