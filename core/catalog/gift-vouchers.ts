/**
 * Gift vouchers (spec section 2: /products/gift-voucher, add, :slug/edit, :slug/view; section 7:
 * GET /{id}/update, PUT /{id}, GET /filter): a face value sold as `quantity` single-use codes,
 * redeemable within a validity (WIB days).
 *
 * Shape: gift_voucher_id, name, description, image, value (face value, rupiah), price (what a
 * buyer pays, rupiah), quantity, redeemed_count, remaining_count, valid_from / valid_until (unix
 * seconds) and valid_from_date / valid_until_date (YYYY-MM-DD, WIB), validity (upcoming | ongoing |
 * ended | empty) and validity_name, status (1 active, 0 inactive), status_name, time_created,
 * time_modified. A code: gift_voucher_code_id, code (XXXX-XXXX-XXXX), is_redeemed, time_redeemed,
 * reference.
 *
 * Decisions where the spec is silent:
 * - The codes are made by the server when the voucher is saved: 12 random characters without
 *   look-alikes, unique in the business. Raising the quantity adds codes; lowering it removes the
 *   newest unredeemed ones; it cannot go below the codes already redeemed (422 on `quantity`).
 * - The price may differ from the value (a Rp 100.000 voucher sold at Rp 90.000); value ≥ Rp 1.
 * - A new voucher cannot end before today; an existing one keeps whatever dates it had.
 * - GET /filter is the light picker of sellable gift vouchers (active, ongoing, codes left), for
 *   the point of sale and order forms: at most 10 by name, searchable.
 * - A code is redeemed once, only while its voucher is active and ongoing, with an optional
 *   reference (an order number); redeeming is written into the voucher's history.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { randomInt } from "node:crypto";
import type { TFunction } from "i18next";
import { z } from "zod";
import { db, type Tx } from "#db/client.ts";
import { giftVoucherCodes, giftVouchers } from "#db/schema/index.ts";
import { unix } from "#core/lib/time.ts";
import { contains, orderBy } from "#core/lib/list-query.ts";
import { CODE_ALPHABET, formatCode, MAX_GIFT_VOUCHER_CODES, validityState, VALIDITY_STATES, wibDay } from "./offering-enums.ts";
import {
  blank, dayField, descriptionField, imageField, intField, moneyField, nameField, offeringFilters, statusKey, validityOrder,
} from "./offerings-shared.ts";

export const giftVoucherBody = z
  .object({
    name: nameField(100),
    description: descriptionField,
    image: imageField,
    value: moneyField({ min: 1 }),
    price: moneyField(),
    quantity: intField(1, MAX_GIFT_VOUCHER_CODES),
    valid_from: dayField,
    valid_until: dayField,
  })
  .superRefine(validityOrder, { when: () => true });
export type GiftVoucherBody = z.infer<typeof giftVoucherBody>;

export const validityFilter = blank(z.enum(VALIDITY_STATES, { error: "invalid" }));
export const giftVoucherFilters = offeringFilters.extend({ validity: validityFilter });
export type GiftVoucherFilters = z.infer<typeof giftVoucherFilters>;

// Written with explicit table names: Drizzle leaves columns of a one-table query unqualified, and an
// unqualified "id" inside this subquery would be the code's own id.
const redeemed = sql<number>`(SELECT count(*) FROM gift_voucher_codes c WHERE c.gift_voucher_id = "gift_vouchers"."id" AND c.time_redeemed IS NOT NULL)`.mapWith(Number);
const columns = { row: giftVouchers, redeemed };

/** The SQL of a validity state at `now`, the same rule as validityState(). */
export function validityWhere(state: string, t: { from: typeof giftVouchers.validFrom; until: typeof giftVouchers.validUntil }, nothingLeft: SQL, now = new Date()) {
  switch (state) {
    case "ended": return sql`${t.until} < ${now}`;
    case "empty": return and(gte(t.until, now), nothingLeft)!;
    case "upcoming": return and(sql`${t.from} > ${now}`, sql`NOT (${nothingLeft})`)!;
    default: return and(lte(t.from, now), gte(t.until, now), sql`NOT (${nothingLeft})`)!;
  }
}

function filtered(businessId: number, f: Partial<GiftVoucherFilters>) {
  const where: SQL[] = [eq(giftVouchers.businessId, businessId)];
  if (f.search) where.push(ilike(giftVouchers.name, contains(f.search)));
  if (f.status !== undefined) where.push(eq(giftVouchers.status, f.status));
  if (f.validity) where.push(validityWhere(f.validity, { from: giftVouchers.validFrom, until: giftVouchers.validUntil }, sql`${redeemed} >= ${giftVouchers.quantity}`));
  return and(...where)!;
}

export type GiftVoucherRow = typeof giftVouchers.$inferSelect & { redeemed: number };
const flat = (r: { row: typeof giftVouchers.$inferSelect; redeemed: number }): GiftVoucherRow => ({ ...r.row, redeemed: r.redeemed });

