/**
 * Discount vouchers (spec section 2: /products/voucher, add, :slug/edit; toggles in section 4): a
 * code a buyer types to get a discount on a purchase, `quota` times in all, within a validity.
 *
 * Shape: voucher_id, name, code, description, discount_type (percent | amount), discount_value
 * (basis points for percent, rupiah for amount), discount_percent ("12.5", percent only),
 * max_discount (rupiah or null), min_purchase, quota, used, remaining, valid_from / valid_until
 * (unix) and *_date (YYYY-MM-DD, WIB), validity and validity_name, status, status_name,
 * time_created, time_modified.
 *
 * Decisions where the spec is silent:
 * - The body takes discount_percent (a percentage as typed, at most two decimals, 0.01–100) for
 *   a percent voucher and discount_amount (rupiah ≥ 1) for an amount voucher; the other is ignored.
 *   max_discount caps a percent voucher (optional; ignored for amount vouchers).
 * - An amount voucher's discount cannot exceed its minimum purchase when one is set (a voucher that
 *   pays the buyer is a typing mistake): 422 on discount_amount.
 * - Codes: 3–20 letters, digits or dashes, kept in capitals, unique per business whatever the case
 *   (422 on `code`). The quota cannot go below the times already used (422 on `quota`).
 * - A new voucher cannot end before today, like gift vouchers.
 *
 * The service functions (list, get, create, update, status, history) come from offering-crud.ts.
 * They take the body as voucherBody parses it (discount_value in basis points or rupiah).
 */
import { and, count, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { TFunction } from "i18next";
import { z } from "zod";
import { db, sideBySide, type Db, type Tx } from "#db/client.ts";
import { vouchers } from "#db/schema/index.ts";
import { Refused } from "#core/errors.ts";
import { diff } from "#core/lib/history.ts";
import { unix } from "#core/lib/time.ts";
import { contains, orderBy } from "#core/lib/list-query.ts";
import { DISCOUNT_TYPES, MAX_VOUCHER_QUOTA, validityState, wibDay } from "./offering-enums.ts";
import { offeringService, pageQuery, type Page } from "./offering-crud.ts";
import {
  blank, checkNotOver, dayEnd, dayField, dayStart, descriptionField, intField, moneyField, nameField, offeringFilters, optionalMoney, statusKey,
  validityOrder,
} from "./offerings-shared.ts";
import { validityFilter, validityWhere } from "./gift-vouchers.ts";
import { parsePercent, percentText } from "#core/profile/store-fees-money.ts";

const PERCENT_ERRORS = { invalid: "offering:errors.percent_invalid", decimals: "offering:errors.percent_decimals", range: "offering:errors.percent_range" };

/** A percentage as typed ("12,5", "12.5 %") → basis points 1 … 10000. */
export const percentField = z.preprocess((v) => (v === null ? "" : v), z.unknown()).transform((v, ctx) => {
  if (v === undefined || v === "") {
    ctx.addIssue({ code: "custom", message: "required" });
    return z.NEVER;
  }
  const parsed = parsePercent(v);
  if ("error" in parsed) ctx.addIssue({ code: "custom", message: PERCENT_ERRORS[parsed.error] });
  else if (parsed.bp < 1) ctx.addIssue({ code: "custom", message: PERCENT_ERRORS.range });
  else return parsed.bp;
  return z.NEVER;
});

export const codeField = z.string({ error: "required" }).trim().min(1, "required").transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9][A-Z0-9-]{2,19}$/, "offering:errors.code_format"));

/** The discount field of the chosen type, parsed (the other one is never an error). */
const discountOf = (v: { discount_type?: unknown; discount_percent?: unknown; discount_amount?: unknown }) =>
  v.discount_type === "percent"
    ? { field: "discount_percent", parsed: percentField.safeParse(v.discount_percent) }
    : { field: "discount_amount", parsed: moneyField({ min: 1 }).safeParse(v.discount_amount) };

export const voucherBody = z
  .object({
    name: nameField(100),
    code: codeField,
    description: descriptionField,
    discount_type: z.enum(DISCOUNT_TYPES, { error: "required" }),
    discount_percent: z.unknown().optional(),
    discount_amount: z.unknown().optional(),
    max_discount: optionalMoney(),
    min_purchase: z.preprocess((v) => (v === "" || v === null || v === undefined ? 0 : v), moneyField()),
    quota: intField(1, MAX_VOUCHER_QUOTA),
    valid_from: dayField,
    valid_until: dayField,
  })
  // `when`: also checked when another field failed, so one answer lists every problem.
  .superRefine((v, ctx) => {
    validityOrder(v, ctx);
    if (!v || typeof v !== "object" || (v.discount_type !== "percent" && v.discount_type !== "amount")) return;
    const { field, parsed } = discountOf(v);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: [field], message: issue.message });
    } else if (v.discount_type === "amount" && typeof v.min_purchase === "number" && v.min_purchase > 0 && parsed.data > v.min_purchase) {
      ctx.addIssue({ code: "custom", path: ["discount_amount"], message: "offering:errors.discount_above_minimum" });
    }
  }, { when: () => true })
  .transform((v) => {
    const { discount_percent: _p, discount_amount: _a, ...rest } = v;
    const parsed = discountOf(v).parsed;
    return { ...rest, discount_value: parsed.success ? parsed.data : 0, max_discount: v.discount_type === "percent" ? v.max_discount ?? null : null };
  });
export type VoucherBody = z.infer<typeof voucherBody>;

