/**
 * Field messages of the brand forms (brand-fields.tsx): the first message under a field in red, the
 * form's own messages above it. Messages are translation keys (Zod) or text the API already
 * translated. Its own module so a page with one plain form does not load the whole kit.
 */
import { useTranslation } from "~/lib/i18n-react.tsx";

const KEY = /^[a-z][\w-]*(:[\w.-]+)?$|^[a-z_]+(\.[a-z_]+)+$/;

/** Messages are translation keys (Zod) or text the API already translated. */
export function useMessage() {
  const { t } = useTranslation("validation");
  return (message: string) => (KEY.test(message) ? t(message.includes(":") ? message : `validation:${message}`) : message);
}

export function ErrorText({ id, errors }: { id: string; errors?: string[] | null }) {
  const message = useMessage();
  if (!errors?.length) return null;
  return <p id={id} className="mt-1 text-sm text-red-600">{message(errors[0])}</p>;
}

export function FormErrorList({ errors }: { errors?: string[] | null }) {
  const message = useMessage();
  if (!errors?.length) return null;
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {errors.map((e, i) => <p key={i}>{message(e)}</p>)}
    </div>
  );
}

