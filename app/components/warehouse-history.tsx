/**
 * The labels the update-history modal (app/components/update-history.tsx) needs for warehouses,
 * factories and store fees: field names, codes turned into their labels (type, region, status),
 * numbers formatted, and the partition actions named. A page adds its own values with `extra`
 * (the store fee page: percentages and rupiah), so the lists load no code they do not use.
 */
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { formatNumber } from "#core/lib/format.ts";

export function useSiteHistoryLabels(kind: "warehouse" | "factory" | "store_fee", extra?: (field: string, value: unknown) => string | undefined) {
  const { t } = useTranslation("site");
  return {
    fieldLabel: (field: string) => t(`${kind}.fields.${field}`, { defaultValue: t(`fields.${field}`, { defaultValue: field }) }),
    valueLabel: (field: string, value: unknown): string | undefined => {
      const own = extra?.(field, value);
      if (own !== undefined) return own;
      switch (field) {
        case "type":
          return t(`profile:warehouse_types.${value}`, { defaultValue: String(value) });
        case "region":
          return t(`profile:warehouse_regions.${value}`, { defaultValue: String(value) });
        case "status":
          return t(`status.${Number(value) === 1 ? 1 : 0}`);
        case "monthly_capacity":
          return t("factory.capacity_value", { count: Number(value), value: formatNumber(Number(value)) });
        default:
          return undefined;
      }
    },
    actionLabel: (action: string) => t(`history.actions.${action}`, { defaultValue: t(`widgets:history.actions.${action}`, { defaultValue: action }) }),
  };
}
