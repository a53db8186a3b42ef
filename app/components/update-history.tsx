/**
 * "View Update History" (spec: profile cards): who changed what and when on one record, in a modal
 * opened by a LINK, `?history=<id>` (app/lib/history.ts), so it works without JavaScript: the page's
 * loader sees the param, fetches one page of GET <resource>/{id}/update-history (loadHistory in
 * app/lib/history.server.ts) and the server renders the modal open. Closing is a link back to the
 * same URL without the param; older/newer pages are links that keep it.
 *
 * With JavaScript the same markup becomes a real modal <dialog> (showModal: the page behind is inert,
 * Tab stays inside, Escape and a click outside close it) and focus goes back to the link that
 * opened it.
 *
 * Pages import the link and the modal from update-history-lazy.tsx (the modal is an island there:
 * this module is fetched after the first load). Usage (a card list or detail page):
 *   loader:    history: await loadHistory(args, (id) => `/v0.0.0/stores/${id}/update-history`)
 *   card:      <HistoryLink id={store.store_branch_id} />
 *   page:      <UpdateHistoryModal history={loaderData.history} title={nameOf(loaderData.history?.id)}
 *                fieldLabel={(f) => t(`fields.${f}`, { defaultValue: f })} />
 * Values are shown as stored (the API keeps names, not ids); null/empty shows "-". Pass valueLabel
 * to turn codes into labels, actionLabel to name your own actions (default widgets:history.actions).
 */
import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useTranslation, type TFunction } from "#app/lib/i18n-react.tsx";
import { formatDateTime } from "#core/lib/format.ts";
import { historySearch, type HistoryData, type HistoryEntry } from "#app/lib/history.ts";
import { buttonClass } from "./button.tsx";
import { historyAnchorId } from "./update-history-lazy.tsx";

export type { HistoryData, HistoryEntry };

type Labels = {
  /** The label of a changed field, in the caller's own namespace. */
  fieldLabel: (field: string) => string;
  /** A value as text (codes → labels). Return undefined to fall back to the default. */
  valueLabel?: (field: string, value: unknown) => string | undefined;
  /** The name of an action (create, update, activate …). Default: widgets:history.actions.<action>. */
  actionLabel?: (action: string) => string;
};

export type UpdateHistoryModalProps = Labels & {
  /** From loadHistory(); null (no `history` param) renders nothing. */
  history: HistoryData | null;
  /** What the history is of, e.g. the store's name; shown under the heading. */
  title?: string;
};

export function UpdateHistoryModal({ history, title, ...labels }: UpdateHistoryModalProps) {
  if (!history) return null;
  // Keyed by record so moving from one record's history to another's starts afresh.
  return <HistoryDialog key={history.id} history={history} title={title} {...labels} />;
}

