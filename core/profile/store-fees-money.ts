/**
 * Store fee constants and arithmetic, browser-safe (no Zod, no server code): percentages are kept as integer
 * basis points (250 = 2.5 %) and money as integer rupiah, so nothing is ever a float in storage.
 * Typed text is parsed exactly, character by character, never through parseFloat.
 *
 * The model (see core/profile/store-fees.ts for the whole decision): a fee is `percent_bp` of the
 * sale plus `fixed_amount` rupiah per transaction, for one store and one online channel, or for
 * the store with no channel (every sale of the store). The most specific active fee applies.
 */

import { readRupiah } from "#core/lib/money.ts";
import { CHANNEL_TYPE_FILTERS } from "./profile-enums.ts";

/** The list's channel_type filter: an online channel type (0, 2, 3, 4), or "none" for the store-wide fees ("All channels"). */
export const STORE_FEE_CHANNEL_FILTERS = ["none", ...CHANNEL_TYPE_FILTERS] as const;

export const MAX_PERCENT_BP = 10_000; // 100 %
/** A fixed fee above Rp 1.000.000.000 per transaction is a typing mistake. */
export const MAX_FIXED_AMOUNT = 1_000_000_000;

export type PercentError = "invalid" | "decimals" | "range";

/**
 * A percentage as typed ("2.5", "2,5", "2.5 %", "20", or a JSON number) → basis points, or why not:
 * `decimals` for more than two decimals ("2.555"), `range` for below 0 or above 100, `invalid` else.
 */
export function parsePercent(raw: unknown): { bp: number } | { error: PercentError } {
  let text: string;
  if (typeof raw === "number") {
    if (!Number.isFinite(raw)) return { error: "invalid" };
    text = String(raw);
  } else if (typeof raw === "string") text = raw;
  else return { error: "invalid" };
  text = text.trim().replace(/\s*%$/, "").trim();
  if (/^-\s*\d/.test(text)) return { error: "range" };
  const m = /^(\d+)(?:[.,](\d+))?$/.exec(text);
  if (!m) return { error: "invalid" };
  const [, whole, frac = ""] = m;
  if (frac.length > 2) return { error: "decimals" };
  if (whole.length > 3) return { error: "range" };
  const bp = Number(whole) * 100 + Number(frac.padEnd(2, "0"));
  if (bp > MAX_PERCENT_BP) return { error: "range" };
  return { bp };
}

/** "2.5" (the language-neutral decimal form of a percentage, as the API answers and history keeps it). */
export function percentText(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const frac = String(bp % 100).padStart(2, "0").replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : String(whole);
}

/** A percentage for people: "2.5%" in English, "2,5 %" in Indonesian. */
export function formatPercent(bp: number, locale: string): string {
  const text = percentText(bp);
  return locale === "id" ? `${text.replace(".", ",")} %` : `${text}%`;
}

/**
 * Rupiah as a seller types them: "1.000", "1000", "Rp 1.000", "Rp. 25.000" → 1000 … Dots are
 * thousands separators only (groups of three); decimals ("1.000,50"), blanks inside, signs and
 * other text → null. The reader is core/lib/money.ts (readRupiah), which also says why not.
 */
export function parseRupiah(raw: unknown): number | null {
  const r = readRupiah(raw);
  return "value" in r ? r.value : null;
}

/** "1.000" (thousands with dots, no currency sign): how an amount is shown back in its input. */
export const rupiahInput = (n: number) => String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ".");

export type Fee = { storeId: number; channelId: number | null; percentBp: number; fixedAmount: number; status: number };

/** The fee that applies to a sale of `storeId` through `channelId` (null: the store's own till). */
export function applicableFee<F extends Fee>(fees: F[], storeId: number, channelId: number | null): F | null {
  const active = fees.filter((f) => f.status === 1 && f.storeId === storeId);
  return (channelId !== null ? active.find((f) => f.channelId === channelId) : undefined) ?? active.find((f) => f.channelId === null) ?? null;
}

/**
 * The fee in rupiah on a sale of `amount` rupiah: the percentage rounded half up to whole rupiah,
 * plus the fixed amount. Integer arithmetic (BigInt), exact for any amount.
 */
export function feeAmount(amount: number, fee: Pick<Fee, "percentBp" | "fixedAmount">): number {
  const percent = (BigInt(Math.trunc(amount)) * BigInt(fee.percentBp) + 5000n) / 10000n;
  return Number(percent) + fee.fixedAmount;
}