export async function findGiftVouchers(businessId: number, f: GiftVoucherFilters, page: { limit: number; offset: number }) {
  const where = filtered(businessId, f);
  const [rows, [{ total }]] = await Promise.all([
    db.select(columns).from(giftVouchers).where(where)
      .orderBy(...orderBy(f.sort, { created: giftVouchers.timeCreated, modified: giftVouchers.timeModified, name: giftVouchers.name, id: giftVouchers.id }))
      .limit(page.limit).offset(page.offset),
    db.select({ total: count() }).from(giftVouchers).where(where),
  ]);
  return { rows: rows.map(flat), total };
}

export async function findGiftVoucher(businessId: number, id: number, tx?: Tx): Promise<GiftVoucherRow | undefined> {
  const q = (tx ?? db).select(columns).from(giftVouchers).where(and(eq(giftVouchers.businessId, businessId), eq(giftVouchers.id, id))).limit(1);
  const [row] = tx ? await q.for("update", { of: giftVouchers }) : await q;
  return row ? flat(row) : undefined;
}

export function giftVoucherJson(r: GiftVoucherRow, t: TFunction) {
  const from = unix(r.validFrom)!;
  const until = unix(r.validUntil)!;
  const validity = validityState(from, until, r.redeemed >= r.quantity);
  return {
    gift_voucher_id: r.id,
    name: r.name,
    description: r.description,
    image: r.image,
    value: r.value,
    price: r.price,
    quantity: r.quantity,
    redeemed_count: r.redeemed,
    remaining_count: r.quantity - r.redeemed,
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
export type GiftVoucherJson = ReturnType<typeof giftVoucherJson>;

/** A random code of CODE_ALPHABET (crypto-random, 31^12 ≈ 7.9e17 codes). */
export function newCode() {
  let code = "";
  for (let i = 0; i < 12; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** Adds `n` fresh codes to a voucher; a code already used in the business is simply drawn again. */
export async function addCodes(tx: Tx, businessId: number, giftVoucherId: number, n: number) {
  let missing = n;
  while (missing > 0) {
    const made = await tx.insert(giftVoucherCodes)
      .values(Array.from({ length: missing }, () => ({ businessId, giftVoucherId, code: newCode() })))
      .onConflictDoNothing()
      .returning({ id: giftVoucherCodes.id });
    missing -= made.length;
  }
}

/** Removes the `n` newest unredeemed codes (the caller checked there are that many). */
export async function removeCodes(tx: Tx, giftVoucherId: number, n: number) {
  const newest = tx.select({ id: giftVoucherCodes.id }).from(giftVoucherCodes)
    .where(and(eq(giftVoucherCodes.giftVoucherId, giftVoucherId), isNull(giftVoucherCodes.timeRedeemed)))
    .orderBy(desc(giftVoucherCodes.id)).limit(n);
  await tx.delete(giftVoucherCodes).where(inArray(giftVoucherCodes.id, newest));
}

export const codeFilters = z.object({
  search: z.string().trim().max(20, "too_long").optional(),
  redeemed: blank(z.enum(["0", "1"], { error: "invalid" })),
});

export async function findCodes(giftVoucherId: number, f: z.infer<typeof codeFilters>, page: { limit: number; offset: number }) {
  const where = and(
    eq(giftVoucherCodes.giftVoucherId, giftVoucherId),
    // People type codes with or without the dashes, in any case.
    f.search ? ilike(giftVoucherCodes.code, contains(f.search.replace(/[-\s]/g, "").toUpperCase())) : undefined,
    f.redeemed === "1" ? isNotNull(giftVoucherCodes.timeRedeemed) : f.redeemed === "0" ? isNull(giftVoucherCodes.timeRedeemed) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(giftVoucherCodes).where(where).orderBy(asc(giftVoucherCodes.id)).limit(page.limit).offset(page.offset),
    db.select({ total: count() }).from(giftVoucherCodes).where(where),
  ]);
  return { rows, total };
}

export const codeJson = (r: typeof giftVoucherCodes.$inferSelect) => ({
  gift_voucher_code_id: r.id,
  code: formatCode(r.code),
  is_redeemed: r.timeRedeemed !== null,
  time_redeemed: unix(r.timeRedeemed),
  reference: r.reference,
});

/** Sellable gift vouchers for a picker: active, ongoing, with codes left; by name. */
export async function sellableGiftVouchers(businessId: number, search: string | undefined, limit = 10) {
  const now = new Date();
  const rows = await db.select(columns).from(giftVouchers)
    .where(and(
      eq(giftVouchers.businessId, businessId), eq(giftVouchers.status, 1), lte(giftVouchers.validFrom, now), gte(giftVouchers.validUntil, now),
      sql`${redeemed} < ${giftVouchers.quantity}`,
      search ? or(ilike(giftVouchers.name, contains(search)))! : undefined,
    ))
    .orderBy(sql`lower(${giftVouchers.name})`, asc(giftVouchers.id))
    .limit(limit);
  return rows.map(flat);
}

/** What the update history shows of a gift voucher. */
export function giftVoucherSnapshot(v: { name: string; description: string; image: string | null; value: number; price: number; quantity: number; validFrom: Date; validUntil: Date }) {
  return {
    name: v.name, description: v.description, image: v.image, value: v.value, price: v.price, quantity: v.quantity,
    valid_from: wibDay(unix(v.validFrom)!), valid_until: wibDay(unix(v.validUntil)!),
  };
}
