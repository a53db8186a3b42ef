/**
 * Linking the orders that came before the customers existed (issue 17 item 5): a background job
 * per business ("customers:link"), in batches of BATCH orders, each batch one transaction through
 * the same writer as a new order (link.ts). A sweep queues the job for every business with orders
 * still unlinked and no such job open, so a fresh install, a restored backup or the generated
 * million orders are all linked without anyone asking. Progress is the job row's: the customers
 * page shows it. A job killed midway is claimed again (core/jobs/worker.ts) and goes on from the
 * orders still unlinked; batches take their orders FOR UPDATE SKIP LOCKED, so two runs never
 * link the same order.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { db as pool, type Exec } from "#db/client.ts";
import { businesses, jobs, orders } from "#db/schema/index.ts";
import { kick, registerJob, registerSweep } from "#core/jobs/worker.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { linkOrders } from "./link.ts";

const LINK_JOB = "customers:link";
const BATCH = 2_000;

/** Links every unlinked order of the business; `progress` gets the share done (0–100). */
export async function linkAllOrders(businessId: number, progress: (percent: number) => Promise<void> = async () => {}) {
  const remaining = async () => (await pool.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM orders WHERE business_id = ${businessId} AND customer_id IS NULL`)).rows[0].n;
  const total = await remaining();
  let done = 0;
  for (;;) {
    const linked = await pool.transaction(async (tx) => {
      const batch = await tx.select({
        id: orders.id, customerName: orders.customerName, customerPhone: orders.customerPhone, customerEmail: orders.customerEmail,
      }).from(orders).where(and(eq(orders.businessId, businessId), isNull(orders.customerId)))
        .orderBy(orders.id).limit(BATCH).for("update", { skipLocked: true });
      await linkOrders(tx, businessId, batch);
      return batch.length;
    });
    if (!linked) break;
    done += linked;
    await progress(total ? (100 * done) / total : 100);
  }
  return done;
}

registerJob(LINK_JOB, async (job, progress) => {
  await linkAllOrders(job.businessId, progress);
});

/** How far the business's link job is (percent), or null when none is open: the customers page says so. */
export async function customerLinking(scope: Scope) {
  const { db, actor } = sellerScope(scope, "customer");
  const job = await openLinkJob(db, actor.member.businessId);
  return job ? job.progress : null;
}

async function openLinkJob(exec: Exec, businessId: number) {
  const [job] = await exec.select({ id: jobs.id, status: jobs.status, progress: jobs.progress }).from(jobs)
    .where(and(eq(jobs.businessId, businessId), eq(jobs.kind, LINK_JOB), inArray(jobs.status, ["waiting", "processing"])))
    .orderBy(jobs.id).limit(1);
  return job ?? null;
}

/** Queues the link job of every business with unlinked orders and none open. */
async function queueLinkJobs() {
  const { rows } = await pool.execute<{ business_id: number }>(sql`
    SELECT b.id AS business_id FROM ${businesses} b
     WHERE EXISTS (SELECT 1 FROM orders o WHERE o.business_id = b.id AND o.customer_id IS NULL)
       AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.business_id = b.id AND j.kind = ${LINK_JOB} AND j.status IN ('waiting', 'processing'))`);
  for (const { business_id } of rows) {
    const [b] = await pool.select({ owner: businesses.ownerUserId }).from(businesses).where(eq(businesses.id, business_id));
    await pool.insert(jobs).values({ businessId: business_id, userId: b.owner, kind: LINK_JOB, params: {} });
  }
  if (rows.length) kick();
  return rows.length;
}

registerSweep(LINK_JOB, 60_000, queueLinkJobs);
