/**
 * The one form kit: Conform fields with a label, the first error under the field in red, and a
 * submit button that shows a pending state with JavaScript. Errors are translation keys (from the
 * Zod schema) or text the API already translated.
 */
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";

const KEY = /^[a-z][\w-]*(:[\w.]+)?$|^[a-z_]+(\.[a-z_]+)+$/;

export function useErrorText() {
  const { t } = useTranslation("validation");
  return (message?: string) => (message && KEY.test(message) ? t(message.includes(":") ? message : `validation:${message}`) : message);
}

export const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-500";

export function FieldError({ id, errors }: { id?: string; errors?: string[] }) {
  const text = useErrorText();
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-600">
      {text(errors[0])}
    </p>
  );
}

export function FormErrors({ errors }: { errors?: string[] }) {
  const text = useErrorText();
  if (!errors?.length) return null;
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {errors.map((e, i) => <p key={i}>{text(e)}</p>)}
    </div>
  );
}

type Meta = FieldMetadata<string | number | undefined | null>;

export function TextField({ meta, label, type = "text", hint, ...rest }: {
  meta: Meta; label: string; type?: string; hint?: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "type">) {
  const props = getInputProps(meta, { type: type as "text" });
  return (
    <div>
      <label htmlFor={meta.id} className="mb-1 block text-sm font-medium text-slate-700">{label}</label>
      <input {...props} {...rest} key={props.key} className={inputClass} />
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function TextAreaField({ meta, label, ...rest }: { meta: Meta; label: string } & React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const props = getTextareaProps(meta);
  return (
    <div>
      <label htmlFor={meta.id} className="mb-1 block text-sm font-medium text-slate-700">{label}</label>
      <textarea {...props} {...rest} key={props.key} rows={rest.rows ?? 3} className={inputClass} />
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function SelectField({ meta, label, options, placeholder, ...rest }: {
  meta: Meta; label: string; options: { value: string | number; label: string }[]; placeholder?: string;
} & React.SelectHTMLAttributes<HTMLSelectElement>) {
  const props = getSelectProps(meta);
  return (
    <div>
      <label htmlFor={meta.id} className="mb-1 block text-sm font-medium text-slate-700">{label}</label>
      <select {...props} {...rest} key={props.key} className={inputClass}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** Submit button; `name`/`value` tell several forms on one page apart (intent). */
export function SubmitButton({ children, className, variant = "primary", ...rest }: React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: "primary" | "secondary" | "danger" }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && (!rest.value || navigation.formData?.get(String(rest.name)) === rest.value);
  return (
    <button type="submit" {...rest} disabled={rest.disabled || pending} aria-busy={pending} className={`${buttonClass(variant)} ${className ?? ""}`}>
      {children}
    </button>
  );
}

export function buttonClass(variant: "primary" | "secondary" | "danger" | "ghost" = "primary") {
  const base = "inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:cursor-not-allowed disabled:opacity-60";
  return {
    primary: `${base} bg-brand-600 text-white hover:bg-brand-700`,
    secondary: `${base} border border-slate-300 bg-white text-slate-700 hover:bg-slate-50`,
    danger: `${base} bg-red-600 text-white hover:bg-red-700`,
    ghost: `${base} text-slate-700 hover:bg-slate-100`,
  }[variant];
}
