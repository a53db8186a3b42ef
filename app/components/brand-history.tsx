/**
 * Labels of a brand's update history for the shared UpdateHistoryModal (app/components/update-history.tsx):
 * field names ("notes.title" → "Note title"), action names, and values the API stores as codes
 * (status, partnership status) or as URLs (logo, banner picture).
 */
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { BRAND_STATUS } from "#core/profile/profile-enums.ts";

export function useBrandHistoryLabels() {
  const { t } = useTranslation("brand");
  return {
    fieldLabel: (field: string) => t(`history.fields.${field}`, { defaultValue: field }),
    actionLabel: (action: string) => t(`history.actions.${action}`, { defaultValue: action }),
    valueLabel: (field: string, value: unknown): string | undefined => {
      if (field === "status") return t(Number(value) === BRAND_STATUS.active ? "profile:status.active" : "profile:status.inactive");
      if (field === "partnership_status") return t(`profile:partnership_status.${value}`, { defaultValue: String(value) });
      if (field === "social-media.type") return t(`profile:social_media.${value}`, { defaultValue: String(value) });
      if (field === "image" || field === "banners.image") return t("history.new_image");
      if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value.split("-").reverse().join("-");
      return undefined;
    },
  };
}
