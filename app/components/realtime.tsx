/**
 * The admin layout's realtime part: joins the business's socket room, shows the new-order
 * snackbar and reloads the pages an order event concerns (orders/list-new-order.tsx). Loaded by
 * the layout after the page is interactive (React.lazy, client only), so none of it weighs on the
 * first load; the layout's header shows the state it reports.
 */
import { useEffect } from "react";
import { NewOrderSnackbar, useOrderEvents } from "./orders/list-new-order.tsx";
import { useSellerSocket, type SocketState } from "#app/lib/use-seller-socket.ts";

export type RealtimeProps = { ticket: string | null; onState: (state: SocketState) => void };

export default function Realtime({ ticket, onState }: RealtimeProps) {
  const orderEvents = useOrderEvents();
  const state = useSellerSocket(ticket, orderEvents.onEvent);
  useEffect(() => onState(state), [state, onState]);
  return <NewOrderSnackbar notices={orderEvents.notices} dismiss={orderEvents.dismiss} />;
}
