/**
 * Who may join a business's socket room, where its staff hear of new and moved orders
 * (onSellerNewOrder, onSellerOrderUpdate: core/lib/events.ts; the socket is server/realtime.ts).
 *
 * The web keeps the bearer token in an httpOnly cookie, out of reach of page scripts, so the
 * browser joins with a ticket instead: it names the token and the business and is signed by the
 * server. A ticket is only good while its token is (sign-out or a password change ends it too).
 * API clients (a POS app) may join with the bearer token itself.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { db } from "#db/client.ts";
import { apiTokens } from "#db/schema/index.ts";
import { actorFromToken, sellerScope, type Scope } from "#core/actor.ts";
import { Unauthenticated } from "#core/errors.ts";
import { serverSecret } from "#core/lib/secret.ts";

const sign = (payload: string) => createHmac("sha256", serverSecret()).update(`realtime:${payload}`).digest("base64url");

/** A ticket to the room of the actor's business (any seller: every member hears of its orders). */
export function realtimeTicket(scope: Scope) {
  const { actor } = sellerScope(scope);
  const payload = `${actor.tokenId}.${actor.member.businessId}`;
  return { ticket: `rt.${payload}.${sign(payload)}` };
}

/** The business a ticket lets a socket join, or undefined. */
export async function businessForTicket(ticket: string): Promise<number | undefined> {
  const [prefix, tokenId, businessId, mac] = ticket.split(".");
  if (prefix !== "rt" || !mac) return undefined;
  const expected = Buffer.from(sign(`${tokenId}.${businessId}`));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  const [live] = await db
    .select({ id: apiTokens.id })
    .from(apiTokens)
    .where(and(eq(apiTokens.id, Number(tokenId)), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, new Date())))
    .limit(1);
  return live ? Number(businessId) : undefined;
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

/** A socket's join token: a ticket ("rt.…") or a bearer token; the business it joins, or undefined. */
export const businessToJoin = (token: string) => (token.startsWith("rt.") ? businessForTicket(token) : businessForToken(token));
