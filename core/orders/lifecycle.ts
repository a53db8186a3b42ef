/**
 * The order lifecycle, as data: which action moves an order from which state to which, who may
 * trigger it, what it needs (a reason, a note) and what the order then holds of the stock.
 * The spec (section 4) names the statuses and the actions, not the transitions: this table is ours.
 * The API enforces it (core/orders/actions.ts is the only writer of an order's status), the
 * pages show exactly the actions it allows, and a property test walks it at random.
 * Browser-safe: no imports beyond the status lists.
 *
 * A state is the status, except while a complaint runs: then it is `complaint:<return stage>`
 * (open → approved | declined → appealed → approved → received → returned).
 *
 * Stock: every state holds the stock one way — none, reserved (accepted, not handed over),
 * deducted (handed to the courier or customer) or returned. A transition names the holding it
 * leads to, and the order service moves the stock from the old holding to the new one through the
 * stock ledger in the same transaction: none→reserved reserves, reserved→none releases,
 * reserved→deducted takes from on hand, deducted→returned puts back (unless marked damaged).
 * "keep" leaves the holding as it is (a cancellation request returns to where it came from).
 */
import type { OrderStatus } from "#db/schema/order-tabs.ts";

export type Actor = "seller" | "customer" | "system";
export type StockHolding = "none" | "reserved" | "deducted" | "returned";
export type ReturnStage = "open" | "approved" | "declined" | "appealed" | "received";
export type OrderState = Exclude<OrderStatus, "complaint"> | `complaint:${ReturnStage}`;

/** Cancellation reasons (spec section 8) and the ones a seller may choose. */
export const CANCEL_REASONS = { "payment-expired": 1, "customer-request": 2, "seller-declined": 3, "accept-expired": 4, "process-expired": 5, "product-cancel": 6 } as const;
export const SELLER_CANCEL_REASONS = [2, 3, 5, 6] as const;
/** Complaint / return reasons (spec section 8). */
export const COMPLAINT_REASONS = [1, 3, 4, 255] as const;

