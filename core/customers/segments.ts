/**
 * RFM segments of the customer centre (issue 17 item 5), as data: a segment is one or more boxes
 * of recency (days since the last order that was not cancelled) × frequency (such orders). The
 * boxes do not overlap and cover every customer, so each customer is in exactly one segment. The
 * list's filter (SQL, customers.ts) and a row's badge (segmentOf) are both read from this table.
 *
 * Monetary value (lifetime value) is shown and sorted by, not a boundary: what a big spender is
 * differs by business, and fixed rupiah thresholds would be wrong for most of them.
 * Browser-safe: no database here (the list page's filters read it).
 */
/** The list's orders (customers.ts sorts by them); here so the page's select can load it. */
export const CUSTOMER_SORTS = ["recent", "spent", "orders", "name"] as const;

export const SEGMENTS = ["champions", "loyal", "new", "promising", "at_risk", "hibernating", "lost", "no_orders"] as const;
export type Segment = (typeof SEGMENTS)[number];

/** [from, to] inclusive; null: no bound. */
export type Box = { days: [number, number | null]; orders: [number, number | null] };

export const SEGMENT_BOXES: Record<Segment, Box[]> = {
  champions: [{ days: [0, 30], orders: [4, null] }],
  loyal: [{ days: [0, 30], orders: [2, 3] }, { days: [31, 90], orders: [2, null] }],
  new: [{ days: [0, 30], orders: [1, 1] }],
  promising: [{ days: [31, 90], orders: [1, 1] }],
  at_risk: [{ days: [91, 365], orders: [2, null] }],
  hibernating: [{ days: [91, 365], orders: [1, 1] }],
  lost: [{ days: [366, null], orders: [1, null] }],
  // Only cancelled orders: no recency to speak of.
  no_orders: [{ days: [0, null], orders: [0, 0] }],
};

const DAY = 86_400_000;
const within = (v: number, [from, to]: [number, number | null]) => v >= from && (to === null || v <= to);

/** The customer's segment now; days are whole days since the last order. */
export function segmentOf(c: { ordersCount: number; lastOrderAt: Date | null }, now = new Date()): Segment {
  const days = c.lastOrderAt ? Math.max(0, Math.floor((now.getTime() - c.lastOrderAt.getTime()) / DAY)) : 0;
  return SEGMENTS.find((s) => SEGMENT_BOXES[s].some((b) => within(days, b.days) && within(c.ordersCount, b.orders))) ?? "no_orders";
}
