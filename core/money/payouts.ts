/**
 * Withdrawals (issue 15 item 2): money out of the seller's saldo — or deposit — to the business's
 * default bank account, through the disbursement service (core/money/providers.ts).
 *
 *   requestWithdrawal ─ one transaction: the payout row (requested) + ledger `withdrawal`
 *   │                   (source −x, payout +x, key payout-<id>:request; below zero refused by the ledger)
 *   ├─ after commit: the service is asked (payout-dispatch.ts) → processing, or stays requested
 *   │                and the sweeper asks again (never lost, never faked)
 *   └─ applyPayoutCallback (POST /api/callbacks/disbursements, or the in-process simulator):
 *        paid   → ledger `withdrawal_paid`   (payout −x, bank +x,   key payout-<id>:paid)   → paid
 *        failed → ledger `withdrawal_failed` (payout −x, source +x, key payout-<id>:failed) → failed
 *
 * Rules:
 *   - balance.withdraw (core/auth/privileges.ts), and the password again when the business's
 *     security is Password (requireRecentAuth) — before anything is read or written.
 *   - The amount: whole rupiah (core/lib/money.ts), at least MIN_WITHDRAWAL (Rp 10.000), at most
 *     MAX_WITHDRAWAL; no more than the source holds (the ledger's floor, under its row lock, so
 *     200 concurrent requests never take saldo below zero).
 *   - The money service must be on (serviceMode): off → refused with money:errors.disbursement_off
 *     and nothing written. The business needs a default bank account (profile): none → refused,
 *     the message says where to add one. Its bank, number and holder are copied onto the payout.
 *   - Sending the same request twice: the API's Idempotency-Key and the web's one-time form token
 *     answer the first; each payout has its own ledger keys, so an outcome posts once however often
 *     its callback comes.
 *   - A callback: the payout row is locked while it is applied; each one is written down
 *     (payout_callbacks) with what was done. The same outcome again → 200, nothing more. The other
 *     outcome after the first (paid after failed, failed after paid) → recorded, logged, refused
 *     409: the money already went one way, a person must look. An amount that is not the payout's
 *     → recorded, refused 422. "expired" counts as failed (the money comes back).
 *
 * Decisions where the spec is silent: deposit withdrawals follow the same path and rules
 * (source deposit; an invoice debt is never withdrawn: the ledger refuses the deposit below zero
 * for a withdrawal); a withdrawal cannot be cancelled by the seller once asked for (the service may
 * already be paying it); staff see every withdrawal of the business, with who asked.
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { db as pool } from "#db/client.ts";
import { payoutCallbacks, payouts, users } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { requireRecentAuth } from "#core/auth/reauth.ts";
import { findBankAccounts } from "#core/business/banks.ts";
import { Conflict, NotFound, Refused } from "#core/errors.ts";
import { publish } from "#core/lib/events.ts";
import { formatRupiah } from "#core/lib/format.ts";
import { notify } from "#core/notifications/notify.ts";
import { MONEY_SEPARATORS, readRupiah } from "#core/lib/money.ts";
import { unix } from "#core/lib/time.ts";
import type { TFunction } from "i18next";
import { readCallback, referenceId } from "./callbacks.ts";
import { post } from "./ledger.ts";
import { CLAIM_SECONDS, dispatchPayout } from "./payout-dispatch.ts";
import { MAX_WITHDRAWAL, MIN_WITHDRAWAL, PAYOUT_SOURCES, payoutNumber, type PayoutSource } from "./payout-options.ts";
import { serviceMode, setSimulatedDelivery, type Callback } from "./providers.ts";

/** The amount as a seller types it ("250.000", "Rp 250.000") or the API sends it (250000). */
export const withdrawAmount = z.preprocess((v) => (v === null ? "" : v), z.unknown()).transform((v, ctx) => {
  if (v === undefined || v === "") ctx.addIssue({ code: "custom", message: "required" });
  else if ((typeof v === "string" && /^\s*-/.test(v)) || (typeof v === "number" && v < 0)) ctx.addIssue({ code: "custom", message: "number_min_zero" });
  else {
    const r = readRupiah(v);
    if ("error" in r) ctx.addIssue({ code: "custom", message: r.error === "separators" ? MONEY_SEPARATORS : "money:errors.amount_invalid" });
    else if (r.value < MIN_WITHDRAWAL) ctx.addIssue({ code: "custom", message: "money:errors.withdraw_min" });
    else if (r.value > MAX_WITHDRAWAL) ctx.addIssue({ code: "custom", message: "money:errors.withdraw_max" });
    else return r.value;
  }
  return z.NEVER;
});

