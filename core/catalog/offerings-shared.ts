/**
 * The Zod pieces the four offering bodies share (services.ts, gift-vouchers.ts, vouchers.ts,
 * packages.ts), used by the API and by the web's actions alike (server side only), and the
 * validity rules the dated ones (gift vouchers, vouchers) share. Messages are
 * translation keys of the web's `offering` namespace (or `validation`), which the API translates too.
 *
 * Money is typed as a seller types it ("150.000", "Rp 150.000") or sent as a JSON integer, and is
 * parsed exactly into whole rupiah (readRupiah, core/lib/money.ts, never parseFloat); dots and
 * commas mixed or blanks inside are refused with how to write it (MONEY_SEPARATORS).
 */
import { z } from "zod";
import { Refused } from "#core/errors.ts";
import { WIB_OFFSET_MS, DAY_MS, wibDayStart } from "#core/lib/time.ts";
import { MONEY_SEPARATORS, readRupiah } from "#core/lib/money.ts";
import { MAX_MONEY } from "./offering-enums.ts";
import { blank, imageField, nameField, statusFilter } from "#core/profile/warehouses-shared.ts";

export { blank, imageField, nameField, statusFilter };

/** Whole rupiah, 0 … MAX_MONEY; `min` 1 makes 0 refused too. Blank is "required" unless `optional`. */
export function moneyField(opts: { min?: number } = {}) {
  const min = opts.min ?? 0;
  return z.preprocess((v) => (v === null ? "" : v), z.unknown()).transform((v, ctx) => {
    if (v === undefined || v === "") ctx.addIssue({ code: "custom", message: "required" });
    else if (typeof v === "string" && /^\s*-/.test(v)) ctx.addIssue({ code: "custom", message: "number_min_zero" });
    else if (typeof v === "number" && v < 0) ctx.addIssue({ code: "custom", message: "number_min_zero" });
    else {
      const r = readRupiah(v);
      if ("error" in r) ctx.addIssue({ code: "custom", message: r.error === "separators" ? MONEY_SEPARATORS : "offering:errors.money_format" });
      else if (r.value < min) ctx.addIssue({ code: "custom", message: "offering:errors.money_positive" });
      else if (r.value > MAX_MONEY) ctx.addIssue({ code: "custom", message: "offering:errors.money_too_large" });
      else return r.value;
    }
    return z.NEVER;
  });
}

/** Like moneyField, but blank means "none" (undefined). */
export const optionalMoney = () => z.preprocess((v) => (v === "" || v === null ? undefined : v), moneyField().optional());

/** A whole number between min and max, from a form's text or JSON. */
export const intField = (min: number, max: number) => z.preprocess((v) => (v === "" || v === null ? undefined : v),
  z.coerce.number({ error: "required" }).refine(Number.isFinite, "invalid").int("offering:errors.whole_number").min(min, min === 0 ? "number_min_zero" : "offering:errors.at_least_one").max(max, "offering:errors.too_large"));

/** A SKU: letters, digits, dash, dot, underscore and slash, at most 50 characters. */
export const skuField = z.string({ error: "required" }).trim().min(1, "required").max(50, "too_long")
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, "offering:errors.sku_format");

export const descriptionField = blank(z.string().trim().max(2000, "too_long"));

/** A WIB calendar day "YYYY-MM-DD" that exists. */
export const dayField = z.string({ error: "required" }).trim().min(1, "required")
  .regex(/^\d{4}-\d{2}-\d{2}$/, "offering:errors.date_format")
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && d.getUTCFullYear() >= 2000 && d.getUTCFullYear() <= 2100;
  }, "offering:errors.date_format");

/** The instant a WIB day begins, and the last second of it. */
export const dayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - WIB_OFFSET_MS);
export const dayEnd = (day: string) => new Date(dayStart(day).getTime() + DAY_MS - 1000);

/** A validity that is over before today is refused (a new voucher, or new dates on an old one). */
export function checkNotOver(until: Date) {
  if (until < wibDayStart()) throw new Refused("api:errors.validation", { valid_until: ["offering:errors.until_past"] });
}

/** valid_until on or after valid_from (a one-day validity is fine). Checked even when another field failed. */
export function validityOrder(v: { valid_from?: unknown; valid_until?: unknown }, ctx: z.RefinementCtx) {
  if (!v || typeof v !== "object") return;
  if (typeof v.valid_from === "string" && typeof v.valid_until === "string" && v.valid_until < v.valid_from) {
    ctx.addIssue({ code: "custom", path: ["valid_until"], message: "offering:errors.until_before_from" });
  }
}

/** The list query filters every offering list shares: search, status 1|0 and the sort code. */
export const offeringFilters = z.object({
  search: z.string().trim().max(100, "too_long").optional(),
  status: statusFilter,
  sort: z.coerce.number().int().min(1, "invalid").max(6, "invalid").default(2),
});

/** The status name key of an offering (profile:status.* as every 1/0 list). */
export const statusKey = (status: number) => (status === 1 ? "profile:status.active" : "profile:status.inactive");
