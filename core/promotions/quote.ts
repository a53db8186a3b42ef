/**
 * What the pricing function answers outside an order's intake (spec section 7):
 * - POST /v0.1.0/promotions/sellers { order_id } or { product_ids }: the promotions running now
 *   that reach an order's lines (on its channel and store) or those products (anywhere).
 * - GET /v1.0.0/omnichannel/discount: a basket priced now for a channel or store, as intake would
 *   price it — each line's price with its reason, the order's discounts, the total — without
 *   claiming anything (a quote; the order claims when it comes in).
 * Another business's order, product or variant is NotFound, like an unknown one.
 */
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { orderItems, orders, products, productVariants, promotions } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { NotFound } from "#core/errors.ts";
import { candidatesFor } from "./apply.ts";
import { priceOrder, reaches, type PricingLine } from "./pricing.ts";
import { orderIdList } from "#core/orders/picklist.ts";
import { promotionJson } from "./read.ts";

const id = z.coerce.number({ error: "invalid" }).int("invalid").positive("invalid").max(2_147_483_647, "invalid");

export const promotionsBody = z.object({
  order_id: id.optional(),
  product_ids: orderIdList(150).optional(),
}).refine((b) => b.order_id !== undefined || b.product_ids !== undefined, { message: "api-orders:promotions.what", path: ["order_id"] });

async function linesOfVariants(db: Scope["db"], businessId: number, where: ReturnType<typeof and>, quantities?: Map<number, number>) {
  const rows = await db.select({
    variantId: productVariants.id, productId: productVariants.productId, brandId: products.brandId, categoryId: products.categoryId, price: productVariants.price,
  }).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(productVariants.businessId, businessId), where));
  return rows.map((r): PricingLine => ({ ...r, quantity: quantities?.get(r.variantId) ?? 1, regularPrice: r.price }));
}

/** The promotions running now for an order's lines or for products (spec promotions/sellers). */
export async function sellerPromotions(scope: Scope, body: z.infer<typeof promotionsBody>) {
  const { db, actor } = sellerScope(scope, "orders");
  const businessId = actor.member.businessId;
  let lines: PricingLine[];
  let place: { channelId: number | null; storeId: number | null; everywhere?: boolean } = { channelId: null, storeId: null, everywhere: true };
  if (body.order_id !== undefined) {
    const [o] = await db.select({ channelId: orders.channelId, storeId: orders.storeId }).from(orders)
      .where(and(eq(orders.id, body.order_id), eq(orders.businessId, businessId)));
    if (!o) throw new NotFound("api-orders:not_found");
    const items = await db.select({ variantId: orderItems.variantId, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, body.order_id));
    const ids = items.flatMap((i) => (i.variantId ? [i.variantId] : []));
    lines = ids.length ? await linesOfVariants(db, businessId, inArray(productVariants.id, ids), new Map(items.map((i) => [i.variantId!, i.quantity]))) : [];
    place = { channelId: o.channelId, storeId: o.storeId };
  } else {
    const ids = [...new Set(body.product_ids!)];
    const mine = await db.select({ id: products.id }).from(products).where(and(eq(products.businessId, businessId), inArray(products.id, ids)));
    if (mine.length !== ids.length) throw new NotFound();
    lines = await linesOfVariants(db, businessId, inArray(productVariants.productId, ids));
  }
  if (!lines.length) return [];
  // No code is given: vouchers are not among them (a buyer's code prices an order, not a product).
  const found = await candidatesFor(db, businessId, lines, { ...place, at: new Date() });
  if (!found.length) return [];
  const rows = await db.select().from(promotions).where(inArray(promotions.id, found.map((c) => c.id))).orderBy(promotions.endsAt);
  const reach = new Map(found.map((c) => [c.id, [...new Set(lines.filter((l) => reaches(c, l)).map((l) => l.productId))]]));
  return rows.map((p) => ({ ...promotionJson(p, actor.t), product_ids: reach.get(p.id) ?? [] }));
}

const itemList = z.preprocess((v) => {
  // "12:2,13:1" (variant:quantity) from a query string, or [{ variant_id, quantity }].
  if (typeof v !== "string") return v;
  return v.split(",").filter(Boolean).map((s) => {
    const [variant_id, quantity = "1"] = s.split(":");
    return { variant_id, quantity };
  });
}, z.array(z.object({ variant_id: id, quantity: z.coerce.number({ error: "invalid" }).int("invalid").min(1, "invalid").max(10_000, "invalid") }))
  .min(1, "required").max(200, "too_many"));

export const discountQuery = z.object({
  items: itemList,
  channel_id: id.optional(),
  store_id: id.optional(),
  voucher_code: z.string().trim().max(30, "too_long").optional(),
  shipping_cost: z.coerce.number({ error: "invalid" }).int("invalid").min(0, "invalid").max(1_000_000_000, "invalid").default(0),
});

/** A basket priced now (spec GET /v1.0.0/omnichannel/discount): no quota is taken. */
export async function quoteDiscount(scope: Scope, q: z.infer<typeof discountQuery>) {
  const { db, actor } = sellerScope(scope, "orders");
  const businessId = actor.member.businessId;
  const qty = new Map<number, number>();
  for (const i of q.items) qty.set(i.variant_id, (qty.get(i.variant_id) ?? 0) + i.quantity);
  const lines = await linesOfVariants(db, businessId, inArray(productVariants.id, [...qty.keys()]), qty);
  if (lines.length !== qty.size) throw new NotFound();
  const ctx = { channelId: q.channel_id ?? null, storeId: q.store_id ?? null, at: new Date(), voucherCode: q.voucher_code };
  const priced = priceOrder({ lines, shippingCost: q.shipping_cost, voucherCode: q.voucher_code }, await candidatesFor(db, businessId, lines, ctx));
  const ref = (a: { promotionId: number; name: string; kind: string; amount: number } | null) =>
    a && { promotion_id: a.promotionId, name: a.name, kind: a.kind, kind_name: actor.t(`promotion:kind.${a.kind}`), amount: a.amount };
  return {
    items: lines.map((l, k) => ({
      variant_id: l.variantId, quantity: l.quantity, regular_price: l.regularPrice, price: priced.lines[k].unitPrice, promotion: ref(priced.lines[k].promotion),
    })),
    bundles: priced.bundles.map(ref), voucher: ref(priced.voucher), delivery: ref(priced.delivery),
    gift: priced.gift && { ...ref(priced.gift), variant_id: priced.gift.variantId },
    cashback: priced.cashback && { ...ref(priced.cashback), as: priced.cashback.as },
    subtotal: priced.goods + priced.bundles.reduce((s, b) => s + b.amount, 0), discount: priced.orderDiscount,
    shipping_cost: q.shipping_cost, total: priced.total,
  };
}
