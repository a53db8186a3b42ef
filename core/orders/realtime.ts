/**
 * Who may join a business's socket room, where its staff hear of new and moved orders
 * (onSellerNewOrder, onSellerOrderUpdate: core/lib/events.ts; the socket is server/realtime.ts).
 *
 * The web keeps the bearer token in an httpOnly cookie, out of reach of page scripts, so the
 * browser joins with a ticket instead: it names the token and the business and is signed by the
 * server. A ticket is only good while its token is (sign-out or a password change ends it too)
 * and its user still works in that business, the business active. API clients (a POS app) may
 * join with the bearer token itself.
 *
 * A joined socket follows its session: it is in its token's room too, and a revocation
 * (core/lib/events.ts publishRevoked) or the token's expiry disconnects it (server/realtime.ts).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { db } from "#db/client.ts";
import { apiTokens, businesses, businessMembers } from "#db/schema/index.ts";
import { BUSINESS_STATUS } from "#db/schema/company-enums.ts";
import { MEMBER_STATUS } from "#db/schema/team-enums.ts";
import { actorFromToken, sellerScope, type Scope } from "#core/actor.ts";
import { hashToken } from "#core/auth/tokens.ts";
import { Unauthenticated } from "#core/errors.ts";
import { serverSecret } from "#core/lib/secret.ts";

const sign = (payload: string) => createHmac("sha256", serverSecret()).update(`realtime:${payload}`).digest("base64url");

/** A ticket to the room of the actor's business (any seller: every member hears of its orders). */
export function realtimeTicket(scope: Scope) {
  const { actor } = sellerScope(scope);
  const payload = `${actor.tokenId}.${actor.member.businessId}`;
  return { ticket: `rt.${payload}.${sign(payload)}` };
}

/** The token id and business a ticket names, when the server signed it; undefined otherwise. */
function readTicket(ticket: string): { tokenId: number; businessId: number } | undefined {
  const [prefix, tokenId, businessId, mac] = ticket.split(".");
  if (prefix !== "rt" || !mac) return undefined;
  const expected = Buffer.from(sign(`${tokenId}.${businessId}`));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return { tokenId: Number(tokenId), businessId: Number(businessId) };
}

/**
 * The business a ticket lets a socket join, or undefined: while its token is live (not revoked,
 * not expired) and its user still a member of that business, the business active.
 */
export async function businessForTicket(ticket: string): Promise<number | undefined> {
  const named = readTicket(ticket);
  if (!named) return undefined;
  const [live] = await db
    .select({ id: apiTokens.id })
    .from(apiTokens)
    .innerJoin(businessMembers, and(
      eq(businessMembers.userId, apiTokens.userId), eq(businessMembers.businessId, named.businessId), eq(businessMembers.status, MEMBER_STATUS.active),
    ))
    .innerJoin(businesses, and(eq(businesses.id, businessMembers.businessId), eq(businesses.status, BUSINESS_STATUS.active)))
    .where(and(eq(apiTokens.id, named.tokenId), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, new Date())))
    .limit(1);
  return live ? named.businessId : undefined;
}

/** The business a bearer token works in now (the same the token's other calls see), or undefined. */
export async function businessForToken(token: string): Promise<number | undefined> {
  try {
    return (await actorFromToken(token, "en")).member?.businessId ?? undefined;
  } catch (e) {
    if (e instanceof Unauthenticated) return undefined;
    throw e;
  }
}

/**
 * The token a socket's join token stands for — a ticket's (once its signature holds) or a bearer
 * token's own row — with its user and expiry, and the business a ticket names, before anything
 * else about it is checked; undefined when it names none. The socket enters that token's room (and
 * a ticket's member room) first and is checked after (server/realtime.ts): a revocation or a
 * member's suspension committed at any moment then either fails the check or reaches the socket.
 */
export async function tokenToJoin(token: string): Promise<{ tokenId: number; userId: number; expiresAt: Date; businessId?: number } | undefined> {
  const ticket = token.startsWith("rt.") ? readTicket(token) : undefined;
  if (token.startsWith("rt.") && !ticket) return undefined;
  const [row] = await db
    .select({ tokenId: apiTokens.id, userId: apiTokens.userId, expiresAt: apiTokens.expiresAt })
    .from(apiTokens)
    .where(ticket ? eq(apiTokens.id, ticket.tokenId) : eq(apiTokens.tokenHash, hashToken(token)))
    .limit(1);
  return row && { ...row, businessId: ticket?.businessId };
}

/** A socket's join token: a ticket ("rt.…") or a bearer token; the business it joins, or undefined. */
export const businessToJoin = (token: string) => (token.startsWith("rt.") ? businessForTicket(token) : businessForToken(token));
