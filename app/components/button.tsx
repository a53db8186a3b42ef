/**
 * Buttons and the input look, apart from the form kit so pages without forms don't load Conform.
 */
import { useNavigation } from "react-router";

/**
 * The input look without a width: for a field that sets its own (`${inputBase} w-24`). Two width
 * classes on one element are decided by the stylesheet's order, not the class list's.
 * The focus ring is the brand colour itself: a pale ring was invisible on a bright phone screen.
 */
export const inputBase =
  "block rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/60 aria-[invalid=true]:border-red-500";
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
  const base = "inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:cursor-not-allowed disabled:opacity-60";
  return {
    primary: `${base} bg-brand-600 text-white hover:bg-brand-700`,
    secondary: `${base} border border-slate-300 bg-white text-slate-700 hover:bg-slate-50`,
    danger: `${base} bg-red-600 text-white hover:bg-red-700`,
    ghost: `${base} text-slate-700 hover:bg-slate-100`,
  }[variant];
}
