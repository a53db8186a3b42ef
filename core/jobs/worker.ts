/**
 * Background jobs are rows in `jobs`. Any app process claims waiting rows with
 * FOR UPDATE SKIP LOCKED, runs the handler registered for the row's kind and reports progress
 * in the row, which the export-history popup and job-status calls read.
 *
 * A claim is a lease (LEASE_MS), renewed by every progress report; a job whose lease ran out (its
 * process died) is claimed again. Each claim counts in `attempts`, which is also the claim's
 * token: a run writes progress and its result only while the row still carries its attempt, so a
 * run that lost its lease stops at its next progress report and never overwrites the newer run.
 * A job claimed MAX_ATTEMPTS times without finishing is given up: it most likely kills its process.
 * A handler's error fails the job at once. What went wrong is stored as a translation key,
 * translated for whoever reads the job; the error itself goes to the log.
 */
import { and, eq, lt, or, type SQL } from "drizzle-orm";
import { db, type Tx } from "#db/client.ts";
import { jobs } from "#db/schema/index.ts";
import { pruneRateLimits } from "#core/lib/rate-limit.ts";
import { pruneIdempotencyKeys } from "#core/lib/idempotency.ts";

export type JobRow = typeof jobs.$inferSelect;
export type JobResult = { filename: string; file: Buffer };
/** A job that makes a file answers it; one whose result lives elsewhere (a bulk upload's rows) answers nothing. */
export type JobHandler = (job: JobRow, progress: (percent: number) => Promise<void>) => Promise<JobResult | void>;

/** Runs in the transaction that marks the job done (an export's "ready" notice): both or neither. */
export type JobDone = (tx: Tx, job: JobRow) => Promise<void>;

const handlers = new Map<string, JobHandler>();
const finishers = new Map<string, JobDone>();
export function registerJob(kind: string, handler: JobHandler, done?: JobDone) {
  handlers.set(kind, handler);
  if (done) finishers.set(kind, done);
}

/**
 * Periodic sweeps an area registers at import (deposit invoices: core/money/deposit.ts; withdrawals
 * not yet taken by the disbursement service: core/money/payout-dispatch.ts; income past its hold
 * period to saldo: core/money/settlements.ts):
 * the worker's loop runs each one at most every `everyMs`, one at a time per process. Several
 * processes may sweep at once: a sweep locks what it changes and skips what another one did.
 */
const sweeps: { name: string; everyMs: number; run: () => Promise<unknown>; next: number }[] = [];
export function registerSweep(name: string, everyMs: number, run: () => Promise<unknown>) {
  if (!sweeps.some((s) => s.name === name)) sweeps.push({ name, everyMs, run, next: Date.now() + 5_000 });
}
async function runDueSweeps() {
  for (const s of sweeps) {
    if (Date.now() < s.next) continue;
    s.next = Date.now() + s.everyMs;
    await s.run().catch((e) => stopped || console.error(`sweep ${s.name}`, e));
  }
}

const LEASE_MS = 5 * 60_000;
const MAX_ATTEMPTS = 3;
const lease = () => new Date(Date.now() + LEASE_MS);

/** Thrown into a handler (from progress) when another run has claimed its job since. */
class ClaimLost extends Error {}

/** Claims one waiting job (or one whose claimant died) and runs it. Answers false when none. */
export async function runNextJob(): Promise<boolean> {
  const claimed = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(jobs)
      .where(or(eq(jobs.status, "waiting"), and(eq(jobs.status, "processing"), lt(jobs.lockedUntil, new Date()))))
      .orderBy(jobs.timeCreated)
      .limit(1)
      .for("update", { skipLocked: true });
    if (!row) return undefined;
    if (row.attempts >= MAX_ATTEMPTS) {
      // Every run so far ended with its process: another one would most likely end the same way.
      await tx.update(jobs).set({ status: "failed", statusDetails: "api:jobs.abandoned", lockedUntil: null, timeModified: new Date() })
        .where(eq(jobs.id, row.id));
      return null;
    }
    const [job] = await tx.update(jobs)
      .set({ status: "processing", attempts: row.attempts + 1, lockedUntil: lease(), timeModified: new Date() })
      .where(eq(jobs.id, row.id))
      .returning();
    return job;
  });
  if (claimed === undefined) return false;
  if (claimed === null) return true;

  const held: SQL = and(eq(jobs.id, claimed.id), eq(jobs.status, "processing"), eq(jobs.attempts, claimed.attempts))!;
  const handler = handlers.get(claimed.kind);
  try {
    if (!handler) throw new Error(`No handler for job kind ${claimed.kind}`);
    const progress = async (percent: number) => {
      const still = await db.update(jobs)
        .set({ progress: Math.min(99, Math.round(percent)), lockedUntil: lease(), timeModified: new Date() })
        .where(held)
        .returning({ id: jobs.id });
      if (!still.length) throw new ClaimLost();
    };
    const result = await handler(claimed, progress);
    const done = finishers.get(claimed.kind);
    await db.transaction(async (tx) => {
      const [finished] = await tx.update(jobs)
        .set({ status: "success", progress: 100, ...(result ?? {}), statusDetails: null, lockedUntil: null, timeModified: new Date() })
        .where(held)
        .returning();
      if (finished && done) await done(tx, finished);
    });
  } catch (e) {
    if (e instanceof ClaimLost) return true;
    console.error(`job ${claimed.id} failed`, e);
    // The person sees a translated sentence; the error itself is in the log above.
    await db.update(jobs).set({ status: "failed", statusDetails: "api:jobs.failed", lockedUntil: null, timeModified: new Date() })
      .where(held);
  }
  return true;
}

let timer: NodeJS.Timeout | undefined;
let running: Promise<void> | undefined;
let stopped = false;
/** Polls for jobs every second; a new job is also picked up at once through kick(). */
export function startWorkers() {
  stopped = false;
  const loop = async () => {
    try {
      while (!stopped && (await runNextJob()));
      if (!stopped) await pruneRateLimits(); // housekeeping; runs at most every few minutes
      if (!stopped) await pruneIdempotencyKeys(db); // the same, for Idempotency-Key answers older than 24 h
      if (!stopped) await runDueSweeps();
    } catch (e) {
      // Once stopping, a failure is the database going first (a Ctrl-C in a terminal stops it too).
      if (!stopped) console.error("job worker", e);
    }
    if (!stopped) timer = setTimeout(tick, 1000);
  };
  const tick = () => {
    running = loop();
  };
  if (!timer) timer = setTimeout(tick, 100);
}

/** Shutdown: no new claims, and the job in hand finishes before the database closes. */
export async function stopWorkers() {
  stopped = true;
  clearTimeout(timer);
  timer = undefined;
  await running;
}

export function kick() {
  if (timer) void runNextJob().catch(() => {});
}

