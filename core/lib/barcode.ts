/**
 * Our own small barcode encoder (no library: a few KB of tables beat a dependency), drawing the
 * labels of /products/barcode as SVG: Code 128 for any printable ASCII text (SKUs, internal codes)
 * and EAN-13 for a valid 13-digit GS1 number. Browser-safe, no imports.
 *
 * - Code 128: starts in set B (printable ASCII) and switches to set C (two digits per symbol) for
 *   runs of digits long enough to save space (4+ at either end, 6+ in the middle), as scanners and
 *   the GS1 guidelines expect; the check symbol is (start + Σ value × position) mod 103.
 * - EAN-13: L/G parity of the left half chosen by the first digit, R codes on the right, guard
 *   bars 101 / 01010 / 101; the 13th digit must be the GS1 check digit (else it is not an EAN-13).
 * - Output is a list of bars in modules (x, width) with the quiet zones the standards ask for
 *   (10 modules for Code 128, 11 left / 7 right for EAN-13), and one SVG path for all the bars:
 *   one element per barcode keeps a page of a thousand labels light.
 */

/** Code 128 symbols 0-106 as bar/space widths (bar first); 106 is the stop (with its final bar). */
const CODE128 = [
  "212222", "222122", "222221", "121223", "121322", "131222", "122213", "122312", "132212", "221213",
  "221312", "231212", "112232", "122132", "122231", "113222", "123122", "123221", "223211", "221132",
  "221231", "213212", "223112", "312131", "311222", "321122", "321221", "312212", "322112", "322211",
  "212123", "212321", "232121", "111323", "131123", "131321", "112313", "132113", "132311", "211313",
  "231113", "231311", "112133", "112331", "132131", "113123", "113321", "133121", "313121", "211331",
  "231131", "213113", "213311", "213131", "311123", "311321", "331121", "312113", "312311", "332111",
  "314111", "221411", "431111", "111224", "111422", "121124", "121421", "141122", "141221", "112214",
  "112412", "122114", "122411", "142112", "142211", "241211", "221114", "413111", "241112", "134111",
  "111242", "121142", "121241", "114212", "124112", "124211", "411212", "421112", "421211", "212141",
  "214121", "412121", "111143", "111341", "131141", "114113", "114311", "411113", "411311", "113141",
  "114131", "311141", "411131", "211412", "211214", "211232", "2331112",
] as const;
export const CODE128_PATTERNS: readonly string[] = CODE128;

const START_B = 104;
const START_C = 105;
const TO_C = 99; // "Code C" in set B
const TO_B = 100; // "Code B" in set C
const STOP = 106;

/** Text Code 128 can carry here: printable ASCII (space to ~), 1-80 characters. */
export const isCode128Text = (text: string) => /^[\x20-\x7e]{1,80}$/.test(text);

const digitRun = (text: string, from: number) => {
  let i = from;
  while (i < text.length && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
  return i - from;
};

/** The symbol values of `text` (start, data, check, stop); throws on text Code 128 cannot carry. */
export function code128Values(text: string): number[] {
  if (!isCode128Text(text)) throw new RangeError("code128: printable ASCII only, 1-80 characters");
  const values: number[] = [];
  const first = digitRun(text, 0);
  let set: "B" | "C" = (first >= 4 && first % 2 === 0) || (first === text.length && first % 2 === 0) ? "C" : "B";
  values.push(set === "C" ? START_C : START_B);
  let i = 0;
  while (i < text.length) {
    if (set === "C") {
      if (digitRun(text, i) >= 2) {
        values.push(Number(text.slice(i, i + 2)));
        i += 2;
        continue;
      }
      values.push(TO_B);
      set = "B";
    }
    const run = digitRun(text, i);
    const atEnd = i + run === text.length;
    if (run >= 6 || (run >= 4 && atEnd)) {
      // An odd run: its first digit goes in set B, the even rest in set C.
      if (run % 2 === 1) values.push(text.charCodeAt(i++) - 32);
      values.push(TO_C);
      set = "C";
      continue;
    }
    values.push(text.charCodeAt(i++) - 32);
  }
  const check = values.reduce((sum, v, pos) => sum + v * Math.max(pos, 1), 0) % 103;
  return [...values, check, STOP];
}

export type Bars = { type: "code128" | "ean13"; text: string; bars: [x: number, width: number][]; width: number };

/** Bars from a string of widths (bar, space, bar …), starting at module `x`. */
function barsOfWidths(widths: string, x: number) {
  const bars: [number, number][] = [];
  for (let i = 0; i < widths.length; i++) {
    const w = Number(widths[i]);
    if (i % 2 === 0) bars.push([x, w]);
    x += w;
  }
  return { bars, x };
}

export function code128(text: string): Bars {
  const quiet = 10;
  const { bars, x } = barsOfWidths(code128Values(text).map((v) => CODE128[v]).join(""), quiet);
  return { type: "code128", text, bars, width: x + quiet };
}

const EAN_L = ["0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111", "0001011"];
// G is R mirrored, R is L inverted (GS1 General Specifications 5.2.2).
const EAN_R = EAN_L.map((p) => [...p].map((b) => (b === "1" ? "0" : "1")).join(""));
const EAN_G = EAN_R.map((p) => [...p].reverse().join(""));
const EAN_PARITY = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL"];

/** The GS1 check digit of the first 12 digits (weights 1, 3, 1, 3 …). */
export function ean13CheckDigit(body12: string): number {
  const sum = [...body12].reduce((acc, d, i) => acc + Number(d) * (i % 2 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10;
}

export const isEan13 = (code: string | null | undefined): code is string =>
  !!code && /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);

/** The 95 modules of an EAN-13 as "1" (bar) and "0" (space). */
export function ean13Modules(code: string): string {
  if (!isEan13(code)) throw new RangeError("ean13: 13 digits with a valid check digit");
  const d = [...code].map(Number);
  const parity = EAN_PARITY[d[0]];
  const left = d.slice(1, 7).map((n, i) => (parity[i] === "L" ? EAN_L[n] : EAN_G[n])).join("");
  const right = d.slice(7).map((n) => EAN_R[n]).join("");
  return `101${left}01010${right}101`;
}

export function ean13(code: string): Bars {
  const left = 11;
  const modules = ean13Modules(code);
  const bars: [number, number][] = [];
  for (let i = 0; i < modules.length; i++) {
    if (modules[i] !== "1") continue;
    const last = bars[bars.length - 1];
    if (last && last[0] + last[1] === left + i) last[1] += 1;
    else bars.push([left + i, 1]);
  }
  return { type: "ean13", text: code, bars, width: left + modules.length + 7 };
}

export type Symbology = "auto" | "code128";

/**
 * The barcode of a label: with "auto", EAN-13 when `code` is a valid EAN-13, else Code 128 of the
 * code (or of the SKU when there is no code or it cannot be carried); "code128" always Code 128.
 * Null when neither can be encoded.
 */
export function labelBarcode(code: string | null | undefined, sku: string, symbology: Symbology = "auto"): Bars | null {
  const value = code?.trim() ?? "";
  if (symbology === "auto" && isEan13(value)) return ean13(value);
  if (isCode128Text(value)) return code128(value);
  // Nothing printable to encode (a SKU with letters outside ASCII): the label shows the text only.
  return isCode128Text(sku) ? code128(sku) : null;
}

/** One SVG path drawing every bar, `height` units tall (viewBox "0 0 width height"). */
export const barsPath = (b: Bars, height: number) => b.bars.map(([x, w]) => `M${x} 0h${w}v${height}h-${w}z`).join("");
