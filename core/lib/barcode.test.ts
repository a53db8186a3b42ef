/**
 * The barcode encoder (core/lib/barcode.ts) against the standards: known symbol sequences, the
 * Code 128 table's own invariants, and a scanner-like decoder that reads any encoded text back.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  barsPath, CODE128_PATTERNS, code128, code128Values, ean13, ean13CheckDigit, ean13Modules, isCode128Text, isEan13, labelBarcode,
} from "./barcode.ts";

/** Reads bars back into symbol values, as a scanner would (widths → table). */
function scanCode128(bars: [number, number][]): number[] {
  const widths: number[] = [];
  for (let i = 0; i < bars.length; i++) {
    widths.push(bars[i][1]);
    if (i + 1 < bars.length) widths.push(bars[i + 1][0] - (bars[i][0] + bars[i][1]));
  }
  const values: number[] = [];
  let i = 0;
  while (i < widths.length) {
    const isStop = widths.length - i === 7;
    const n = isStop ? 7 : 6;
    const pattern = widths.slice(i, i + n).join("");
    const v = CODE128_PATTERNS.indexOf(pattern);
    if (v < 0) throw new Error(`unknown pattern ${pattern}`);
    values.push(v);
    i += n;
  }
  return values;
}

/** Symbol values → text (sets B and C), checking the check symbol. */
function decodeValues(values: number[]): string {
  const [start, ...rest] = values;
  const stop = rest.pop();
  const check = rest.pop()!;
  expect(stop).toBe(106);
  const sum = [start, ...rest].reduce((acc, v, pos) => acc + v * Math.max(pos, 1), 0) % 103;
  expect(sum).toBe(check);
  let set = start === 105 ? "C" : "B";
  let text = "";
  for (const v of rest) {
    if (set === "B" && v === 99) set = "C";
    else if (set === "C" && v === 100) set = "B";
    else text += set === "C" ? String(v).padStart(2, "0") : String.fromCharCode(v + 32);
  }
  return text;
}

describe("Code 128 table", () => {
  it("has 107 distinct symbols of 11 modules (stop 13), bars even and spaces odd", () => {
    expect(CODE128_PATTERNS).toHaveLength(107);
    expect(new Set(CODE128_PATTERNS).size).toBe(107);
    CODE128_PATTERNS.forEach((p, v) => {
      const w = [...p].map(Number);
      expect(w.reduce((a, b) => a + b, 0)).toBe(v === 106 ? 13 : 11);
      if (v < 106) {
        expect((w[0] + w[2] + w[4]) % 2).toBe(0);
        expect((w[1] + w[3] + w[5]) % 2).toBe(1);
      }
    });
  });
});

describe("code128Values", () => {
  it("encodes text in set B with the check symbol (the 'Wikipedia' example: check 88)", () => {
    expect(code128Values("Wikipedia")).toEqual([104, 55, 73, 75, 73, 80, 69, 68, 73, 65, 88, 106]);
  });

  it("packs an even run of digits in set C (12345678: check 47)", () => {
    expect(code128Values("12345678")).toEqual([105, 12, 34, 56, 78, 47, 106]);
  });

  it("switches to set C for a long run at the end, an odd run's first digit staying in B", () => {
    expect(code128Values("ABC123456").slice(0, -2)).toEqual([104, 33, 34, 35, 99, 12, 34, 56]);
    expect(code128Values("X12345").slice(0, -2)).toEqual([104, 56, 17, 99, 23, 45]);
    expect(code128Values("1234A").slice(0, -2)).toEqual([105, 12, 34, 100, 33]);
    // Short runs in the middle are cheaper in B.
    expect(code128Values("KBP-001-COK-M").slice(0, 2)).toEqual([104, 43]);
    expect(code128Values("KBP-001-COK-M")).not.toContain(99);
  });

  it("refuses text outside printable ASCII", () => {
    expect(isCode128Text("Kaos é")).toBe(false);
    expect(isCode128Text("")).toBe(false);
    expect(() => code128Values("tab\there")).toThrow(RangeError);
  });

  it("reads back any printable text exactly, with the quiet zones of 10 modules", () => {
    fc.assert(fc.property(fc.stringMatching(/^[\x20-\x7e]{1,40}$/), (text) => {
      const b = code128(text);
      expect(b.bars[0][0]).toBe(10);
      const [lx, lw] = b.bars[b.bars.length - 1];
      expect(b.width - (lx + lw)).toBe(10);
      expect(decodeValues(scanCode128(b.bars))).toBe(text);
    }));
  });

  it("is never longer than plain set B", () => {
    fc.assert(fc.property(fc.stringMatching(/^[0-9A-Z-]{1,30}$/), (text) => {
      expect(code128Values(text).length).toBeLessThanOrEqual(text.length + 3);
    }));
  });
});