export const ORDER_ACTIONS = [
  // The channel and the courier (system), the customer.
  "pay", "expire-payment", "expire-accept", "expire-process", "request-cancellation", "in-transit",
  "out-for-delivery", "complain", "appeal",
  // The seller.
  "accept", "reject", "prepare", "pack", "packing", "ready", "book-delivery", "send", "pickup",
  "pickup-customer", "deliver", "fulfill", "hold", "resume-hold", "return-to-process", "cancel",
  "approve-cancellation", "decline-cancellation", "cancel-products", "undo-cancel-products",
  "approve-returns", "decline-returns", "approve-appeal", "decline-appeal", "accept-returns", "finish-returns",
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export type Transition = {
  action: OrderAction;
  from: readonly OrderState[];
  /** "previous" = the state the order was in before a hold, a cancellation request or a complaint. */
  to: OrderState | "previous" | "same";
  by: readonly Actor[];
  /** The stock holding after the move; absent = unchanged. */
  stock?: StockHolding;
  /** A reason the caller must give, from this list (cancel, complaint), or free text (hold). */
  reasons?: readonly number[];
  /** The reason recorded when the caller gives none (reject = Seller Declined, expiries). */
  reason?: number;
  note?: "required" | "optional";
  /** Only orders delivered this way (book-delivery: courier → wait-to-send, pickup → wait-to-pick). */
  delivery?: "courier" | "pickup";
};

const PREPARE_PACK: OrderState[] = ["wait-to-prepare", "preparing", "wait-to-pack", "packing"];
const HELD: OrderState[] = ["hold", "prepare-hold", "packing-hold"];
/** Accepted and not handed over: the seller may still cancel, the customer may still ask to. */
const BEFORE_HAND_OVER: OrderState[] = [...PREPARE_PACK, ...HELD, "ready-to-ship", "wait-to-send", "wait-to-pick"];

export const LIFECYCLE: readonly Transition[] = [
  // Payment and acceptance.
  { action: "pay", from: ["waiting-payment"], to: "waiting-approval", by: ["system"] },
  { action: "expire-payment", from: ["waiting-payment"], to: "cancelled", by: ["system"], reason: 1 },
  { action: "accept", from: ["waiting-approval"], to: "wait-to-prepare", by: ["seller"], stock: "reserved" },
  { action: "reject", from: ["waiting-approval"], to: "cancelled", by: ["seller"], reason: 3, note: "optional" },
  { action: "expire-accept", from: ["waiting-approval"], to: "cancelled", by: ["system"], reason: 4 },
  // Prepare, pack, ready.
  { action: "prepare", from: ["wait-to-prepare"], to: "preparing", by: ["seller"] },
  { action: "pack", from: ["preparing"], to: "wait-to-pack", by: ["seller"] },
  { action: "packing", from: ["wait-to-pack"], to: "packing", by: ["seller"] },
  { action: "ready", from: ["packing"], to: "ready-to-ship", by: ["seller"] },
  { action: "expire-process", from: [...PREPARE_PACK, "ready-to-ship"], to: "cancelled", by: ["system"], reason: 5, stock: "none" },
  // Hold and resume: the hold status says which stage it was taken from.
  { action: "hold", from: ["wait-to-prepare"], to: "hold", by: ["seller"], note: "required" },
  { action: "hold", from: ["preparing"], to: "prepare-hold", by: ["seller"], note: "required" },
  { action: "hold", from: ["wait-to-pack", "packing"], to: "packing-hold", by: ["seller"], note: "required" },
  { action: "resume-hold", from: HELD, to: "previous", by: ["seller"] },
  { action: "return-to-process", from: ["ready-to-ship", ...HELD], to: "wait-to-prepare", by: ["seller"] },
  // Book the delivery: a courier pick-up, or the customer collects at the store.
  { action: "book-delivery", from: ["ready-to-ship"], to: "wait-to-send", by: ["seller"], delivery: "courier" },
  { action: "book-delivery", from: ["ready-to-ship"], to: "wait-to-pick", by: ["seller"], delivery: "pickup" },
  // Hand-over: the stock leaves the shelf.
  { action: "send", from: ["wait-to-send"], to: "send-to-courier", by: ["seller"], stock: "deducted" },
  { action: "pickup", from: ["send-to-courier"], to: "sending", by: ["seller", "system"] },
  // The courier scanned the parcel before anyone pressed "send": the hand-over happened all the same.
  { action: "pickup", from: ["wait-to-send"], to: "sending", by: ["system"], stock: "deducted" },
  { action: "in-transit", from: ["sending"], to: "on-courier-delivery", by: ["system"] },
  { action: "out-for-delivery", from: ["sending", "on-courier-delivery"], to: "on-delivery", by: ["system"] },
  { action: "deliver", from: ["sending", "on-courier-delivery", "on-delivery"], to: "received", by: ["seller", "system"] },
  { action: "pickup-customer", from: ["wait-to-pick"], to: "picking", by: ["seller"], stock: "deducted" },
  { action: "deliver", from: ["picking"], to: "received", by: ["seller"] },
  { action: "fulfill", from: ["received"], to: "finish", by: ["seller", "system"] },
  // A declined return the customer did not appeal closes when the appeal window ends (system only).
  { action: "fulfill", from: ["complaint:declined"], to: "finish", by: ["system"] },
  // Cancelling: by the seller before hand-over, or on the customer's request.
  { action: "cancel", from: ["waiting-payment"], to: "cancelled", by: ["seller"], reasons: SELLER_CANCEL_REASONS, note: "optional" },
  { action: "cancel", from: BEFORE_HAND_OVER, to: "cancelled", by: ["seller"], reasons: SELLER_CANCEL_REASONS, note: "optional", stock: "none" },
  { action: "request-cancellation", from: ["waiting-approval", ...BEFORE_HAND_OVER], to: "cancellation-request", by: ["customer"], note: "optional" },
  { action: "approve-cancellation", from: ["cancellation-request"], to: "cancelled", by: ["seller"], reason: 2, stock: "none" },
  { action: "decline-cancellation", from: ["cancellation-request"], to: "previous", by: ["seller"], note: "optional" },
  // Some items only: the order stays where it is; the items' stock is released (or held again).
  { action: "cancel-products", from: ["waiting-approval", ...BEFORE_HAND_OVER], to: "same", by: ["seller"], reasons: SELLER_CANCEL_REASONS },
  { action: "undo-cancel-products", from: ["waiting-approval", ...BEFORE_HAND_OVER], to: "same", by: ["seller"] },
  // Complaint and return.
  { action: "complain", from: ["received"], to: "complaint:open", by: ["customer"], reasons: COMPLAINT_REASONS, note: "optional" },
  { action: "approve-returns", from: ["complaint:open"], to: "complaint:approved", by: ["seller"] },
  { action: "decline-returns", from: ["complaint:open"], to: "complaint:declined", by: ["seller"], note: "required" },
  { action: "appeal", from: ["complaint:declined"], to: "complaint:appealed", by: ["customer"], note: "optional" },
  { action: "approve-appeal", from: ["complaint:appealed"], to: "complaint:approved", by: ["seller"] },
  // The appeal was the last word: the sale stands and the order is finished.
  { action: "decline-appeal", from: ["complaint:appealed"], to: "finish", by: ["seller"], note: "required" },
  { action: "accept-returns", from: ["complaint:approved"], to: "complaint:received", by: ["seller"] },
  { action: "finish-returns", from: ["complaint:received"], to: "returned", by: ["seller"], stock: "returned" },
];

/** The actions staff take; the others come from the channel, the courier or the customer (webhooks). */
export const SELLER_ACTIONS: readonly OrderAction[] = ORDER_ACTIONS.filter((a) => LIFECYCLE.some((t) => t.action === a && t.by.includes("seller")));

export type OrderLike = { status: string; returnStage?: string | null; deliveryMethod?: string | null };

export const stateOf = (o: OrderLike): OrderState =>
  (o.status === "complaint" ? `complaint:${o.returnStage ?? "open"}` : o.status) as OrderState;

/** The status and return stage a state is written as. */
export function splitState(state: OrderState): { status: OrderStatus; returnStage: ReturnStage | null } {
  const [status, stage] = state.split(":");
  return { status: status as OrderStatus, returnStage: (stage as ReturnStage | undefined) ?? null };
}

/** The transition an action takes from the order's state, for this actor; undefined = not allowed. */
export function transitionFor(order: OrderLike, action: OrderAction, actor: Actor): Transition | undefined {
  const state = stateOf(order);
  return LIFECYCLE.find(
    (t) => t.action === action && t.from.includes(state) && t.by.includes(actor) && (!t.delivery || t.delivery === (order.deliveryMethod ?? "courier")),
  );
}

/** The actions an actor may take on the order now, in table order (what the pages show as buttons). */
export function allowedActions(order: OrderLike, actor: Actor = "seller"): OrderAction[] {
  const out: OrderAction[] = [];
  for (const t of LIFECYCLE) if (!out.includes(t.action) && transitionFor(order, t.action, actor) === t) out.push(t.action);
  return out;
}

/**
 * allowedActions(order) for the seller, memoized by what it reads (the state — status and, for a
 * complaint, the return stage — and the delivery method): the lists ask it per row, and there are
 * only a few dozen distinct answers. The array is shared: do not mutate it.
 */
const sellerActionsMemo = new Map<string, readonly OrderAction[]>();
export function sellerActions(order: OrderLike): readonly OrderAction[] {
  const key = `${stateOf(order)}|${order.deliveryMethod ?? "courier"}`;
  let actions = sellerActionsMemo.get(key);
  if (!actions) sellerActionsMemo.set(key, (actions = allowedActions(order)));
  return actions;
}

/** Where the transition lands, given where the order was before (for "previous"). */
export function targetState(order: OrderLike & { previousStatus?: string | null }, t: Transition): OrderState {
  if (t.to === "same") return stateOf(order);
  if (t.to === "previous") return (order.previousStatus ?? "wait-to-prepare") as OrderState;
  return t.to;
}

/** Entering these states remembers where the order was, so resume / decline can go back. */
export const REMEMBERS_PREVIOUS: readonly OrderState[] = ["hold", "prepare-hold", "packing-hold", "cancellation-request"];

/** Stock movement between two holdings, per unit: on-hand and reserved deltas (×quantity). */
export function stockMove(from: StockHolding, to: StockHolding, damaged = false): { delta: number; reservedDelta: number } | null {
  if (from === to) return null;
  const key = `${from}>${to}`;
  switch (key) {
    case "none>reserved": return { delta: 0, reservedDelta: 1 };
    case "reserved>none": return { delta: 0, reservedDelta: -1 };
    case "reserved>deducted": return { delta: -1, reservedDelta: -1 };
    // An order taken over without a reservation (imported history) takes straight from on hand.
    case "none>deducted": return { delta: -1, reservedDelta: 0 };
    case "deducted>returned": return damaged ? { delta: 0, reservedDelta: 0 } : { delta: 1, reservedDelta: 0 };
    // An order that never held stock (imported history) has nothing to put back.
    case "none>returned": return null;
    // The table never asks for another move (the property test walks it): a bug, not a refusal.
    default: throw new Error(`No stock move from ${from} to ${to}`);
  }
}
