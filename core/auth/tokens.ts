/**
 * Bearer tokens and memberships: the one way a request becomes somebody. A token is a random
 * 256-bit value stored only as its SHA-256 hash, valid 30 days, revocable. The web keeps one in its
 * session cookie; API clients send it as `Authorization: Bearer`.
 */
import { and, eq, gt, isNull, ne, sql, type SQLWrapper } from "drizzle-orm";
import { createHash, randomBytes } from "node:crypto";
import { db, type Db, type Tx } from "#db/client.ts";
import { apiTokens, users } from "#db/schema/index.ts";
import { BUSINESS_STATUS } from "#db/schema/company-enums.ts";
import { MEMBER_STATUS } from "#db/schema/team-enums.ts";
import { deviceOf } from "./device.ts";

const TOKEN_DAYS = 30;
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export type AuthUser = { id: number; name: string; email: string | null; phone: string | null; photo: string | null; profileStatus: number; role: string };
/** The user's place in one business: owner or staff, with staff's privileges and default page. */
export type Membership = {
  businessId: number;
  businessName: string;
  businessStatus: number;
  role: "owner" | "staff";
  privileges: string[];
  defaultRoute: string;
};

/**
 * Issues a random 256-bit bearer token; only its hash is stored. `reauthenticated`: the password
 * was just typed (a sign-in), which counts as the re-authentication of core/auth/reauth.ts.
 */
export async function issueToken(userId: number, { reauthenticated = false } = {}) {
  const token = randomBytes(32).toString("base64url");
  const active = await memberships(userId);
  await db.insert(apiTokens).values({
    userId,
    tokenHash: hashToken(token),
    businessId: active[0]?.businessId ?? null,
    expiresAt: new Date(Date.now() + TOKEN_DAYS * 86400_000),
    reauthAt: reauthenticated ? sql`now()` : null,
  });
  return token;
}

/**
 * Revokes tokens: one (`tokenId`), or every live one of a user (`userId`), but for `except` (the
 * device that asked), or only those of the user acting for one business (`businessId`). Answers
 * the ids it revoked. Their sockets go with them: the caller hands the ids to publishRevoked
 * (core/lib/events.ts) once the revocation is committed — right away when `db` is the pool, after
 * the transaction when it is one. Every sign-out goes through here: sign-out (sign-in.ts), a
 * password change (profile.ts), a reset (forgot-password.ts), a member suspended or removed
 * (core/team/staff.ts: that business's tokens, inside its transaction).
 */
export async function revokeTokens(
  db: Db | Tx,
  which: { tokenId: number } | { userId: number; except?: number; businessId?: number },
): Promise<number[]> {
  const whose = "tokenId" in which
    ? eq(apiTokens.id, which.tokenId)
    : and(
      eq(apiTokens.userId, which.userId),
      which.except === undefined ? undefined : ne(apiTokens.id, which.except),
      which.businessId === undefined ? undefined : eq(apiTokens.businessId, which.businessId),
    );
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(whose, isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.map((r) => r.id);
}

/**
 * The active businesses a user works for (an Active membership of an active business), owners'
 * first, oldest first, as one JSON array: the one definition both the token's lookup and
 * `memberships` read.
 */
const activeBusinessesOf = (userId: SQLWrapper) => sql<Membership[]>`(
  SELECT coalesce(json_agg(json_build_object(
           'businessId', bm.business_id, 'businessName', b.name, 'businessStatus', b.status,
           'role', bm.role, 'privileges', bm.privileges, 'defaultRoute', bm.default_route) ORDER BY bm.role, b.id), '[]'::json)
    FROM business_members bm JOIN businesses b ON b.id = bm.business_id
   WHERE bm.user_id = ${userId} AND bm.status = ${MEMBER_STATUS.active} AND b.status = ${BUSINESS_STATUS.active})`;

export async function memberships(userId: number): Promise<Membership[]> {
  const { rows: [row] } = await db.execute<{ mine: Membership[] }>(sql`SELECT ${activeBusinessesOf(sql`${userId}::int`)} AS mine`);
  return row.mine;
}

/**
 * A live bearer token (not revoked, not expired) with its user and, read in the same query, the
 * user's active businesses (`mine`): every page needs them (the business the token acts for, the
 * header's switcher), so they cost no second round trip. Undefined for any other token. A named
 * prepared statement: PostgreSQL plans it once per connection, and drizzle builds its SQL once.
 */
const findTokenQuery = db
  .select({
    tokenId: apiTokens.id, businessId: apiTokens.businessId, user: users,
    lastSeenAt: apiTokens.lastSeenAt, ip: apiTokens.ip, device: apiTokens.device,
    mine: activeBusinessesOf(apiTokens.userId),
  })
  .from(apiTokens)
  .innerJoin(users, eq(users.id, apiTokens.userId))
  .where(and(eq(apiTokens.tokenHash, sql.placeholder("tokenHash")), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, sql.placeholder("now"))))
  .limit(1)
  .prepare("find_token");

export async function findToken(token: string) {
  // `now` as drizzle maps a timestamp column's Date (toISOString), placeholders not being mapped.
  const [row] = await findTokenQuery.execute({ tokenHash: hashToken(token), now: new Date().toISOString() });
  return row;
}

/**
 * The business a token acts for among the user's active businesses `mine`: `wanted` (its own)
 * while that is still there, else the first (the token is moved there). Undefined when the user
 * is not a seller (yet).
 */
export async function pickMembership(mine: Membership[], tokenId: number, wanted: number | null) {
  const member = mine.find((m) => m.businessId === wanted) ?? mine[0];
  if (member && member.businessId !== wanted) {
    await db.update(apiTokens).set({ businessId: member.businessId }).where(eq(apiTokens.id, tokenId));
  }
  return member;
}

/** Where a request came from, as its adapter saw it: the client address (api/lib/client-ip.ts) and its User-Agent. */
export type Seen = { ip?: string; userAgent?: string | null };
const TOUCH_EVERY_MS = 60_000;

/**
 * Notes that a token was used (the active-sessions list, core/auth/sessions.ts): last seen, the
 * client's address and device (core/auth/device.ts). At most one write a minute per token unless
 * the address or the device changed: the list does not need seconds, and a page need not write.
 */
export async function touchToken(
  row: { tokenId: number; lastSeenAt: Date | null; ip: string | null; device: string | null },
  seen: Seen,
) {
  const ip = seen.ip ?? null;
  const device = deviceOf(seen.userAgent);
  const fresh = row.lastSeenAt && Date.now() - row.lastSeenAt.getTime() < TOUCH_EVERY_MS;
  if (fresh && row.ip === ip && row.device === device) return;
  await db.update(apiTokens).set({ lastSeenAt: new Date(), ip, device }).where(eq(apiTokens.id, row.tokenId));
}
