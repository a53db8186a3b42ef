/**
 * How an order comes in: a channel hands us its order (webhook, simulator, demo seed) and we
 * keep it as ours. Idempotent by the channel's own order id: the same delivery three times makes
 * one order (the unique index on channel + channel order id decides under concurrency).
 *
 * Decisions where the spec is silent:
 * - Lines are matched by SKU within the business (case-insensitive); an unknown SKU refuses the
 *   order with a 422 naming it, so a channel sees the mismatch instead of a half order.
 *   The price is the channel's when it sends one (its promotions), else the variant's price
 *   lowered by the business's own promotions (core/promotions/pricing.ts, claimed in this
 *   transaction by core/promotions/apply.ts).
 * - The stock source: a store-pickup order is fulfilled by the store named (or the channel's first
 *   connected active store); a courier order by the first active store connected to the channel,
 *   else the business's default warehouse, else its default store.
 * - An order that arrives paid starts at waiting-approval, else at waiting-payment; both with
 *   the deadline the sweeper enforces. The status history starts with a "create" row by the system.
 * - Order codes are INV/<WIB date>/<running number>, unique across businesses.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { db, type Db, type Tx } from "#db/client.ts";
import {
  channels, orderItems, orders, orderStatusHistory, productImages, productVariants, products, stores, storeChannels, warehouses,
} from "#db/schema/index.ts";
import { publish } from "#core/lib/events.ts";
import { notify } from "#core/notifications/notify.ts";
import { wibDate } from "#core/lib/time.ts";
import { openDaysAfter } from "#core/profile/holiday-days.ts";
import { Conflict, NotFound, Refused } from "#core/errors.ts";
import { buyerKey, priceAndClaim, recordUses } from "#core/promotions/apply.ts";
import { linkOrders } from "#core/customers/link.ts";

export type IncomingOrder = {
  channelOrderId: string;
  customer: { name: string; phone?: string | null; email?: string | null };
  shipping?: {
    recipientName?: string | null; phone?: string | null; address: string; city?: string | null;
    province?: string | null; postcode?: string | null;
  } | null;
  deliveryMethod?: "courier" | "pickup";
  /** Store-pickup orders: where the customer collects. */
  pickupStoreId?: number | null;
  courier?: { code: string; service?: string | null } | null;
  orderType?: 1 | 2 | 3;
  paymentMethod?: number | null;
  paid?: boolean;
  items: Array<{ sku: string; quantity: number; price?: number | null }>;
  shippingCost?: number;
  discount?: number;
  voucherCode?: string | null;
  follower?: boolean;
  note?: string | null;
  placedAt?: Date;
};

export type Received = { orderId: number; orderCode: string; created: boolean; businessId: number };

const HOUR = 3600_000;

export async function receiveOrder(channelId: number, incoming: IncomingOrder): Promise<Received> {
  const r = await db.transaction((tx) => receiveOrderIn(tx, channelId, incoming));
  announceOrder(r);
  return r;
}

/**
 * receiveOrder inside the caller's transaction, so a caller can make the order and its own record
 * of it (a webhook's event row) one commit. The caller announces it after commit (announceOrder):
 * staff must never hear of an order a rollback took back.
 */
