/**
 * Realtime events from the API to the signed-in staff of a business, and the end of the sockets
 * of sessions that ended. The HTTP server plugs its socket.io in (server/realtime.ts); without it
 * (tests, scripts) events go nowhere. With REDIS_URL socket.io's Redis adapter carries both to
 * every app process.
 *
 * Publish after the transaction commits: staff must never be told about an order they cannot
 * open, and a socket ended before its token's revocation commits could join again in between.
 */
type Emitter = (businessId: number, event: string, payload: unknown) => void;
/** Ends the sockets joined with these tokens, or every socket of a business's room. */
type Ender = (which: { tokenIds: number[] } | { businessId: number }) => void;

let emitter: Emitter | undefined;
let ender: Ender | undefined;

export function setEmitter(e: Emitter | undefined) {
  emitter = e;
}

export function setEnder(e: Ender | undefined) {
  ender = e;
}

export function publish(businessId: number, event: string, payload: unknown) {
  emitter?.(businessId, event, payload);
}

/**
 * These tokens were revoked (sign-out, password change or reset, removal from a business): every
 * socket that joined with one of them — its bearer token or a web ticket naming it — is
 * disconnected at once, in every process, and hears nothing more. The one call every revoking
 * path makes, after its transaction commits (core/auth/tokens.ts revokeTokens answers the ids).
 */
export function publishRevoked(tokenIds: number[]) {
  if (tokenIds.length) ender?.({ tokenIds });
}

/**
 * The business stopped being one its staff work in (made inactive): every socket in its room is
 * disconnected. They may join again — a bearer token then joins the user's next active business,
 * a web ticket for this business is refused (core/orders/realtime.ts).
 */
export function publishBusinessClosed(businessId: number) {
  ender?.({ businessId });
}
