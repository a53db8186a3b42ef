/**
 * socket.io on the app's HTTP server. A client emits onSellerJoin with { token }: a bearer token, or
 * the web's realtime ticket (core/orders/realtime.ts). A valid one joins the room of its active
 * business (onSellerJoinSuccess), anything else gets onSellerJoinFailed with a stable code for
 * programs ("invalid_token") and a message for people in the connection's Accept-Language.
 *
 * - Only our own pages may open a socket: a browser handshake whose Origin (or Sec-Fetch-Site)
 *   says another site is refused before any socket exists (allowRequest, 403), by the rule the
 *   app's writes follow (server/same-origin.ts; `Origin: null` is refused too). Programs send no
 *   Origin and pass: their token is what they are checked by.
 * - A socket follows its session. Joining puts it in its token's room (`token:<id>`, the web
 *   ticket names its token) before the token is checked, so a revocation committed at any moment
 *   either fails the check or reaches the socket. A revocation (sign-out, password change or
 *   reset, removal from a business: core/lib/events.ts publishRevoked) disconnects the sockets of
 *   those tokens' rooms at once; a company made inactive, those of its business room; a member
 *   suspended or removed, their sockets in that business (the room `member:<business>:<user>`
 *   every join enters too); a token's expiry, its own sockets. The client is told the server ended it (socket.io's "io server
 *   disconnect", after which its client does not reconnect by itself, unlike after a network
 *   cut); one that connects again is refused with "invalid_token" — it hears nothing more.
 * - A socket joined again (another token, another business) leaves the rooms of its last join.
 * - With REDIS_URL the Redis adapter carries events and disconnections across app processes
 *   (`io.in(room).disconnectSockets` reaches a socket on any of them).
 */
import type { IncomingMessage, Server as HttpServer } from "node:http";
import { Server, type Socket } from "socket.io";
import { createAdapter } from "@socket.io/redis-adapter";
import { Redis } from "ioredis";
import { translator } from "#core/i18n.ts";
import { localeOfHeader } from "#api/lib/language.ts";
import { businessToJoin, tokenToJoin } from "#core/orders/realtime.ts";
import { setEmitter, setEnder, setMemberEmitter, type Ending } from "#core/lib/events.ts";
import { fromAnotherSite } from "./same-origin.ts";

let io: Server | undefined;

// setTimeout's longest wait (about 24.8 days); a token that lives longer is waited for in steps.
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Attaches socket.io to `server`; with a Redis URL (REDIS_URL) its adapter joins the app's
 * processes, on a channel kept apart by RATE_LIMIT_PREFIX as the rate limits are (apps or test
 * files sharing one Redis must not end each other's sockets: token ids repeat across databases).
 */
export function attachRealtime(server: HttpServer, redisUrl = process.env.REDIS_URL) {
  io = new Server(server, { path: "/socket.io", serveClient: false, allowRequest });
  if (redisUrl) {
    const pub = new Redis(redisUrl);
    const sub = pub.duplicate();
    io.adapter(createAdapter(pub, sub, { key: `${process.env.RATE_LIMIT_PREFIX ?? ""}socket.io` }));
    server.on("close", () => {
      pub.disconnect();
      sub.disconnect();
    });
  }
  setEmitter(emitToBusiness);
  setMemberEmitter(emitToMember);
  setEnder(endSockets);
  io.on("connection", (socket) => {
    // One join at a time per socket: two interleaved ones could leave it in a business's room
    // without the room of the token that let it in, out of reach of that token's revocation.
    socket.on("onSellerJoin", (payload: unknown) => {
      socket.data.joining = (socket.data.joining ?? Promise.resolve()).then(() => join(socket, payload)).catch(() => {});
    });
    socket.on("disconnect", () => clearTimeout(socket.data.expiry));
  });
  return io;
}

/** The handshake of a page not ours is refused (see the header). */
function allowRequest(req: IncomingMessage, callback: (err: string | null | undefined, success: boolean) => void) {
  const header = (name: string) => {
    const v = req.headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  callback(null, !fromAnotherSite(header, true));
}

async function join(socket: Socket, payload: unknown) {
  const token = typeof payload === "string" ? safeToken(payload) : (payload as { token?: string })?.token;
  // A failure to check (the database away) is a refusal too, never an unhandled rejection.
  const named = typeof token === "string" && token ? await tokenToJoin(token).catch(() => undefined) : undefined;
  if (!socket.connected) return; // gone meanwhile: nothing to join (a room would outlive it)
  // Into the token's room (and the member room of the business a ticket names) before the check
  // (see the header): a revocation or a suspension from now on reaches it.
  const early = named ? [tokenRoom(named.tokenId), ...(named.businessId ? [memberRoom(named.businessId, named.userId)] : [])] : [];
  const had = new Set(early.filter((r) => socket.rooms.has(r)));
  if (early.length) await socket.join(early);
  const businessId = named ? await businessToJoin(token!).catch(() => undefined) : undefined;
  if (!socket.connected) return;
  if (!businessId || !named) {
    for (const r of early) if (!had.has(r)) await socket.leave(r);
    const t = translator(await localeOfHeader(socket.handshake.headers["accept-language"]));
    socket.emit("onSellerJoinFailed", { code: "invalid_token", message: t("api:errors.session_expired") });
    return;
  }
  const rooms = [businessRoom(businessId), memberRoom(businessId, named.userId)];
  const keep = new Set([socket.id, tokenRoom(named.tokenId), ...rooms]);
  for (const r of [...socket.rooms]) if (!keep.has(r)) await socket.leave(r);
  await socket.join(rooms);
  endAtExpiry(socket, named.expiresAt);
  socket.emit("onSellerJoinSuccess", { business_id: businessId });
}

/** An expired token is not revoked, so nothing is published: its socket ends on its own then. */
function endAtExpiry(socket: Socket, expiresAt: Date) {
  clearTimeout(socket.data.expiry);
  const left = Math.max(expiresAt.getTime() - Date.now(), 0);
  socket.data.expiry = setTimeout(() => (left > MAX_TIMER_MS ? endAtExpiry(socket, expiresAt) : socket.disconnect(true)), Math.min(left, MAX_TIMER_MS));
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
export const tokenRoom = (tokenId: number) => `token:${tokenId}`;
export const memberRoom = (businessId: number, userId: number) => `member:${businessId}:${userId}`;

/** Sends an event to every signed-in staff of a business. */
export function emitToBusiness(businessId: number, event: string, payload: unknown) {
  io?.to(businessRoom(businessId)).emit(event, payload);
}

/** Sends an event to one member's sockets in a business (their unread notifications). */
export function emitToMember(businessId: number, userId: number, event: string, payload: unknown) {
  io?.to(memberRoom(businessId, userId)).emit(event, payload);
}

/** Disconnects the sockets of these tokens, of a business's room, or of one member in a business, in every process. */
export function endSockets(which: Ending) {
  const rooms = "tokenIds" in which
    ? which.tokenIds.map(tokenRoom)
    : [which.userId === undefined ? businessRoom(which.businessId) : memberRoom(which.businessId, which.userId)];
  // Never no room at all: that would be every socket.
  if (rooms.length) io?.in(rooms).disconnectSockets(true);
}
