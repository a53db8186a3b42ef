/**
 * Messages of the form kit (form.tsx, which re-exports these): the first message under a field in
 * red, the form's own messages above it. Its own module so a page that only shows a message (a
 * plain form of its own) does not load the whole kit; import it from here in that case.
 *
 * Messages are translation keys (Zod: "required", "company:errors.x") or text the API translated.
 */
import { useTranslation } from "#app/lib/i18n-react.tsx";

const KEY = /^[a-z][\w-]*(:[\w.-]+)?$|^[a-z_]+(\.[a-z_]+)+$/;

/** A message as text: translation keys are translated, the API's text is shown as it is. */
export function useErrorText() {
  const { t } = useTranslation("validation");
  return (message?: string | null) => (message && KEY.test(message) ? t(message.includes(":") ? message : `validation:${message}`) : message ?? undefined);
}

export function FieldError({ id, errors }: { id?: string; errors?: string[] | null }) {
  const text = useErrorText();
  if (!errors?.length) return null;
  return <p id={id} className="mt-1 text-sm text-red-600">{text(errors[0])}</p>;
}

export function FormErrors({ errors }: { errors?: string[] | null }) {
  const text = useErrorText();
  if (!errors?.length) return null;
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {errors.map((e, i) => <p key={i}>{text(e)}</p>)}
    </div>
  );
}
