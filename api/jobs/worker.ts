/**
 * Background jobs are rows in `jobs`. Any app process claims waiting rows with
 * FOR UPDATE SKIP LOCKED, runs the handler registered for the row's kind and reports progress
 * in the row, which the export-history popup and job-status calls read.
 */
import { and, eq, lt, or } from "drizzle-orm";
import { db } from "../../db/client.ts";
import { jobs } from "../../db/schema/index.ts";

export type JobRow = typeof jobs.$inferSelect;
export type JobResult = { filename: string; file: Buffer };
export type JobHandler = (job: JobRow, progress: (percent: number) => Promise<void>) => Promise<JobResult>;

const handlers = new Map<string, JobHandler>();
export function registerJob(kind: string, handler: JobHandler) {
  handlers.set(kind, handler);
}

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
    await tx.update(jobs).set({ status: "processing", lockedUntil: new Date(Date.now() + 5 * 60_000), timeModified: new Date() })
      .where(eq(jobs.id, row.id));
    return row;
  });
  if (!claimed) return false;
  const handler = handlers.get(claimed.kind);
  try {
    if (!handler) throw new Error(`No handler for job kind ${claimed.kind}`);
    const progress = async (percent: number) => {
      await db.update(jobs).set({ progress: Math.min(99, Math.round(percent)), timeModified: new Date() }).where(eq(jobs.id, claimed.id));
    };
    const { filename, file } = await handler(claimed, progress);
    await db.update(jobs).set({ status: "success", progress: 100, filename, file, statusDetails: null, timeModified: new Date() })
      .where(eq(jobs.id, claimed.id));
  } catch (e) {
    console.error(`job ${claimed.id} failed`, e);
    await db.update(jobs).set({ status: "failed", statusDetails: String((e as Error).message ?? e).slice(0, 500), timeModified: new Date() })
      .where(eq(jobs.id, claimed.id));
  }
  return true;
}

let timer: NodeJS.Timeout | undefined;
/** Polls for jobs every second; a new job is also picked up at once through kick(). */
export function startWorkers() {
  const loop = async () => {
    try {
      while (await runNextJob());
    } catch (e) {
      console.error("job worker", e);
    }
    timer = setTimeout(loop, 1000);
  };
  if (!timer) timer = setTimeout(loop, 100);
}

export function kick() {
  if (timer) void runNextJob().catch(() => {});
}