export async function receiveOrderIn(tx: Tx, channelId: number, incoming: IncomingOrder): Promise<Received & { channelName: string }> {
  const [channel] = await tx
    .select({ id: channels.id, businessId: channels.businessId, name: channels.name })
    .from(channels)
    .where(eq(channels.id, channelId));
  if (!channel) throw new NotFound("api-orders:channel_not_found");
  const businessId = channel.businessId;
  const existing = await findExisting(tx, channelId, incoming.channelOrderId);
  if (existing) return { ...existing, created: false, businessId, channelName: channel.name };

  const skus = [...new Set(incoming.items.map((i) => i.sku.toLowerCase()))];
  const variants = await tx
    .select({
      id: productVariants.id, productId: productVariants.productId, sku: productVariants.sku, price: productVariants.price,
      variantName: productVariants.variantName, sizeName: productVariants.sizeName, productName: products.name,
      brandId: products.brandId, categoryId: products.categoryId,
      image: sql<string | null>`(SELECT ${productImages.url} FROM ${productImages} WHERE ${productImages.productId} = ${products.id} ORDER BY ${productImages.position} LIMIT 1)`,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(productVariants.businessId, businessId), inArray(sql`lower(${productVariants.sku})`, skus)));
  const bySku = new Map(variants.map((v) => [v.sku.toLowerCase(), v]));
  const unknown = skus.filter((s) => !bySku.has(s));
  if (unknown.length) throw new Refused("api-orders:unknown_sku", { items: ["api-orders:unknown_sku"] }, { sku: unknown.join(", ") });

  const lines = incoming.items.map((i) => {
    const v = bySku.get(i.sku.toLowerCase())!;
    return { v, quantity: i.quantity, price: i.price ?? v.price };
  });
  const subtotal = lines.reduce((s, l) => s + l.price * l.quantity, 0);
  const shippingCost = incoming.shippingCost ?? 0;
  const discount = Math.min(incoming.discount ?? 0, subtotal + shippingCost);
  const source = await sourceFor(businessId, channelId, incoming, tx);
  const placedAt = incoming.placedAt ?? new Date();
  const status = incoming.paid ? "waiting-approval" : "waiting-payment";

  const [{ n }] = (await tx.execute<{ n: number }>(sql`SELECT nextval('order_number_seq')::int AS n`)).rows;
  const [row] = await tx
    .insert(orders)
    .values({
      businessId,
      orderCode: `INV/${wibDate(placedAt).replaceAll("-", "")}/${n}`,
      channelId,
      channelName: channel.name,
      channelOrderId: incoming.channelOrderId,
      storeId: source.storeId,
      warehouseId: source.warehouseId,
      orderType: incoming.orderType ?? 1,
      deliveryMethod: incoming.deliveryMethod ?? "courier",
      status,
      customerName: incoming.customer.name,
      customerPhone: incoming.customer.phone ?? null,
      customerEmail: incoming.customer.email ?? null,
      recipientName: incoming.shipping?.recipientName ?? incoming.customer.name,
      recipientPhone: incoming.shipping?.phone ?? incoming.customer.phone ?? null,
      shippingAddress: incoming.shipping?.address ?? null,
      shippingCity: incoming.shipping?.city ?? null,
      shippingProvince: incoming.shipping?.province ?? null,
      shippingPostcode: incoming.shipping?.postcode ?? null,
      courierCode: incoming.courier?.code ?? null,
      courierService: incoming.courier?.service ?? null,
      paymentMethod: incoming.paymentMethod ?? null,
      subtotal,
      shippingCost,
      discount,
      totalAmount: subtotal + shippingCost - discount,
      customerNote: incoming.note ?? null,
      paidAt: incoming.paid ? placedAt : null,
      // A paid order waits for acceptance: 2 open days of its store (core/profile/holiday-days.ts).
      deadlineAt: incoming.paid
        ? await openDaysAfter(tx, businessId, source.storeId, placedAt, 2)
        : new Date(placedAt.getTime() + 24 * HOUR),
      timeCreated: placedAt,
      timeModified: placedAt,
    })
    // The same order came in at the same moment: this insert waits for the other's commit, then
    // does nothing and the other one keeps it (READ COMMITTED: the next statement sees it).
    .onConflictDoNothing({ target: [orders.channelId, orders.channelOrderId] })
    .returning({ id: orders.id, orderCode: orders.orderCode });
  if (!row) {
    const again = await findExisting(tx, channelId, incoming.channelOrderId);
    if (!again) throw new Conflict("api:errors.conflict");
    return { ...again, created: false, businessId, channelName: channel.name };
  }
  // Our promotions, once the order is surely new (a duplicate must claim no quota).
  const buyer = buyerKey(incoming.customer);
  const { priced, uses } = await priceAndClaim(tx, businessId, {
    lines: incoming.items.map((i, k) => ({
      variantId: lines[k].v.id, productId: lines[k].v.productId, brandId: lines[k].v.brandId, categoryId: lines[k].v.categoryId,
      quantity: lines[k].quantity, regularPrice: lines[k].price, fixed: i.price != null,
    })),
    shippingCost,
    voucherCode: incoming.voucherCode,
  }, { channelId, storeId: source.storeId, at: placedAt, voucherCode: incoming.voucherCode, follower: incoming.follower }, buyer);
  const gift = priced.gift ? await giftLine(tx, businessId, priced.gift.variantId) : null;
  const items = await tx.insert(orderItems).values([
    ...lines.map((l, k) => ({
      orderId: row.id,
      businessId,
      productId: l.v.productId,
      variantId: l.v.id,
      productName: l.v.productName,
      variantName: l.v.variantName || null,
      sizeName: l.v.sizeName || null,
      sku: l.v.sku,
      image: l.v.image,
      quantity: l.quantity,
      price: priced.lines[k].unitPrice,
      regularPrice: priced.lines[k].promotion ? priced.lines[k].regularPrice : null,
    })),
    ...(gift ? [{ ...gift, orderId: row.id, businessId, quantity: 1, price: 0 }] : []),
  ]).returning({ id: orderItems.id });
  if (uses.length) {
    await recordUses(tx, businessId, row.id, items.map((i) => i.id), uses, buyer);
    const promoSubtotal = priced.lines.reduce((s, l, k) => s + l.unitPrice * lines[k].quantity, 0);
    const promoDiscount = Math.min(discount + priced.orderDiscount, promoSubtotal + shippingCost);
    await tx.update(orders).set({ subtotal: promoSubtotal, discount: promoDiscount, totalAmount: promoSubtotal + shippingCost - promoDiscount })
      .where(eq(orders.id, row.id));
  }
  await tx.insert(orderStatusHistory).values({
    orderId: row.id, businessId, action: "create", actor: "system", fromStatus: null, toStatus: status, timeCreated: placedAt,
  });
  // Who ordered: the customer this person already is, or a new one (core/customers/identity.ts).
  await linkOrders(tx, businessId, [{
    id: row.id, customerName: incoming.customer.name, customerPhone: incoming.customer.phone ?? null, customerEmail: incoming.customer.email ?? null,
  }]);
  await notify(tx, businessId, "new_order", {
    ref: { type: "order", id: row.id }, link: `/orders/${row.id}`, vars: { order_code: row.orderCode, channel: channel.name },
  });
  return { orderId: row.id, orderCode: row.orderCode, created: true, businessId, channelName: channel.name };
}

