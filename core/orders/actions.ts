/**
 * The only writer of an order's status (staff through seller-actions.ts, channels and couriers
 * through webhooks.ts, the sweeper through core/jobs/order-deadlines.ts). One action on one order
 * is one transaction:
 *   lock the order row → look the move up in the lifecycle table (order-lifecycle.ts) → move its
 *   stock through the stock ledger → write the order → append a status-history row.
 * Anything the table does not allow answers 422 and writes nothing. Two staff pressing the same
 * button at once queue on the row lock: the first applies, the second finds the order moved and
 * is told it was "already" done (the last history row names the same action); a form sent twice
 * is the same case.
 *
 * Decisions where the spec is silent:
 * - Stock is reserved on accept, per line, at the first location of the business's last stock
 *   priority with enough available (core/stock/priority.ts; not for store-pickup orders); else at
 *   the order's source: its store, or its warehouse — there the partition (or the warehouse's own
 *   shelf) with the most available for the SKU. The level chosen is kept on the line, so release,
 *   hand-over and return touch the same level.
 * - Deadlines: payment 24 h after the order; acceptance 2 open days (48 h when nothing is
 *   closed) after payment; processing the store's process days (at least 1) after acceptance,
 *   counted in open days too. Open days skip the days the order's store is closed by the
 *   business's active holiday sessions (the whole business's, or the store's; orders have no
 *   brand, so a brand's sessions do not count): a deadline of N days keeps the time of day and
 *   lands on the N-th open day after today (WIB), one function, openDaysAfter
 *   (core/profile/holiday-days.ts, its header has the exact rule), read in the order's
 *   transaction. A sweeper cancels what is overdue (reasons 1, 4, 5: core/jobs/order-deadlines.ts).
 * - Cancelling every line of an order cancels the order (reason 6 Product Cancel).
 * - A return restocks the level the line was taken from, unless the seller marks it damaged.
 */
import { releasePromotions } from "#core/promotions/apply.ts";
import { refreshCustomers } from "#core/customers/link.ts";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { db, type Tx } from "#db/client.ts";
import { orderItems, orders, orderStatusHistory, stockLevels, stores } from "#db/schema/index.ts";
import { recordHistory } from "#core/lib/history.ts";
import { notify } from "#core/notifications/notify.ts";
import {
  LIFECYCLE, REMEMBERS_PREVIOUS, splitState, stateOf, stockMove, targetState, transitionFor,
  type Actor, type OrderAction, type OrderState, type StockHolding,
} from "./lifecycle.ts";
import { applyStockChanges, type StockChange, type StockLocation } from "#core/stock/stock-ledger.ts";
import { chooseSources } from "#core/stock/priority.ts";
import { openDaysAfter } from "#core/profile/holiday-days.ts";
import { NotFound, Refused } from "#core/errors.ts";
import { settleOrders } from "#core/money/settlements.ts";

export type ActionInput = {
  action: OrderAction;
  actor: Actor;
  userId?: number | null;
  reason?: number | null;
  note?: string | null;
  /** cancel-products / undo-cancel-products: the lines. */
  itemIds?: number[];
  /** accept-returns: the returned goods cannot be sold again. */
  damaged?: boolean;
  /** book-delivery: the courier's receipt number (AWB) when the seller booked it themselves. */
  trackingNumber?: string | null;
};

export type ActionResult = { orderId: number; orderCode: string; from: OrderState; to: OrderState };

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

const HOUR = 3600_000;

/** Applies one action to one order of the business, in its own transaction. */
export async function applyOrderAction(businessId: number, orderId: number, input: ActionInput): Promise<ActionResult> {
  return db.transaction((tx) => applyOrderActionIn(tx, businessId, orderId, input));
}

