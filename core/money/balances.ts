/**
 * Every balance of the actor's business, read from the ledger (spec section 7 "Balances":
 * GET /v0.0.0/balances; the dashboard's balances panel). Reads only: the balances are the ledger
 * accounts' own (core/money/ledger.ts balancesOf), kept under a row lock by the one writer, so
 * this is one indexed read of at most a dozen rows, whatever the number of entries.
 *
 * Decisions where the spec is silent:
 * - The shape: one field per seller balance in integer rupiah (points in points) —
 *   income_holding (earned, in its hold period), saldo (withdrawable), in_withdrawal (on its way to
 *   the bank), deposit (prepaid; NEGATIVE means the business owes that much: an invoice charged to
 *   an empty deposit, paid off by the next top-up), points — plus deposit_debt (the debt as a
 *   positive number, 0 when none), points_value (what the points pay of an invoice, rupiah) and
 *   `balances`, the same figures as a list with names in the reader's language (the overview and
 *   the dashboard render it as it is).
 * - An account never used is 0 (a new business has no account rows yet).
 * - Privilege "balance" (the sidebar's Credits Balance): a staff member without it is refused.
 */
import { sellerScope, type Scope } from "#core/actor.ts";
import { ACCOUNTS } from "#db/schema/index.ts";
import { balancesOf } from "./ledger.ts";
import { BALANCE_CARDS, pointsValue, type BalanceKey } from "./balance-pages.ts";

export async function balances(scope: Scope) {
  const { db, actor } = sellerScope(scope, "balance");
  const b = await balancesOf(db, actor.member.businessId);
  const figures: Record<BalanceKey, number> = {
    saldo: b.saldo, deposit: b.deposit, income_holding: b.income, in_withdrawal: b.payout, points: b.points,
  };
  return {
    ...figures,
    deposit_debt: b.deposit < 0 ? -b.deposit : 0,
    points_value: pointsValue(b.points),
    currency: "IDR",
    balances: BALANCE_CARDS.map((c) => ({
      key: c.key,
      account: c.account,
      name: actor.t(`money:accounts.${c.account}`),
      amount: figures[c.key],
      unit: ACCOUNTS[c.account].unit,
    })),
  };
}
export type Balances = Awaited<ReturnType<typeof balances>>;
