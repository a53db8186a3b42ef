/**
 * socket.io on the app's HTTP server. A client emits onSellerJoin with { token }: a bearer token, or
 * the web's realtime ticket (core/orders/realtime.ts). A valid one joins the room of its active
 * business (onSellerJoinSuccess), anything else gets onSellerJoinFailed with a stable code for
 * programs ("invalid_token") and a message for people in the connection's Accept-Language.
 * With REDIS_URL the Redis adapter carries events across app processes.
 */
import type { Server as HttpServer } from "node:http";
import { Server } from "socket.io";
import { createAdapter } from "@socket.io/redis-adapter";
import { Redis } from "ioredis";
import { localeFrom, translator } from "#core/i18n.ts";
import { businessToJoin } from "#core/orders/realtime.ts";
import { setEmitter } from "#core/lib/events.ts";

let io: Server | undefined;

export function attachRealtime(server: HttpServer) {
  io = new Server(server, { path: "/socket.io", serveClient: false });
  if (process.env.REDIS_URL) {
    const pub = new Redis(process.env.REDIS_URL);
    io.adapter(createAdapter(pub, pub.duplicate()));
  }
  setEmitter(emitToBusiness);
  io.on("connection", (socket) => {
    socket.on("onSellerJoin", async (payload: unknown) => {
      const token = typeof payload === "string" ? safeToken(payload) : (payload as { token?: string })?.token;
      // A failure to check (the database away) is a refusal too, never an unhandled rejection.
      const businessId = typeof token === "string" && token ? await businessToJoin(token).catch(() => undefined) : undefined;
      if (!businessId) {
        const t = translator(localeFrom(socket.handshake.headers["accept-language"]));
        socket.emit("onSellerJoinFailed", { code: "invalid_token", message: t("api:errors.session_expired") });
        return;
      }
      await socket.join(businessRoom(businessId));
      socket.emit("onSellerJoinSuccess", { business_id: businessId });
    });
  });
  return io;
}

function safeToken(raw: string) {
  try {
    const v = JSON.parse(raw);
    return typeof v === "string" ? v : v?.token;
  } catch {
    return raw;
  }
}

export const businessRoom = (businessId: number) => `business:${businessId}`;

/** Sends an event to every signed-in staff of a business. */
export function emitToBusiness(businessId: number, event: string, payload: unknown) {
  io?.to(businessRoom(businessId)).emit(event, payload);
}