export async function applyOrderActionIn(tx: Tx, businessId: number, orderId: number, input: ActionInput): Promise<ActionResult> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.businessId, businessId)))
    .for("update");
  if (!order) throw new NotFound("api-orders:not_found");
  const from = stateOf(order);
  const t = transitionFor(order, input.action, input.actor);
  if (!t) throw await refusal(tx, order, input.action);

  // What the caller must say.
  // A caller picks a reason only where the table offers a choice; elsewhere the table's own stands.
  let reason = t.reasons ? (input.reason ?? null) : (t.reason ?? null);
  if (t.reasons && (reason == null || !t.reasons.includes(reason))) {
    throw new Refused("api-orders:reason_required", { reason: ["api-orders:reason_required"] });
  }
  const note = input.note?.trim() || null;
  if (t.note === "required" && !note) throw new Refused("api-orders:note_required", { note: ["api-orders:note_required"] });
  if (note && note.length > 500) throw new Refused("api:errors.validation", { note: ["validation:too_long"] });

  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.id);
  const stockRef = { businessId, userId: input.userId ?? null, reason: "order" as const, reference: order.orderCode };
  let to = targetState(order, t);
  // previousStatus holds one step back; a held order that had a cancellation request declined is
  // back in its hold with that step spent, so resume takes the stage from the hold's own history row.
  if (input.action === "resume-hold") to = (await heldFrom(tx, order.id)) ?? to;
  const patch: Partial<typeof orders.$inferInsert> = {};

  if (input.action === "cancel-products" || input.action === "undo-cancel-products") {
    const cancel = input.action === "cancel-products";
    const chosen = items.filter((i) => input.itemIds?.includes(i.id) && (cancel ? !i.cancelledAt : i.cancelledAt));
    if (!chosen.length) throw new Refused("api-orders:no_items", { item_ids: ["api-orders:no_items"] });
    if (order.stockState === "reserved") {
      // Undo holds the same level again, or picks one when the line never held any.
      const located = cancel ? chosen : await locate(tx, order, chosen);
      await applyStockChanges(tx, stockRef, located.filter((i) => i.variantId).map((i) => ({
        variantId: i.variantId!, location: locationOf(order, i), reservedDelta: cancel ? -i.quantity : i.quantity,
      })));
    }
    await tx.update(orderItems).set({ cancelledAt: cancel ? new Date() : null }).where(inArray(orderItems.id, chosen.map((i) => i.id)));
    const live = items.filter((i) => (chosen.includes(i) ? !cancel : !i.cancelledAt));
    Object.assign(patch, totals(order, live));
    if (!live.length) {
      // Nothing left to send: the order is cancelled (Product Cancel); no stock is held any more.
      to = "cancelled";
      reason = 6;
      patch.stockState = "none";
      patch.cancelReason = 6;
    }
  } else {
    const holding = (t.stock ?? order.stockState) as StockHolding;
    if (holding !== order.stockState) {
      // The return restocks on finish-returns; "damaged" was said when the goods came back (accept-returns).
      await moveStock(tx, order, items.filter((i) => !i.cancelledAt), order.stockState as StockHolding, holding, stockRef, order.returnDamaged ?? false);
      patch.stockState = holding;
    }
  }

  const { status, returnStage } = splitState(to);
  if (REMEMBERS_PREVIOUS.includes(to) && to !== from) patch.previousStatus = order.status;
  if (t.to === "previous") patch.previousStatus = null;
  // A cancelled order gives its promotions' uses and promo stock back (core/promotions/apply.ts).
  if (status === "cancelled" && order.status !== "cancelled") await releasePromotions(tx, order.id);
  if (status === "cancelled") {
    patch.cancelReason = reason;
    patch.cancelNote = note;
  }
  if (input.action === "hold") patch.holdReason = note;
  if (input.action === "complain") {
    patch.complaintReason = reason;
    patch.complaintNote = note;
  }
  // Said once, when the goods come back; finishing the return restocks by it.
  if (input.action === "accept-returns") patch.returnDamaged = input.damaged ?? false;
  if (input.action === "pay") patch.paidAt = new Date();
  if (input.action === "book-delivery") {
    const given = input.trackingNumber?.trim();
    if (given && !/^[A-Za-z0-9-]{6,40}$/.test(given)) {
      throw new Refused("api-orders:tracking_invalid", { tracking_number: ["api-orders:tracking_invalid"] });
    }
    // The receipt number is the courier's: typed by the seller who booked it, or sent later by the
    // channel / courier (webhook). We never make one up: a label must carry what the courier scans.
    if (order.deliveryMethod === "courier" && given) patch.trackingNumber = given;
  }
  patch.deadlineAt = await deadlineFor(tx, order, status);

  await tx
    .update(orders)
    .set({ ...patch, status, returnStage, timeModified: new Date() })
    .where(eq(orders.id, order.id));
  // The customer's lifetime value counts the orders that are not cancelled, at their totals.
  const cancelMoved = (status === "cancelled") !== (order.status === "cancelled");
  if (order.customerId && (cancelMoved || patch.totalAmount !== undefined)) await refreshCustomers(tx, [order.customerId]);
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    businessId,
    action: input.action,
    actor: input.actor,
    userId: input.userId ?? null,
    fromStatus: order.status,
    toStatus: status,
    reason,
    note,
  });
  // A finished order is settled in the same transaction: its income and points (core/money/settlements.ts).
  if (status === "finish" && order.status !== "finish") {
    await settleOrders(tx, businessId, [{ ...order, subtotal: patch.subtotal ?? order.subtotal, finishedAt: new Date() }]);
  }
  // The customer's requests reach the staff who handle orders (core/notifications/notify.ts).
  const told = { "request-cancellation": "cancellation_request", complain: "complaint" } as const;
  if (input.action === "request-cancellation" || input.action === "complain") {
    await notify(tx, businessId, told[input.action], {
      ref: { type: "order", id: order.id }, link: `/orders/${order.id}`, vars: { order_code: order.orderCode },
    });
  }
  // A seller's action is a staff action: the audit log records it too (core/audit/audit-log.ts).
  if (input.actor === "seller" && input.userId) {
    await recordHistory(tx, {
      businessId, refType: "order", refId: order.id, userId: input.userId, action: input.action,
      changes: { status: { from: order.status, to: status }, ...(note ? { note: { from: null, to: note } } : {}) },
    });
  }
  return { orderId: order.id, orderCode: order.orderCode, from, to };
}

