/**
 * Buttons and the input look, apart from the form kit so pages without forms don't load Conform.
 */
import { useNavigation } from "react-router";

/**
 * The input look without a width: for a field that sets its own (`${inputBase} w-24`). Two width
 * classes on one element are decided by the stylesheet's order, not the class list's. The looks
 * themselves (.field, .btn) are app.css's.
 */
export const inputBase = "field";
/** The input look, full width (most fields). */
export const inputClass = `${inputBase} w-full`;

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
  return `btn btn-${variant}`;
}
