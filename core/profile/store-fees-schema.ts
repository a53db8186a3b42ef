/**
 * The inputs of a store fee (core/profile/store-fees.ts): the body shared by the API and the web's
 * form, the form's own amount as a seller types it, and the list filters shared by the list call
 * and the export job. Percentages become basis points and money whole rupiah here, exactly.
 */
import { z } from "zod";
import { MONEY_SEPARATORS, readRupiah } from "#core/lib/money.ts";
import { MAX_FIXED_AMOUNT, parsePercent, STORE_FEE_CHANNEL_FILTERS } from "./store-fees-money.ts";
import { blank, statusFilter } from "./warehouses-shared.ts";

const PERCENT_ERRORS = { invalid: "site:errors.percent_invalid", decimals: "site:errors.percent_decimals", range: "site:errors.percent_range" };

/** A percentage as typed or sent, exactly → basis points (blank is 0 %). */
const percentField = z.preprocess((v) => (v === undefined || v === null || v === "" ? "0" : v), z.unknown()).transform((v, ctx) => {
  const parsed = parsePercent(v);
  if ("error" in parsed) {
    ctx.addIssue({ code: "custom", message: PERCENT_ERRORS[parsed.error] });
    return z.NEVER;
  }
  return parsed.bp;
});

/** Integer rupiah: a JSON integer or a string of digits (blank is 0). The web turns "1.000" into 1000 first. */
const amountField = z.preprocess((v) => (v === undefined || v === null || v === "" ? 0 : v), z.unknown()).transform((v, ctx) => {
  const n = typeof v === "number" ? v : typeof v === "string" && /^\s*-?\d+\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isFinite(n) || !Number.isInteger(n)) ctx.addIssue({ code: "custom", message: "site:errors.amount_whole" });
  else if (n < 0) ctx.addIssue({ code: "custom", message: "number_min_zero" });
  else if (n > MAX_FIXED_AMOUNT) ctx.addIssue({ code: "custom", message: "site:errors.too_large" });
  else return n;
  return z.NEVER;
});

export const storeFeeBody = z.object({
  store_id: z.coerce.number({ error: "required" }).int().positive("required"),
  // No channel: the fee of every sale of the store ("All channels").
  channel_id: blank(z.coerce.number({ error: "invalid" }).int().positive("invalid")),
  percent: percentField,
  fixed_amount: amountField,
  note: blank(z.string().trim().max(500, "too_long")),
});
export type StoreFeeBody = z.infer<typeof storeFeeBody>;

/**
 * The web's form: the same fields, but the amount as a seller types it ("1.000", "Rp 25.000"),
 * turned into whole rupiah (the body takes integers only, as the API does).
 */
export const storeFeeForm = storeFeeBody.extend({
  fixed_amount: z.preprocess((v) => (v === undefined || v === null || v === "" ? "0" : v), z.unknown()).transform((v, ctx) => {
    if (typeof v === "string" && /^\s*-/.test(v)) ctx.addIssue({ code: "custom", message: "number_min_zero" });
    else {
      const r = readRupiah(v);
      if ("error" in r) ctx.addIssue({ code: "custom", message: r.error === "separators" ? MONEY_SEPARATORS : "site:errors.amount_format" });
      else if (r.value > MAX_FIXED_AMOUNT) ctx.addIssue({ code: "custom", message: "site:errors.too_large" });
      else return r.value;
    }
    return z.NEVER;
  }),
});

export const storeFeeFilters = z.object({
  search: z.string().trim().max(100, "too_long").optional(),
  status: statusFilter,
  store_id: blank(z.coerce.number().int().positive("invalid")),
  channel_id: blank(z.coerce.number().int().positive("invalid")),
  channel_type: blank(z.enum(STORE_FEE_CHANNEL_FILTERS, { error: "invalid" })),
  sort: z.coerce.number().int().min(1, "invalid").max(6, "invalid").default(2),
});
export type StoreFeeFilters = z.infer<typeof storeFeeFilters>;
