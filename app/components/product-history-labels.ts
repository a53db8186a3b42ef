/**
 * The labels of a product's update-history modal (GET /v0.0.0/products/{id}/update-history): the
 * fields the editor writes (core/catalog/product-save.ts snapshot: name, sku, status, gender,
 * combinations …), the mass update's (product_name, price, compare_at_price, images and stock
 * columns "loc:s12" / "loc:w3p4") and the listing's actions (activate, sync_to_master, delete).
 * Codes become words (status, gender, order type), money reads "Rp. 150.000", a stock column
 * is named after its location. Plain functions: nothing here weighs on the page's JavaScript.
 */
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { GENDER_AUDIENCES } from "#core/catalog/product-enums.ts";
import { formatRupiah } from "#core/lib/format.ts";

const MONEY = new Set(["price", "compare_at_price"]);

export function useProductHistoryLabels(locations: { key: string; name: string }[]) {
  const { t } = useTranslation("product");
  const locationOf = (field: string) => (field.startsWith("loc:") ? locations.find((l) => l.key === field.slice(4)) : undefined);
  return {
    fieldLabel: (field: string) => {
      if (field.startsWith("loc:")) return t("update_history.stock_at", { name: locationOf(field)?.name ?? field.slice(4) });
      return t(`update_history.fields.${field}`, { defaultValue: field });
    },
    valueLabel: (field: string, value: unknown): string | undefined => {
      if (MONEY.has(field) && typeof value === "number") return formatRupiah(value);
      if (field === "status" && typeof value === "string") return t(`update_history.status.${value}`, { defaultValue: value });
      if (field === "gender" && (GENDER_AUDIENCES as readonly unknown[]).includes(value)) return t(`gender.${value}`);
      if (field === "stock_type" && (typeof value === "number" || typeof value === "string")) return t(`stock_type.${value}`, { defaultValue: String(value) });
      return undefined;
    },
    actionLabel: (action: string) => t(`update_history.actions.${action}`, { defaultValue: t(`widgets:history.actions.${action}`, { defaultValue: action }) }),
  };
}
