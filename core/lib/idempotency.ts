/**
 * Writes happen once: the store behind the API's `Idempotency-Key` header (api/lib/idempotency.ts
 * is the middleware; issue 12). The rules:
 *
 *   - A key is the caller's: (user, the token's business or 0, key). The same key from another user
 *     or another business is another key. Calls without a signed-in caller do not use keys at all.
 *   - The first request with a key CLAIMS it by inserting its row (status NULL = running) in one
 *     statement, `INSERT … ON CONFLICT DO UPDATE … WHERE <row is expired or abandoned>`: of any
 *     number of concurrent requests exactly one gets the row back and runs. The others find the row
 *     and WAIT for its answer (polling, bounded by `waitMs`, 10 s by default), then replay it;
 *     past the bound they get `busy` (the adapter answers 409 "still in progress", nothing written).
 *   - The row is kept with the first answer (status, content type, body) for 24 h. The same key
 *     with the same request (a SHA-256 of method, path with query, and body bytes) replays it; with
 *     another request it is `mismatch` (422), whether the first has finished or not.
 *   - What is kept: every answer below 500 — successes and refusals alike, so a retried refusal is
 *     the same refusal — except 409 and 429, which say "not now" and which a retry may get past.
 *     5xx is never kept. An answer not kept is RELEASED (the row deleted): the next request with the
 *     key runs afresh.
 *   - A row still running after `LEASE` (5 min, far above the 30 s statement bound) is a process
 *     that died mid-request; the next request with its key claims it again.
 *   - Expired rows (older than 24 h) count as absent at once (the claim overwrites them) and are
 *     deleted by `pruneIdempotencyKeys`, which the job worker's loop calls (at most every 5 min).
 *
 * Every function takes the database handle it is to use; none opens a transaction (each statement
 * commits on its own, so the claim is visible to the other requests at once).
 */
import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";

/** The handle to use: the pool (a transaction would hide the claim from the other requests until it ends). */
type Handle = Db | Tx;

export const KEEP_HOURS = 24;
const LEASE = "5 minutes";
const MAX_KEY_LENGTH = 255;

/** Whose key: the signed-in user and the business of their token (0 when it has none). */
export type KeyRef = { userId: number; businessId: number; key: string };

export type StoredAnswer = { status: number; contentType: string | null; body: string };

export type Claim =
  | { kind: "claimed"; owner: string }
  | { kind: "replay"; answer: StoredAnswer }
  | { kind: "mismatch" }
  | { kind: "busy" };

/** A usable key: 1–255 visible ASCII characters (what a header can carry plainly). */
export function validKey(key: string): boolean {
  return key.length > 0 && key.length <= MAX_KEY_LENGTH && /^[\x21-\x7e]+$/.test(key);
}

/** The fingerprint of a request: method, path with query, body bytes. */
export function requestHash(method: string, pathAndQuery: string, body: Uint8Array): string {
  return createHash("sha256").update(`${method.toUpperCase()}\n${pathAndQuery}\n`).update(body).digest("hex");
}

/** Whether an answer with this status is kept for the key (header comment). */
export function keeps(status: number): boolean {
  return status < 500 && status !== 409 && status !== 429;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One attempt: claim the key, or read what holds it. */
async function tryClaim(db: Handle, ref: KeyRef, hash: string): Promise<Claim | { kind: "running" } | undefined> {
  const owner = randomBytes(12).toString("hex");
  const claimed = await db.execute(sql`
    INSERT INTO idempotency_keys (user_id, business_id, key, request_hash, owner)
    VALUES (${ref.userId}, ${ref.businessId}, ${ref.key}, ${hash}, ${owner})
    ON CONFLICT (user_id, business_id, key) DO UPDATE SET
      request_hash = excluded.request_hash, owner = excluded.owner, status = NULL, content_type = NULL, body = NULL,
      time_created = now()
    WHERE idempotency_keys.time_created <= now() - make_interval(hours => ${KEEP_HOURS})
       OR (idempotency_keys.status IS NULL AND idempotency_keys.time_created <= now() - ${LEASE}::interval)
    RETURNING owner`);
  if (claimed.rows.length) return { kind: "claimed", owner };
  const { rows } = await db.execute<{ request_hash: string; status: number | null; content_type: string | null; body: string | null }>(sql`
    SELECT request_hash, status, content_type, body FROM idempotency_keys
    WHERE user_id = ${ref.userId} AND business_id = ${ref.businessId} AND key = ${ref.key}`);
  const row = rows[0];
  if (!row) return undefined; // released between the two statements: try again
  if (row.request_hash !== hash) return { kind: "mismatch" };
  if (row.status === null) return { kind: "running" };
  return { kind: "replay", answer: { status: row.status, contentType: row.content_type, body: row.body ?? "" } };
}

/**
 * Claims `ref` for a request fingerprinted `hash`, or answers what the key already holds; while
 * another request with the key runs, waits up to `waitMs` for its answer.
 */
export async function claimKey(db: Handle, ref: KeyRef, hash: string, waitMs = 10_000): Promise<Claim> {
  const until = Date.now() + waitMs;
  let pause = 10;
  for (;;) {
    const got = await tryClaim(db, ref, hash);
    if (got && got.kind !== "running") return got;
    if (Date.now() >= until) return { kind: "busy" };
    await sleep(Math.min(pause, Math.max(until - Date.now(), 0)));
    pause = Math.min(pause * 2, 200);
  }
}

/** Keeps the first answer of the request that claimed the key. */
export async function completeKey(db: Handle, ref: KeyRef, owner: string, answer: StoredAnswer) {
  await db.execute(sql`
    UPDATE idempotency_keys SET status = ${answer.status}, content_type = ${answer.contentType}, body = ${answer.body}
    WHERE user_id = ${ref.userId} AND business_id = ${ref.businessId} AND key = ${ref.key} AND owner = ${owner} AND status IS NULL`);
}

/** Gives the key up (an answer not kept, or the request failed): the next request with it runs. */
export async function releaseKey(db: Handle, ref: KeyRef, owner: string) {
  await db.execute(sql`
    DELETE FROM idempotency_keys
    WHERE user_id = ${ref.userId} AND business_id = ${ref.businessId} AND key = ${ref.key} AND owner = ${owner} AND status IS NULL`);
}

const PRUNE_EVERY_MS = 5 * 60_000;
let lastPrune = 0;

/**
 * Deletes the keys older than 24 h. Cheap to call often: works at most once per 5 minutes per
 * process (`force` skips that, for tests). Answers the number of rows deleted.
 */
export async function pruneIdempotencyKeys(db: Handle, force = false): Promise<number> {
  if (!force && Date.now() - lastPrune < PRUNE_EVERY_MS) return 0;
  lastPrune = Date.now();
  const result = await db.execute(sql`DELETE FROM idempotency_keys WHERE time_created <= now() - make_interval(hours => ${KEEP_HOURS})`);
  return result.rowCount ?? 0;
}
