import { useTranslation } from "#app/lib/i18n-react.tsx";
import { inputClass } from "#app/components/button.tsx";

/** The filter bar's search field: applied with Enter or the Apply button. */
export function SearchBox({ value, placeholder, name = "search" }: { value: string; placeholder?: string; name?: string }) {
  const { t } = useTranslation("list");
  return (
    <div className="min-w-[15rem] flex-[2]">
      <label htmlFor={`filter-${name}`} className="mb-1 block text-xs font-medium text-slate-600">{t("filter.search")}</label>
      <input
        id={`filter-${name}`}
        type="search"
        name={name}
        key={value}
        defaultValue={value}
        placeholder={placeholder}
        maxLength={100}
        className={inputClass}
      />
    </div>
  );
}
