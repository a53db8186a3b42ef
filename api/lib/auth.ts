import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { createHash, randomBytes } from "node:crypto";
import { createMiddleware } from "hono/factory";
import { db } from "#db/client.ts";
import { apiTokens, businesses, businessMembers, users } from "#db/schema/index.ts";
import { BUSINESS_STATUS } from "#db/schema/company-enums.ts";
import { canAccess, type Privilege } from "#core/auth/privileges.ts";
import type { ApiEnv, Membership } from "./env.ts";
import { ApiError } from "./http.ts";

const TOKEN_DAYS = 30;
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Issues a random 256-bit bearer token; only its hash is stored. */
export async function issueToken(userId: number) {
  const token = randomBytes(32).toString("base64url");
  const active = await memberships(userId);
  await db.insert(apiTokens).values({
    userId,
    tokenHash: hashToken(token),
    businessId: active[0]?.businessId ?? null,
    expiresAt: new Date(Date.now() + TOKEN_DAYS * 86400_000),
  });
  return token;
}

export async function revokeTokens(userId: number) {
  await db.update(apiTokens).set({ revokedAt: new Date() }).where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
}

/** The active businesses a user works for, owners' first, oldest first. */
export async function memberships(userId: number): Promise<Membership[]> {
  const rows = await db
    .select({
      businessId: businessMembers.businessId,
      businessName: businesses.name,
      businessStatus: businesses.status,
      role: businessMembers.role,
      privileges: businessMembers.privileges,
      defaultRoute: businessMembers.defaultRoute,
    })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .where(and(eq(businessMembers.userId, userId), eq(businesses.status, BUSINESS_STATUS.active)))
    .orderBy(asc(businessMembers.role), asc(businesses.id));
  return rows as Membership[];
}

/**
 * A live bearer token (not revoked, not expired) with its user and, read in the same query, the
 * user's membership of the token's business while that business is active (`member`, else null):
 * every seller call needs it, so it costs no second round trip. Undefined for any other token.
 */
export async function findToken(token: string) {
  const [row] = await db
    .select({
      tokenId: apiTokens.id, businessId: apiTokens.businessId, user: users,
      memberBusinessId: businessMembers.businessId, businessName: businesses.name, businessStatus: businesses.status,
      role: businessMembers.role, privileges: businessMembers.privileges, defaultRoute: businessMembers.defaultRoute,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .leftJoin(businessMembers, and(eq(businessMembers.userId, apiTokens.userId), eq(businessMembers.businessId, apiTokens.businessId)))
    .leftJoin(businesses, and(eq(businesses.id, businessMembers.businessId), eq(businesses.status, BUSINESS_STATUS.active)))
    .where(and(eq(apiTokens.tokenHash, hashToken(token)), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, new Date())))
    .limit(1);
  if (!row) return undefined;
  const { memberBusinessId, businessName, businessStatus, role, privileges, defaultRoute, ...rest } = row;
  const member = memberBusinessId !== null && businessName !== null
    ? ({ businessId: memberBusinessId, businessName, businessStatus, role, privileges, defaultRoute } as Membership)
    : null;
  return { ...rest, member };
}

export const requireAuth = createMiddleware<ApiEnv>(async (c, next) => {
  const header = c.req.header("authorization") ?? "";
  const token = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
  if (!token) throw new ApiError(401, "api:errors.unauthenticated");
  const memo = c.env?.tokenMemo;
  let lookup = memo?.get(token) as ReturnType<typeof findToken> | undefined;
  if (!lookup) {
    lookup = findToken(token);
    memo?.set(token, lookup);
  }
  const row = await lookup;
  if (!row) throw new ApiError(401, "api:errors.session_expired");
  const { id, name, email, phone, profileStatus, role } = row.user;
  c.set("user", { id, name, email, phone, profileStatus, role });
  c.set("tokenId", row.tokenId);
  c.set("tokenBusinessId", row.businessId);
  c.set("tokenMember", row.member);
  await next();
});

/**
 * The business a token acts for: its own while that is still active, else the user's first active
 * business (the token is moved there). Undefined when the user is not a seller (yet).
 */
export async function activeMembership(userId: number, tokenId: number, wanted: number | null) {
  const mine = await memberships(userId);
  const member = mine.find((m) => m.businessId === wanted) ?? mine[0];
  if (member && member.businessId !== wanted) {
    await db.update(apiTokens).set({ businessId: member.businessId }).where(eq(apiTokens.id, tokenId));
  }
  return { member, mine };
}

/** The caller must be a seller: a member of an active business. With a privilege, staff without it get 403. */
export function requireSeller(privilege?: Privilege) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    // The token's own business, read with the token; else the user's first active one.
    const member = c.var.tokenMember ?? (await activeMembership(c.var.user.id, c.var.tokenId, c.var.tokenBusinessId)).member;
    if (!member) throw new ApiError(403, "api:errors.not_seller");
    if (privilege && !canAccess(member, privilege)) throw new ApiError(403, "api:errors.no_privilege");
    c.set("member", member);
    await next();
  });
}
