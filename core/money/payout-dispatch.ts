/**
 * Handing a withdrawal to the disbursement service (core/money/providers.ts requestDisbursement),
 * and trying again when the service did not answer. The money is already in the `payout` account
 * when this runs (core/money/payouts.ts); this only tells the service to pay it.
 *
 * Rules:
 *   - A payout is sent while it is `requested`. The service's answer moves it to `processing` with
 *     its provider ref (unless a callback already settled it: the update only touches `requested`).
 *   - Service unreachable: the payout stays `requested` — never marked paid or failed by us — and
 *     `next_attempt_at` says when the sweeper tries again. Backoff: 30 s, 1, 2, 4, 8 … minutes,
 *     at most an hour between tries, for as long as it takes (the money waits in `payout`).
 *   - Who sends: the request itself right after its commit (it holds the payout for CLAIM_SECONDS
 *     by setting next_attempt_at ahead), then the sweeper (retryDuePayouts, run by the job worker
 *     of every app process, at most every SWEEP_MS): it claims due rows with FOR UPDATE SKIP LOCKED
 *     and moves next_attempt_at ahead before calling, so two processes never send one payout at
 *     the same time. Should a send go out twice anyway (a process dying after the service took it,
 *     before we wrote it down), the reference "payout-<id>" is the same: the protocol asks the
 *     service to treat a reference it knows as the same disbursement (the simulator does).
 *   - Disbursement off (production without a URL): the payout was never made (payouts.ts refuses
 *     first); a payout left from before stays `requested` and is retried once a URL is set.
 */
import { and, asc, eq, lte, sql } from "drizzle-orm";
import { db } from "#db/client.ts";
import { payouts } from "#db/schema/index.ts";
import { DomainError } from "#core/errors.ts";
import { registerSweep } from "#core/jobs/worker.ts";
import { publish } from "#core/lib/events.ts";
import { requestDisbursement, serviceMode } from "./providers.ts";

/** How long a sender holds a payout before another may try it. */
export const CLAIM_SECONDS = 60;
const SWEEP_MS = () => Number(process.env.PAYOUT_SWEEP_MS ?? 15_000);
const BATCH = 50;

export const payoutReference = (id: number) => `payout-${id}`;

type Sendable = Pick<typeof payouts.$inferSelect, "id" | "businessId" | "amount" | "bankCode" | "accountNo" | "accountName">;

/**
 * Sends one payout to the service; answers whether the service took it. Never throws for the
 * service being away: that is written on the payout (attempts, last_error, next_attempt_at).
 */
export async function dispatchPayout(p: Sendable): Promise<boolean> {
  try {
    const { providerRef } = await requestDisbursement({
      reference: payoutReference(p.id), amount: p.amount, bankCode: p.bankCode, accountNo: p.accountNo, accountName: p.accountName,
    });
    const moved = await db.update(payouts)
      .set({ status: "processing", providerRef, timeSent: new Date(), nextAttemptAt: null, lastError: null, timeModified: new Date() })
      .where(and(eq(payouts.id, p.id), eq(payouts.status, "requested")))
      .returning({ id: payouts.id });
    if (moved.length) publish(p.businessId, "onSellerPayoutUpdate", { payout_id: p.id, status: "processing" });
    return true;
  } catch (e) {
    if (!(e instanceof DomainError)) console.error(`payout ${p.id}: disbursement request failed`, e);
    const reason = e instanceof Error ? e.message : String(e);
    await db.update(payouts)
      .set({
        attempts: sql`${payouts.attempts} + 1`,
        lastError: reason.slice(0, 300),
        nextAttemptAt: sql`now() + make_interval(secs => least(3600, 30 * power(2, ${payouts.attempts})))`,
        timeModified: new Date(),
      })
      .where(and(eq(payouts.id, p.id), eq(payouts.status, "requested")));
    return false;
  }
}

/** Sends every payout whose next try is due (a batch at a time); answers how many the service took. */
export async function retryDuePayouts(): Promise<number> {
  if (serviceMode("disbursement") === "off") return 0;
  let taken = 0;
  for (;;) {
    const due = await db.transaction(async (tx) => {
      const rows = await tx.select().from(payouts)
        .where(and(eq(payouts.status, "requested"), lte(payouts.nextAttemptAt, new Date())))
        .orderBy(asc(payouts.nextAttemptAt))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      if (!rows.length) return rows;
      // Claimed: nobody else sends these for the next CLAIM_SECONDS.
      await tx.execute(sql`UPDATE payouts SET next_attempt_at = now() + make_interval(secs => ${CLAIM_SECONDS})
        WHERE id = ANY(${sql.param(rows.map((r) => r.id))}::int[])`);
      return rows;
    });
    for (const p of due) if (await dispatchPayout(p)) taken += 1;
    if (due.length < BATCH) return taken;
  }
}

// The job worker runs it at most every SWEEP_MS, as every periodic sweep (core/jobs/worker.ts).
registerSweep("payouts", SWEEP_MS(), retryDuePayouts);
