import { Hono } from "hono";
import { and, desc, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { db } from "../../db/client.ts";
import { apiTokens, businesses } from "../../db/schema/index.ts";
import { memberships, requireAuth } from "../lib/auth.ts";
import type { ApiEnv, AuthUser, Membership } from "../lib/env.ts";
import { ApiError, input, notFound, ok } from "../lib/http.ts";
import { PRIVILEGES } from "../domain/privileges.ts";

export const accountRoutes = new Hono<ApiEnv>();

/**
 * Who the token belongs to and what it may open: the seller gate (is_seller), the active business,
 * the access list (privileges) and the default route of staff, the businesses to switch between,
 * and the user's own company still in moderation (the become-seller pages show it).
 */
async function me(user: AuthUser, tokenId: number, wanted: number | null) {
  const mine = await memberships(user.id);
  let active = mine.find((m) => m.businessId === wanted) ?? mine[0];
  if (active && active.businessId !== wanted) {
    await db.update(apiTokens).set({ businessId: active.businessId }).where(eq(apiTokens.id, tokenId));
  }
  const [pending] = await db
    .select({ business_id: businesses.id, name: businesses.name, status: businesses.status, time_created: businesses.timeCreated })
    .from(businesses)
    .where(and(eq(businesses.ownerUserId, user.id), ne(businesses.status, 1)))
    .orderBy(desc(businesses.timeCreated))
    .limit(1);
  return {
    user: { id: user.id, name: user.name, email: user.email, phone: user.phone, profile_status: user.profileStatus, role: user.role },
    is_seller: Boolean(active),
    business_id: active?.businessId ?? null,
    business_name: active?.businessName ?? null,
    member_role: active?.role ?? null,
    privileges: active ? (active.role === "owner" ? [...PRIVILEGES] : active.privileges) : [],
    default_route: active?.defaultRoute ?? "/become-seller",
    businesses: mine.map((m: Membership) => ({ business_id: m.businessId, name: m.businessName, role: m.role })),
    pending_business: mine.length ? null : pending
      ? { business_id: pending.business_id, name: pending.name, status: pending.status, time_created: Math.floor(pending.time_created.getTime() / 1000) }
      : null,
  };
}

accountRoutes.get("/v0.0.0/accounts/me", requireAuth, async (c) =>
  ok(c, await me(c.var.user, c.var.tokenId, c.var.tokenBusinessId)));

accountRoutes.get("/v0.0.0/accounts/business/:id/me", requireAuth, async (c) => {
  const id = Number(c.req.param("id"));
  const mine = await memberships(c.var.user.id);
  if (!mine.some((m) => m.businessId === id)) throw notFound();
  return ok(c, await me(c.var.user, c.var.tokenId, id));
});

/** Switches the token's active business (the header's business picker). */
accountRoutes.put("/v0.0.0/accounts/me/business", requireAuth, async (c) => {
  const { business_id } = await input(c, z.object({ business_id: z.coerce.number().int().positive("required") }));
  const mine = await memberships(c.var.user.id);
  if (!mine.some((m) => m.businessId === business_id)) throw new ApiError(404, "api:errors.not_found");
  await db.update(apiTokens).set({ businessId: business_id }).where(eq(apiTokens.id, c.var.tokenId));
  return ok(c, await me(c.var.user, c.var.tokenId, business_id), "api:account.business_switched");
});
