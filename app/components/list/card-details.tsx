/**
 * The body of a list card (a store's, a channel's), shown for the card the URL opens
 * (`?open=<id>`): the "Details of …" link opens and closes it, with and without JavaScript, and
 * the list page sends the body of that card only — collapsed bodies of maps, channel lists and
 * forms that few sellers open made most of a card list's HTML.
 *
 *   <CardDetails label={t("card.details", { name })} open={open} toggleHref={…}>…body…</CardDetails>
 */
import type { ReactNode } from "react";
import { Link } from "react-router";

export function CardDetails({ label, open, toggleHref, children }: {
  label: string;
  open: boolean;
  /** The list's URL with this card opened, or closed when it is open (cardToggleHref). */
  toggleHref: string;
  children: ReactNode;
}) {
  return (
    <div className="border-t border-slate-100">
      <Link
        to={toggleHref}
        preventScrollReset
        aria-expanded={open}
        className="flex items-center justify-between gap-2 px-4 py-2 text-sm font-medium text-brand-700 hover:bg-slate-50 focus-visible:outline-offset-[-2px]"
      >
        <span>{label}</span>
        <svg aria-hidden viewBox="0 0 20 20" className={`h-4 w-4 transition-transform ${open ? "rotate-180" : ""}`} fill="currentColor">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </Link>
      {open ? children : null}
    </div>
  );
}

/** The list's URL (`pathname` + `query`, the list's own "?…") toggling card `id` (anchored at `#<anchor>`). */
export function cardToggleHref(pathname: string, query: string, id: number, open: boolean, anchor: string) {
  const params = new URLSearchParams(query);
  params.delete("open");
  if (!open) params.set("open", String(id));
  const q = params.toString();
  return `${pathname}${q ? `?${q}` : ""}#${anchor}`;
}
