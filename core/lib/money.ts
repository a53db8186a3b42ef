/**
 * The one reader of typed rupiah (browser-safe, no Zod): every money input — the offering forms,
 * the store fees, the product editor and its API, the bulk sheets — reads a seller's text here.
 * Money is whole rupiah, so there are no decimals to read; a separator only groups thousands.
 *
 * Accepted: plain digits ("1250000"), digits grouped in threes by dots ("1.250.000", the
 * Indonesian way), and — where the caller says so (`commas`, the product editor and the sheets,
 * which always took them) — grouped in threes by commas ("1,250,000"). An "Rp" / "Rp." prefix,
 * with or without a space after it, is allowed; a JSON number must be a safe integer ≥ 0.
 *
 * Refused as `separators`, never guessed: dots and commas mixed ("1,000.000", "12.345,678",
 * "1.000,50") and blanks inside the number ("1 000", "1\t000") — one reader takes "1,000.000" for
 * a million, another for a thousand, and a guess would store the wrong price. The message tells
 * the seller how to write it ("use dots for thousands, e.g. 1.250.000"). Anything else that is
 * not a whole amount (letters, a sign, "1.00", "12,5") is `invalid`; so is a grouped number whose
 * first group starts with 0 ("0.500", "00.250", "01.000"): nobody groups thousands that way, and
 * "0.500" is half a rupiah to an English reader — the money parsing fuzz found it read as 500
 * (tests/api/money-parse-fuzz.test.ts). Digits of other scripts ("١٢٣", "１２３") are `invalid` too.
 */

export type RupiahError = "invalid" | "separators";

/** The translation key of the `separators` refusal (in locales/{en,id}/validation.json). */
export const MONEY_SEPARATORS = "validation:money_separators";

/** Typed or sent rupiah → whole rupiah, or why not (see the header). */
export function readRupiah(raw: unknown, opts: { commas?: boolean } = {}): { value: number } | { error: RupiahError } {
  // `+ 0` makes a JSON -0 the 0 it means (Object.is(-0, 0) is false; an amount is never signed).
  if (typeof raw === "number") return Number.isSafeInteger(raw) && raw >= 0 ? { value: raw + 0 } : { error: "invalid" };
  if (typeof raw !== "string") return { error: "invalid" };
  const text = raw.trim().replace(/^rp\.?\s*/i, "");
  let digits: string | null = null;
  if (/^\d+$/.test(text)) digits = text;
  else if (/^[1-9]\d{0,2}(\.\d{3})+$/.test(text)) digits = text.replace(/\./g, "");
  else if (opts.commas && /^[1-9]\d{0,2}(,\d{3})+$/.test(text)) digits = text.replace(/,/g, "");
  if (digits === null) {
    // Only digits and separators, but dots with commas or a blank between digits: ambiguous.
    const ambiguous = /^[\d.,\s]+$/.test(text) && /\d/.test(text) && ((text.includes(".") && text.includes(",")) || /\s/.test(text));
    return { error: ambiguous ? "separators" : "invalid" };
  }
  const n = Number(digits);
  return Number.isSafeInteger(n) ? { value: n } : { error: "invalid" };
}
