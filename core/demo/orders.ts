/**
 * Demo orders: Toko Demo gets orders in every status of the lifecycle, Batik Sekar Jagad a few.
 * Each is made the way production makes them — `receiveOrder` (as a channel's webhook would),
 * then the lifecycle's own actions (`applyOrderActionIn`) — so stock is reserved and taken through
 * the ledger and every order has its status history. The history is then spread between the
 * order's time and now, so the demo reads like days of work rather than one instant.
 */
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { db } from "#db/client.ts";
import { applyOrderActionIn, type ActionInput } from "#core/orders/actions.ts";
import { receiveOrder, sourceFor, type IncomingOrder } from "#core/orders/intake.ts";
import type { OrderAction } from "#core/orders/lifecycle.ts";
import { backdateDemoSettlements, releaseDueSettlements } from "#core/money/settlements.ts";
import * as s from "#db/schema/index.ts";
import type { DemoIds } from "./types.ts";

const CUSTOMERS = [
  ["Andi Pratama", "+6281211110001", "Jl. Kemang Raya No. 12", "Jakarta Selatan", "DKI Jakarta", "12730"],
  ["Siti Rahma", "+6281311110002", "Jl. Dago No. 88", "Bandung", "Jawa Barat", "40135"],
  ["Agus Setiawan", "+6285711110003", "Jl. Pemuda No. 5", "Semarang", "Jawa Tengah", "50132"],
  ["Putri Lestari", "+6287811110004", "Jl. Malioboro No. 60", "Yogyakarta", "DI Yogyakarta", "55271"],
  ["Yoga Saputra", "+6281911110005", "Jl. Darmo No. 101", "Surabaya", "Jawa Timur", "60264"],
  ["Fitri Handayani", "+6281511110006", "Jl. Sudirman No. 7", "Medan", "Sumatera Utara", "20152"],
  ["Rizky Maulana", "+6289611110007", "Jl. Sunset Road No. 3", "Badung", "Bali", "80361"],
  ["Nur Aisyah", "+6282111110008", "Jl. Pettarani No. 45", "Makassar", "Sulawesi Selatan", "90222"],
] as const;

// Each demo order walks this path from its start (paid = waiting-approval).
type Step = OrderAction | ["customer" | "system", OrderAction, Partial<ActionInput>?] | [OrderAction, Partial<ActionInput>];
const TO_READY: Step[] = ["accept", "prepare", "pack", "packing", "ready"];
const TO_RECEIVED: Step[] = [...TO_READY, "book-delivery", "send", "pickup", ["system", "in-transit"], ["system", "out-for-delivery"], ["system", "deliver"]];
const PATHS: Array<{ paid: boolean; pickup?: boolean; steps: Step[]; count: number; hoursAgo: number }> = [
  { paid: false, steps: [], count: 3, hoursAgo: 0 },
  { paid: true, steps: [], count: 5, hoursAgo: 10 },
  { paid: true, steps: ["accept", ["customer", "request-cancellation", { note: "Salah pilih ukuran" }]], count: 1, hoursAgo: 20 },
  { paid: true, steps: ["accept"], count: 4, hoursAgo: 16 },
  { paid: true, steps: ["accept", "prepare"], count: 3, hoursAgo: 18 },
  { paid: true, steps: ["accept", "prepare", "pack"], count: 2, hoursAgo: 20 },
  { paid: true, steps: ["accept", "prepare", "pack", "packing"], count: 2, hoursAgo: 22 },
  { paid: true, steps: TO_READY, count: 3, hoursAgo: 24 },
  { paid: true, steps: ["accept", ["hold", { note: "Menunggu konfirmasi warna dari pembeli" }]], count: 1, hoursAgo: 26 },
  { paid: true, steps: ["accept", "prepare", ["hold", { note: "Stok di rak sedang dihitung ulang" }]], count: 1, hoursAgo: 28 },
  { paid: true, steps: [...TO_READY, "book-delivery"], count: 3, hoursAgo: 30 },
  { paid: true, pickup: true, steps: [...TO_READY, "book-delivery"], count: 1, hoursAgo: 30 },
  { paid: true, steps: [...TO_READY, "book-delivery", "send"], count: 2, hoursAgo: 40 },
  { paid: true, steps: [...TO_READY, "book-delivery", "send", "pickup", ["system", "in-transit"]], count: 3, hoursAgo: 60 },
  { paid: true, steps: [...TO_READY, "book-delivery", "send", "pickup", ["system", "in-transit"], ["system", "out-for-delivery"]], count: 1, hoursAgo: 70 },
  { paid: true, steps: TO_RECEIVED, count: 3, hoursAgo: 96 },
  { paid: true, steps: [...TO_RECEIVED, "fulfill"], count: 6, hoursAgo: 240 },
  // Finished yesterday: their income is still held (issue 15), the rest has moved to saldo.
  { paid: true, steps: [...TO_RECEIVED, "fulfill"], count: 2, hoursAgo: 60 },
  { paid: true, pickup: true, steps: [...TO_READY, "book-delivery", "pickup-customer", "deliver", "fulfill"], count: 1, hoursAgo: 200 },
  { paid: true, steps: [["reject", { note: "Stok habis di gudang" }]], count: 1, hoursAgo: 50 },
  { paid: true, steps: ["accept", ["cancel", { reason: 2, note: "Pembeli minta batal lewat chat" }]], count: 1, hoursAgo: 80 },
  { paid: true, steps: [...TO_RECEIVED, ["customer", "complain", { reason: 3, note: "Kancing kurang satu" }]], count: 1, hoursAgo: 150 },
  { paid: true, steps: [...TO_RECEIVED, ["customer", "complain", { reason: 4 }], "approve-returns", ["accept-returns", { damaged: false }], "finish-returns"], count: 1, hoursAgo: 300 },
];