/** The stage a held order was taken from: the status before its latest hold. */
async function heldFrom(tx: Tx, orderId: number): Promise<OrderState | undefined> {
  const [row] = await tx
    .select({ fromStatus: orderStatusHistory.fromStatus })
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.action, "hold")))
    .orderBy(desc(orderStatusHistory.id))
    .limit(1);
  return (row?.fromStatus ?? undefined) as OrderState | undefined;
}

/** 422: "already accepted" when the last move was this action, else "not allowed while …". */
async function refusal(tx: Tx, order: OrderRow, action: OrderAction) {
  const [last] = await tx
    .select({ action: orderStatusHistory.action })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, order.id))
    .orderBy(desc(orderStatusHistory.id))
    .limit(1);
  const vars = { order: order.orderCode, action, status: order.status };
  if (last?.action === action) return new Refused("api-orders:already", { action: ["api-orders:already"] }, vars);
  return new Refused("api-orders:not_allowed", { action: ["api-orders:not_allowed"] }, vars);
}

/** Moves the stock of the live lines from one holding to another (lifecycle "stock"). */
async function moveStock(
  tx: Tx, order: OrderRow, items: ItemRow[], from: StockHolding, to: StockHolding,
  ref: Parameters<typeof applyStockChanges>[1], damaged?: boolean,
) {
  const per = stockMove(from, to, damaged);
  if (!per || (per.delta === 0 && per.reservedDelta === 0)) return;
  const located = from === "none" ? await locate(tx, order, items) : items;
  const changes: StockChange[] = located
    .filter((i) => i.variantId)
    .map((i) => ({
      variantId: i.variantId!,
      location: locationOf(order, i),
      ...(per.delta ? { delta: per.delta * i.quantity } : {}),
      ...(per.reservedDelta ? { reservedDelta: per.reservedDelta * i.quantity } : {}),
    }));
  await applyStockChanges(tx, ref, changes);
}

function locationOf(order: OrderRow, item: ItemRow): StockLocation {
  if (item.storeId) return { sourceType: 1, storeId: item.storeId };
  if (item.warehouseId) return { sourceType: 2, warehouseId: item.warehouseId, partitionId: item.partitionId };
  if (order.storeId) return { sourceType: 1, storeId: order.storeId };
  if (order.warehouseId) return { sourceType: 2, warehouseId: order.warehouseId };
  throw new Refused("api-orders:no_source");
}

/**
 * Chooses and records the level each line takes its stock from. An online (not store-pickup)
 * order's line takes the first location of the business's last stock priority with enough
 * available for it (core/stock/priority.ts chooseSources, which locks the levels first); a line
 * none of them can serve, and every line when there is no priority, keeps the fixed rule: the
 * order's store, or in its warehouse the partition (or the unpartitioned shelf) with the most
 * available for that SKU.
 */
