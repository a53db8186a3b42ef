/**
 * Order statuses (spec section 4) and the tabs of the orders page (spec section 2 "Order tabs").
 * Every status sits in exactly one tab, and every status of the "process" tab in exactly one of
 * its stages (prepare, pack, ready, send and pick, hold), so the counts add up to "all".
 * Browser-safe: the pages import it for the tab bar.
 *
 * The orders table carries `tab` and `stage` as columns generated from this mapping
 * (db/schema/orders.ts), so a tab's first page and its keyset pages are one index range.
 */
export const ORDER_STATUSES = [
  "waiting-payment", "waiting-approval", "cancellation-request",
  "wait-to-prepare", "preparing", "wait-to-pack", "packing", "wait-to-send", "wait-to-pick",
  "ready-to-ship", "send-to-courier", "sending", "picking", "hold", "prepare-hold", "packing-hold",
  "on-courier-delivery", "on-delivery", "received", "finish", "cancelled", "returned", "complaint",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The stages of the "process" tab. */
export const ORDER_STAGES = {
  prepare: ["wait-to-prepare", "preparing"],
  pack: ["wait-to-pack", "packing"],
  ready: ["ready-to-ship"],
  "send-pick": ["wait-to-send", "wait-to-pick", "send-to-courier", "sending", "picking"],
  hold: ["hold", "prepare-hold", "packing-hold"],
} as const satisfies Record<string, readonly OrderStatus[]>;
export type OrderStage = keyof typeof ORDER_STAGES;
export const STAGE_KEYS = Object.keys(ORDER_STAGES) as OrderStage[];

export const ORDER_TABS = {
  "waiting-payment": ["waiting-payment"],
  // Both wait for the seller's decision: accept the order, or approve/decline the cancellation.
  "waiting-approval": ["waiting-approval", "cancellation-request"],
  process: Object.values(ORDER_STAGES).flat(),
  delivered: ["on-courier-delivery", "on-delivery"],
  // Received by the customer, not finished yet (the complaint window is still open).
  successful: ["received"],
  finished: ["finish"],
  cancelled: ["cancelled"],
  // A complaint is a return in the making.
  returned: ["returned", "complaint"],
} as const satisfies Record<string, readonly OrderStatus[]>;
export type OrderTabKey = keyof typeof ORDER_TABS;
export type OrderTab = OrderTabKey | "all";
export const TAB_KEYS = ["all", ...Object.keys(ORDER_TABS)] as OrderTab[];

export const TAB_OF = Object.fromEntries(
  Object.entries(ORDER_TABS).flatMap(([tab, statuses]) => statuses.map((s) => [s, tab])),
) as Record<OrderStatus, OrderTabKey>;
/** A status's stage when it is in the process tab, else its tab: the `stage` column. */
export const STAGE_OF = Object.fromEntries(
  ORDER_STATUSES.map((s) => [s, Object.entries(ORDER_STAGES).find(([, list]) => (list as readonly string[]).includes(s))?.[0] ?? TAB_OF[s]]),
) as Record<OrderStatus, string>;

/** Orders in these statuses bring no money (yet or any more): they are left out of sales figures. */
export const NOT_A_SALE: readonly OrderStatus[] = ["waiting-payment", "cancelled", "returned"];

/** The statuses a `status` filter stands for: a tab key, a stage, a single status, or null for all. */
export function statusesFor(filter: string | undefined): readonly string[] | null {
  if (!filter || filter === "all") return null;
  if (Object.hasOwn(ORDER_TABS, filter)) return ORDER_TABS[filter as OrderTabKey];
  if (Object.hasOwn(ORDER_STAGES, filter)) return ORDER_STAGES[filter as OrderStage];
  return [filter];
}

export const isStatusFilter = (s: string) =>
  s === "all" || Object.hasOwn(ORDER_TABS, s) || Object.hasOwn(ORDER_STAGES, s) || (ORDER_STATUSES as readonly string[]).includes(s);
