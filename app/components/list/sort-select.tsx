import { useTranslation } from "#app/lib/i18n-react.tsx";
import { DEFAULT_SORT, SORTS } from "#app/lib/list-params.ts";
import { FilterSelect } from "./filter-bar.tsx";

/** Sort codes with the spec's labels; lists that offer fewer (online channels: 1–4) pass `sorts`. */
export function SortSelect({ value, sorts = SORTS }: { value: number; sorts?: readonly number[] }) {
  const { t } = useTranslation("list");
  return (
    <FilterSelect
      name="sort"
      label={t("filter.sort")}
      value={value ?? DEFAULT_SORT}
      options={sorts.map((s) => ({ value: s, label: t(`sort.${s}`) }))}
    />
  );
}
