/**
 * The POS report "inventory / opname-adjustment" (spec section 2 Omnichannel POS reports:
 * `opname-adjustment/:sid?/:bid?/:slug?`): every stock correction the ledger holds — count
 * adjustments (reason "opname", OPN-<id>) and adjustments (reason "adjustment", ADJ-<id>) — newest
 * first, with their totals. Read straight from stock_movements, so the report is the ledger.
 *
 * Decisions where the spec is silent: `:sid` is a store id, `:bid` a brand id and `:slug` the kind
 * (opname | adjustment); "all" (or leaving it out) is no filter. The report lists the stores'
 * corrections when a store is chosen, else every location's. Value = on-hand change × the
 * variant's current cost (HPP), or its price when it has none, as counts value a variance.
 */
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { products, productVariants, stockMovements, stores, brands, users } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { offsetOf } from "#core/lib/list-query.ts";
import { findLocations, locationKey } from "./locations.ts";
import { REPORT_KINDS } from "./opname-lifecycle.ts";
export { REPORT_KINDS };

const allOr = <T extends z.ZodType>(s: T) => z.preprocess((v) => (v === "" || v === "all" || v == null ? undefined : v), s.optional());

export const opnameReportQuery = z.object({
  sid: allOr(z.coerce.number().int("invalid").positive("invalid").max(2147483647, "invalid")),
  bid: allOr(z.coerce.number().int("invalid").positive("invalid").max(2147483647, "invalid")),
  slug: allOr(z.enum(REPORT_KINDS, { message: "invalid" })),
  page: z.coerce.number().int().min(1, "invalid").max(10000, "invalid").default(1),
  limit: z.coerce.number().int().min(1, "invalid").max(150, "invalid").default(50),
});
export type OpnameReportQuery = z.infer<typeof opnameReportQuery>;

export async function opnameAdjustmentReport(scope: Scope, q: OpnameReportQuery) {
  const s = sellerScope(scope, "omnichannel");
  const businessId = s.actor.member.businessId;
  const w: SQL[] = [eq(stockMovements.businessId, businessId), inArray(stockMovements.reason, q.slug ? [q.slug] : [...REPORT_KINDS])];
  if (q.sid) w.push(eq(stockMovements.storeId, q.sid));
  if (q.bid) w.push(eq(products.brandId, q.bid));
  const where = and(...w);
  const [tot] = await s.db.select({
    n: sql<number>`count(*)::int`,
    surplus: sql<number>`coalesce(sum(greatest(${stockMovements.onHandAfter} - ${stockMovements.onHandBefore}, 0)), 0)::int`,
    shortage: sql<number>`coalesce(sum(greatest(${stockMovements.onHandBefore} - ${stockMovements.onHandAfter}, 0)), 0)::int`,
    value: sql<number>`coalesce(sum((${stockMovements.onHandAfter} - ${stockMovements.onHandBefore}) * coalesce(${productVariants.cost}, ${productVariants.price})), 0)::bigint`,
  }).from(stockMovements)
    .innerJoin(products, eq(products.id, stockMovements.productId))
    .innerJoin(productVariants, eq(productVariants.id, stockMovements.variantId))
    .where(where);
  const rows = await s.db.select({
    id: stockMovements.id, time: stockMovements.timeCreated, reason: stockMovements.reason, reference: stockMovements.reference, note: stockMovements.note,
    before: stockMovements.onHandBefore, after: stockMovements.onHandAfter, price: sql<number>`coalesce(${productVariants.cost}, ${productVariants.price})`.mapWith(Number),
    storeId: stockMovements.storeId, warehouseId: stockMovements.warehouseId, partitionId: stockMovements.partitionId,
    product: products.name, sku: productVariants.sku, variant: productVariants.variantName, size: productVariants.sizeName, user: users.name,
  }).from(stockMovements)
    .innerJoin(products, eq(products.id, stockMovements.productId))
    .innerJoin(productVariants, eq(productVariants.id, stockMovements.variantId))
    .leftJoin(users, eq(users.id, stockMovements.userId))
    .where(where).orderBy(desc(stockMovements.id)).limit(q.limit).offset(offsetOf(q));
  const names = new Map((await findLocations(s.db, businessId)).map((l) => [l.key, l.name]));
  const storeRows = await s.db.select({ id: stores.id, name: stores.name }).from(stores).where(eq(stores.businessId, businessId)).orderBy(stores.name);
  const brandRows = await s.db.selectDistinct({ id: brands.id, name: brands.name }).from(brands)
    .where(sql`${brands.businessId} = ${businessId} OR ${brands.id} IN (SELECT brand_id FROM products WHERE business_id = ${businessId})`).orderBy(brands.name);
  return {
    rows: rows.map((r) => {
      const key = locationKey(r.storeId ? { sourceType: 1, storeId: r.storeId } : { sourceType: 2, warehouseId: r.warehouseId!, partitionId: r.partitionId });
      const change = r.after - r.before;
      return {
        movement_id: r.id, time_created: Math.floor(r.time.getTime() / 1000), kind: r.reason, reference: r.reference, note: r.note,
        product_name: r.product, sku: r.sku, variant_name: [r.variant, r.size].filter(Boolean).join(" · "),
        location: key, location_name: names.get(key) ?? "-", before: r.before, after: r.after, change, value: change * r.price, user_name: r.user,
      };
    }),
    total: Number(tot.n),
    summary: { total_movement: Number(tot.n), surplus_qty: Number(tot.surplus), shortage_qty: Number(tot.shortage), net_value: Number(tot.value) },
    stores: storeRows,
    brands: brandRows,
  };
}
