/**
 * The product picker's form state (app/lib/product-picker.ts): what each of its buttons does to
 * the selection, the same from a GET query (barcode labels) and a POST body (packages).
 */
import { describe, expect, it } from "vitest";
import { decodeLines, encodeLines, lineFields, readPickerForm } from "./product-picker.ts";

const query = (pairs: [string, string][]) => new URLSearchParams(pairs);
const form = (pairs: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of pairs) f.append(k, v);
  return f;
};
const selection: [string, string][] = [["items[0].variant_id", "12"], ["items[0].qty", "3"], ["items[1].variant_id", "15"], ["items[1].qty", "1"]];

describe("readPickerForm", () => {
  it("adds the ticked results with their quantities, adding to a line already chosen", () => {
    for (const make of [query, form]) {
      const s = readPickerForm(make([...selection, ["picker", "add"], ["picker_pick", "15"], ["picker_qty_15", "2"], ["picker_pick", "20"], ["picker_qty_20", ""], ["picker_qty_21", "9"]]));
      expect(s.op).toEqual({ kind: "add" });
      expect(s.lines.map((l) => [l.variant_id, l.qty])).toEqual([[12, 3], [15, 3], [20, 1]]);
    }
  });

  it("refuses the whole add when a ticked result's quantity is wrong, keeping what was typed", () => {
    const s = readPickerForm(query([...selection, ["picker", "add"], ["picker_pick", "20"], ["picker_qty_20", "2"], ["picker_pick", "21"], ["picker_qty_21", "0"]]));
    expect(s.lines.map((l) => [l.variant_id, l.qty])).toEqual([[12, 3], [15, 1]]);
    expect(s.pending).toEqual([{ variant_id: 20, qty: 2, qtyText: "2" }, { variant_id: 21, qty: null, qtyText: "0" }]);
  });

  it("removes one line, clears all, keeps a wrong quantity as typed and flags it", () => {
    expect(readPickerForm(query([...selection, ["picker", "remove:12"]])).lines.map((l) => l.variant_id)).toEqual([15]);
    expect(readPickerForm(query([...selection, ["picker", "clear"]])).lines).toEqual([]);
    const bad = readPickerForm(query([["items[0].variant_id", "12"], ["items[0].qty", "1000"], ["items[1].variant_id", "13"], ["items[1].qty", "dua"]]));
    expect(bad.lines).toEqual([{ variant_id: 12, qty: null, qtyText: "1000" }, { variant_id: 13, qty: null, qtyText: "dua" }]);
  });

  it("searches from page 1, pages with the page buttons, and keeps the search text", () => {
    expect(readPickerForm(query([["picker", "search"], ["picker_search", "  kaos "], ["picker_page", "4"]]))).toMatchObject({ search: "kaos", page: 1 });
    expect(readPickerForm(query([["picker", "page:3"], ["picker_search", "kaos"], ["picker_page", "2"]]))).toMatchObject({ search: "kaos", page: 3 });
    expect(readPickerForm(query([["picker_page", "2"]]))).toMatchObject({ page: 2, op: { kind: "none" } });
  });

  it("ignores duplicate and malformed lines", () => {
    const s = readPickerForm(query([["items[0].variant_id", "12"], ["items[0].qty", "1"], ["items[1].variant_id", "12"], ["items[1].qty", "5"], ["items[2].variant_id", "x"], ["items[2].qty", "1"]]));
    expect(s.lines.map((l) => l.variant_id)).toEqual([12]);
  });
});

describe("the selection in a URL", () => {
  it("round-trips through items=12:3,15:1 and the items[i] fields", () => {
    const lines = decodeLines("12:3,15:1,12:9,bad,16:0");
    expect(lines.map((l) => [l.variant_id, l.qty])).toEqual([[12, 3], [15, 1]]);
    expect(encodeLines(lines)).toBe("12:3,15:1");
    expect(readPickerForm(query(lineFields(lines))).lines).toEqual(lines);
  });
});
