/**
 * The filter widget of every list (spec "Profile cards: Filter widget"): a GET form, so the
 * filters live in the URL and work without JavaScript (Apply / Reset). With JavaScript a changed
 * select applies at once and empty fields stay out of the URL. Changing a filter starts again at
 * page 1 (the form has no page field). Fields are keyed by their URL value and the browser's own
 * refill is off, so back and forward always show the filters of the URL.
 */
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { Form, Link, useSubmit } from "react-router";
import { buttonClass, inputClass } from "#app/components/button.tsx";

export function FilterBar({ children, resetTo }: { children: React.ReactNode; resetTo: string }) {
  const { t } = useTranslation("list");
  const submit = useSubmit();
  const apply = (form: HTMLFormElement) => {
    const data = new FormData(form);
    for (const [key, value] of [...data.entries()]) if (value === "") data.delete(key);
    void submit(data, { method: "get", action: form.getAttribute("action") ?? undefined });
  };
  return (
    <Form
      method="get"
      role="search"
      aria-label={t("filter.title")}
      // The URL is the truth: no browser refill of the fields when going back to this page.
      autoComplete="off"
      className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3"
      onChange={(e) => {
        if (e.target instanceof HTMLSelectElement) apply(e.currentTarget);
      }}
      onSubmit={(e) => {
        e.preventDefault();
        apply(e.currentTarget);
      }}
    >
      {children}
      <div className="flex gap-2">
        <button type="submit" className={buttonClass("primary")}>{t("filter.apply")}</button>
        <Link to={resetTo} className={buttonClass("secondary")}>{t("filter.reset")}</Link>
      </div>
    </Form>
  );
}

type Option = { value: string | number; label: string };

/**
 * One select of the filter bar. `key` follows the URL value so back/forward shows the right
 * choice (an uncontrolled field would keep its old one).
 */
export function FilterSelect({ name, label, value, options, allLabel }: {
  name: string; label: string; value: string | number | undefined; options: Option[]; allLabel?: string;
}) {
  const id = `filter-${name}`;
  return (
    <div className="min-w-[9rem] flex-1 sm:flex-none">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">{label}</label>
      <select id={id} name={name} key={String(value ?? "")} defaultValue={value ?? ""} className={inputClass}>
        {allLabel !== undefined ? <option value="">{allLabel}</option> : null}
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    </div>
  );
}
