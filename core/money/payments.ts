/**
 * Payments through the payment service (issue 15 item 3): a deposit top-up, or a deposit invoice
 * paid by a payment method. The protocol and the simulator are in providers.ts, reading a callback
 * in callbacks.ts; this module asks for a payment and applies what the service says happened.
 *
 *   ask:      a `payments` row (pending) is written and committed first, then the service is asked
 *             (never inside a transaction: it is a network call); its answer — the virtual account,
 *             link or code, its expiry — is stored on the row. The service off (production without
 *             PAYMENT_URL) → refused before anything is written (money:errors.payment_off, 503).
 *             The service unreachable → the row is marked failed and the refusal is passed on.
 *   callback: POST /api/callbacks/payments (no bearer token: the signature is the caller's proof;
 *             bad → 401, nothing read or written). The payment row is locked (FOR UPDATE), so the
 *             same callback 3× at once is applied once, and the ledger key backs it:
 *               paid, topup    → `topup`: deposit +x, payment −x        (key payment-<id>:paid)
 *               paid, invoice  → `invoice_payment`: platform_costs +x, payment −x, the invoice paid
 *               failed/expired → the row marked, no money moves.
 *
 * Decisions where the spec is silent:
 * - The amount in a callback must be the payment's (else 422, nothing written): a provider that
 *   says another amount was paid is not believed either way.
 * - A payment is settled once: paid stays paid (a later failed/expired is answered, ignored). A
 *   "paid" after failed/expired is applied — the money did arrive, and it is never left behind.
 * - Money for an invoice that meanwhile was paid another way (the deposit, auto-payment) goes to
 *   the deposit as a top-up (note "credited_to_deposit"): the seller never pays twice for nothing.
 * - 0 Membership is not a payment method here (deposit-options.ts).
 */
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { db as pool, type Db, type Tx } from "#db/client.ts";
import { depositInvoices, payments } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { NotFound, Refused, Unavailable } from "#core/errors.ts";
import { MONEY_SEPARATORS, readRupiah } from "#core/lib/money.ts";
import { unix } from "#core/lib/time.ts";
import { post } from "./ledger.ts";
import { readCallback, referenceId } from "./callbacks.ts";
import { requestPayment, serviceMode, setSimulatedDelivery } from "./providers.ts";
import { PAYMENT_METHODS, TOPUP_MAX, TOPUP_MIN } from "./deposit-options.ts";
import type { TFunction } from "i18next";

type Payment = typeof payments.$inferSelect;

/** Whole rupiah between min and max, typed by a seller ("1.250.000") or sent as a number. */
export function rupiahField(min: number, max: number) {
  return z.unknown().transform((v, ctx) => {
    if (v === undefined || v === null || v === "") ctx.addIssue({ code: "custom", message: "required" });
    else {
      const r = readRupiah(v);
      if ("error" in r) ctx.addIssue({ code: "custom", message: r.error === "separators" ? MONEY_SEPARATORS : "money:errors.amount_invalid" });
      else if (r.value < min || r.value > max) ctx.addIssue({ code: "custom", message: "deposit:errors.topup_range" });
      else return r.value;
    }
    return z.NEVER;
  });
}

export const methodField = z.coerce.number({ message: "deposit:errors.method" })
  .refine((m) => (PAYMENT_METHODS as readonly number[]).includes(m), "deposit:errors.method");

export const topupBody = z.object({ amount: rupiahField(TOPUP_MIN, TOPUP_MAX), method: methodField });
export type TopupBody = z.infer<typeof topupBody>;

export function paymentJson(p: Payment, t: TFunction) {
  return {
    payment_id: p.id,
    reference: `payment-${p.id}`,
    purpose: p.purpose,
    invoice_id: p.invoiceId,
    amount: p.amount,
    method: p.method,
    method_name: t(`deposit:methods.${p.method}`),
    status: p.status,
    status_name: t(`deposit:payment_status.${p.status}`),
    provider_ref: p.providerRef,
    instructions: p.instructions,
    note: p.note,
    expires_at: unix(p.expiresAt),
    time_created: unix(p.timeCreated),
    time_settled: unix(p.timeSettled),
  };
}
export type PaymentJson = ReturnType<typeof paymentJson>;

/**
 * Asks the payment service for `amount` (see the header): the pending payment, then its
 * instructions. Used by the top-up and by an invoice paid by method.
 */