/** POST /withdraw, saldo/withdraw-request, deposit/withdraw and the saldo page's form: the amount. */
export const withdrawBody = z.object({ amount: withdrawAmount });
export type WithdrawBody = z.infer<typeof withdrawBody>;

export type PayoutRow = typeof payouts.$inferSelect & { requestedByName?: string | null };

/** The API's and the page's shape of a withdrawal. */
export function payoutJson(p: PayoutRow, t: TFunction) {
  return {
    payout_id: p.id,
    number: payoutNumber(p.id),
    source: p.source,
    source_name: t(`money:payouts.source.${p.source}`),
    amount: p.amount,
    status: p.status,
    status_name: t(`money:payouts.status.${p.status}`),
    bank_data: { bank_code: p.bankCode, bank_name: p.bankName, account_no: p.accountNo, account_name: p.accountName },
    provider_ref: p.providerRef,
    failure_reason: p.failureReason,
    failure_reason_name: p.failureReason ? t(`money:payouts.failure.${p.failureReason}`) : null,
    requested_by: p.requestedByName ?? null,
    time_created: unix(p.timeCreated)!,
    time_sent: unix(p.timeSent),
    time_finished: unix(p.timeFinished),
  };
}
export type PayoutJson = ReturnType<typeof payoutJson>;

/** One payout of the business (with who asked), or NotFound. */
export async function findPayout(exec: Scope["db"], businessId: number, id: number): Promise<PayoutRow> {
  const [row] = await exec.select({ p: payouts, name: users.name }).from(payouts).leftJoin(users, eq(users.id, payouts.requestedBy))
    .where(and(eq(payouts.businessId, businessId), eq(payouts.id, id)));
  if (!row) throw new NotFound();
  return { ...row.p, requestedByName: row.name };
}

/** The business's default bank account, where a withdrawal goes; none → refused with where to add one. */
async function payoutAccount(exec: Scope["db"], businessId: number) {
  const account = (await findBankAccounts(businessId, exec)).find((a) => a.isDefault);
  if (!account) throw new Refused("money:errors.no_bank_account", { amount: ["money:errors.no_bank_account"] });
  return account;
}

/** Where a withdrawal would go now (the saldo page shows it by the form); null: no default account. */
export async function withdrawDestination(scope: Scope) {
  const { db, actor } = sellerScope(scope, "balance");
  const a = (await findBankAccounts(actor.member.businessId, db)).find((x) => x.isDefault);
  return a ? { bank_code: a.bankCode, bank_name: a.bankShortName, account_no: a.accountNo, account_name: a.accountName } : null;
}

/** Whether withdrawals can be asked for on this server now (the page says so before the form). */
export const withdrawalsOn = () => serviceMode("disbursement") !== "off";

/** Asks for a withdrawal of `amount` from `source` (see the header); answers the payout. */
export async function requestWithdrawal(scope: Scope, input: { amount: number; source: PayoutSource }): Promise<PayoutJson> {
  const { actor } = sellerScope(scope, "balance.withdraw");
  await requireRecentAuth(scope);
  if (!(PAYOUT_SOURCES as readonly string[]).includes(input.source)) throw new Refused("api:errors.validation");
  const amount = withdrawAmount.safeParse(input.amount);
  if (!amount.success) throw new Refused("api:errors.validation", { amount: [amount.error.issues[0].message] });
  if (!withdrawalsOn()) throw new Refused("money:errors.disbursement_off");
  const businessId = actor.member.businessId;
  const bank = await payoutAccount(scope.db, businessId);

  const payout = await scope.db.transaction(async (tx) => {
    const [p] = await tx.insert(payouts).values({
      businessId, source: input.source, amount: amount.data, bankAccountId: bank.id, bankCode: bank.bankCode, bankName: bank.bankShortName,
      accountNo: bank.accountNo, accountName: bank.accountName, requestedBy: actor.user.id,
      // This request sends it itself; the sweeper only after CLAIM_SECONDS (payout-dispatch.ts).
      nextAttemptAt: new Date(Date.now() + CLAIM_SECONDS * 1000),
    }).returning();
    await post(tx, {
      businessId, kind: "withdrawal", key: `payout-${p.id}:request`, ref: { type: "payout", id: p.id }, userId: actor.user.id,
      legs: [{ account: input.source, amount: -p.amount }, { account: "payout", amount: p.amount }],
      memo: { bank: bank.bankShortName, account_no: bank.accountNo },
    });
    return p;
  });
  publish(businessId, "onSellerPayoutUpdate", { payout_id: payout.id, status: "requested" });
  await dispatchPayout(payout);
  return payoutJson(await findPayout(pool, businessId, payout.id), actor.t);
}

