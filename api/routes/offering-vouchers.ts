/**
 * Discount vouchers under /v0.0.0/vouchers (the spec lists no paths: the same calls as services,
 * offering-crud.ts). See core/catalog/vouchers.ts for the shape and the decisions.
 */
import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { vouchers } from "#db/schema/index.ts";
import { dayEnd, dayStart } from "#core/catalog/offerings-shared.ts";
import { wibDayStart } from "#core/lib/time.ts";
import { findVoucher, findVouchers, voucherBody, voucherFilters, voucherJson, voucherSnapshot, type VoucherBody, type VoucherRow } from "#core/catalog/vouchers.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { diff } from "#core/lib/history.ts";
import { crudRoutes } from "./offering-crud.ts";
import { Refused } from "#core/errors.ts";

const valuesOf = (b: VoucherBody) => ({
  name: b.name, code: b.code, description: b.description ?? "", discountType: b.discount_type, discountValue: b.discount_value,
  maxDiscount: b.max_discount, minPurchase: b.min_purchase, quota: b.quota, validFrom: dayStart(b.valid_from), validUntil: dayEnd(b.valid_until),
});

function checkNotOver(until: Date) {
  if (until < wibDayStart()) throw new Refused("api:errors.validation", { valid_until: ["offering:errors.until_past"] });
}

export function registerVouchers(routes: Hono<ApiEnv>) {
  crudRoutes(routes, {
    base: "/v0.0.0/vouchers",
    refType: "voucher",
    idsField: "voucher_ids",
    table: vouchers,
    body: voucherBody,
    filters: voucherFilters,
    find: findVoucher,
    findMany: findVouchers,
    json: (t, r: VoucherRow) => voucherJson(r, t),
    unique: { field: "code", message: "offering:errors.code_taken" },
    messages: {
      created: "api-offering:voucher.created",
      updated: "api-offering:voucher.updated",
      status: (activate, n) => `api-offering:voucher.${activate ? "activated" : "inactivated"}${n === 1 ? "" : "_many"}`,
    },
    async create(tx, { businessId }, body) {
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
}
