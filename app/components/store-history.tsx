/**
 * "View Update History" of a store: the link (?history=<id>, works without JavaScript) and the
 * modal (app/components/update-history.tsx) with the store's field names and coded values as
 * labels. The modal's module is fetched after the first load (store-lazy.tsx): it is only shown
 * when the URL asks for it, and the server renders it as usual (the page's loader awaits
 * UpdateHistoryModal.ready()).
 */
import { Link, useLocation } from "react-router";
import { useTranslation } from "~/lib/i18n-react.tsx";
import { historySearch, type HistoryData } from "../lib/history.ts";
import { island } from "./store-lazy.tsx";

export const UpdateHistoryModal = island(() => import("./update-history.tsx").then((m) => m.UpdateHistoryModal));

/** The link that opens the modal (same anchor id as the widget's own link, so focus comes back to it). */
export function StoreHistoryLink({ id, children }: { id: number; children: React.ReactNode }) {
  const location = useLocation();
  return (
    <Link id={`history-link-${id}`} to={{ pathname: location.pathname, search: historySearch(location.search, id) }} preventScrollReset
      className="text-brand-700 hover:underline">
      {children}
    </Link>
  );
}

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