export async function seedDemoOrders(ids: DemoIds) {
  const toko = await channelsOf(ids.tokoDemo);
  const sekar = await channelsOf(ids.sekar);
  let n = 0;
  for (const path of PATHS) {
    for (let k = 0; k < path.count; k++, n++) {
      await demoOrder(ids.seller, toko[n % toko.length], path, n);
    }
  }
  for (const [i, path] of [PATHS[1], PATHS[3], PATHS[7], PATHS[16], PATHS[16]].entries()) await demoOrder(ids.seller2, sekar[i % sekar.length], path, n++);
  // Spread each order's history between its time and now (steps an hour or more apart).
  await db.execute(sql`
    UPDATE ${s.orderStatusHistory} h
       SET time_created = o.time_created + x.step * LEAST(interval '3 hours', (now() - o.time_created) / (x.steps + 1))
      FROM (SELECT id, order_id, row_number() OVER (PARTITION BY order_id ORDER BY id) - 1 AS step,
                   count(*) OVER (PARTITION BY order_id) AS steps FROM ${s.orderStatusHistory}) x
      JOIN ${s.orders} o ON o.id = x.order_id
     WHERE h.id = x.id`);
  await db.execute(sql`UPDATE ${s.orders} o SET time_modified = (SELECT max(time_created) FROM ${s.orderStatusHistory} WHERE order_id = o.id)`);
  // The finished orders were settled as they finished (core/money/settlements.ts): their periods
  // follow the spread history, and what is past its hold moves to saldo.
  await backdateDemoSettlements(db, [ids.tokoDemo, ids.sekar]);
  for (const businessId of [ids.tokoDemo, ids.sekar]) await releaseDueSettlements(new Date(), { businessId });
}

async function channelsOf(businessId: number) {
  return db
    .select({ id: s.channels.id })
    .from(s.channels)
    .where(and(eq(s.channels.businessId, businessId), eq(s.channels.status, 1)))
    .orderBy(s.channels.id);
}

async function demoOrder(userId: number, channel: { id: number }, path: (typeof PATHS)[number], n: number) {
  const [ch] = await db.select({ businessId: s.channels.businessId }).from(s.channels).where(eq(s.channels.id, channel.id));
  const c = CUSTOMERS[n % CUSTOMERS.length];
  const base: Omit<IncomingOrder, "items"> = {
    channelOrderId: `DEMO-${channel.id}-${1000 + n}`,
    customer: { name: c[0], phone: c[1], email: `${c[0].split(" ")[0].toLowerCase()}@mail.test` },
    shipping: { recipientName: c[0], phone: c[1], address: c[2], city: c[3], province: c[4], postcode: c[5] },
    deliveryMethod: path.pickup ? "pickup" : "courier",
    courier: path.pickup ? null : { code: ["jne", "jnt", "sicepat"][n % 3], service: "REG" },
    paymentMethod: [3, 4, 2][n % 3],
    paid: path.paid,
    shippingCost: path.pickup ? 0 : 12_000 + (n % 4) * 3_000,
    // The first order is placed right now (the dashboard's "today" is never empty).
    placedAt: new Date(Date.now() - path.hoursAgo * 3600_000 - (n % 5) * 20 * 60_000),
  };
  const items = await stockedItems(ch.businessId, await sourceFor(ch.businessId, channel.id, base), 1 + (n % 2), n);
  if (!items.length) return;
  const { orderId } = await receiveOrder(channel.id, { ...base, items });
  for (const step of path.steps) {
    const [actor, action, extra] = typeof step === "string" ? ["seller", step, {}] : step.length === 2 && typeof step[1] === "object" ? ["seller", step[0], step[1]] : step;
    // The courier's receipt number, as the seller types it after booking the pick-up.
    const awb = action === "book-delivery" && !path.pickup ? { trackingNumber: `${base.courier!.code.toUpperCase()}${String(4_100_000_000 + n * 7_919)}` } : {};
    await db.transaction((tx) => applyOrderActionIn(tx, ch.businessId, orderId, {
      action: action as OrderAction, actor: actor as ActionInput["actor"], userId: actor === "seller" ? userId : null, ...awb, ...(extra as object),
    }));
  }
}

/** SKUs with stock to spare at the order's source, so the demo's accepts succeed. */
async function stockedItems(businessId: number, source: { storeId: number | null; warehouseId: number | null }, count: number, n: number) {
  const where = source.storeId ? eq(s.stockLevels.storeId, source.storeId) : eq(s.stockLevels.warehouseId, source.warehouseId!);
  const rows = await db
    .select({ sku: s.productVariants.sku })
    .from(s.stockLevels)
    .innerJoin(s.productVariants, eq(s.productVariants.id, s.stockLevels.variantId))
    .innerJoin(s.products, eq(s.products.id, s.stockLevels.productId))
    .where(and(eq(s.stockLevels.businessId, businessId), where, gt(sql`${s.stockLevels.onHand} - ${s.stockLevels.reserved}`, 2),
      inArray(s.products.status, ["published"])))
    .orderBy(s.stockLevels.id);
  if (!rows.length) return [];
  return Array.from({ length: Math.min(count, rows.length) }, (_, i) => ({ sku: rows[(n * 7 + i * 3) % rows.length].sku, quantity: 1 }))
    .filter((item, i, all) => all.findIndex((x) => x.sku === item.sku) === i);
}
