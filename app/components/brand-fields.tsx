/**
 * The brand pages' small form kit: plain fields that show what a failed submission sent back (the
 * typed values and the messages per field) and the first message under each field in red.
 *
 * Why not the shared Conform kit (form.tsx, useForm): the brand pages carry the logo cropper's
 * field and the detail header on top of the admin layout, and Conform's client (~8 KB gz) would
 * push them over the 130 KB first-load budget. Validation runs on the server anyway (the action
 * parses with the API's Zod schema via parseWithZod, the API checks again); the reply keeps
 * Conform's shape (SubmissionResult: initialValue, error per field, "" for the form), so the same
 * server helpers (replyWithApiError) serve both kits.
 */
import type { SubmissionResult } from "@conform-to/react";
import { inputClass } from "./button.tsx";
import { ErrorText } from "./brand-field-error.tsx";

export { ErrorText, FormErrorList } from "./brand-field-error.tsx";

export type FormReply = SubmissionResult<string[]> | null | undefined;

/** What a reply says about each field: the value to show again and its messages. */
export function replyState(reply: FormReply, defaults: Record<string, string> = {}) {
  const values = reply?.status === "error" ? (reply.initialValue as Record<string, unknown> | undefined) : undefined;
  const errors = (reply?.status === "error" ? reply.error : undefined) ?? {};
  return {
    value: (name: string) => {
      if (!values) return defaults[name] ?? "";
      const v = values[name];
      return typeof v === "string" ? v : "";
    },
    checked: (name: string) => (values ? values[name] === "on" || values[name] === "true" : defaults[name] === "on"),
    errors: (name: string) => errors[name] ?? undefined,
    formErrors: errors[""] ?? undefined,
  };
}
export type ReplyState = ReturnType<typeof replyState>;

type Common = { form: ReplyState; name: string; label: string; hint?: string; idPrefix: string };

/** id, label, hint and error wiring shared by every field. */
function useWiring({ form, name, hint, idPrefix }: Common) {
  const id = `${idPrefix}-${name}`;
  const errors = form.errors(name);
  const describedBy = [hint ? `${id}-hint` : "", errors?.length ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return { id, errors, aria: { "aria-invalid": errors?.length ? true : undefined, "aria-describedby": describedBy } };
}

function Shell({ id, label, hint, errors, children }: { id: string; label: string; hint?: string; errors?: string[] | null; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">{label}</label>
      {children}
      {hint ? <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      <ErrorText id={`${id}-error`} errors={errors} />
    </div>
  );
}

export function TextInput({ form, name, label, hint, idPrefix, ...rest }: Common & Omit<React.InputHTMLAttributes<HTMLInputElement>, "form" | "name">) {
  const w = useWiring({ form, name, label, hint, idPrefix });
  return (
    <Shell id={w.id} label={label} hint={hint} errors={w.errors}>
      <input id={w.id} name={name} type="text" defaultValue={form.value(name)} {...w.aria} {...rest} className={inputClass} />
    </Shell>
  );
}

export function TextArea({ form, name, label, hint, idPrefix, ...rest }: Common & Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "form" | "name">) {
  const w = useWiring({ form, name, label, hint, idPrefix });
  return (
    <Shell id={w.id} label={label} hint={hint} errors={w.errors}>
      <textarea id={w.id} name={name} rows={3} defaultValue={form.value(name)} {...w.aria} {...rest} className={inputClass} />
    </Shell>
  );
}

export function Select({ form, name, label, hint, idPrefix, children, ...rest }: Common & Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "form" | "name">) {
  const w = useWiring({ form, name, label, hint, idPrefix });
  return (
    <Shell id={w.id} label={label} hint={hint} errors={w.errors}>
      <select id={w.id} name={name} defaultValue={form.value(name)} {...w.aria} {...rest} className={inputClass}>{children}</select>
    </Shell>
  );
}

export function Checkbox({ form, name, label, idPrefix }: Common) {
  const w = useWiring({ form, name, label, idPrefix });
  return (
    <div>
      <label htmlFor={w.id} className="inline-flex items-center gap-2 text-sm font-medium text-slate-700">
        <input id={w.id} name={name} type="checkbox" defaultChecked={form.checked(name)} {...w.aria} className="h-4 w-4 rounded border-slate-300" />
        {label}
      </label>
      <ErrorText id={`${w.id}-error`} errors={w.errors} />
    </div>
  );
}
