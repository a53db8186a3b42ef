/**
 * Fixed-window rate limits. With REDIS_URL the counters live in Redis so limits hold across app
 * processes; without it they live in PostgreSQL (rate_limits table), which is shared too.
 * hit() counts one attempt and answers the seconds to wait when over the limit, else 0; tally()
 * counts one and answers the count itself.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { db } from "#db/client.ts";

let redis: Redis | undefined;
function redisClient() {
  if (!process.env.REDIS_URL) return undefined;
  redis ??= new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: false });
  return redis;
}

// RATE_LIMIT_PREFIX keeps apart apps (or test files) that share one Redis.
const redisKey = (key: string) => `rl:${process.env.RATE_LIMIT_PREFIX ?? ""}${storedKey(key)}`;

const MAX_KEY = 200;

/**
 * The key as stored. A key holds what a visitor typed (the email or phone of a sign-in, an OTP's
 * target), of any length: past MAX_KEY characters it is kept as its start and the SHA-256 of the
 * whole, so every distinct key still counts apart and none is too long for the table's primary
 * key (PostgreSQL's btree holds about 2.7 kB: a longer one failed the insert, a 500 at sign-in).
 */
export function storedKey(key: string) {
  if (key.length <= MAX_KEY) return key;
  const start = key.slice(0, 100).replace(/[\uD800-\uDBFF]$/, ""); // not half a surrogate pair
  return `${start}…sha256:${createHash("sha256").update(key).digest("hex")}`;
}

export async function hit(key: string, limit: number, windowSeconds: number): Promise<number> {
  const { count, wait } = await tally(key, windowSeconds);
  return count > limit ? wait : 0;
}

/**
 * Counts one attempt and answers how many the window holds so far (this one included) and the
 * seconds until it ends — for a limit that slows down rather than refuses (core/auth/sign-in.ts).
 */
export async function tally(key: string, windowSeconds: number): Promise<{ count: number; wait: number }> {
  const r = redisClient();
  if (r) {
    const k = redisKey(key);
    const [[, count], , [, ttl]] = (await r.multi().incr(k).expire(k, windowSeconds, "NX").ttl(k).exec()) as [
      [unknown, number], [unknown, unknown], [unknown, number],
    ];
    return { count, wait: Math.max(ttl, 1) };
  }
  const { rows } = await db.execute<{ count: number; wait: number }>(sql`
    INSERT INTO rate_limits (key, count, reset_at) VALUES (${storedKey(key)}, 1, now() + make_interval(secs => ${windowSeconds}))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= now() THEN excluded.reset_at ELSE rate_limits.reset_at END
    RETURNING count, ceil(extract(epoch FROM reset_at - now()))::int AS wait`);
  const { count, wait } = rows[0];
  return { count: Number(count), wait: Math.max(wait, 1) };
}

/** Clears a key, e.g. after a successful sign-in. */
export async function reset(key: string) {
  const r = redisClient();
  if (r) await r.del(redisKey(key));
  else await db.execute(sql`DELETE FROM rate_limits WHERE key = ${storedKey(key)}`);
}

const PRUNE_EVERY_MS = 5 * 60_000;
let lastPrune = 0;

/**
 * Deletes the PostgreSQL counters whose window has passed, so the table holds only live windows
 * (Redis expires its own keys). Cheap to call often: it works at most once per 5 minutes per
 * process; the job worker's loop calls it. Answers the number of rows deleted.
 */
export async function pruneRateLimits(): Promise<number> {
  if (process.env.REDIS_URL || Date.now() - lastPrune < PRUNE_EVERY_MS) return 0;
  lastPrune = Date.now();
  const result = await db.execute(sql`DELETE FROM rate_limits WHERE reset_at <= now()`);
  return result.rowCount ?? 0;
}
