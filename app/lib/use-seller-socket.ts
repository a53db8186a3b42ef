import { useEffect, useState } from "react";
import type { Socket } from "socket.io-client";

export type SocketState = "connecting" | "joined" | "failed";

/**
 * Joins the business's realtime room (spec "Realtime": unlimited reconnection, 500 ms delay).
 * socket.io-client is loaded after the page is interactive so it never weighs on first load.
 * `onEvent` receives every event the room gets (e.g. onSellerNewOrder).
 */
export function useSellerSocket(ticket: string | null, onEvent?: (event: string, payload: unknown) => void) {
  const [state, setState] = useState<SocketState>("connecting");
  useEffect(() => {
    if (!ticket) return;
    let socket: Socket | undefined;
    let cancelled = false;
    void import("socket.io-client").then(({ io }) => {
      if (cancelled) return;
      socket = io({ path: "/socket.io", reconnection: true, reconnectionAttempts: Infinity, reconnectionDelay: 500, reconnectionDelayMax: 500 });
      socket.on("connect", () => socket!.emit("onSellerJoin", JSON.stringify({ token: ticket })));
      socket.on("onSellerJoinSuccess", () => setState("joined"));
      socket.on("onSellerJoinFailed", () => setState("failed"));
      // The server ended the session's socket (signed out, password changed elsewhere): it stays
      // off, as socket.io does not reconnect then. Any other cut reconnects and joins again.
      socket.on("disconnect", (reason) => setState(reason === "io server disconnect" ? "failed" : "connecting"));
      socket.onAny((event: string, payload: unknown) => onEvent?.(event, payload));
    });
    return () => {
      cancelled = true;
      socket?.disconnect();
    };
  }, [ticket, onEvent]);
  return state;
}
