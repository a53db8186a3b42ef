/**
 * What a page imports for "View Update History": the link that opens the modal and the modal as an
 * island (store-lazy.tsx). The modal's module (update-history.tsx) is fetched after the first load
 * and only when a history is shown; the server renders it completely (loadHistory in
 * app/lib/history.server.ts awaits UpdateHistoryModal.ready()), so it works without JavaScript.
 */
import { Link, useLocation } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { historySearch } from "#app/lib/history.ts";
import { island } from "./store-lazy.tsx";
import type { UpdateHistoryModalProps } from "./update-history.tsx";

export type { UpdateHistoryModalProps };

/** The anchor id of record `id`'s link: the modal gives focus back to it when it closes. */
export const historyAnchorId = (id: number) => `history-link-${id}`;

/** The link that opens the modal on record `id`, keeping the page's other params. */
export function HistoryLink({ id, children, className }: { id: number; children?: React.ReactNode; className?: string }) {
  const { t } = useTranslation("widgets");
  const location = useLocation();
  return (
    <Link
      id={historyAnchorId(id)}
      to={{ pathname: location.pathname, search: historySearch(location.search, id) }}
      preventScrollReset
      className={className ?? "text-sm font-medium text-brand-700 hover:underline"}
    >
      {children ?? t("history.view")}
    </Link>
  );
}

const Modal = island(() => import("./update-history.tsx").then((m) => m.UpdateHistoryModal));

/** The modal; nothing (and no fetch) while the URL asks for no history. */
export function UpdateHistoryModal(props: UpdateHistoryModalProps) {
  return props.history ? <Modal {...props} /> : null;
}
/** Await in the loader (server side) before rendering a history: loadHistory does. */
UpdateHistoryModal.ready = Modal.ready;
