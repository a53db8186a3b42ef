/**
 * A reply is written with its outbox row, then delivered after the commit (conversations.ts
 * writeOutbound). A process that stops in between leaves the message "Sending" for ever. This
 * sweep settles a message still pending after SETTLE_AFTER_MS from its outbox row: delivered →
 * delivered; an error → failed with it; neither → failed as interrupted. An interrupted message is
 * never sent again: the gateway may have it already, and a buyer reading one answer twice is worse
 * than the seller seeing "Not delivered" and sending it again (as broadcasts' "unknown", decision 28).
 */
import { sql } from "drizzle-orm";
import { db } from "#db/client.ts";
import { publish } from "#core/lib/events.ts";
import { registerSweep } from "#core/jobs/worker.ts";
import { CHAT_EVENTS } from "./options.ts";

const SETTLE_AFTER_MS = 2 * 60_000;
export const INTERRUPTED = "interrupted before the channel answered; not sent again";

export async function settleStuckDeliveries(now = new Date()) {
  const settled = await db.transaction(async (tx) => {
    const r = await tx.execute<{ id: number; conversation_id: number; business_id: number; order_id: number | null; delivery: string; outbox_id: number | null }>(sql`
      WITH stuck AS (
        SELECT m.id, m.outbox_id FROM chat_messages m
         WHERE m.delivery = 'pending' AND m.time_created < ${new Date(now.getTime() - SETTLE_AFTER_MS)}
         ORDER BY m.time_created LIMIT 500 FOR UPDATE SKIP LOCKED),
      outcome AS (SELECT stuck.id, o.delivered, o.error FROM stuck LEFT JOIN outbox o ON o.id = stuck.outbox_id)
      UPDATE chat_messages m
         SET delivery = CASE WHEN outcome.delivered THEN 'delivered' ELSE 'failed' END,
             delivery_error = CASE WHEN outcome.delivered THEN NULL ELSE coalesce(outcome.error, ${INTERRUPTED}) END
        FROM outcome
       WHERE m.id = outcome.id
      RETURNING m.id, m.conversation_id, m.business_id, m.delivery, m.outbox_id,
                (SELECT c.order_id FROM conversations c WHERE c.id = m.conversation_id) AS order_id`);
    // The outbox says the same (its page lists the row as not delivered, and why).
    const interrupted = r.rows.filter((m) => m.delivery === "failed" && m.outbox_id !== null).map((m) => m.outbox_id!);
    if (interrupted.length) {
      await tx.execute(sql`UPDATE outbox SET error = ${INTERRUPTED}
        WHERE id = ANY(${sql.param(interrupted)}::int[]) AND NOT delivered AND error IS NULL`);
    }
    return r.rows;
  });
  for (const m of settled) {
    publish(m.business_id, CHAT_EVENTS.delivery, { conversation_id: m.conversation_id, order_id: m.order_id, message_id: m.id, delivery: m.delivery });
  }
  return settled.length;
}

registerSweep("chat-deliveries", 60_000, settleStuckDeliveries);
