import { Hono } from "hono";
import { and, eq, gt, isNull } from "drizzle-orm";
import { createHmac, timingSafeEqual } from "node:crypto";
import { db } from "#db/client.ts";
import { apiTokens } from "#db/schema/index.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { ok } from "#api/lib/http.ts";
import { serverSecret } from "#core/lib/secret.ts";

/**
 * Realtime tickets. The web keeps the bearer token in an httpOnly cookie, out of reach of page
 * scripts, so the browser joins its business's socket room with a ticket instead: it names the
 * token and the business and is signed by the server. A ticket is only good while its token is
 * (sign-out or a password change ends it too). API clients (a POS app) may join with the bearer token.
 */
export const realtimeRoutes = new Hono<ApiEnv>();

const sign = (payload: string) => createHmac("sha256", serverSecret()).update(`realtime:${payload}`).digest("base64url");

realtimeRoutes.post("/v0.0.0/realtime/ticket", requireAuth, requireSeller(), (c) => {
  const payload = `${c.var.tokenId}.${c.var.member.businessId}`;
  return ok(c, { ticket: `rt.${payload}.${sign(payload)}` }, "api:ok", 200);
});

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
