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
export function SearchBox({ value, placeholder, name = "search" }: { value: string; placeholder?: string; name?: string }) {
  const { t } = useTranslation("list");
  const input = useRef<HTMLInputElement>(null);
  const shown = useRef(value);
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
        className={inputClass}
      />
    </div>
  );
}
