/**
 * Sending a broadcast (decision 0028): the job kind "customer_broadcast" (core/jobs/worker.ts) and
 * the sweep that starts scheduled broadcasts on time.
 *
 * At most once per recipient, also across kill -9: a recipient is claimed in its own committed
 * transaction that moves it queued → sending AND writes its outbox row (the message to send);
 * only then is it delivered (deliverQueued), and the outcome written after. So a recipient has an
 * outbox row exactly when it was claimed, and it is claimed once (the move is conditional on
 * "queued"). A run that finds recipients in "sending" (the run before died between claim and
 * outcome) reads their outbox row: delivered → sent; a recorded error → failed; neither → unknown:
 * the provider may or may not have it, and it is NOT sent again (a second message is worse than a
 * missing one; the seller sees "unknown" in the log).
 *
 * Opt-out is read again at send time: a customer who opted out after the broadcast was made is
 * skipped. Pace: RATE_PER_SECOND per business per channel through core/lib/rate-limit.ts, so two
 * broadcasts of one business on one channel share the pace, also across processes.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { db } from "#db/client.ts";
import { broadcastRecipients, broadcasts, businesses, customers, jobs, outbox } from "#db/schema/index.ts";
import { registerJob, registerSweep, kick } from "#core/jobs/worker.ts";
import { deliverQueued, queueMessage, type Message } from "#core/lib/notifier.ts";
import { hit } from "#core/lib/rate-limit.ts";
import { BROADCAST_JOB, dueBroadcasts, startBroadcast, varsOf } from "./broadcasts.ts";
import { RATE_PER_SECOND, renderMessage, type BroadcastChannel } from "./broadcast-rules.ts";

const BATCH = 100;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Recipients a dead run left in "sending": settled by their outbox row, never sent again. */
async function settleInterrupted(broadcastId: number) {
  await db.execute(sql`
    UPDATE broadcast_recipients r
       SET status = CASE WHEN o.delivered THEN 'sent' WHEN o.error IS NOT NULL THEN 'failed' ELSE 'unknown' END,
           error = CASE WHEN o.delivered THEN NULL ELSE o.error END,
           time_modified = now()
      FROM ${outbox} o
     WHERE r.broadcast_id = ${broadcastId} AND r.status = 'sending' AND o.id = r.outbox_id`);
}

/** Waits until the business's channel may send one more (a fixed one-second window). */
async function pace(businessId: number, channel: BroadcastChannel) {
  for (;;) {
    const wait = await hit(`broadcast:${businessId}:${channel}`, RATE_PER_SECOND[channel], 1);
    if (!wait) return;
    await sleep(Math.min(wait, 1) * 1000);
  }
}

/** Claims one recipient: queued → sending plus its outbox row, committed together. Null when taken already. */
async function claim(recipientId: number, message: Message): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [taken] = await tx.update(broadcastRecipients).set({ status: "sending", timeModified: new Date() })
      .where(and(eq(broadcastRecipients.id, recipientId), eq(broadcastRecipients.status, "queued"))).returning({ id: broadcastRecipients.id });
    if (!taken) return null;
    const outboxId = await queueMessage(tx, message);
    await tx.update(broadcastRecipients).set({ outboxId }).where(eq(broadcastRecipients.id, recipientId));
    return outboxId;
  });
}

