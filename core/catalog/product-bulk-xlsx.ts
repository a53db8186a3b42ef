/**
 * The .xlsx side of bulk add and mass update: writing a template sheet and reading an uploaded one
 * back into plain text cells, plus the cell parsers every template shares.
 *
 * Decisions where the spec is silent:
 * - Row 1 of every data sheet is hidden and holds the column keys (`product_name`, `sku`, `loc:w3`);
 *   row 2 holds the headers in the language of whoever downloaded it. Columns are found by their
 *   key, so a file downloaded in Indonesian can be uploaded from the English pages, and a seller
 *   may move or hide columns. Data starts at row 3; row numbers in messages are Excel's own.
 * - Money cells take whole rupiah: 289000, 289.000, 289,000 or "Rp 289.000" (a fraction is refused,
 *   never rounded; dots and commas mixed or blanks inside are refused, not guessed). Dimensions in cm take one decimal ("12,5" or "12.5").
 */
import ExcelJS from "exceljs";
import { Refused } from "#core/errors.ts";
import { MONEY_SEPARATORS, readRupiah } from "#core/lib/money.ts";

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/** An uploaded template is at most this big and this long (a bigger catalogue is split into files). */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_ROWS = 2000;
export const DATA_SHEET = "Data";
const FIRST_DATA_ROW = 3;

export type Column = { key: string; header: string; width?: number; list?: string; info?: boolean; required?: boolean };

/**
 * Adds the data sheet: hidden key row, bold header row (required columns marked *, read-only ones
 * grey), frozen under the headers, and a drop-down (`list`, a range on the lists sheet) on the
 * first `validRows` data rows.
 */
export function addDataSheet(wb: ExcelJS.Workbook, columns: Column[], rows: Record<string, unknown>[], validRows = 500) {
  const ws = wb.addWorksheet(DATA_SHEET, { views: [{ state: "frozen", ySplit: 2 }] });
  ws.columns = columns.map((c) => ({ key: c.key, width: c.width ?? 18 }));
  const keys = ws.getRow(1);
  keys.values = columns.map((c) => c.key);
  keys.hidden = true;
  const head = ws.getRow(2);
  head.values = columns.map((c) => (c.required ? `${c.header} *` : c.header));
  head.font = { bold: true };
  columns.forEach((c, i) => {
    if (c.info) head.getCell(i + 1).fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFE2E8F0" } };
  });
  for (const r of rows) ws.addRow(columns.map((c) => r[c.key] ?? null));
  const last = Math.max(rows.length + FIRST_DATA_ROW - 1, validRows + FIRST_DATA_ROW - 1);
  columns.forEach((c, i) => {
    if (!c.list) return;
    for (let n = FIRST_DATA_ROW; n <= last; n++) {
      ws.getCell(n, i + 1).dataValidation = { type: "list", allowBlank: true, formulae: [c.list], showErrorMessage: false };
    }
  });
  return ws;
}

/** A sheet of lists (brands, categories…) for the drop-downs: column per list; answers each list's range. */
export function addListSheet(wb: ExcelJS.Workbook, name: string, lists: { header: string; values: string[] }[]) {
  const ws = wb.addWorksheet(name);
  const ranges: string[] = [];
  lists.forEach((l, i) => {
    const col = ws.getColumn(i + 1);
    col.width = Math.min(60, Math.max(16, ...l.values.map((v) => v.length + 2)));
    ws.getCell(1, i + 1).value = l.header;
    ws.getCell(1, i + 1).font = { bold: true };
    l.values.forEach((v, n) => (ws.getCell(n + 2, i + 1).value = v));
    const letter = col.letter;
    ranges.push(`'${name}'!$${letter}$2:$${letter}$${Math.max(2, l.values.length + 1)}`);
  });
  return ranges;
}

