/**
 * What the balance pages show and link to (browser-safe: no database, the pages' components read
 * it). The rules that move money are core/money/ledger.ts; the balances are read by balances.ts and
 * the histories by history.ts.
 *
 * Points (spec: silent; issue 15 item 4 "decide"):
 *   - earned: 1 point per full Rp 10.000 (POINT_STEP) of an order's sales, credited when the order
 *     finishes (kind points_earned, reference the order, with its settlement); a returned order
 *     never finished, so it never earned any;
 *   - spent: on deposit invoices (platform costs), each point paying Rp 100 (POINT_VALUE)
 *     (kind points_spent, reference the invoice).
 *   Points never go below zero (the ledger's floor) and never turn into money that leaves.
 */
export const POINT_STEP = 10_000;
export const POINT_VALUE = 100;

/** Points an order's finished sales earn: whole points only, never a fraction. */
export const pointsForSales = (rupiah: number) => (Number.isSafeInteger(rupiah) && rupiah > 0 ? Math.floor(rupiah / POINT_STEP) : 0);

/** What `points` points pay of an invoice, in rupiah. */
export const pointsValue = (points: number) => points * POINT_VALUE;

/** The kinds a points history offers as its filter (money:kinds.<kind> names them). */
export const POINT_KINDS = ["points_earned", "points_spent"] as const;

/** Page sizes of the histories (spec section 9), default 50 on a page, 10 through the API. */
export const HISTORY_PAGE_SIZES = [10, 20, 50, 100, 150] as const;

/**
 * The seller's balances in the order the overview and the dashboard show them, each with its page
 * (withdrawals in progress are the saldo page's). `key` is the field of GET /balances.
 */
export const BALANCE_CARDS = [
  { key: "saldo", account: "saldo", path: "/income-balance/saldo" },
  { key: "deposit", account: "deposit", path: "/income-balance/deposit" },
  { key: "income_holding", account: "income", path: "/income-balance/income" },
  { key: "in_withdrawal", account: "payout", path: "/income-balance/saldo" },
  { key: "points", account: "points", path: "/income-balance/points" },
] as const;
export type BalanceKey = (typeof BALANCE_CARDS)[number]["key"];

