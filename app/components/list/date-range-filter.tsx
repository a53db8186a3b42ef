/**
 * The date filter's fields in a list's FilterBar (app/lib/date-range.ts has the rules): the
 * shortcut select, and — once chosen — the two day fields of Set Date or the month field of
 * Monthly. A GET form like the rest of the bar: without JavaScript, Apply shows the extra fields.
 */
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { DATE_SHORTCUTS, monthInput, todayInput, type DateFilter } from "#app/lib/date-range.ts";
import { inputClass } from "#app/components/button.tsx";
import { FilterSelect } from "./filter-bar.tsx";

function Field({ name, type, label, value, max }: { name: string; type: "date" | "month"; label: string; value: string | undefined; max: string }) {
  return (
    <div className="min-w-[9rem] flex-1 sm:flex-none">
      <label htmlFor={`filter-${name}`} className="mb-1 block text-xs font-medium text-slate-600">{label}</label>
      <input id={`filter-${name}`} type={type} name={name} key={value ?? ""} defaultValue={value} max={max} className={inputClass} />
    </div>
  );
}

export function DateRangeFilter({ value, anyTime = true }: { value: DateFilter; anyTime?: boolean }) {
  const { t } = useTranslation("list");
  return (
    <>
      <FilterSelect name="date" label={t("dates.label")} value={value.date} allLabel={anyTime ? t("dates.any_time") : undefined}
        options={DATE_SHORTCUTS.map((d) => ({ value: d, label: t(`dates.${d}`) }))} />
      {value.date === "custom" ? (
        <>
          <Field name="date_from" type="date" label={t("dates.from")} value={value.date_from} max={todayInput()} />
          <Field name="date_to" type="date" label={t("dates.to")} value={value.date_to} max={todayInput()} />
        </>
      ) : null}
      {value.date === "monthly" ? <Field name="month" type="month" label={t("dates.month_pick")} value={value.month ?? monthInput()} max={monthInput()} /> : null}
    </>
  );
}