/** A free gift's line: the variant as it is now, at Rp 0 (its regular price kept beside). */
async function giftLine(tx: Tx, businessId: number, variantId: number) {
  const [v] = await tx.select({
    productId: productVariants.productId, variantId: productVariants.id, productName: products.name, variantName: productVariants.variantName,
    sizeName: productVariants.sizeName, sku: productVariants.sku, regularPrice: productVariants.price,
  }).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(productVariants.id, variantId), eq(productVariants.businessId, businessId)));
  return v ? { ...v, variantName: v.variantName || null, sizeName: v.sizeName || null } : null;
}

/** After commit: the business's staff hear of a new order (nothing when it was already there). */
export function announceOrder(r: Received & { channelName: string }) {
  if (!r.created) return;
  publish(r.businessId, "onSellerNewOrder", { channel_name: r.channelName, order_id: r.orderCode, sys_order_id: r.orderId });
}

async function findExisting(exec: Db | Tx, channelId: number, channelOrderId: string) {
  const [row] = await exec
    .select({ orderId: orders.id, orderCode: orders.orderCode })
    .from(orders)
    .where(and(eq(orders.channelId, channelId), eq(orders.channelOrderId, channelOrderId)));
  return row;
}

/** Where the order's stock comes from (see the header). */
export async function sourceFor(
  businessId: number, channelId: number, incoming: Pick<IncomingOrder, "pickupStoreId" | "deliveryMethod">, exec: Db | Tx = db,
) {
  if (incoming.pickupStoreId) {
    const [store] = await exec
      .select({ id: stores.id })
      .from(stores)
      .where(and(eq(stores.id, incoming.pickupStoreId), eq(stores.businessId, businessId)));
    if (!store) throw new Refused("api-orders:unknown_store", { pickup_store_id: ["api-orders:unknown_store"] });
    return { storeId: store.id, warehouseId: null };
  }
  const [connected] = await exec
    .select({ id: stores.id })
    .from(storeChannels)
    .innerJoin(stores, eq(stores.id, storeChannels.storeId))
    .where(and(eq(storeChannels.channelId, channelId), eq(stores.status, 1)))
    .orderBy(asc(stores.id))
    .limit(1);
  if (connected) return { storeId: connected.id, warehouseId: null };
  if (incoming.deliveryMethod !== "pickup") {
    const [warehouse] = await exec
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(eq(warehouses.businessId, businessId), eq(warehouses.isDefault, true)));
    if (warehouse) return { storeId: null, warehouseId: warehouse.id };
  }
  const [store] = await exec
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.businessId, businessId), eq(stores.isDefault, true)));
  if (!store) throw new Refused("api-orders:no_source");
  return { storeId: store.id, warehouseId: null };
}
