/**
 * What the order print pages (/orders/print-invoice, print-label, print-picklist,
 * selected-picklist) read from their URL. Browser-safe: the toolbar builds its links with it.
 *
 * Decisions where the spec is silent:
 * - Orders come as `ids=1,2,3` (a link) or repeated `id=1&id=2` (the list's tick boxes sent by a
 *   GET form); both may be mixed. Duplicates count once and the order given is kept. Anything that
 *   is not a positive whole number is ignored (a hand-edited URL), like an absent id.
 * - At most 150 orders in one print: everything one page of the order list (up to 150 rows) can
 *   tick, and the most the API's picklist and printed-mark calls take in one go.
 * - Two papers: `a4` (210 × 297 mm, an office printer) and `label` (100 × 150 mm, the thermal label
 *   printers couriers and marketplaces ask for). Shipping labels default to `label`, the rest to
 *   `a4`; any other value falls back to the view's default.
 */
import type { orderDetail } from "#core/orders/detail.ts";
import type { picklist } from "#core/orders/picklist.ts";

export const MAX_PRINT_ORDERS = 150;
export const PAPERS = ["a4", "label"] as const;
export type Paper = (typeof PAPERS)[number];
export const PRINT_VIEWS = ["print-invoice", "print-label", "print-picklist", "selected-picklist"] as const;
export type PrintView = (typeof PRINT_VIEWS)[number];
/** What a print marks on the orders (PUT /v0.0.0/orders/printed). */
export type PrintKind = "invoice" | "label" | "picklist";

export const KIND_OF: Record<PrintView, PrintKind> = {
  "print-invoice": "invoice",
  "print-label": "label",
  "print-picklist": "picklist",
  "selected-picklist": "picklist",
};
export const DEFAULT_PAPER: Record<PrintView, Paper> = {
  "print-invoice": "a4",
  "print-label": "label",
  "print-picklist": "a4",
  "selected-picklist": "a4",
};

export type PrintParams = { ids: number[]; paper: Paper };

export function readPrintParams(q: URLSearchParams, view: PrintView): PrintParams {
  const raw = [...q.getAll("ids").flatMap((s) => s.split(",")), ...q.getAll("id")];
  const ids: number[] = [];
  for (const part of raw) {
    const s = part.trim();
    if (!/^\d{1,9}$/.test(s)) continue;
    const n = Number(s);
    if (n > 0 && !ids.includes(n)) ids.push(n);
  }
  const paper = q.get("paper");
  return { ids, paper: (PAPERS as readonly string[]).includes(paper ?? "") ? (paper as Paper) : DEFAULT_PAPER[view] };
}

/** The query of a print view: the compact `ids` form, and the paper when it is not the default. */
export function printQuery(view: PrintView, p: PrintParams): string {
  const q = new URLSearchParams({ ids: p.ids.join(",") });
  if (p.paper !== DEFAULT_PAPER[view]) q.set("paper", p.paper);
  return q.toString();
}

/** What the pages read from the API (types only: the browser gets no API code). */
export type PrintOrder = Awaited<ReturnType<typeof orderDetail>>;
export type Picklist = Awaited<ReturnType<typeof picklist>>;
/** Whether opening the view marked the orders printed (null: not tried, e.g. a prefetch). */
export type PrintMark = { ok: true } | { ok: false; message: string } | null;

export type PrintBase = {
  view: PrintView;
  params: PrintParams;
  title: string;
  businessName: string;
  /** When the page was made (unix s): printed on picklists; fixed on the server so the hydrated page agrees. */
  now: number;
  problem: { key: "empty" | "too_many"; count: number; max: number } | null;
  mark: PrintMark;
};
