/**
 * Offerings (services, gift vouchers, vouchers, packages) constants shared by the API and the
 * pages. Browser-safe: no imports but other browser-safe modules.
 *
 * Decisions where the spec is silent:
 * - Validity is a WIB calendar-day range, both ends included (valid_from 00:00 WIB to valid_until
 *   23:59:59 WIB); the forms and the API take days as YYYY-MM-DD (the spec's date pickers output).
 * - A validity state is derived, never stored, with the promotion labels of spec section 4:
 *   upcoming (not started), ongoing, ended (past valid_until), empty (a voucher's quota is used up,
 *   or every code of a gift voucher is redeemed).
 * - Service durations are stored in minutes and typed as a number plus a unit (minutes, hours,
 *   days; spec section 9: default unit Days).
 * - Money is integer rupiah up to Rp 1.000.000.000 (more is a typing mistake).
 */
import { WIB_OFFSET_MS } from "#core/lib/time.ts";

export const OFFERING_KINDS = ["service", "gift_voucher", "voucher", "package"] as const;
export type OfferingKind = (typeof OFFERING_KINDS)[number];

export const VALIDITY_STATES = ["upcoming", "ongoing", "ended", "empty"] as const;
export type ValidityState = (typeof VALIDITY_STATES)[number];

export const DISCOUNT_TYPES = ["percent", "amount"] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export const DURATION_UNITS = { minute: 1, hour: 60, day: 1440 } as const;
export type DurationUnit = keyof typeof DURATION_UNITS;
export const DEFAULT_DURATION_UNIT: DurationUnit = "day";
/** 90 days: a tailoring or a made-to-order service may take weeks, not months. */
export const MAX_DURATION_MINUTES = 90 * 1440;

export const MAX_MONEY = 1_000_000_000;
export const MAX_GIFT_VOUCHER_CODES = 1000;
export const MAX_VOUCHER_QUOTA = 1_000_000;
export const MAX_PACKAGE_ITEMS = 30;
export const MAX_ITEM_QUANTITY = 999;

/** The largest unit a duration divides into evenly: 120 → 2 hours, 2880 → 2 days, 45 → 45 minutes. */
export function durationParts(minutes: number): { value: number; unit: DurationUnit } {
  if (minutes % DURATION_UNITS.day === 0) return { value: minutes / DURATION_UNITS.day, unit: "day" };
  if (minutes % DURATION_UNITS.hour === 0) return { value: minutes / DURATION_UNITS.hour, unit: "hour" };
  return { value: minutes, unit: "minute" };
}

/** The derived validity state at `now` (unix seconds), `empty` when nothing is left to use. */
export function validityState(from: number, until: number, nothingLeft: boolean, now = Math.floor(Date.now() / 1000)): ValidityState {
  if (now > until) return "ended";
  if (nothingLeft) return "empty";
  return now < from ? "upcoming" : "ongoing";
}

/** "YYYY-MM-DD" of a unix time, as the WIB day (the date inputs' value). */
export function wibDay(unixSeconds: number): string {
  return new Date(unixSeconds * 1000 + WIB_OFFSET_MS).toISOString().slice(0, 10);
}

/** Gift voucher codes: 12 characters without look-alikes (no 0/O, 1/I/L), shown in groups of four. */
export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const formatCode = (code: string) => code.replace(/(.{4})(?=.)/g, "$1-");
