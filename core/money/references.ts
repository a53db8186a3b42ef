/**
 * What a ledger line refers to, as a seller reads it, and where it leads — one rule for every
 * balance history (saldo, deposit, income, points): an order's code (a settlement and its release
 * to saldo both name their order), a settlement day's date and order count (the orders the day job
 * settled in one posting, decision 21), an invoice's number, a withdrawal's number, an Indie ad's
 * name, else the reference named in the reader's language ("Payment #3"); the path is the page
 * that shows it.
 */
import type { TFunction } from "i18next";
import { and, eq, sql } from "drizzle-orm";
import { depositInvoices, ledgerTransactions, orders, settlements } from "#db/schema/index.ts";
import { payoutNumber } from "./payout-options.ts";

/** The order a line names: its own (an order's posting) or its settlement's (a release to saldo). */
const refOrderId = (businessId: number) => sql<number | null>`CASE ${ledgerTransactions.refType}
    WHEN 'order' THEN ${ledgerTransactions.refId}
    WHEN 'settlement' THEN (SELECT ${settlements.orderId} FROM ${settlements} WHERE ${settlements.id} = ${ledgerTransactions.refId} AND ${settlements.businessId} = ${businessId})
  END`;

/** The line's invoice, when it names one: a history query left-joins deposit_invoices on this. */
export const refInvoiceJoin = (businessId: number) =>
  and(eq(ledgerTransactions.refType, "invoice"), eq(depositInvoices.id, ledgerTransactions.refId), eq(depositInvoices.businessId, businessId));

/** The columns a history query selects beside its entries (ledger_transactions joined in, deposit_invoices on refInvoiceJoin). */
export const referenceColumns = (businessId: number) => ({
  refType: ledgerTransactions.refType,
  refId: ledgerTransactions.refId,
  orderId: refOrderId(businessId).as("ref_order_id"),
  orderCode: sql<string | null>`(SELECT ${orders.orderCode} FROM ${orders} WHERE ${orders.businessId} = ${businessId} AND ${orders.id} = ${refOrderId(businessId)})`.as("ref_order_code"),
  invoiceNumber: depositInvoices.number,
});

type Refs = {
  refType: string | null; refId: number | null; orderId: number | null; orderCode: string | null; invoiceNumber: string | null;
  memo?: Record<string, unknown> | null;
};

/** The settlement page of a day job's posting (memo: day, channel_id, store_id, orders). */
function settlementDay(memo: Record<string, unknown>, t: TFunction) {
  const day = typeof memo.day === "string" && /^\d{4}-\d{2}-\d{2}$/.test(memo.day) ? memo.day : null;
  if (!day) return null;
  const q = new URLSearchParams();
  for (const k of ["channel_id", "store_id"] as const) if (Number(memo[k]) > 0) q.set(k, String(memo[k]));
  return {
    reference: t("money:refs.settlement_day", { day: day.split("-").reverse().join("-"), count: Number(memo.orders) || 0 }),
    reference_path: `/income-balance/settlement/${day}${q.size ? `?${q}` : ""}`,
  };
}

export function ledgerReference(r: Refs, t: TFunction): { reference: string | null; reference_path: string | null } {
  if (r.refType == null || r.refId == null) return { reference: null, reference_path: null };
  // An order or an invoice that is not (or no longer) the business's is named, not linked.
  if (r.orderId != null) return r.orderCode ? { reference: r.orderCode, reference_path: `/orders/${r.orderId}` } : { reference: t("money:refs.order", { id: r.orderId }), reference_path: null };
  switch (r.refType) {
    case "settlement_day": {
      const day = settlementDay(r.memo ?? {}, t);
      if (day) return day;
      break;
    }
    case "invoice":
      return r.invoiceNumber
        ? { reference: r.invoiceNumber, reference_path: `/income-balance/deposit/invoices/${r.refId}` }
        : { reference: t("money:refs.invoice", { id: r.refId }), reference_path: null };
    case "payment":
      return { reference: t("money:refs.payment", { id: r.refId }), reference_path: `/income-balance/deposit/payments/${r.refId}` };
    case "payout":
      return { reference: payoutNumber(r.refId), reference_path: null };
    case "ad": {
      // An Indie ad's spend (core/promotions/ads.ts): named as it was when the click was paid.
      const name = typeof r.memo?.ad === "string" ? r.memo.ad : `#${r.refId}`;
      return { reference: t("money:refs.ad", { name }), reference_path: `/promotions/indie-ads/${r.refId}` };
    }
  }
  return { reference: t(`money:refs.${r.refType}`, { id: r.refId, defaultValue: `${r.refType} #${r.refId}` }), reference_path: null };
}
