import type { Context } from "hono";
import type { Peer } from "#core/lib/demo.ts";

/** The Node request @hono/node-server hands over (none for an in-process call). */
const incomingOf = (c: Context) => (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;

/**
 * The address a request came from, for per-address rate limits.
 * - Over a real socket: the socket's address, or, when TRUST_PROXY=true (the app runs behind one
 *   load balancer), the LAST X-Forwarded-For entry: the one our proxy appended, the address it
 *   saw. The entries before it are whatever the client sent, so taking the first would let a
 *   client pick a fresh address per request and walk past every per-address limit.
 * - In-process calls (no socket, as in tests): the same entry of X-Forwarded-For.
 */
export function clientIp(c: Context): string | undefined {
  const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim() || undefined;
  const incoming = incomingOf(c);
  if (!incoming) return forwarded;
  if (process.env.TRUST_PROXY === "true" && forwarded) return forwarded;
  return incoming.socket?.remoteAddress;
}

/**
 * The caller as the socket saw it, for the demo surfaces (core/lib/demo.ts isDemoFor): the TCP
 * peer's address — none without a socket (an in-process call) — and whether a forwarding header
 * says a proxy relayed the request. The header's address itself is never used: it is whatever
 * the client wrote.
 */
export function peerOf(c: Context): Peer {
  const incoming = incomingOf(c);
  const proxied = ["x-forwarded-for", "forwarded", "x-real-ip"].some((h) => c.req.header(h) !== undefined);
  return { address: incoming?.socket?.remoteAddress, proxied };
}
