/**
 * The product picker's form state, shared by the server helper and the component (browser-safe:
 * no runtime imports). The picker lives inside a page's own <form> (GET for barcode labels, POST for a
 * package), so it works without JavaScript: its buttons are submit buttons named `picker`, and
 * the page's loader/action reads them with readPickerForm and re-renders.
 *
 * Field names (all inside the host form):
 *   picker_search               the search text
 *   picker=search | add | clear | remove:<variant_id> | page:<n>   the picker's submit buttons
 *   picker_pick=<variant_id>    a checked search result (several)
 *   picker_qty_<variant_id>     the quantity typed next to a search result (default 1)
 *   items[i].variant_id, items[i].qty   the selection so far (hidden id + editable quantity)
 *
 * Decisions where the spec is silent:
 * - Adding a variant that is already selected adds the quantities (picking "Kaos M × 2" twice is 4).
 * - A selection holds at most 100 variants; quantities are whole numbers 1…PICKER_MAX_QTY.
 *   A bad quantity is kept as typed and flagged (the host refuses to go on until it is fixed).
 */
import type { PickerItem } from "#core/catalog/product-picker.ts";

export const PICKER_MAX_ITEMS = 100;
export const PICKER_MAX_QTY = 999;

export type PickerLine = { variant_id: number; qty: number | null; qtyText: string };
export type PickerOp = { kind: "search" | "add" | "clear" | "none" } | { kind: "remove"; id: number } | { kind: "page"; page: number };
/**
 * `pending`: the ticked search results of an "add" that was refused because a quantity next to
 * one of them is wrong; they are shown again ticked, with what was typed and the message.
 */
export type PickerState = { search: string; page: number; lines: PickerLine[]; op: PickerOp; pending: PickerLine[] };

/** Whether the state can be saved: every chosen and every pending quantity is right, nothing pending. */
export const pickerValid = (s: Pick<PickerState, "lines" | "pending">) => !s.pending.length && s.lines.every((l) => l.qty !== null);

type Fields = { get(name: string): unknown; getAll(name: string): unknown[]; forEach?: unknown };

const str = (v: unknown) => (typeof v === "string" ? v : "");
const entries = (f: URLSearchParams | FormData) => [...(f as URLSearchParams).entries()] as [string, unknown][];

