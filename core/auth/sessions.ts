/**
 * The account's active sessions (issue 13, /setting/security): every live bearer token of the
 * user — the web's sessions hold one each, API clients theirs — with its device, address and
 * last use (noted by core/auth/tokens.ts touchToken as the adapters resolve the actor), and
 * signing one of them out or all but this one.
 *
 * Decisions where the spec is silent (it has no such list):
 * - "Device" is a summary of the User-Agent (core/auth/device.ts), "address" the client address
 *   as the adapters determine it (api/lib/client-ip.ts: the socket's, or with TRUST_PROXY=true the
 *   proxy's X-Forwarded-For entry). Both are of the last use, kept per token.
 * - A session id is the token row's id; another user's id is NotFound. Ending one is revokeTokens
 *   and then publishRevoked, so its sockets close too; ending this one is signing out.
 * - Neither asks for the password again: ending sessions only ever takes access away.
 */
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { apiTokens } from "#db/schema/index.ts";
import type { Scope } from "#core/actor.ts";
import { NotFound } from "#core/errors.ts";
import { publishRevoked } from "#core/lib/events.ts";
import { unix } from "#core/lib/time.ts";
import { revokeTokens } from "./tokens.ts";

/** The actor's live sessions, the one in use first, then by last use. */
export async function listSessions({ db, actor }: Scope) {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, actor.user.id), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, sql`now()`)))
    .orderBy(desc(sql`${apiTokens.id} = ${actor.tokenId}`), sql`${apiTokens.lastSeenAt} DESC NULLS LAST`, desc(apiTokens.id));
  return rows.map((r) => ({
    session_id: r.id,
    device: r.device,
    ip_address: r.ip,
    last_seen: unix(r.lastSeenAt ?? r.timeCreated),
    time_created: unix(r.timeCreated),
    is_current: r.id === actor.tokenId,
  }));
}

/** Signs out one of the actor's sessions (this one included); another user's or an ended one: NotFound. */
export async function endSession({ db, actor }: Scope, sessionId: number) {
  const [own] = await db
    .select({ id: apiTokens.id })
    .from(apiTokens)
    .where(and(eq(apiTokens.id, sessionId), eq(apiTokens.userId, actor.user.id), isNull(apiTokens.revokedAt)));
  if (!own) throw new NotFound();
  const ids = await revokeTokens(db, { tokenId: own.id });
  publishRevoked(ids);
  return { session_id: own.id, is_current: own.id === actor.tokenId };
}

/** Signs out every other session of the actor; this one goes on. Answers how many ended. */
export async function endOtherSessions({ db, actor }: Scope) {
  const ids = await revokeTokens(db, { userId: actor.user.id, except: actor.tokenId });
  publishRevoked(ids);
  return { ended: ids.length };
}
