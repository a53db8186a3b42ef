/**
 * The deadline sweeper: every minute, orders past their deadline are cancelled by the system's
 * expiry action of their status (payment → reason 1 Payment Expired, acceptance → 4 Accept Expired,
 * processing → 5 Process Expired; the deadlines are set in core/orders/actions.ts).
 *
 * It goes through applyOrderAction like any staff action: the same lock, table, stock release and
 * history row (actor "system"). Several app processes may sweep at once: the row lock lets one
 * apply and the other is refused ("already expired"), which is skipped. Started by server.ts next
 * to the job worker; tests call sweepOverdueOrders() themselves.
 */
import { applyOrderAction, EXPIRY, overdueOrders, postponeDeadline } from "#core/orders/actions.ts";
import { splitState } from "#core/orders/lifecycle.ts";
import { publish } from "#core/lib/events.ts";
import { DomainError } from "#core/errors.ts";

// ORDER_SWEEP_MS: how often (tests and the scale-out check sweep every second).
const EVERY_MS = Number(process.env.ORDER_SWEEP_MS ?? 60_000);
const BATCH = 200;

/** Cancels every overdue order now (batch after batch); answers how many were cancelled. */
export async function sweepOverdueOrders(): Promise<number> {
  let cancelled = 0;
  for (;;) {
    const due = await overdueOrders(BATCH);
    let applied = 0;
    for (const o of due) {
      const action = EXPIRY.get(o.status);
      if (!action) continue;
      try {
        const r = await applyOrderAction(o.businessId, o.id, { action, actor: "system" });
        applied += 1;
        publish(o.businessId, "onSellerOrderUpdate", { sys_order_id: r.orderId, status: splitState(r.to).status });
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
        // Moved meanwhile (staff accepted it, another process expired it): nothing to do. Any
        // other refusal is logged and waits an hour, so it cannot hold back the orders behind it.
        if (e.message !== "api-orders:not_allowed" && e.message !== "api-orders:already") {
          console.error(`order ${o.id}: expiry refused (${e.message})`);
          await postponeDeadline(o.id);
        }
      }
    }
    cancelled += applied;
    // A short batch was the last; a full one with nothing applied would only come back the same.
    if (due.length < BATCH || applied === 0) return cancelled;
  }
}

let timer: NodeJS.Timeout | undefined;
let running: Promise<unknown> | undefined;
let stopped = true;

/** The first sweep soon after start (orders that ran out while the app was down), then a minute after each. */
export function startDeadlineSweeper() {
  if (!stopped) return;
  stopped = false;
  const tick = () => {
    running = sweepOverdueOrders()
      // Once stopping, a failure is the database going first (a Ctrl-C in a terminal stops it too).
      .catch((e) => stopped || console.error("order deadlines", e))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, EVERY_MS);
      });
  };
  timer = setTimeout(tick, 5_000);
}

/** Shutdown: no new sweep; the one in hand finishes before the database closes. */
export async function stopDeadlineSweeper() {
  stopped = true;
  clearTimeout(timer);
  timer = undefined;
  await running;
}
