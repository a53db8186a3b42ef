/**
 * Order statuses (spec section 4) and the tabs of the orders page (spec section 2 "Order tabs").
 * Every status sits in exactly one tab, so the tab counts add up to "all".
 */
export const ORDER_STATUSES = [
  "waiting-payment", "waiting-approval", "cancellation-request",
  "wait-to-prepare", "preparing", "wait-to-pack", "packing", "wait-to-send", "wait-to-pick",
  "ready-to-ship", "send-to-courier", "sending", "picking", "hold", "prepare-hold", "packing-hold",
  "on-courier-delivery", "on-delivery", "received", "finish", "cancelled", "returned", "complaint",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_TABS = {
  "waiting-payment": ["waiting-payment"],
  // Both wait for the seller's decision: accept the order, or approve/decline the cancellation.
  "waiting-approval": ["waiting-approval", "cancellation-request"],
  // The spec's process stages: prepare, pack, ready, send and pick, hold.
  process: [
    "wait-to-prepare", "preparing", "prepare-hold",
    "wait-to-pack", "packing", "packing-hold",
    "ready-to-ship",
    "wait-to-send", "wait-to-pick", "send-to-courier", "sending", "picking",
    "hold",
  ],
  delivered: ["on-courier-delivery", "on-delivery"],
  // Received by the customer, not finished yet (the complaint window is still open).
  successful: ["received"],
  finished: ["finish"],
  cancelled: ["cancelled"],
  // A complaint is a return in the making.
  returned: ["returned", "complaint"],
} as const satisfies Record<string, readonly OrderStatus[]>;
export type OrderTab = keyof typeof ORDER_TABS | "all";
export const TAB_KEYS = ["all", ...Object.keys(ORDER_TABS)] as OrderTab[];

/** Orders in these statuses bring no money (yet or any more): they are left out of sales figures. */
export const NOT_A_SALE: readonly OrderStatus[] = ["waiting-payment", "cancelled", "returned"];

/** The statuses a `status` filter stands for: a tab key, a single status, or null for all. */
export function statusesFor(filter: string | undefined): readonly string[] | null {
  if (!filter || filter === "all") return null;
  if (filter in ORDER_TABS) return ORDER_TABS[filter as keyof typeof ORDER_TABS];
  return [filter];
}

export const isStatusFilter = (s: string) => s === "all" || s in ORDER_TABS || (ORDER_STATUSES as readonly string[]).includes(s);