export async function startPayment(db: Db | Tx, p: { businessId: number; userId: number; purpose: "topup" | "invoice"; invoiceId?: number; amount: number; method: number; description: string }): Promise<Payment> {
  if (serviceMode("payment") === "off") throw new Unavailable("money:errors.payment_off");
  const [row] = await db.insert(payments).values({
    businessId: p.businessId, purpose: p.purpose, invoiceId: p.invoiceId ?? null, amount: p.amount, method: p.method, userId: p.userId,
  }).returning();
  let answer;
  try {
    answer = await requestPayment({ reference: `payment-${row.id}`, amount: p.amount, method: p.method, description: p.description });
  } catch (e) {
    await db.update(payments).set({ status: "failed", timeSettled: new Date() }).where(and(eq(payments.id, row.id), eq(payments.status, "pending")));
    throw e;
  }
  // Only the service's answer: a quick callback may already have settled the row.
  const [after] = await db.update(payments)
    .set({ providerRef: answer.providerRef, instructions: answer.instructions, expiresAt: answer.expiresAt })
    .where(eq(payments.id, row.id)).returning();
  return after;
}

/** A deposit top-up by a payment method: the pending payment with what the seller does next. */
export async function requestTopup(scope: Scope, body: TopupBody) {
  const { db, actor } = sellerScope(scope, "balance");
  const p = await startPayment(db, {
    businessId: actor.member.businessId, userId: actor.user.id, purpose: "topup", amount: body.amount, method: body.method,
    description: actor.t("deposit:topup.description"),
  });
  return paymentJson(p, actor.t);
}

export async function getPayment(scope: Scope, id: number) {
  const { db, actor } = sellerScope(scope, "balance");
  const [p] = Number.isSafeInteger(id)
    ? await db.select().from(payments).where(and(eq(payments.id, id), eq(payments.businessId, actor.member.businessId)))
    : [];
  if (!p) throw new NotFound();
  return paymentJson(p, actor.t);
}

/** The payments tried for an invoice, newest first (the invoice detail v0.1.2). */
export async function invoicePayments(db: Db | Tx, businessId: number, invoiceId: number) {
  return db.select().from(payments)
    .where(and(eq(payments.businessId, businessId), eq(payments.invoiceId, invoiceId)))
    .orderBy(desc(payments.id));
}

export type CallbackResult = { payment_id: number; status: Payment["status"]; applied: boolean };

/**
 * A callback of the payment service, raw as it came (see the header). Answers what the payment is
 * now and whether this delivery changed it.
 */
export async function applyPaymentCallback(rawBody: string, signature: string | null | undefined, db: Db = pool): Promise<CallbackResult> {
  const cb = readCallback("payment", rawBody, signature);
  const id = referenceId(cb.reference, "payment");
  if (id === undefined) throw new NotFound();
  return db.transaction(async (tx) => {
    const [p] = await tx.select().from(payments).where(eq(payments.id, id)).for("update");
    if (!p) throw new NotFound();
    if (cb.amount !== p.amount) throw new Refused("deposit:errors.callback_amount", { amount: ["deposit:errors.callback_amount"] });
    const result = (applied: boolean, status = p.status): CallbackResult => ({ payment_id: p.id, status, applied });
    if (p.status === "paid") return result(false);
    if (cb.status !== "paid") {
      if (p.status !== "pending") return result(false);
      await tx.update(payments).set({ status: cb.status, providerRef: p.providerRef ?? cb.provider_ref, timeSettled: new Date() }).where(eq(payments.id, p.id));
      return result(true, cb.status);
    }
    let note: string | null = null;
    const ref = { type: "payment", id: p.id };
    const key = `payment-${p.id}:paid`;
    const invoice = p.purpose === "invoice" && p.invoiceId
      ? (await tx.select().from(depositInvoices).where(and(eq(depositInvoices.id, p.invoiceId), eq(depositInvoices.businessId, p.businessId))).for("update"))[0]
      : undefined;
    if (invoice && invoice.status === "unpaid") {
      await post(tx, { businessId: p.businessId, kind: "invoice_payment", key, ref: { type: "invoice", id: invoice.id }, userId: p.userId,
        memo: { payment_id: p.id, invoice: invoice.number },
        legs: [{ account: "platform_costs", amount: p.amount }, { account: "payment", amount: -p.amount }] });
      await tx.update(depositInvoices).set({ status: "paid", paidVia: "method", paidAt: new Date(), paidBy: p.userId }).where(eq(depositInvoices.id, invoice.id));
    } else {
      if (p.purpose === "invoice") note = "credited_to_deposit";
      await post(tx, { businessId: p.businessId, kind: "topup", key, ref, userId: p.userId, memo: { payment_id: p.id, method: p.method },
        legs: [{ account: "deposit", amount: p.amount }, { account: "payment", amount: -p.amount }] });
    }
    await tx.update(payments).set({ status: "paid", note, providerRef: p.providerRef ?? cb.provider_ref, timeSettled: new Date() }).where(eq(payments.id, p.id));
    return result(true, "paid");
  });
}

// The in-process simulator delivers its callbacks here, as the API route does.
setSimulatedDelivery("payment", (raw, signature) => applyPaymentCallback(raw, signature));
