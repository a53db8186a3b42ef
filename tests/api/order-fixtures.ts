/**
 * Orders for the action and lifecycle tests: made the way production makes them (receiveOrder,
 * as a channel's webhook would), with products of their own and stock put at the order's source
 * through the stock ledger. Every helper reads the database as it is, never a cached figure.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { receiveOrder, type IncomingOrder } from "#core/orders/intake.ts";
import { applyStockChanges, type StockLocation } from "#core/stock/stock-ledger.ts";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";

export type Shop = { businessId: number; channelId: number; userId: number };

/** The business of a demo owner and its first active channel. */
export async function shopOf(email: string): Promise<Shop> {
  const [row] = await db
    .select({ businessId: s.businessMembers.businessId, userId: s.users.id })
    .from(s.users)
    .innerJoin(s.businessMembers, and(eq(s.businessMembers.userId, s.users.id), eq(s.businessMembers.role, "owner")))
    .where(eq(s.users.email, email));
  const [channel] = await db
    .select({ id: s.channels.id })
    .from(s.channels)
    .where(and(eq(s.channels.businessId, row.businessId), eq(s.channels.status, 1)))
    .orderBy(asc(s.channels.id))
    .limit(1);
  return { businessId: row.businessId, channelId: channel.id, userId: row.userId };
}

let seq = 0;
const tag = () => `${process.pid}-${Date.now().toString(36)}-${++seq}`;

/** A product with one variant (its own SKU), priced 50.000. */
export async function newVariant(shop: Shop) {
  const sku = `ORD-${tag()}`;
  const [p] = await db.insert(s.products).values({ businessId: shop.businessId, name: `Order test ${sku}`, sku }).returning();
  const [v] = await db.insert(s.productVariants).values({ businessId: shop.businessId, productId: p.id, sku: `${sku}-V`, price: 50_000 }).returning();
  return { productId: p.id, variantId: v.id, sku: v.sku };
}

/** Where an order takes its stock from (the level accept reserves at, before any partition choice). */
export async function sourceOf(orderId: number): Promise<StockLocation> {
  const [o] = await db.select({ storeId: s.orders.storeId, warehouseId: s.orders.warehouseId }).from(s.orders).where(eq(s.orders.id, orderId));
  return o.storeId ? { sourceType: 1, storeId: o.storeId } : { sourceType: 2, warehouseId: o.warehouseId! };
}

/** Adds on-hand stock of a variant at a location. */
export async function addStock(shop: Shop, variantId: number, location: StockLocation, delta: number) {
  await db.transaction((tx) => applyStockChanges(tx, { businessId: shop.businessId, userId: shop.userId, reason: "manual", reference: "test" }, [
    { variantId, location, delta },
  ]));
}

/** Receives an order from the shop's channel (paid unless told otherwise). */
export async function newOrder(shop: Shop, items: Array<{ sku: string; quantity: number }>, extra: Partial<IncomingOrder> = {}) {
  const r = await receiveOrder(shop.channelId, {
    channelOrderId: `T-${tag()}`,
    customer: { name: "Sari Wulandari", phone: "+6281311112222" },
    shipping: { address: "Jl. Kaliurang Km 5 No. 12", city: "Sleman", postcode: "55281" },
    courier: { code: "jne", service: "REG" },
    paid: true,
    items,
    ...extra,
  });
  return r.orderId;
}

/** The order row as it is now. */
export async function orderRow(orderId: number) {
  const [o] = await db.select().from(s.orders).where(eq(s.orders.id, orderId));
  return o;
}

export async function historyOf(orderId: number) {
  return db.select().from(s.orderStatusHistory).where(eq(s.orderStatusHistory.orderId, orderId)).orderBy(asc(s.orderStatusHistory.id));
}

/** On hand and reserved of a variant, summed over every level of the business. */
export async function stockOf(variantId: number) {
  const [r] = await db
    .select({
      onHand: sql<number>`coalesce(sum(${s.stockLevels.onHand}), 0)::int`,
      reserved: sql<number>`coalesce(sum(${s.stockLevels.reserved}), 0)::int`,
    })
    .from(s.stockLevels)
    .where(eq(s.stockLevels.variantId, variantId));
  return r;
}

/** Sets an order's status directly (test setup only: reaching a state the channel would bring). */
export async function forceState(orderId: number, patch: Partial<typeof s.orders.$inferInsert>) {
  await db.update(s.orders).set(patch).where(eq(s.orders.id, orderId));
}
