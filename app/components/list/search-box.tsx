import { useEffect, useRef } from "react";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { inputClass } from "#app/components/button.tsx";

/**
 * The filter bar's search field: applied with Enter or the Apply button. The field stays the same
 * element when the URL's search changes (a new element would drop the keyboard focus after each
 * search), and shows the URL's search whenever that changes (a search, Reset, Back); a reload of
 * the same URL (a realtime refresh) leaves what is being typed alone. Nor does the page waking up:
 * on a slow phone a seller types before the JavaScript has loaded, and hydration must not put the
 * URL's search back over it (the first run of the effect is skipped).
 */
/**
 * `emit` (the inbox's search, spec section 5): with JavaScript the search also applies by itself
 * 1 s after typing stops, from `emit` characters on (shorter, or emptied: no search). Without
 * JavaScript it is the plain GET form's field.
 */
export function SearchBox({ value, placeholder, name = "search", emit }: { value: string; placeholder?: string; name?: string; emit?: number }) {
  const { t } = useTranslation("list");
  const input = useRef<HTMLInputElement>(null);
  const shown = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onInput = emit === undefined ? undefined : (e: React.FormEvent<HTMLInputElement>) => {
    const field = e.currentTarget;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const typed = field.value.trim();
      // Shorter than `emit` is no search (the list's core ignores it too): sent only to clear one.
      const now = (s: string) => (s.length >= emit ? s : "");
      if (now(typed) === now(shown.current.trim())) return;
      field.form?.requestSubmit();
    }, 1000);
  };
  useEffect(() => {
    if (shown.current === value) return;
    shown.current = value;
    if (input.current) input.current.value = value;
  }, [value]);
  return (
    <div className="min-w-[15rem] flex-[2]">
      <label htmlFor={`filter-${name}`} className="mb-1 block text-xs font-medium text-slate-600">{t("filter.search")}</label>
      <input
        id={`filter-${name}`}
        type="search"
        name={name}
        ref={input}
        defaultValue={value}
        placeholder={placeholder}
        maxLength={100}
        onInput={onInput}
        className={inputClass}
      />
    </div>
  );
}
