/**
 * Demo mode: the demo accounts are seeded (with the public password `indie-demo`), the notifier's
 * outbox is readable without signing in when no real provider is configured, and an owner may
 * approve their own company in moderation. None of that belongs on a real deployment, so:
 *   DEMO=on  → on;  DEMO=off → off;
 *   unset    → on only when the app runs on its own embedded database (a laptop's `npm start`;
 *              db/bootstrap.ts sets EMBEDDED_DB=1), off against any DATABASE_URL.
 * The one place that decides; read on every call so tests and scripts can switch it.
 */
export function isDemo(): boolean {
  if (process.env.DEMO === "on") return true;
  if (process.env.DEMO === "off") return false;
  return process.env.EMBEDDED_DB === "1";
}

/**
 * Who is asking, as this process's HTTP server saw the connection (api/lib/client-ip.ts peerOf,
 * the web's peerContext): the TCP socket's remote address — none for a call made in-process, like
 * a test — and whether the request came through a proxy (it carries a forwarding header).
 */
export type Peer = { address?: string; proxied?: boolean };

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * Whether the demo surfaces answer this caller: the outbox (every account's one-time codes, so
 * whoever reads it can take any account over), its link, the owner's self-approval. A server
 * started with `npm start` may well be reachable from a network, so they answer the machine it runs
 * on only; to anyone else the answer is the one demo mode off gives (NotFound).
 * - Decided by the socket's address, never by an address in a header: anybody can write one.
 * - No address (no socket) is not this machine: the safe default.
 * - A loopback socket carrying a forwarding header is a proxy on this machine relaying somebody
 *   else, so not this machine either. (A header can only take the answer away, never give it.)
 * The one rule every demo surface asks.
 */
export function isDemoFor(peer: Peer): boolean {
  return isDemo() && !peer.proxied && LOOPBACK.has(peer.address ?? "");
}
