/**
 * Which quick steps the orders list offers, decided by the lifecycle table
 * (core/orders/lifecycle.ts), never by the page. Used by the route's loader, so the table
 * stays out of the list page's JavaScript: the browser gets the answers, not the rules.
 */
import { allowedActions, sellerActions } from "#core/orders/lifecycle.ts";
import { isStatusFilter, ORDER_STATUSES, statusesFor } from "#db/schema/order-tabs.ts";
import { QUICK_ACTIONS, type QuickAction } from "./list-bulk.tsx";

const isQuick = (a: string): a is QuickAction => (QUICK_ACTIONS as readonly string[]).includes(a);

/** The row's one-tap next step, if the table allows one from its status. */
export const nextStep = (order: { status: string; return_stage?: string | null; delivery_method?: string | null }) =>
  sellerActions({ status: order.status, returnStage: order.return_stage, deliveryMethod: order.delivery_method }).find(isQuick);

/** The quick steps orders of this tab or stage may take (on All: every one). */
const stepsMemo = new Map<string | undefined, QuickAction[]>();
export function stepsFor(filter: string | undefined): QuickAction[] {
  let steps = stepsMemo.get(filter);
  // A copy: callers get their own array, as before. Unknown filters are not remembered (any string may come).
  if (steps) return [...steps];
  steps = computeSteps(filter);
  if (filter === undefined || filter === "" || isStatusFilter(filter)) stepsMemo.set(filter, steps);
  return [...steps];
}

function computeSteps(filter: string | undefined): QuickAction[] {
  const statuses = statusesFor(filter) ?? ORDER_STATUSES;
  const allowed = new Set(statuses.flatMap((s) => [
    ...allowedActions({ status: s }), ...allowedActions({ status: s, deliveryMethod: "pickup" }),
  ]));
  return QUICK_ACTIONS.filter((a) => allowed.has(a));
}
