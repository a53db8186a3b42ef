/**
 * "Settle a day" (issue 15 item 2): a background job (core/jobs/worker.ts, with progress) that
 * settles every order of the business that finished on one WIB day and has no settlement yet —
 * orders taken over from elsewhere, the bulk data generator's, or any the finish missed. Each
 * batch of 5 000 orders is one transaction through settleOrders (array statements, postMany; one
 * ledger posting per day, channel and store of the batch: decision 21), so a day of 20 000 orders
 * takes a few seconds and a retried job settles nothing twice.
 *
 * Which orders: status `finish`, the finish time being the order's last `finish` status-history
 * row, or its last change when it has none (orders that never went through the lifecycle here).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { db as pool, sideBySide, type Db } from "#db/client.ts";
import { jobs } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { registerJob, kick } from "#core/jobs/worker.ts";
import { DAY_MS, WIB_OFFSET_MS } from "#core/lib/time.ts";
import { settleOrders, type FinishedOrder } from "./settlements.ts";

const BATCH = 5000;

export const settleDayBody = z.object({
  day: z.string({ error: "required" }).regex(/^\d{4}-\d{2}-\d{2}$/, "invalid").refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), "invalid"),
});

const dayBounds = (day: string) => {
  const from = new Date(Date.parse(`${day}T00:00:00Z`) - WIB_OFFSET_MS);
  return { from, to: new Date(from.getTime() + DAY_MS) };
};

/** The finished orders of the day (or of any day) with no settlement, after `afterId`: FROM … WHERE. */
function finishedUnsettled(businessId: number, day: string | null, afterId: number) {
  const { from, to } = day ? dayBounds(day) : { from: new Date(0), to: new Date(8.64e15) };
  return sql`
      FROM orders o
      CROSS JOIN LATERAL (SELECT coalesce((SELECT max(h.time_created) FROM order_status_history h WHERE h.order_id = o.id AND h.to_status = 'finish'),
                                          o.time_modified) AS at) f
     WHERE o.business_id = ${businessId} AND o.status = 'finish' AND o.id > ${afterId}
       AND o.time_created < ${to} AND o.time_modified >= ${from}
       AND f.at >= ${from} AND f.at < ${to}
       AND NOT EXISTS (SELECT 1 FROM settlements s WHERE s.order_id = o.id)`;
}

/** Finished orders of the day (or of any day) with no settlement, oldest id first, after `afterId`. */
async function unsettled(exec: Db, businessId: number, day: string | null, afterId: number, limit: number): Promise<FinishedOrder[]> {
  const { rows } = await exec.execute<{
    id: number; order_code: string; channel_id: number | null; channel_name: string; store_id: number | null; subtotal: string; discount: string;
    shipping_parameter: Record<string, unknown> | null; finished_at: Date;
  }>(sql`
    SELECT o.id, o.order_code, o.channel_id, o.channel_name, o.store_id, o.subtotal, o.discount, o.shipping_parameter, f.at AS finished_at
    ${finishedUnsettled(businessId, day, afterId)}
     ORDER BY o.id LIMIT ${limit}`);
  return rows.map((r) => ({
    id: r.id, businessId, orderCode: r.order_code, channelId: r.channel_id, channelName: r.channel_name, storeId: r.store_id,
    subtotal: Number(r.subtotal), discount: Number(r.discount), shippingParameter: r.shipping_parameter, finishedAt: new Date(r.finished_at),
  }));
}

/**
 * Settles the day's unsettled finished orders (every day's when `day` is null: the seed's
 * generated orders, the bench); answers how many. Used by the job, the seed and the bench.
 */
export async function settleDay(businessId: number, day: string | null, opts: { db?: Db; progress?: (done: number) => Promise<void> } = {}) {
  const exec = opts.db ?? pool;
  let done = 0;
  let after = 0;
  for (;;) {
    const batch = await unsettled(exec, businessId, day, after, BATCH);
    if (!batch.length) return done;
    done += await exec.transaction((tx) => settleOrders(tx, businessId, batch));
    after = batch[batch.length - 1].id;
    await opts.progress?.(done);
    if (batch.length < BATCH) return done;
  }
}

/** Queues the job for the actor's business (the settlement page's button, REST). */
export async function queueSettleDay(scope: Scope, body: z.infer<typeof settleDayBody>) {
  const { db, actor } = sellerScope(scope, "balance");
  const [job] = await db.insert(jobs)
    .values({ businessId: actor.member.businessId, userId: actor.user.id, kind: "settle-day", params: { day: body.day } })
    .returning();
  kick();
  return { job_id: job.id, progress: job.progress, status: job.status };
}

/**
 * What the day's settlement page says about settling it: how many of its finished orders have no
 * settlement yet, and the settle job asked for it that has not ended (its progress), if any.
 */
export async function dayToSettle(scope: Scope, day: string) {
  const { db, actor } = sellerScope(scope, "balance");
  const businessId = actor.member.businessId;
  const [{ rows: [{ n }] }, [job]] = await sideBySide(db,
    () => db.execute<{ n: number }>(sql`SELECT count(*)::int AS n ${finishedUnsettled(businessId, day, 0)}`),
    () => db.select({ id: jobs.id, progress: jobs.progress }).from(jobs)
      .where(and(eq(jobs.businessId, businessId), eq(jobs.kind, "settle-day"), sql`${jobs.params}->>'day' = ${day}`, inArray(jobs.status, ["waiting", "processing"])))
      .limit(1),
  );
  return { unsettled: n, job: job ?? null };
}

registerJob("settle-day", async (job, progress) => {
  const day = settleDayBody.parse(job.params).day;
  // The day's order count bounds the progress; the orders index on time answers it quickly.
  const { from, to } = dayBounds(day);
  const { rows: [{ n }] } = await pool.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM orders WHERE business_id = ${job.businessId} AND status = 'finish' AND time_created < ${to} AND time_modified >= ${from}`);
  await settleDay(job.businessId, day, { progress: (done) => progress(n ? (done / n) * 100 : 100) });
});