export type CallbackOutcome = "applied" | "duplicate" | "conflict" | "amount_mismatch";

/**
 * Applies a disbursement callback (see the header). Answers what was done; the other outcome after
 * the first is Conflict (409), another amount is Refused (422) — both after their record is kept.
 */
export async function applyPayoutCallback(cb: Callback): Promise<{ outcome: CallbackOutcome; payout_id: number; status: string }> {
  const id = referenceId(cb.reference, "payout");
  if (id === undefined) throw new NotFound();
  const outcomeStatus = cb.status === "paid" ? "paid" : "failed";
  const result = await pool.transaction(async (tx) => {
    const [p] = await tx.select().from(payouts).where(eq(payouts.id, id)).for("update");
    if (!p) return null;
    let outcome: CallbackOutcome;
    if (cb.amount !== p.amount) outcome = "amount_mismatch";
    else if (p.status === outcomeStatus) outcome = "duplicate";
    else if (p.status === "paid" || p.status === "failed") outcome = "conflict";
    else outcome = "applied";
    await tx.insert(payoutCallbacks).values({ payoutId: p.id, eventId: cb.event_id, status: cb.status, amount: cb.amount, providerRef: cb.provider_ref, outcome });
    if (outcome !== "applied") return { p, outcome, status: p.status };
    const legs = outcomeStatus === "paid"
      ? [{ account: "payout" as const, amount: -p.amount }, { account: "bank" as const, amount: p.amount }]
      : [{ account: "payout" as const, amount: -p.amount }, { account: p.source, amount: p.amount }];
    await post(tx, {
      businessId: p.businessId, kind: outcomeStatus === "paid" ? "withdrawal_paid" : "withdrawal_failed", key: `payout-${p.id}:${outcomeStatus}`,
      ref: { type: "payout", id: p.id }, legs, memo: { provider_ref: cb.provider_ref, event_id: cb.event_id },
    });
    const now = new Date();
    await tx.update(payouts).set({
      status: outcomeStatus, providerRef: p.providerRef ?? cb.provider_ref, failureReason: outcomeStatus === "failed" ? cb.status : null,
      timeFinished: now, timeSent: p.timeSent ?? now, nextAttemptAt: null, timeModified: now,
    }).where(eq(payouts.id, p.id));
    // The asker too: they left the page long ago; the transfer's answer comes hours later.
    await notify(tx, p.businessId, outcomeStatus === "paid" ? "withdrawal_paid" : "withdrawal_failed", {
      ref: { type: "payout", id: p.id }, link: "/income-balance/saldo?tab=withdrawals",
      vars: { number: payoutNumber(p.id), amount: formatRupiah(p.amount) },
    });
    return { p, outcome, status: outcomeStatus };
  });
  if (!result) throw new NotFound();
  const { p, outcome, status } = result;
  if (outcome === "applied") publish(p.businessId, "onSellerPayoutUpdate", { payout_id: p.id, status });
  if (outcome === "conflict") {
    console.warn(`payout ${p.id}: "${cb.status}" callback (event ${cb.event_id}) after it was ${p.status}: refused, kept in payout_callbacks`);
    throw new Conflict("money:errors.callback_conflict", { status: p.status });
  }
  if (outcome === "amount_mismatch") throw new Refused("money:errors.callback_amount");
  return { outcome, payout_id: p.id, status };
}

/** POST /api/callbacks/disbursements: the signature first (401, nothing read), then the callback. */
export async function receivePayoutCallback(rawBody: string, signature: string | null | undefined) {
  return applyPayoutCallback(readCallback("disbursement", rawBody, signature));
}

// The in-process simulator (demo without DISBURSEMENT_URL) calls back through the same path.
setSimulatedDelivery("disbursement", receivePayoutCallback);