/** Sends what is left of a broadcast that is sending; safe to run again after any crash. */
export async function sendBroadcast(broadcastId: number, progress: (percent: number) => Promise<void> = async () => {}) {
  const [b] = await db.select({ b: broadcasts, store: businesses.name }).from(broadcasts)
    .innerJoin(businesses, eq(businesses.id, broadcasts.businessId)).where(eq(broadcasts.id, broadcastId));
  if (!b || b.b.status !== "sending") return;
  const { businessId, message } = b.b;
  const channel = b.b.channel as BroadcastChannel;
  await settleInterrupted(broadcastId);
  const [{ left }] = await db.select({ left: sql<number>`count(*)::int` }).from(broadcastRecipients)
    .where(and(eq(broadcastRecipients.broadcastId, broadcastId), eq(broadcastRecipients.status, "queued")));
  let done = 0;
  for (;;) {
    const batch = await db.select({ r: broadcastRecipients, optOut: customers.optOut, lastOrderAt: customers.lastOrderAt })
      .from(broadcastRecipients).leftJoin(customers, eq(customers.id, broadcastRecipients.customerId))
      .where(and(eq(broadcastRecipients.broadcastId, broadcastId), eq(broadcastRecipients.status, "queued")))
      .orderBy(asc(broadcastRecipients.id)).limit(BATCH);
    if (!batch.length) break;
    for (const { r, optOut, lastOrderAt } of batch) {
      // Renews the job's lease; throws when another run has claimed the job since (that run goes on).
      if (++done % 20 === 0) await progress((done / Math.max(left, 1)) * 100);
      if (optOut) {
        // Opted out since the broadcast was made.
        await db.update(broadcastRecipients).set({ status: "skipped_opt_out", timeModified: new Date() })
          .where(and(eq(broadcastRecipients.id, r.id), eq(broadcastRecipients.status, "queued")));
        continue;
      }
      await pace(businessId, channel);
      const text = renderMessage(message, varsOf({ name: r.name, lastOrderAt: lastOrderAt ?? null }, b.store));
      const msg: Message = { channel, target: r.address!, subject: b.store, body: text };
      const outboxId = await claim(r.id, msg);
      if (outboxId === null) continue;
      const d = await deliverQueued(outboxId, msg);
      await db.update(broadcastRecipients).set({ status: d.delivered ? "sent" : "failed", error: d.error, timeModified: new Date() })
        .where(and(eq(broadcastRecipients.id, r.id), eq(broadcastRecipients.status, "sending")));
    }
  }
  await db.update(broadcasts).set({ status: "done", finishedAt: new Date() })
    .where(and(eq(broadcasts.id, broadcastId), eq(broadcasts.status, "sending")));
}

registerJob(BROADCAST_JOB, async (job, progress) => {
  await sendBroadcast(Number((job.params as { broadcast_id: number }).broadcast_id), progress);
});

/** Starts the scheduled broadcasts that are due (each under its row lock; another process skips it). */
export async function startDueBroadcasts(now = new Date()): Promise<number> {
  const due = await dueBroadcasts(db, now, 50);
  let started = 0;
  for (const { id } of due) {
    const ok = await db.transaction(async (tx) => {
      const [b] = await tx.select().from(broadcasts).where(and(eq(broadcasts.id, id), eq(broadcasts.status, "scheduled")))
        .for("update", { skipLocked: true });
      if (!b) return false;
      await startBroadcast(tx, b, now);
      return true;
    });
    if (ok) started += 1;
  }
  if (started) kick();
  return started;
}

/**
 * A broadcast whose job failed for good (an error, or given up after repeated crashes: the worker's
 * MAX_ATTEMPTS) would say "sending" forever: it is closed — what was still queued is failed, with
 * why, interrupted ones settled as on a resume — so the seller sees what went out and can send again.
 */
export async function closeFailedBroadcasts(): Promise<number> {
  const stuck = await db.select({ id: broadcasts.id }).from(broadcasts).innerJoin(jobs, eq(jobs.id, broadcasts.jobId))
    .where(and(eq(broadcasts.status, "sending"), eq(jobs.status, "failed"))).limit(50);
  for (const { id } of stuck) {
    await settleInterrupted(id);
    await db.transaction(async (tx) => {
      const [b] = await tx.select({ id: broadcasts.id }).from(broadcasts).where(and(eq(broadcasts.id, id), eq(broadcasts.status, "sending"))).for("update");
      if (!b) return;
      await tx.update(broadcastRecipients).set({ status: "failed", error: "job_failed", timeModified: new Date() })
        .where(and(eq(broadcastRecipients.broadcastId, id), eq(broadcastRecipients.status, "queued")));
      await tx.update(broadcasts).set({ status: "done", finishedAt: new Date() }).where(eq(broadcasts.id, id));
    });
  }
  return stuck.length;
}

registerSweep("broadcasts", Number(process.env.BROADCAST_SWEEP_MS ?? 15_000), async () => {
  await startDueBroadcasts();
  await closeFailedBroadcasts();
});
