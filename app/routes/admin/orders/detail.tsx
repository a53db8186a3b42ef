/**
 * /orders/:slug (slug = the order's id, the socket's sys_order_id): one order — its items,
 * customer, shipping and the courier's tracking, payment, status history — and what the seller
 * can do next: exactly the actions the lifecycle table allows now (core/orders/lifecycle.ts,
 * given as allowed_actions), each a POST form to this page's action (detail.server.ts), which
 * calls core/orders. Partial cancellation sits with the items, the seller's feedback at the end,
 * the print links at the top. The loader reads the order, its tracking and (only when the booking
 * form is on the page) its shipping parameters with the same core functions the REST API answers with.
 *
 * Decisions where the spec is silent:
 * - Destructive actions (cancel, reject, approving the customer's cancellation, cancelling items)
 *   ask first: a dialog with JavaScript, the server's confirm step without.
 * - A refusal (422: "already accepted" by someone else, a missing reason …) comes back to the
 *   form that sent it, opened, with what was typed; if the order moved on and that form is gone,
 *   the message stands above the actions. The page shows the order as it now is either way.
 * - Tracking loads with the order; an order with no courier events shows "No courier updates yet".
 * - Only the actions this member may take are shown: the ones that end a sale (reject, cancel,
 *   approving a cancellation, cancelling items) need "orders.cancel" (core/auth/privileges.ts), so a
 *   staff member without it sees none of their buttons rather than buttons leading to the 403 page.
 */
import { useLocation } from "react-router";
import type { Route } from "./+types/detail";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import type { FormReply } from "#app/components/form.tsx";
import { ConfirmPanel } from "#app/components/list/confirm-dialog.tsx";
import { failedAction, OrderActions, useConfirmText } from "#app/components/orders/detail-actions.tsx";
import { FeedbackCard } from "#app/components/orders/detail-feedback.tsx";
import { OrderHeader } from "#app/components/orders/detail-header.tsx";
import { CustomerCard, OrderNotes, PaymentCard, ShippingCard } from "#app/components/orders/detail-info.tsx";
import { OrderItems } from "#app/components/orders/detail-items.tsx";
import { HistoryCard, TrackingCard } from "#app/components/orders/detail-timeline.tsx";
import { orderDetail, orderTrackingJson } from "#core/orders/detail.ts";
import { orderConversations } from "#core/chat/conversations.ts";
import { OrderMessagesCard } from "#app/components/chat/order-messages.tsx";
import { shippingParameters } from "#core/orders/shipping.ts";
import type { OrderAction } from "#core/orders/lifecycle.ts";
import { privilegeOfAction } from "#core/orders/seller-actions.ts";
import { can, getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { idFromSlug } from "#app/lib/params.ts";
import { orderAction } from "./detail.server.ts";
import { pageTitle } from "#app/lib/meta.ts";
import { useLocalePath } from "#app/lib/i18n-react.tsx";

export async function loader(args: Route.LoaderArgs) {
  const id = idFromSlug(args.params.slug);
  const scope = getScope(args.context);
  const [found, tracking] = await Promise.all([orderDetail(scope, id), orderTrackingJson(scope, id)]);
  const order = mine(found, (a) => can(args.context, privilegeOfAction(a)));
  // The booking form's choices (hand-over, pickup windows, weight), only when it is on the page.
  const booking = order.allowed_actions.includes("book-delivery") && order.delivery_method === "courier"
    ? await shippingParameters(scope, id)
    : null;
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  // The buyer's page in the customer centre, for staff who may see customers' data.
  const customerId = can(args.context, "customer") ? order.customer.customer_id : null;
  // The buyer's messages about this order (the order inbox), for staff who answer buyers.
  const conversations = can(args.context, "inbox") ? await orderConversations(scope, id) : null;
  return { title: `${order.order_code} | ${t("orders:title")} | ${t("common:app_name")}`, order, tracking: tracking.timeline, booking, customerId, conversations };
}

/** The order with only the actions (and their needs) the member may take. */
function mine<O extends { allowed_actions: OrderAction[]; action_needs: Record<string, unknown> }>(order: O, allowed: (a: OrderAction) => boolean): O {
  const actions = order.allowed_actions.filter(allowed);
  const needs = Object.fromEntries(Object.entries(order.action_needs).filter(([a]) => actions.includes(a as OrderAction)));
  return { ...order, allowed_actions: actions, action_needs: needs };
}

export async function action(args: Route.ActionArgs) {
  return orderAction(args, idFromSlug(args.params.slug));
}

type Confirm = { confirm: { action: string; fields: Record<string, string> } };

export default function OrderDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, tracking, booking } = loaderData;
  const lp = useLocalePath();
  const { pathname } = useLocation();
  const confirmText = useConfirmText();
  const confirm = actionData && "confirm" in actionData ? (actionData as Confirm).confirm : null;
  const reply = (actionData && !("confirm" in actionData) ? actionData : null) as FormReply;
  const failed = failedAction(reply);
  // Feedback is given once the customer has the order (the API's rule); once given it stays shown.
  const showFeedback = order.feedback || ["received", "finish", "complaint", "returned"].includes(order.status);

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <OrderHeader order={order} />
      {confirm ? <ConfirmPanel text={confirmText(confirm.action, order.order_code)} fields={confirm.fields} cancelTo={pathname} /> : null}
      <OrderNotes order={order} />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <OrderActions order={order} shipping={booking} reply={reply} />
          <OrderItems order={order} reply={reply} failed={failed} />
          <HistoryCard rows={order.history} />
        </div>
        <div className="space-y-4">
          <CustomerCard order={order} customerHref={loaderData.customerId ? lp(`/customer/${loaderData.customerId}`) : null} />
          {loaderData.conversations ? <OrderMessagesCard rows={loaderData.conversations} /> : null}
          <ShippingCard order={order} />
          {order.delivery_method === "courier" ? <TrackingCard rows={tracking} /> : null}
          <PaymentCard order={order} />
          {showFeedback ? <FeedbackCard order={order} reply={failed ? null : reply} /> : null}
        </div>
      </div>
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
