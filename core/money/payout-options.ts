/**
 * What the saldo page shows of withdrawals (browser-safe: no database here, so a page component may
 * import it): the statuses, the sources, the smallest withdrawal, the saldo history's kinds.
 */
export const PAYOUT_STATUSES = ["requested", "processing", "paid", "failed"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const PAYOUT_SOURCES = ["saldo", "deposit"] as const;
export type PayoutSource = (typeof PAYOUT_SOURCES)[number];

/** The smallest withdrawal (a transfer fee's worth is not worth a transfer); the largest one request may be. */
export const MIN_WITHDRAWAL = 10_000;
export const MAX_WITHDRAWAL = 1_000_000_000_000;

/** The kinds that move saldo, in the order the history's filter lists them. */
export const SALDO_KINDS = ["release", "withdrawal", "withdrawal_failed", "settlement_adjustment"] as const;

/** The tabs of /income-balance/saldo. */
export const SALDO_TABS = ["history", "withdrawals"] as const;
export type SaldoTab = (typeof SALDO_TABS)[number];

/** "WD-12": how a withdrawal is named to people (the payout's id). */
export const payoutNumber = (id: number) => `WD-${id}`;
