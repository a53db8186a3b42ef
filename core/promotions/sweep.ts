/**
 * The promotions' clock (the lifecycle's "system" moves): a demo business's moderation approved
 * when due, Upcoming → On Going at the start, On Going / Empty → Ended at the end. Each move goes
 * through movePromotion (row lock, table, history row), so two processes sweeping at once move a
 * promotion once: the second finds it moved and is refused, which is skipped. Pricing does not wait
 * for the sweep: a promotion prices orders from its start to its end to the minute.
 */
import { and, eq, lte, or, sql } from "drizzle-orm";
import { db } from "#db/client.ts";
import { promotions, PROMOTION_STATUS } from "#db/schema/index.ts";
import { DomainError } from "#core/errors.ts";
import { registerSweep } from "#core/jobs/worker.ts";
import { publish } from "#core/lib/events.ts";
import { movePromotion } from "./promotions.ts";
import type { PromotionAction } from "./lifecycle.ts";

const BATCH = 200;

/** Every move due at `now`; answers how many were made. */
export async function sweepPromotions(now = new Date()): Promise<number> {
  const S = PROMOTION_STATUS;
  const due = await db.select({ id: promotions.id, businessId: promotions.businessId, status: promotions.status, endsAt: promotions.endsAt })
    .from(promotions)
    .where(or(
      and(eq(promotions.status, S.in_moderation), lte(promotions.autoApproveAt, now)),
      and(eq(promotions.status, S.upcoming), lte(promotions.startsAt, now)),
      and(sql`${promotions.status} IN (${S.on_going}, ${S.empty})`, lte(promotions.endsAt, now)),
    ))
    .limit(BATCH);
  let moved = 0;
  for (const p of due) {
    const action: PromotionAction = p.status === S.in_moderation ? "approve" : p.status === S.upcoming && p.endsAt > now ? "start" : "end";
    try {
      const r = await db.transaction((tx) => movePromotion(tx, p.businessId, p.id, action, "system", { now }));
      publish(p.businessId, "onSellerPromotionUpdate", { promotion_id: p.id, status: PROMOTION_STATUS[r.to] });
      moved += 1;
    } catch (e) {
      if (!(e instanceof DomainError)) throw e; // moved meanwhile by another process or the seller
    }
  }
  return moved + (due.length === BATCH && moved > 0 ? await sweepPromotions(now) : 0);
}

registerSweep("promotions", Number(process.env.PROMOTION_SWEEP_MS ?? 15_000), () => sweepPromotions());