/** A sheet of guidance: one line per column. */
export function addGuideSheet(wb: ExcelJS.Workbook, name: string, lines: [string, string][]) {
  const ws = wb.addWorksheet(name);
  ws.columns = [{ width: 28 }, { width: 90 }];
  for (const [a, b] of lines) ws.addRow([a, b]);
  ws.getColumn(1).font = { bold: true };
}

export const workbookBuffer = async (wb: ExcelJS.Workbook) => Buffer.from(await wb.xlsx.writeBuffer());

/** An .xlsx is a zip: its first bytes are "PK\x03\x04". */
export const looksLikeXlsx = (data: Buffer) => data.length > 4 && data.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

export type SheetRow = { rowNo: number; cells: Record<string, string> };

/**
 * The data rows of an uploaded template as trimmed text per column key; blank rows are left out.
 * A file that is no template of ours (no key row) is a 422 on `file`.
 */
export async function readDataRows(data: Buffer, expectedKeys: string[]): Promise<SheetRow[]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw fileError("api-product-bulk:file.unreadable");
  }
  const ws = wb.getWorksheet(DATA_SHEET) ?? wb.worksheets[0];
  if (!ws) throw fileError("api-product-bulk:file.not_template");
  const keyRow = ws.getRow(1);
  const keyAt = new Map<number, string>();
  keyRow.eachCell((cell, col) => {
    const key = cellText(cell.value);
    if (key) keyAt.set(col, key);
  });
  const found = new Set(keyAt.values());
  if (!expectedKeys.every((k) => found.has(k))) throw fileError("api-product-bulk:file.not_template");
  const rows: SheetRow[] = [];
  ws.eachRow({ includeEmpty: false }, (row, rowNo) => {
    if (rowNo < FIRST_DATA_ROW) return;
    const cells: Record<string, string> = {};
    let any = false;
    for (const [col, key] of keyAt) {
      const text = cellText(row.getCell(col).value);
      cells[key] = text;
      if (text) any = true;
    }
    if (any) rows.push({ rowNo, cells });
  });
  if (!rows.length) throw fileError("api-product-bulk:file.empty");
  if (rows.length > MAX_ROWS) throw new Refused("api-product-bulk:file.too_many_rows", { file: ["api-product-bulk:file.too_many_rows"] }, { max: MAX_ROWS });
  return rows;
}

const fileError = (key: string) => new Refused(key, { file: [key] });

/** A cell's value as the seller sees it (formulas by their result, rich text joined). */
export function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "string") return v.trim();
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "";
  if (typeof v === "boolean") return v ? "1" : "0";
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === "object") {
    if ("result" in v) return cellText((v as { result?: ExcelJS.CellValue }).result ?? null);
    if ("richText" in v) return v.richText.map((r) => r.text).join("").trim();
    if ("text" in v) return cellText((v as { text: ExcelJS.CellValue }).text);
    if ("error" in v) return "";
  }
  return String(v).trim();
}

/**
 * Whole rupiah or a count: "289000", "289.000", "289,000", "Rp. 289.000". Null when not one;
 * wholeError says why (mixed dots and commas, or blanks inside, are refused, not guessed).
 */
export function parseWhole(text: string): number | null {
  const r = readRupiah(text, { commas: true });
  return "value" in r ? r.value : null;
}

/** The message for a cell parseWhole refused: how to write thousands, or `fallback` (not a whole number). */
export const wholeError = (text: string, fallback: string) => {
  const r = readRupiah(text, { commas: true });
  return "error" in r && r.error === "separators" ? MONEY_SEPARATORS : fallback;
};

/** A length in cm with at most one decimal ("12", "12,5", "12.5") as whole millimetres. */
export function parseCmToMm(text: string): number | null {
  const m = /^(\d+)(?:[.,](\d))?$/.exec(text.replace(/\s/g, ""));
  if (!m) return null;
  return Number(m[1]) * 10 + Number(m[2] ?? 0);
}

/** Millimetres as the template shows them in cm. */
export const mmToCmText = (mm: number) => (mm % 10 === 0 ? String(mm / 10) : (mm / 10).toFixed(1));
