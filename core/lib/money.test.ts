/**
 * The one reader of typed rupiah (core/lib/money.ts): what is accepted, and ambiguous separators
 * refused as `separators` (issue 12), never guessed.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { readRupiah } from "./money.ts";
import { formatRupiah } from "./format.ts";

const value = (raw: unknown, opts?: { commas?: boolean }) => {
  const r = readRupiah(raw, opts);
  return "value" in r ? r.value : r.error;
};

describe("readRupiah", () => {
  it("reads plain digits and dots grouping thousands, with or without Rp", () => {
    expect(["0", "1000", "1.000", "1.250.000", " 150.000 ", "Rp 25.000", "Rp. 1.250.000", "rp1.000", "Rp.150000"].map((s) => value(s)))
      .toEqual([0, 1000, 1000, 1250000, 150000, 25000, 1250000, 1000, 150000]);
  });

  it("reads JSON integers, and refuses fractions, negatives and non-numbers", () => {
    expect([0, 1250000, 1000.5, -1, Number.NaN, Infinity, null, undefined, {}].map((v) => value(v)))
      .toEqual([0, 1250000, "invalid", "invalid", "invalid", "invalid", "invalid", "invalid", "invalid"]);
  });

  it("reads commas grouping thousands only where the caller allows them", () => {
    expect(value("1,250,000", { commas: true })).toBe(1250000);
    expect(value("Rp 289,000", { commas: true })).toBe(289000);
    expect(value("1,250,000")).toBe("invalid");
  });

  it("refuses mixed separators and blanks inside as `separators`, with commas allowed or not", () => {
    for (const commas of [false, true]) {
      for (const s of ["1,000.000", "12.345,678", "1.000,50", "1,000.00", "1\t000", "1 000", "150 000", "1.000 000", "Rp 1 250 000", "1\u00a0000"]) {
        expect([s, commas, value(s, { commas })]).toEqual([s, commas, "separators"]);
      }
    }
  });

  it("refuses other text as `invalid`", () => {
    for (const s of ["", "Rp", "abc", "-1000", "+1000", "1.00", "1.0000", "12,5", ".000", "1..000", "1.000.", "1,000,00", "1e6", "0x10", "Rp -5", "satu juta"]) {
      expect([s, value(s, { commas: true })]).toEqual([s, "invalid"]);
    }
  });

  it("refuses amounts beyond a safe integer", () => {
    expect(value("9.999.999.999.999.999.999")).toBe("invalid");
  });

  it("reads back every amount as formatRupiah shows it (property)", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (n) => {
      expect(value(formatRupiah(n))).toBe(n);
      expect(value(String(n))).toBe(n);
    }), { seed: 12, numRuns: 500 });
  });
});
