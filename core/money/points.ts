/**
 * Points (issue 15 item 4): the points account's history (GET /v0.0.0/balances/histories/point,
 * the page /income-balance/points, the "points-history" export) and the postings that earn and
 * spend them, for the callers that move them (an order finishing, a deposit invoice paid). The
 * rules are in balance-pages.ts (browser-safe, the page states them): 1 point per full Rp 10.000 of
 * an order's sales, credited when it finishes; spent on deposit invoices at Rp 100 a point.
 *
 * Decisions where the spec is silent:
 * - Points are counted on the order's sales (its gross, before fees): what the seller sold.
 * - The postings' keys make each happen once: `points:order:<id>` (earned), `points:order:<id>:returned`
 *   (taken back: kind points_earned with a negative amount, so the history shows the earning
 *   undone; at most what the business still holds, postPointsReturned), `points:invoice:<id>`
 *   (spent). The other side of every posting is `points_issued` (db/schema/money.ts).
 * - An order too small to earn a point posts nothing (a posting must move something).
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "#db/client.ts";
import { ledgerAccounts, ledgerTransactions } from "#db/schema/index.ts";
import { post, type Posted, type Posting } from "./ledger.ts";
import { pointsForSales } from "./balance-pages.ts";
import { accountHistory, defineAccountHistoryExport, historyQuery, type HistoryQuery } from "./history.ts";
import type { Scope } from "#core/actor.ts";

export const pointsHistoryQuery = historyQuery;

/** One page of the points history (privilege "balance"). */
export async function pointsHistory(scope: Scope, q: HistoryQuery) {
  const { page, limit, ...filters } = q;
  return accountHistory(scope, "points", filters, { page, limit });
}

defineAccountHistoryExport("points-history", "points", { filename: "points:export.filename", sheet: "points:export.sheet" });

/** The points an order earns when it finishes, as a posting (null: not a whole point). */
export function pointsEarnedPosting(businessId: number, order: { id: number; sales: number }, at?: Date): Posting | null {
  const points = pointsForSales(order.sales);
  if (points === 0) return null;
  return {
    businessId, kind: "points_earned", key: `points:order:${order.id}`, ref: { type: "order", id: order.id }, at,
    legs: [{ account: "points", amount: points }, { account: "points_issued", amount: -points }],
  };
}

/**
 * Takes back the points of a returned order, inside the caller's transaction: what the order
 * earned, but never more than the business still holds (points spent since are not clawed back
 * into a negative balance, which the ledger refuses — a refusal here would undo the whole return).
 * The points accounts are locked first, in the ledger's own order (by id), so the balance read is
 * the one the posting sees. Once per order: a second call answers the first posting. Null when
 * there is nothing to take back.
 */
export async function postPointsReturned(tx: Tx, businessId: number, order: { id: number; sales: number }): Promise<Posted | null> {
  const key = `points:order:${order.id}:returned`;
  const [done] = await tx.select({ id: ledgerTransactions.id }).from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.businessId, businessId), eq(ledgerTransactions.key, key)));
  if (done) return { transactionId: done.id, created: false };
  const earned = pointsForSales(order.sales);
  const accounts = await tx.select({ code: ledgerAccounts.code, balance: ledgerAccounts.balance }).from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.businessId, businessId), inArray(ledgerAccounts.code, ["points", "points_issued"])))
    .orderBy(ledgerAccounts.id)
    .for("update");
  const back = Math.min(earned, accounts.find((a) => a.code === "points")?.balance ?? 0);
  if (back <= 0) return null;
  return post(tx, {
    businessId, kind: "points_earned", key, ref: { type: "order", id: order.id }, memo: { reversal: true, earned },
    legs: [{ account: "points", amount: -back }, { account: "points_issued", amount: back }],
  });
}

/** Points spent on a deposit invoice (refused by the ledger beyond the balance). */
export function pointsSpentPosting(businessId: number, invoice: { id: number; points: number }, userId?: number | null): Posting {
  return {
    businessId, kind: "points_spent", key: `points:invoice:${invoice.id}`, ref: { type: "invoice", id: invoice.id }, userId,
    legs: [{ account: "points", amount: -invoice.points }, { account: "points_issued", amount: invoice.points }],
  };
}
