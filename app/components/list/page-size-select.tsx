import { useTranslation } from "#app/lib/i18n-react.tsx";
import { PAGE_SIZES } from "#app/lib/list-params.ts";
import { FilterSelect } from "./filter-bar.tsx";

/** Rows per page: 10, 20, 50, 100, 150 (spec section 9). */
export function PageSizeSelect({ value }: { value: number }) {
  const { t } = useTranslation("list");
  return (
    <FilterSelect
      name="limit"
      label={t("filter.page_size")}
      value={value}
      options={PAGE_SIZES.map((n) => ({ value: n, label: t("filter.per_page", { count: n }) }))}
    />
  );
}
