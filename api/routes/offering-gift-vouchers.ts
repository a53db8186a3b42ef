/**
 * Gift vouchers (spec section 7: GET /{id}/update, PUT /{id}, GET /filter; the rest decided
 * RESTfully like services) under /v0.0.0/gift-vouchers, through the shared offering calls, plus:
 *
 *   GET /v0.0.0/gift-vouchers/filter                         sellable ones (picker): search, at most 10
 *   GET /v0.0.0/gift-vouchers/{id}/codes                     the codes: search, redeemed 0|1, page, limit
 *   PUT /v0.0.0/gift-vouchers/{id}/codes/{code_id}/redeem    { reference? } once, while active and ongoing
 *
 * See core/catalog/gift-vouchers.ts for the shape and the decisions.
 */
import { and, eq } from "drizzle-orm";
import type { Hono } from "hono";
import { z } from "zod";
import { db } from "#db/client.ts";
import { giftVoucherCodes, giftVouchers } from "#db/schema/index.ts";
import {
  addCodes, codeFilters, codeJson, findCodes, findGiftVoucher, findGiftVouchers, giftVoucherBody, giftVoucherFilters, giftVoucherJson,
  giftVoucherSnapshot, removeCodes, sellableGiftVouchers, type GiftVoucherBody, type GiftVoucherRow,
} from "#core/catalog/gift-vouchers.ts";
import { dayEnd, dayStart } from "#core/catalog/offerings-shared.ts";
import { wibDayStart } from "#core/lib/time.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { diff, recordHistory } from "#core/lib/history.ts";
import { input, list, ok, whole } from "#api/lib/http.ts";
import { listQuery, offsetOf } from "#core/lib/list-query.ts";
import { crudRoutes, seller } from "./offering-crud.ts";
import { NotFound, Refused } from "#core/errors.ts";

const BASE = "/v0.0.0/gift-vouchers";

const valuesOf = (b: GiftVoucherBody) => ({
  name: b.name, description: b.description ?? "", image: b.image ?? null, value: b.value, price: b.price, quantity: b.quantity,
  validFrom: dayStart(b.valid_from), validUntil: dayEnd(b.valid_until),
});

/** A validity that is over before today is refused (a new voucher, or new dates on an old one). */
function checkNotOver(until: Date) {
  if (until < wibDayStart()) throw new Refused("api:errors.validation", { valid_until: ["offering:errors.until_past"] });
}

export function registerGiftVouchers(routes: Hono<ApiEnv>) {
  // Fixed paths first: /filter is not an id.
  routes.get(`${BASE}/filter`, ...seller, async (c) => {
    const q = await input(c, listQuery.pick({ search: true }), "query");
    return whole(c, (await sellableGiftVouchers(c.var.member.businessId, q.search)).map((r) => giftVoucherJson(r, c.var.t)));
  });

  crudRoutes(routes, {
    base: BASE,
    refType: "gift_voucher",
    idsField: "gift_voucher_ids",
    table: giftVouchers,
    body: giftVoucherBody,
    filters: giftVoucherFilters,
    find: findGiftVoucher,
    findMany: findGiftVouchers,
    json: (t, r: GiftVoucherRow) => giftVoucherJson(r, t),
    messages: {
      created: "api-offering:gift_voucher.created",
      updated: "api-offering:gift_voucher.updated",
      status: (activate, n) => `api-offering:gift_voucher.${activate ? "activated" : "inactivated"}${n === 1 ? "" : "_many"}`,
    },
    async create(tx, { businessId }, body) {
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

  routes.get(`${BASE}/:id{[0-9]+}/codes`, ...seller, async (c) => {
    const voucher = await findGiftVoucher(c.var.member.businessId, Number(c.req.param("id")));
    if (!voucher) throw new NotFound();
    const q = await input(c, listQuery.pick({ page: true, limit: true }).extend(codeFilters.shape), "query");
    const { rows, total } = await findCodes(voucher.id, q, { limit: q.limit, offset: offsetOf(q) });
    return list(c, rows.map(codeJson), total, q.limit, { quantity: voucher.quantity, redeemed_count: voucher.redeemed });
  });

  routes.put(`${BASE}/:id{[0-9]+}/codes/:codeId{[0-9]+}/redeem`, ...seller, async (c) => {
    const businessId = c.var.member.businessId;
    const id = Number(c.req.param("id"));
    const codeId = Number(c.req.param("codeId"));
    if (!(await findGiftVoucher(businessId, id))) throw new NotFound();
    const body = await input(c, z.object({ reference: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.string().trim().max(100, "too_long").optional()) }));
    const code = await db.transaction(async (tx) => {
      const voucher = (await findGiftVoucher(businessId, id, tx))!;
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
        businessId, refType: "gift_voucher", refId: id, userId: c.var.user.id, action: "redeem",
        changes: { code: { from: null, to: codeJson(done).code } },
      });
      return done;
    });
    return ok(c, codeJson(code), "api-offering:gift_voucher.redeemed");
  });
}
