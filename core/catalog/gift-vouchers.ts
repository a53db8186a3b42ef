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
 *
 * The service functions (list, get, create, update, status, history) come from offering-crud.ts;
 * the codes' list, the redeeming and the sellable picker are here.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { randomInt } from "node:crypto";
import type { TFunction } from "i18next";
import { z } from "zod";
import { db, sideBySide, type Db, type Tx } from "#db/client.ts";
import { giftVoucherCodes, giftVouchers } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { NotFound, Refused } from "#core/errors.ts";
import { diff, recordHistory } from "#core/lib/history.ts";
import { unix } from "#core/lib/time.ts";
import { contains, offsetOf, orderBy } from "#core/lib/list-query.ts";
import { CODE_ALPHABET, formatCode, MAX_GIFT_VOUCHER_CODES, validityState, VALIDITY_STATES, wibDay } from "./offering-enums.ts";
import { offeringService, pageQuery, type Page } from "./offering-crud.ts";
import {
  blank, checkNotOver, dayEnd, dayField, dayStart, descriptionField, imageField, intField, moneyField, nameField, offeringFilters, statusKey,
  validityOrder,
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
export const giftVoucherListQuery = pageQuery.extend(giftVoucherFilters.shape);
export type GiftVoucherListQuery = z.infer<typeof giftVoucherListQuery>;

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

export async function findGiftVouchers(businessId: number, f: GiftVoucherFilters, page: Page, exec: Db | Tx = db) {
  const where = filtered(businessId, f);
  const [rows, [{ total }]] = await sideBySide(exec,
    () => exec.select(columns).from(giftVouchers).where(where)
      .orderBy(...orderBy(f.sort, { created: giftVouchers.timeCreated, modified: giftVouchers.timeModified, name: giftVouchers.name, id: giftVouchers.id }))
      .limit(page.limit).offset(page.offset),
    () => exec.select({ total: count() }).from(giftVouchers).where(where),
  );
  return { rows: rows.map(flat), total };
}

/** One gift voucher of the business, or undefined; `lock`: the row stays locked until `exec` (a transaction) ends. */
export async function findGiftVoucher(businessId: number, id: number, exec: Db | Tx = db, lock = false): Promise<GiftVoucherRow | undefined> {
  const q = exec.select(columns).from(giftVouchers).where(and(eq(giftVouchers.businessId, businessId), eq(giftVouchers.id, id))).limit(1);
  const [row] = lock ? await q.for("update", { of: giftVouchers }) : await q;
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

export async function findCodes(giftVoucherId: number, f: z.infer<typeof codeFilters>, page: Page, exec: Db | Tx = db) {
  const where = and(
    eq(giftVoucherCodes.giftVoucherId, giftVoucherId),
    // People type codes with or without the dashes, in any case.
    f.search ? ilike(giftVoucherCodes.code, contains(f.search.replace(/[-\s]/g, "").toUpperCase())) : undefined,
    f.redeemed === "1" ? isNotNull(giftVoucherCodes.timeRedeemed) : f.redeemed === "0" ? isNull(giftVoucherCodes.timeRedeemed) : undefined,
  );
  const [rows, [{ total }]] = await sideBySide(exec,
    () => exec.select().from(giftVoucherCodes).where(where).orderBy(asc(giftVoucherCodes.id)).limit(page.limit).offset(page.offset),
    () => exec.select({ total: count() }).from(giftVoucherCodes).where(where),
  );
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
export async function sellableGiftVouchers(businessId: number, search: string | undefined, limit = 10, exec: Db | Tx = db) {
  const now = new Date();
  const rows = await exec.select(columns).from(giftVouchers)
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

// ---------------------------------------------------------------------------------------------
// The service: what the web's pages and the REST calls do, for the actor's business ("products").
// ---------------------------------------------------------------------------------------------

const valuesOf = (b: GiftVoucherBody) => ({
  name: b.name, description: b.description ?? "", image: b.image ?? null, value: b.value, price: b.price, quantity: b.quantity,
  validFrom: dayStart(b.valid_from), validUntil: dayEnd(b.valid_until),
});

export const giftVoucherOffering = offeringService({
  refType: "gift_voucher",
  table: giftVouchers,
  find: findGiftVoucher,
  findMany: findGiftVouchers,
  json: giftVoucherJson,
  messages: {
    created: "api-offering:gift_voucher.created",
    updated: "api-offering:gift_voucher.updated",
    status: (activate, n) => `api-offering:gift_voucher.${activate ? "activated" : "inactivated"}${n === 1 ? "" : "_many"}`,
  },
  async create(tx, { businessId }, body: GiftVoucherBody) {
    const values = valuesOf(body);
    checkNotOver(values.validUntil);
    const [row] = await tx.insert(giftVouchers).values({ ...values, businessId }).returning({ id: giftVouchers.id });
    await addCodes(tx, businessId, row.id, values.quantity);
    return row.id;
  },
  async update(tx, { businessId }, before, body) {
    const values = valuesOf(body);
    const changes = diff(giftVoucherSnapshot(before), giftVoucherSnapshot(values));
    if (changes.valid_until) checkNotOver(values.validUntil);
    if (values.quantity < before.redeemed) {
      throw new Refused("api:errors.validation", { quantity: ["offering:errors.quantity_below_redeemed"] }, { count: before.redeemed });
    }
    if (!Object.keys(changes).length) return changes;
    if (values.quantity > before.quantity) await addCodes(tx, businessId, before.id, values.quantity - before.quantity);
    if (values.quantity < before.quantity) await removeCodes(tx, before.id, before.quantity - values.quantity);
    await tx.update(giftVouchers).set({ ...values, timeModified: new Date() }).where(eq(giftVouchers.id, before.id));
    return changes;
  },
});

export const {
  list: listGiftVouchers, get: getGiftVoucher, create: createGiftVoucher, update: updateGiftVoucher, setStatus: setGiftVoucherStatus,
  history: giftVoucherHistory,
} = giftVoucherOffering;

/** The picker of sellable gift vouchers (GET /filter): at most 10, by name. */
export async function listSellableGiftVouchers(scope: Scope, search: string | undefined) {
  const { db, actor } = sellerScope(scope, "products");
  const rows = await sellableGiftVouchers(actor.member.businessId, search, 10, db);
  return rows.map((r) => giftVoucherJson(r, actor.t));
}

export const codeListQuery = pageQuery.extend(codeFilters.shape);
export type CodeListQuery = z.infer<typeof codeListQuery>;
export type GiftVoucherCodeJson = ReturnType<typeof codeJson>;

/** A gift voucher's codes, with the voucher's quantity and redeemed count as the list's summary. */
export async function listGiftVoucherCodes(scope: Scope, id: number, q: CodeListQuery) {
  const { db, actor } = sellerScope(scope, "products");
  const voucher = await findGiftVoucher(actor.member.businessId, id, db);
  if (!voucher) throw new NotFound();
  const { rows, total } = await findCodes(voucher.id, q, { limit: q.limit, offset: offsetOf(q) }, db);
  return { rows: rows.map(codeJson), total, summary: { quantity: voucher.quantity, redeemed_count: voucher.redeemed } };
}

export const redeemBody = z.object({
  reference: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.string().trim().max(100, "too_long").optional()),
});
export type RedeemBody = z.infer<typeof redeemBody>;

/** Redeems one code of the voucher: once, while the voucher is active and ongoing; written into its history. */
export async function redeemGiftVoucherCode(scope: Scope, id: number, codeId: number, body: RedeemBody) {
  const { db, actor } = sellerScope(scope, "products");
  const businessId = actor.member.businessId;
  const code = await db.transaction(async (tx) => {
    const voucher = await findGiftVoucher(businessId, id, tx, true);
    if (!voucher) throw new NotFound();
    const [row] = await tx.select().from(giftVoucherCodes)
      .where(and(eq(giftVoucherCodes.giftVoucherId, id), eq(giftVoucherCodes.id, codeId))).limit(1).for("update");
    if (!row) throw new NotFound();
    if (row.timeRedeemed) throw new Refused("api-offering:gift_voucher.already_redeemed");
    const now = new Date();
    if (voucher.status !== 1 || now < voucher.validFrom || now > voucher.validUntil) throw new Refused("api-offering:gift_voucher.not_redeemable");
    const [done] = await tx.update(giftVoucherCodes).set({ timeRedeemed: now, reference: body.reference ?? null })
      .where(eq(giftVoucherCodes.id, codeId)).returning();
    await tx.update(giftVouchers).set({ timeModified: now }).where(eq(giftVouchers.id, id));
    await recordHistory(tx, {
      businessId, refType: "gift_voucher", refId: id, userId: actor.user.id, action: "redeem",
      changes: { code: { from: null, to: codeJson(done).code } },
    });
    return done;
  });
  return codeJson(code);
}
