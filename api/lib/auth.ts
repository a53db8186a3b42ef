/**
 * The API's gate: the bearer token becomes the request's actor (core/actor.ts) once, and seller
 * calls check the business and the privilege before reading their input (so a staff member
 * without the privilege gets 403 whatever they send, and learns nothing from the input's
 * messages). The privilege is read from the one table (core/auth/privileges.ts needForApi, by
 * method and path), not named per route. Core functions check again: the rule lives there, this
 * is the adapter asking first.
 */
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { actorFromToken, asSellerWith, scopeOf, type Actor } from "#core/actor.ts";
import { needForApi } from "#core/auth/privileges.ts";
import { actingAs } from "#core/lib/acting-session.ts";
import type { ApiEnv } from "./env.ts";
import { clientIp } from "./client-ip.ts";

/** The bearer token of the request ("" without one). */
export function bearerToken(c: Context<ApiEnv>): string {
  const header = c.req.header("authorization") ?? "";
  return header.startsWith("Bearer ") ? header.slice(7).trim() : "";
}

/** Resolves the caller once per request: later calls (requireAuth after the idempotency middleware) reuse it. */
export async function authenticate(c: Context<ApiEnv>): Promise<Actor> {
  if (c.var.actor) return c.var.actor;
  const actor = await actorFromToken(bearerToken(c), c.var.locale, { ip: clientIp(c), userAgent: c.req.header("user-agent") });
  c.set("actor", actor);
  c.set("scope", scopeOf(actor));
  c.set("user", actor.user);
  c.set("tokenId", actor.tokenId);
  c.set("tokenBusinessId", actor.member?.businessId ?? null);
  return actor;
}

export const requireAuth = createMiddleware<ApiEnv>(async (c, next) => {
  // The rest of the request acts in this session: the audit log records it (core/lib/acting-session.ts).
  await actingAs(await authenticate(c), next);
});

/**
 * The caller must be a seller (a member of an active business) meeting what the call needs in the
 * one privilege table (needForApi: a privilege, an owner, or nothing more); else 403.
 */
export const requireSeller = createMiddleware<ApiEnv>(async (c, next) => {
  const actor = asSellerWith(c.var.actor, needForApi(c.req.method, c.req.path));
  c.set("member", actor.member);
  await next();
});