export const voucherFilters = offeringFilters.extend({
  validity: validityFilter,
  discount_type: blank(z.enum(DISCOUNT_TYPES, { error: "invalid" })),
});
export type VoucherFilters = z.infer<typeof voucherFilters>;
export const voucherListQuery = pageQuery.extend(voucherFilters.shape);
export type VoucherListQuery = z.infer<typeof voucherListQuery>;

function filtered(businessId: number, f: Partial<VoucherFilters>) {
  const where: SQL[] = [eq(vouchers.businessId, businessId)];
  if (f.search) where.push(or(ilike(vouchers.name, contains(f.search)), ilike(vouchers.code, contains(f.search)))!);
  if (f.status !== undefined) where.push(eq(vouchers.status, f.status));
  if (f.discount_type) where.push(eq(vouchers.discountType, f.discount_type));
  if (f.validity) where.push(validityWhere(f.validity, { from: vouchers.validFrom, until: vouchers.validUntil } as never, sql`${vouchers.used} >= ${vouchers.quota}`));
  return and(...where)!;
}

export type VoucherRow = typeof vouchers.$inferSelect;

export async function findVouchers(businessId: number, f: VoucherFilters, page: Page, exec: Db | Tx = db) {
  const where = filtered(businessId, f);
  const [rows, [{ total }]] = await sideBySide(exec,
    () => exec.select().from(vouchers).where(where)
      .orderBy(...orderBy(f.sort, { created: vouchers.timeCreated, modified: vouchers.timeModified, name: vouchers.name, id: vouchers.id }))
      .limit(page.limit).offset(page.offset),
    () => exec.select({ total: count() }).from(vouchers).where(where),
  );
  return { rows, total };
}

/** One voucher of the business, or undefined; `lock`: the row stays locked until `exec` (a transaction) ends. */
export async function findVoucher(businessId: number, id: number, exec: Db | Tx = db, lock = false): Promise<VoucherRow | undefined> {
  const q = exec.select().from(vouchers).where(and(eq(vouchers.businessId, businessId), eq(vouchers.id, id))).limit(1);
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

export function voucherJson(r: VoucherRow, t: TFunction) {
  const from = unix(r.validFrom)!;
  const until = unix(r.validUntil)!;
  const validity = validityState(from, until, r.used >= r.quota);
  return {
    voucher_id: r.id,
    name: r.name,
    code: r.code,
    description: r.description,
    discount_type: r.discountType,
    discount_value: r.discountValue,
    discount_percent: r.discountType === "percent" ? percentText(r.discountValue) : null,
    max_discount: r.maxDiscount,
    min_purchase: r.minPurchase,
    quota: r.quota,
    used: r.used,
    remaining: r.quota - r.used,
    valid_from: from,
    valid_until: until,
    valid_from_date: wibDay(from),
    valid_until_date: wibDay(until),
    validity,
    validity_name: t(`offering:validity.${validity}`),
    status: r.status,
    status_name: t(statusKey(r.status)),
    time_created: unix(r.timeCreated),
    time_modified: unix(r.timeModified),
  };
}
export type VoucherJson = ReturnType<typeof voucherJson>;

/** What the update history shows of a voucher (the percentage as "12.5 %", money in rupiah). */
export function voucherSnapshot(v: {
  name: string; code: string; description: string; discountType: string; discountValue: number; maxDiscount: number | null;
  minPurchase: number; quota: number; validFrom: Date; validUntil: Date;
}) {
  return {
    name: v.name, code: v.code, description: v.description, discount_type: v.discountType,
    discount: v.discountType === "percent" ? `${percentText(v.discountValue)} %` : v.discountValue,
    max_discount: v.maxDiscount, min_purchase: v.minPurchase, quota: v.quota,
    valid_from: wibDay(unix(v.validFrom)!), valid_until: wibDay(unix(v.validUntil)!),
  };
}

// ---------------------------------------------------------------------------------------------
// The service: what the web's pages and the REST calls do, for the actor's business ("products").
// ---------------------------------------------------------------------------------------------

const valuesOf = (b: VoucherBody) => ({
  name: b.name, code: b.code, description: b.description ?? "", discountType: b.discount_type, discountValue: b.discount_value,
  maxDiscount: b.max_discount, minPurchase: b.min_purchase, quota: b.quota, validFrom: dayStart(b.valid_from), validUntil: dayEnd(b.valid_until),
});

export const voucherOffering = offeringService({
  refType: "voucher",
  table: vouchers,
  find: findVoucher,
  findMany: findVouchers,
  json: voucherJson,
  unique: { field: "code", message: "offering:errors.code_taken" },
  messages: {
    created: "api-offering:voucher.created",
    updated: "api-offering:voucher.updated",
    status: (activate, n) => `api-offering:voucher.${activate ? "activated" : "inactivated"}${n === 1 ? "" : "_many"}`,
  },
  async create(tx, { businessId }, body: VoucherBody) {
    const values = valuesOf(body);
    checkNotOver(values.validUntil);
    const [row] = await tx.insert(vouchers).values({ ...values, businessId }).returning({ id: vouchers.id });
    return row.id;
  },
  async update(tx, _ctx, before, body) {
    const values = valuesOf(body);
    const changes = diff(voucherSnapshot(before), voucherSnapshot(values));
    if (changes.valid_until) checkNotOver(values.validUntil);
    if (values.quota < before.used) throw new Refused("api:errors.validation", { quota: ["offering:errors.quota_below_used"] });
    if (!Object.keys(changes).length) return changes;
    await tx.update(vouchers).set({ ...values, timeModified: new Date() }).where(eq(vouchers.id, before.id));
    return changes;
  },
});

export const {
  list: listVouchers, get: getVoucher, create: createVoucher, update: updateVoucher, setStatus: setVoucherStatus, history: voucherHistory,
} = voucherOffering;