function HistoryDialog({ history, title, ...labels }: Labels & { history: HistoryData; title?: string }) {
  const { t } = useTranslation("widgets");
  const location = useLocation();
  const navigate = useNavigate();
  const ref = useRef<HTMLDialogElement>(null);
  // Without JavaScript the close link's #anchor brings the reader back to the link that opened the
  // modal; with JavaScript the page has not moved, so it closes in place (no hash, no scrolling).
  const closeTo = { pathname: location.pathname, search: historySearch(location.search, null) };
  const pageTo = (page: number) => ({ pathname: location.pathname, search: historySearch(location.search, history.id, page) });
  const closeRef = useRef(closeTo);
  closeRef.current = closeTo;
  // Server-rendered, the dialog is open in the page with a backdrop of its own; once JavaScript
  // made it modal, the browser's ::backdrop covers the page instead.
  const [modal, setModal] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    // Server-rendered open (not modal): make it a modal dialog now that JavaScript runs.
    if (!dialog.matches(":modal")) {
      if (dialog.open) dialog.close();
      dialog.showModal();
    }
    setModal(true);
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    let leaving = false;
    const close = (e: Event) => {
      // The close event of the server-rendered dialog turned modal above comes late: ignore it.
      if (e.type === "close" && dialog.open) return;
      e.preventDefault();
      if (leaving) return;
      leaving = true;
      void navigate(closeRef.current, { preventScrollReset: true, replace: true });
    };
    // Escape asks to cancel; a browser may also close the dialog on its own (repeated Escape).
    dialog.addEventListener("cancel", close);
    dialog.addEventListener("close", close);
    return () => {
      leaving = true;
      dialog.removeEventListener("cancel", close);
      dialog.removeEventListener("close", close);
      root.style.overflow = overflow;
      const back = opener?.isConnected ? opener : document.getElementById(historyAnchorId(history.id));
      back?.focus({ preventScroll: true });
    };
  }, [navigate, history.id]);

  // Another page of changes: the link that was clicked may be gone, keep the reader in the dialog.
  const heading = useRef<HTMLHeadingElement>(null);
  const firstPage = useRef(history.page);
  useEffect(() => {
    if (history.page === firstPage.current) return;
    if (!ref.current?.contains(document.activeElement)) heading.current?.focus();
  }, [history.page]);

  return (
    <>
      {modal ? null : <div aria-hidden className="fixed inset-0 z-40 bg-slate-900/40" />}
      <dialog
        ref={ref}
        open
        aria-labelledby="update-history-title"
        onClick={(e) => {
          // A click on the backdrop (outside the panel) lands on the dialog element itself.
          if (e.target === e.currentTarget) void navigate(closeTo, { preventScrollReset: true, replace: true });
        }}
        className="fixed inset-0 z-50 m-auto flex h-fit max-h-[85vh] w-[min(40rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-lg border-0 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40"
      >
        <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-5 py-4">
          <div>
            <h2 ref={heading} tabIndex={-1} id="update-history-title" className="text-lg font-semibold text-slate-900 focus:outline-none">{t("history.title")}</h2>
            {title ? <p className="mt-0.5 text-sm text-slate-500">{title}</p> : null}
          </div>
          <Link
            to={{ ...closeTo, hash: historyAnchorId(history.id) }}
            onClick={(e) => {
              e.preventDefault();
              void navigate(closeTo, { preventScrollReset: true, replace: true });
            }}
            className={buttonClass("ghost")}
          >
            <span aria-hidden>✕</span>
            <span>{t("history.close")}</span>
          </Link>
        </div>
        <div className="overflow-y-auto px-5 py-4">
          <UpdateHistoryEntries rows={history.rows} {...labels} />
        </div>
        {history.totalPage > 1 ? (
          <nav aria-label={t("history.pages")} className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 px-5 py-3 text-sm">
            {history.page > 1 ? (
              <Link to={pageTo(history.page - 1)} preventScrollReset replace className={buttonClass("secondary")}>← {t("history.newer")}</Link>
            ) : <span />}
            <span className="text-slate-500">{t("history.page_of", { page: history.page, total: history.totalPage })}</span>
            {history.page < history.totalPage ? (
              <Link to={pageTo(history.page + 1)} preventScrollReset replace className={buttonClass("secondary")}>{t("history.older")} →</Link>
            ) : <span />}
          </nav>
        ) : null}
      </dialog>
    </>
  );
}

/** The changes themselves, newest first: also usable inline (a detail page's latest changes). */
export function UpdateHistoryEntries({ rows, fieldLabel, valueLabel, actionLabel }: Labels & { rows: HistoryEntry[] }) {
  const { t } = useTranslation("widgets");
  if (rows.length === 0) return <p className="text-sm text-slate-500">{t("history.empty")}</p>;
  const action = actionLabel ?? ((a: string) => t(`history.actions.${a}`, { defaultValue: humanize(a) }));
  const value = (field: string, v: unknown) => {
    if (v === null || v === undefined || v === "") return "-";
    return valueLabel?.(field, v) ?? plainValue(v, t);
  };
  return (
    <ol className="space-y-3 text-sm">
      {rows.map((h) => (
        <li key={h.update_history_id} className="border-l-2 border-slate-200 pl-3">
          <p className="font-medium text-slate-800">{action(h.action)}</p>
          <p className="text-xs text-slate-500">
            <time dateTime={new Date(h.time_created * 1000).toISOString()}>{formatDateTime(h.time_created)}</time>
            {" · "}
            {t("history.by", { name: h.user_name })}
          </p>
          {h.changes.length ? (
            <ul className="mt-1 space-y-0.5 text-slate-600">
              {h.changes.map((ch) => (
                <li key={ch.field} className="break-words">
                  <span className="font-medium text-slate-700">{fieldLabel(ch.field)}</span>
                  {": "}
                  <span>{value(ch.field, ch.from)}</span>
                  <span aria-hidden> → </span>
                  <span className="sr-only"> {t("history.changed_to")} </span>
                  <span>{value(ch.field, ch.to)}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

function plainValue(v: unknown, t: TFunction): string {
  if (typeof v === "boolean") return t(v ? "history.yes" : "history.no");
  if (Array.isArray(v)) return v.length ? v.map((x) => (typeof x === "object" && x ? JSON.stringify(x) : String(x))).join(", ") : "-";
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

const humanize = (s: string) => (s.charAt(0).toUpperCase() + s.slice(1)).replace(/_/g, " ");
