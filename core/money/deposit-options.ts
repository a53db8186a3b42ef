/**
 * The deposit's constants a page shows (browser-safe: no database). Rules: core/money/deposit.ts,
 * payments.ts, invoices.ts.
 */

/**
 * Spec payment methods a seller may pay with: 2 Instant, 3 Virtual Account, 4 E-Wallet,
 * 5 Payment Point, 6 Cardless Credit. 0 Membership is not offered: it is not a way of paying money
 * in (a membership is what a subscription invoice pays for), so a top-up or an invoice by method 0
 * is refused.
 */
export const PAYMENT_METHODS = [2, 3, 4, 5, 6] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** One point pays Rp 100 of a deposit invoice. */
// Points are worth POINT_VALUE rupiah each on an invoice: the one rule lives with the points page.
export { POINT_VALUE } from "./balance-pages.ts";

/** A top-up is Rp 10.000 … Rp 100.000.000. */
export const TOPUP_MIN = 10_000;
export const TOPUP_MAX = 100_000_000;

/** Spec "Invoice setting": how often the subscription is billed. */
export const INVOICE_SETTINGS = [1, 2, 3] as const;
export type InvoiceSetting = (typeof INVOICE_SETTINGS)[number];

/** The invoice list's status tabs ("overdue" = unpaid past its due time). */
export const INVOICE_TABS = ["all", "unpaid", "overdue", "paid"] as const;
export type InvoiceTab = (typeof INVOICE_TABS)[number];

export const PAY_VIA = ["deposit", "method", "points"] as const;
export type PayVia = (typeof PAY_VIA)[number];

export const DEPOSIT_TABS = ["history", "invoices"] as const;