async function locate(tx: Tx, order: OrderRow, items: ItemRow[]): Promise<ItemRow[]> {
  const byPriority = order.deliveryMethod === "pickup"
    ? new Map<number, StockLocation>()
    : await chooseSources(tx, order.businessId, items.flatMap((i) => (i.variantId ? [{ id: i.id, variantId: i.variantId, quantity: i.quantity }] : [])));
  const out: ItemRow[] = [];
  for (const item of items) {
    if (!item.variantId) {
      out.push(item);
      continue;
    }
    let place: Pick<ItemRow, "storeId" | "warehouseId" | "partitionId">;
    const chosen = byPriority.get(item.id);
    if (chosen) {
      place = chosen.sourceType === 1
        ? { storeId: chosen.storeId, warehouseId: null, partitionId: null }
        : { storeId: null, warehouseId: chosen.warehouseId, partitionId: chosen.partitionId ?? null };
    } else if (order.storeId) place = { storeId: order.storeId, warehouseId: null, partitionId: null };
    else if (order.warehouseId) {
      const [best] = await tx
        .select({ partitionId: stockLevels.partitionId })
        .from(stockLevels)
        .where(and(eq(stockLevels.variantId, item.variantId), eq(stockLevels.warehouseId, order.warehouseId)))
        .orderBy(desc(sql`${stockLevels.onHand} - ${stockLevels.reserved}`), stockLevels.id)
        .limit(1);
      place = { storeId: null, warehouseId: order.warehouseId, partitionId: best?.partitionId ?? null };
    } else throw new Refused("api-orders:no_source");
    await tx.update(orderItems).set(place).where(eq(orderItems.id, item.id));
    out.push({ ...item, ...place });
  }
  return out;
}

/** Subtotal and total over the lines still in the order (a partial cancellation lowers them). */
function totals(order: OrderRow, live: ItemRow[]) {
  const subtotal = live.reduce((s, i) => s + i.price * i.quantity, 0);
  return { subtotal, totalAmount: Math.max(0, subtotal + order.shippingCost - order.discount) };
}

/** The next deadline the sweeper enforces in the new status, or null. */
async function deadlineFor(tx: Tx, order: OrderRow, status: string): Promise<Date | null> {
  const now = Date.now();
  if (status === "waiting-payment") return order.deadlineAt ?? new Date(now + 24 * HOUR);
  // Acceptance and processing count open days of the order's store (holiday sessions skipped).
  if (status === "waiting-approval") return openDaysAfter(tx, order.businessId, order.storeId, new Date(now), 2);
  if (status === "wait-to-prepare" && order.status === "waiting-approval") {
    let days = 1;
    if (order.storeId) {
      const [store] = await tx.select({ processDay: stores.processDay }).from(stores).where(eq(stores.id, order.storeId));
      days = Math.max(1, store?.processDay ?? 1);
    }
    return openDaysAfter(tx, order.businessId, order.storeId, new Date(now), days);
  }
  // A hold or a customer's cancellation request stops the clock (the sweeper expires none of
  // them); back in process the order gets at least a day more.
  if (REMEMBERS_PREVIOUS.includes(status as OrderState)) return order.deadlineAt;
  if (["wait-to-prepare", "preparing", "wait-to-pack", "packing", "ready-to-ship"].includes(status)) {
    const paused = REMEMBERS_PREVIOUS.includes(order.status as OrderState);
    const least = new Date(now + 24 * HOUR);
    return paused && (!order.deadlineAt || order.deadlineAt < least) ? least : order.deadlineAt;
  }
  return null;
}

/** The system's expiry action of each status that has one (expire-payment, -accept, -process). */
export const EXPIRY: ReadonlyMap<string, OrderAction> = new Map(
  LIFECYCLE.filter((t) => t.action.startsWith("expire-") && t.by.includes("system")).flatMap((t) => t.from.map((s) => [s, t.action] as const)),
);

/** An expiry that cannot apply (logged by the sweeper) waits an hour, so it never blocks the others. */
export async function postponeDeadline(orderId: number) {
  await db.update(orders).set({ deadlineAt: sql`now() + interval '1 hour'` }).where(eq(orders.id, orderId));
}

/**
 * Orders past their deadline in a status a system action expires, oldest deadline first. Only
 * those statuses: an order that kept a deadline elsewhere (imported, seeded) would otherwise fill
 * every batch and starve the rest.
 */
export async function overdueOrders(limit = 200) {
  return db
    .select({ id: orders.id, businessId: orders.businessId, status: orders.status })
    .from(orders)
    .where(and(sql`${orders.deadlineAt} < now()`, isNull(orders.returnStage), inArray(orders.status, [...EXPIRY.keys()])))
    .orderBy(orders.deadlineAt)
    .limit(limit);
}
