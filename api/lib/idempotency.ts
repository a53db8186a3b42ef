/**
 * `Idempotency-Key` on the API's POSTs (issue 12, "writes happen once"); the rules of the store are
 * in core/lib/idempotency.ts. Applied once, in api/app.ts, ahead of every POST route:
 *
 *   - Only for a signed-in caller: without a valid bearer token the header is ignored and the route
 *     answers as it would (401 where it needs a caller). The caller is resolved here once and
 *     requireAuth reuses it.
 *   - A key that is not 1–255 visible ASCII characters → 422 (api:errors.idempotency_key_invalid).
 *   - First request with the key → runs; its answer is kept 24 h when core `keeps()` it (below 500,
 *     not 409/429) and its content type is JSON or text (a file answer is not kept).
 *   - Same key, same method + path + body → the kept answer again (same status and body), with
 *     `Idempotency-Replayed: true`; nothing runs. While the first is still running the second
 *     waits for it (up to 10 s) and replays its answer; past that → 409
 *     (api:errors.idempotency_key_in_progress), nothing written.
 *   - Same key, another request → 422 (api:errors.idempotency_key_reused).
 * The replayed body is the first answer's, in the first request's language.
 */
import { createMiddleware } from "hono/factory";
import { Conflict, Refused, Unauthenticated } from "#core/errors.ts";
import { claimKey, completeKey, keeps, releaseKey, requestHash, validKey, type KeyRef } from "#core/lib/idempotency.ts";
import { authenticate, bearerToken } from "./auth.ts";
import type { ApiEnv } from "./env.ts";

const KEPT_TYPES = /^(application\/(.+\+)?json|text\/)/i;

export const idempotent = createMiddleware<ApiEnv>(async (c, next) => {
  const key = c.req.header("idempotency-key");
  if (c.req.method !== "POST" || key === undefined || !bearerToken(c)) return next();
  let actor;
  try {
    actor = await authenticate(c);
  } catch (e) {
    if (e instanceof Unauthenticated) return next(); // not signed in: no key; the route answers
    throw e;
  }
  if (!validKey(key)) throw new Refused("api:errors.idempotency_key_invalid");

  const db = c.var.scope.db; // the pool, as every adapter hands it to core
  const ref: KeyRef = { userId: actor.user.id, businessId: actor.member?.businessId ?? 0, key };
  const url = new URL(c.req.url);
  const body = new Uint8Array(await c.req.raw.clone().arrayBuffer());
  const claim = await claimKey(db, ref, requestHash(c.req.method, url.pathname + url.search, body));
  if (claim.kind === "mismatch") throw new Refused("api:errors.idempotency_key_reused");
  if (claim.kind === "busy") throw new Conflict("api:errors.idempotency_key_in_progress");
  if (claim.kind === "replay") {
    const { status, contentType, body: kept } = claim.answer;
    const headers: Record<string, string> = { "Idempotency-Replayed": "true" };
    if (contentType) headers["Content-Type"] = contentType;
    return c.body(kept, status as 200, headers);
  }

  try {
    await next(); // a refusal thrown by the route is already its answer here (api.onError)
  } catch (e) {
    await releaseKey(db, ref, claim.owner);
    throw e;
  }
  const res = c.res;
  const type = res.headers.get("content-type");
  if (keeps(res.status) && type && KEPT_TYPES.test(type)) {
    try {
      await completeKey(db, ref, claim.owner, { status: res.status, contentType: type, body: await res.clone().text() });
    } catch (e) {
      await releaseKey(db, ref, claim.owner).catch(() => {});
      throw e;
    }
  } else {
    await releaseKey(db, ref, claim.owner);
  }
});
