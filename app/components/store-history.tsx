/**
 * "View Update History" of a store: the modal (app/components/update-history.tsx) with the store's
 * field names and coded values as labels. The link is HistoryLink and the modal the island of
 * update-history-lazy.tsx: fetched after the first load, only when the URL asks for it, and
 * rendered by the server as usual (loadHistory awaits UpdateHistoryModal.ready()).
 */
import { useTranslation } from "#app/lib/i18n-react.tsx";
import type { HistoryData } from "#app/lib/history.ts";
import { UpdateHistoryModal } from "./update-history-lazy.tsx";

export { UpdateHistoryModal };

export function StoreHistoryModal({ history, title }: { history: HistoryData | null; title?: string }) {
  const { t } = useTranslation("store");
  if (!history) return null;
  return (
    <UpdateHistoryModal
      history={history}
      title={title}
      fieldLabel={(f) => t(`fields.${f}`, { defaultValue: f })}
      actionLabel={(a) => t(`history.actions.${a}`, { defaultValue: a })}
      valueLabel={(field, value) => {
        if (field === "type") return t(`profile:store_types.${value}`, { defaultValue: String(value) });
        if (field === "status") return t(Number(value) === 1 ? "profile:status.active" : "profile:status.inactive");
        if (field === "delivery_address_type") return t(`delivery_types.${value}`, { defaultValue: String(value) });
        if (field === "partnership_status") return t(`profile:partnership_status.${value}`, { defaultValue: String(value) });
        return undefined;
      }}
    />
  );
}
