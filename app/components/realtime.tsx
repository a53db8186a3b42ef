/**
 * The admin layout's realtime part: joins the business's socket room, shows the new-order
 * snackbar and reloads the pages an order event concerns (orders/list-new-order.tsx). Loaded by
 * the layout after the page is interactive (React.lazy, client only), so none of it weighs on the
 * first load; the layout's header shows the state it reports.
 */
import { useCallback, useEffect, useRef } from "react";
import { NewOrderSnackbar, useOrderEvents } from "./orders/list-new-order.tsx";
import { useSellerSocket, type SocketState } from "#app/lib/use-seller-socket.ts";
import { SELLER_EVENT } from "#app/lib/use-chat-live.ts";

export type RealtimeProps = { ticket: string | null; onState: (state: SocketState) => void; onUnread?: (count: number) => void };

export default function Realtime({ ticket, onState, onUnread }: RealtimeProps) {
  const orderEvents = useOrderEvents();
  const { onEvent } = orderEvents;
  // The member's unread count (core/notifications/notify.ts UNREAD_EVENT) goes to the header's bell.
  // Through a ref: a new callback must not make a new socket.
  const unread = useRef(onUnread);
  unread.current = onUnread;
  const heard = useCallback((event: string, payload: unknown) => {
    if (event === "onSellerNotificationCount") {
      const n = (payload as { unread_count?: unknown })?.unread_count;
      if (typeof n === "number") unread.current?.(n);
      return;
    }
    onEvent(event, payload);
    // The pages that follow other events (chat, app/lib/use-chat-live.ts) hear them from here: one socket a tab.
    window.dispatchEvent(new CustomEvent(SELLER_EVENT, { detail: { event, payload } }));
  }, [onEvent]);
  const state = useSellerSocket(ticket, heard);
  useEffect(() => onState(state), [state, onState]);
  return <NewOrderSnackbar notices={orderEvents.notices} dismiss={orderEvents.dismiss} />;
}
