/**
 * The session a request acts in, for the audit log (core/audit/audit-log.ts): each adapter runs
 * the rest of its request inside `actingAs(actor, …)` once it knows who is asking (the API's
 * requireAuth, the web's requireUser), and recordHistory (./history.ts) reads it, so every write
 * through core records its session without each of its sixty callers passing it on.
 * Outside a request (jobs, webhooks, the demo seed) there is none: the row's session is empty.
 */
import { AsyncLocalStorage } from "node:async_hooks";

type Acting = { userId: number; tokenId: number };
const acting = new AsyncLocalStorage<Acting>();

export function actingAs<T>(actor: { user: { id: number }; tokenId: number }, fn: () => T): T {
  return acting.run({ userId: actor.user.id, tokenId: actor.tokenId }, fn);
}

/** The session of the request this runs in, when its user is `userId` (a write on behalf of someone else has none). */
export function sessionOf(userId: number | null): number | null {
  const now = acting.getStore();
  return now && userId !== null && now.userId === userId ? now.tokenId : null;
}