describe("EAN-13", () => {
  it("checks the GS1 check digit", () => {
    expect(ean13CheckDigit("400638133393")).toBe(1);
    expect(isEan13("4006381333931")).toBe(true);
    expect(isEan13("5901234123457")).toBe(true);
    expect(isEan13("4006381333932")).toBe(false);
    expect(isEan13("400638133393")).toBe(false);
    expect(isEan13("40063813339X1")).toBe(false);
    expect(isEan13(null)).toBe(false);
  });

  it("draws 95 modules: guards 101 / 01010 / 101, left parity from the first digit, right R codes", () => {
    const m = ean13Modules("4006381333931");
    expect(m).toHaveLength(95);
    expect(m.slice(0, 3)).toBe("101");
    expect(m.slice(45, 50)).toBe("01010");
    expect(m.slice(92)).toBe("101");
    // Left digits 0,0,6,3,8,1 with first digit 4's parity LGLLGG.
    const left = Array.from({ length: 6 }, (_, i) => m.slice(3 + i * 7, 10 + i * 7));
    expect(left).toEqual(["0001101", "0100111", "0101111", "0111101", "0001001", "0110011"]);
    // L codes have an odd number of bars' modules, G codes an even one: the parity spells LGLLGG.
    expect(left.map((c) => ([...c].filter((b) => b === "1").length % 2 ? "L" : "G")).join("")).toBe("LGLLGG");
    // Right digits 3,3,3,9,3,1 are R codes: always starting with a bar and ending with a space.
    const right = Array.from({ length: 6 }, (_, i) => m.slice(50 + i * 7, 57 + i * 7));
    expect(right[0]).toBe("1000010");
    expect(right[3]).toBe("1110100");
    expect(right.every((c) => c[0] === "1" && c[6] === "0")).toBe(true);
  });

  it("places the bars after an 11-module quiet zone and leaves 7 after", () => {
    const b = ean13("5901234123457");
    expect(b.bars[0]).toEqual([11, 1]);
    expect(b.width).toBe(11 + 95 + 7);
    expect(b.bars.reduce((s, [, w]) => s + w, 0)).toBe([...ean13Modules("5901234123457")].filter((x) => x === "1").length);
  });

  it("refuses a code that is not an EAN-13", () => {
    expect(() => ean13Modules("1234567890123")).toThrow(RangeError);
  });
});

describe("labelBarcode", () => {
  it("uses EAN-13 for a valid EAN-13, else Code 128 of the code, else of the SKU", () => {
    expect(labelBarcode("4006381333931", "SKU-1")?.type).toBe("ean13");
    expect(labelBarcode("4006381333931", "SKU-1", "code128")).toMatchObject({ type: "code128", text: "4006381333931" });
    expect(labelBarcode("4006381333932", "SKU-1")).toMatchObject({ type: "code128", text: "4006381333932" });
    expect(labelBarcode(null, "KBP-001-COK-M")).toMatchObject({ type: "code128", text: "KBP-001-COK-M" });
    expect(labelBarcode("  ", "KBP-001")).toMatchObject({ type: "code128", text: "KBP-001" });
    expect(labelBarcode(null, "Kaos é")).toBeNull();
  });

  it("draws every bar as one path", () => {
    const b = code128("AB");
    const path = barsPath(b, 50);
    expect(path.match(/M/g)).toHaveLength(b.bars.length);
    expect(path.startsWith("M10 0h2v50h-2z")).toBe(true);
  });
});
