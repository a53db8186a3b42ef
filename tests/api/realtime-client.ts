/**
 * The socket side of the realtime tests: a socket.io server on a free port (server/realtime.ts as
 * the app attaches it) and clients that join it as the web and the POS apps do.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { io as connect, type Socket } from "socket.io-client";
import { attachRealtime } from "#server/realtime.ts";

/** A socket.io server of the app's on 127.0.0.1 and a free port; `close` ends its sockets, then it. */
export async function startRealtime() {
  const server: Server = createServer();
  const io = attachRealtime(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, io, url, close: () => new Promise<void>((resolve) => io.close(() => resolve())) };
}

export type Joined = { event: "success" | "failed" | "refused"; payload: any };

/**
 * A socket that joins with `token` on every connect (as the web's hook does); `result`: the first
 * join's answer. `reconnect: false` makes one try only (a refused or ended socket stays down).
 */
export function joinSocket(url: string, token: string, opts: { headers?: Record<string, string>; reconnect?: boolean } = {}) {
  const socket = connect(url, {
    path: "/socket.io", transports: ["websocket"], extraHeaders: opts.headers,
    ...(opts.reconnect === false ? { reconnection: false } : { reconnectionDelay: 500 }),
  });
  const result = new Promise<Joined>((resolve) => {
    socket.on("connect", () => socket.emit("onSellerJoin", JSON.stringify({ token })));
    socket.on("onSellerJoinSuccess", (payload) => resolve({ event: "success", payload }));
    socket.on("onSellerJoinFailed", (payload) => resolve({ event: "failed", payload }));
    socket.on("connect_error", (error) => resolve({ event: "refused", payload: error.message }));
  });
  return { socket, result };
}

/** The reason the socket is disconnected for within `ms`, or undefined while it stays. */
export const disconnectedWithin = (socket: Socket, ms: number) =>
  new Promise<string | undefined>((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    socket.once("disconnect", (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