/** A typed quantity: a whole number in 1…max, else null (shown as an error under the field). */
export function parseQty(text: string, max = PICKER_MAX_QTY): number | null {
  const t = text.trim();
  if (!/^\d{1,6}$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 && n <= max ? n : null;
}

function readOp(raw: string): PickerOp {
  if (raw === "search" || raw === "add" || raw === "clear") return { kind: raw };
  const remove = /^remove:(\d+)$/.exec(raw);
  if (remove) return { kind: "remove", id: Number(remove[1]) };
  const page = /^page:(\d+)$/.exec(raw);
  if (page) return { kind: "page", page: Math.max(1, Number(page[1])) };
  return { kind: "none" };
}

/** The selection as submitted (items[i].variant_id / items[i].qty), in form order, ids unique. */
export function readLines(fields: URLSearchParams | FormData, max = PICKER_MAX_QTY): PickerLine[] {
  const byIndex = new Map<number, { id?: number; qty?: string }>();
  for (const [key, value] of entries(fields)) {
    const m = /^items\[(\d+)\]\.(variant_id|qty)$/.exec(key);
    if (!m) continue;
    const row = byIndex.get(Number(m[1])) ?? {};
    if (m[2] === "variant_id" && /^\d+$/.test(str(value))) row.id = Number(value);
    if (m[2] === "qty") row.qty = str(value);
    byIndex.set(Number(m[1]), row);
  }
  const lines: PickerLine[] = [];
  for (const [, row] of [...byIndex].sort((a, b) => a[0] - b[0])) {
    if (!row.id || lines.some((l) => l.variant_id === row.id)) continue;
    const qtyText = row.qty ?? "1";
    lines.push({ variant_id: row.id, qty: parseQty(qtyText, max), qtyText });
  }
  return lines.slice(0, PICKER_MAX_ITEMS);
}

/** Reads the picker's fields and applies the pressed button (add, remove, clear) to the selection. */
export function readPickerForm(fields: URLSearchParams | FormData, max = PICKER_MAX_QTY): PickerState {
  const f = fields as unknown as Fields;
  const op = readOp(str(f.get("picker")));
  const search = str(f.get("picker_search")).trim().slice(0, 100);
  let lines = readLines(fields, max);
  let page = op.kind === "page" ? op.page : Math.max(1, Number(str(f.get("picker_page"))) || 1);
  if (op.kind === "search") page = 1;
  if (op.kind === "clear") lines = [];
  if (op.kind === "remove") lines = lines.filter((l) => l.variant_id !== op.id);
  let pending: PickerLine[] = [];
  if (op.kind === "add") {
    const picks = f.getAll("picker_pick").map((raw) => Number(str(raw))).filter((id) => Number.isSafeInteger(id) && id > 0)
      .map((id) => {
        const qtyText = str(f.get(`picker_qty_${id}`)).trim() || "1";
        return { variant_id: id, qty: parseQty(qtyText, max), qtyText };
      });
    // One wrong quantity refuses the whole add: nothing is half done, and what was typed comes back.
    if (picks.some((p) => p.qty === null)) pending = picks;
    else {
      for (const { variant_id: id, qty } of picks) {
        const line = lines.find((l) => l.variant_id === id);
        if (line) {
          const sum = Math.min((line.qty ?? 0) + qty!, max);
          Object.assign(line, { qty: sum, qtyText: String(sum) });
        } else if (lines.length < PICKER_MAX_ITEMS) lines.push({ variant_id: id, qty, qtyText: String(qty) });
      }
    }
  }
  return { search, page, lines, op, pending };
}

/** The picker's state for a saved selection (an edit page before any button was pressed). */
export const pickerStateOf = (lines: { variant_id: number; qty: number }[], search = ""): PickerState => ({
  search, page: 1, op: { kind: "none" }, pending: [], lines: lines.map((l) => ({ variant_id: l.variant_id, qty: l.qty, qtyText: String(l.qty) })),
});

/** The selection as a short URL value: "12:3,15:1" (variant id : quantity). */
export const encodeLines = (lines: { variant_id: number; qty: number | null }[]) =>
  lines.filter((l) => l.qty).map((l) => `${l.variant_id}:${l.qty}`).join(",");

export function decodeLines(value: string | null, max = PICKER_MAX_QTY): PickerLine[] {
  const lines: PickerLine[] = [];
  for (const part of (value ?? "").split(",")) {
    const m = /^(\d+):(\d+)$/.exec(part.trim());
    if (!m || lines.some((l) => l.variant_id === Number(m[1]))) continue;
    const qty = parseQty(m[2], max);
    if (qty) lines.push({ variant_id: Number(m[1]), qty, qtyText: m[2] });
  }
  return lines.slice(0, PICKER_MAX_ITEMS);
}

/** The hidden form fields that carry a selection through another form (items[i].*). */
export const lineFields = (lines: { variant_id: number; qty: number | null; qtyText?: string }[]) =>
  lines.flatMap((l, i) => [[`items[${i}].variant_id`, String(l.variant_id)], [`items[${i}].qty`, l.qtyText ?? String(l.qty ?? "")]] as [string, string][]);

/** One variant as GET /v0.0.0/products/filter answers it (a type only: no API code reaches the browser). */
export type { PickerItem };

export type PickerData = {
  search: string;
  page: number;
  totalPage: number;
  totalRecord: number;
  results: PickerItem[];
  selected: (PickerLine & { item: PickerItem })[];
  /** Ticked results of a refused add, with the typed quantities (see PickerState). */
  pending: PickerLine[];
};
