/**
 * The one form kit: Conform fields with a label, the first error under the field in red, and a
 * submit button that shows a pending state with JavaScript. Errors are translation keys (from the
 * Zod schema) or text the API already translated.
 *
 * Validation runs on the server: the route's action parses with Zod, then the API checks again. The
 * browser downloads no Zod (~35 KB gz); it gets the schema's HTML constraints (required, lengths,
 * patterns) from the loader via getZodConstraint and passes them to useForm({ constraint }).
 */
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata, type useForm } from "@conform-to/react";
import { useTranslation } from "~/lib/i18n-react.tsx";
import { inputClass } from "./button.tsx";

/** HTML constraints of a Zod schema, computed by a loader with getZodConstraint(schema). */
export type Constraints = NonNullable<Parameters<typeof useForm>[0]["constraint"]>;

const KEY = /^[a-z][\w-]*(:[\w.]+)?$|^[a-z_]+(\.[a-z_]+)+$/;

export function useErrorText() {
  const { t } = useTranslation("validation");
  return (message?: string) => (message && KEY.test(message) ? t(message.includes(":") ? message : `validation:${message}`) : message);
}

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
