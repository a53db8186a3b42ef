/**
 * Points (issue 15 item 4): the points account's history (GET /v0.0.0/balances/histories/point,
 * the page /income-balance/points, the "points-history" export) and the postings that earn and
 * spend them, for the callers that move them (an order finishing, a deposit invoice paid). The
 * rules are in balance-pages.ts (browser-safe, the page states them): 1 point per full Rp 10.000 of
 * an order's sales, credited when it finishes; spent on deposit invoices at Rp 100 a point.
 *
 * Decisions where the spec is silent:
 * - Points are counted on the order's sales (its gross, before fees): what the seller sold.
 * - The postings' keys make each happen once: `points:order:<id>` (earned, with the order's
 *   settlement: core/money/settlements.ts), `points:invoice:<id>` (spent on a deposit invoice:
 *   core/money/invoices.ts). The other side of every posting is `points_issued` (db/schema/money.ts).
 * - Nothing takes points back: a complaint opens only before an order finishes (core/orders/
 *   lifecycle.ts), so a returned order never settled and never earned any.
 * - An order too small to earn a point posts nothing (a posting must move something).
 */
import type { Posting } from "./ledger.ts";
import { accountHistory, defineAccountHistoryExport, historyQuery, type HistoryQuery } from "./history.ts";
import type { Scope } from "#core/actor.ts";

export const pointsHistoryQuery = historyQuery;

/** One page of the points history (privilege "balance"). */
export async function pointsHistory(scope: Scope, q: HistoryQuery) {
  const { page, limit, ...filters } = q;
  return accountHistory(scope, "points", filters, { page, limit });
}

defineAccountHistoryExport("points-history", "points", { filename: "points:export.filename", sheet: "points:export.sheet" });

/**
 * The points finished orders earn (each order's counted on its own sales: pointsForSales), as a
 * posting keyed by the first order, its line naming that order unless `line` says otherwise (null:
 * not a whole point).
 */
export function pointsEarnedPosting(
  businessId: number, earned: { orderId: number; points: number }, line: Pick<Posting, "ref" | "memo" | "at"> = {},
): Posting | null {
  if (earned.points === 0) return null;
  return {
    businessId, kind: "points_earned", key: `points:order:${earned.orderId}`, ref: { type: "order", id: earned.orderId }, ...line,
    legs: [{ account: "points", amount: earned.points }, { account: "points_issued", amount: -earned.points }],
  };
}

/** Points spent on a deposit invoice (refused by the ledger beyond the balance). */
export function pointsSpentPosting(businessId: number, invoice: { id: number; points: number }, userId?: number | null): Posting {
  return {
    businessId, kind: "points_spent", key: `points:invoice:${invoice.id}`, ref: { type: "invoice", id: invoice.id }, userId,
    legs: [{ account: "points", amount: -invoice.points }, { account: "points_issued", amount: invoice.points }],
  };
}
