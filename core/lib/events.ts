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
/** Ends the sockets joined with these tokens, every socket of a business's room, or a member's sockets in one business. */
export type Ending = { tokenIds: number[] } | { businessId: number; userId?: number };
type Ender = (which: Ending) => void;

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

/** What only one member hears (their unread notifications), on their sockets in that business. */
type MemberEmitter = (businessId: number, userId: number, event: string, payload: unknown) => void;
let memberEmitter: MemberEmitter | undefined;

export function setMemberEmitter(e: MemberEmitter | undefined) {
  memberEmitter = e;
}

export function publishToMember(businessId: number, userId: number, event: string, payload: unknown) {
  memberEmitter?.(businessId, userId, event, payload);
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
 * A member was suspended or removed (core/team/staff.ts): every socket that user joined to this
 * business's room is disconnected at once, in every process — whichever token it joined with (a
 * token switched to another business since keeps its other sockets). Joining again is refused
 * while the membership is not Active (core/orders/realtime.ts). After the transaction commits.
 */
export function publishMemberEnded(businessId: number, userId: number) {
  ender?.({ businessId, userId });
}

/**
 * The business stopped being one its staff work in (made inactive): every socket in its room is
 * disconnected. They may join again — a bearer token then joins the user's next active business,
 * a web ticket for this business is refused (core/orders/realtime.ts).
 */
export function publishBusinessClosed(businessId: number) {
  ender?.({ businessId });
}
