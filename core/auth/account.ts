/**
 * The signed-in user's overview: who they are and what they may open — the seller gate
 * (is_seller), the active business, the access list (privileges) and default page of staff, the
 * businesses to switch between, and the user's own company still in moderation (the become-seller
 * pages show it). GET /accounts/me answers it; the web reads it once per page for its guards.
 * Switching the active business (PUT /accounts/me/business, the web's header picker) is here too.
 */
import { and, desc, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { apiTokens, businesses } from "#db/schema/index.ts";
import { BUSINESS_STATUS } from "#db/schema/company-enums.ts";
import type { Scope } from "#core/actor.ts";
import { PRIVILEGES } from "#core/auth/privileges.ts";
import { pickMembership } from "#core/auth/tokens.ts";
import { NotFound } from "#core/errors.ts";
import { unix } from "#core/lib/time.ts";

export type AccountOverview = Awaited<ReturnType<typeof accountOverview>>;

/** The overview for the token's business, or for `businessId` when given (the token moves there). */
export async function accountOverview({ db, actor }: Scope, businessId?: number) {
  const { user } = actor;
  const mine = actor.businesses;
  const active = await pickMembership(mine, actor.tokenId, businessId ?? actor.member?.businessId ?? null);
  const [pending] = mine.length
    ? []
    : await db
      .select({ business_id: businesses.id, name: businesses.name, status: businesses.status, time_created: businesses.timeCreated })
      .from(businesses)
      .where(and(eq(businesses.ownerUserId, user.id), ne(businesses.status, BUSINESS_STATUS.active)))
      .orderBy(desc(businesses.timeCreated))
      .limit(1);
  return {
    user: { id: user.id, name: user.name, email: user.email, phone: user.phone, photo: user.photo, profile_status: user.profileStatus, role: user.role },
    is_seller: Boolean(active),
    business_id: active?.businessId ?? null,
    business_name: active?.businessName ?? null,
    member_role: active?.role ?? null,
    privileges: active ? (active.role === "owner" ? [...PRIVILEGES] : active.privileges) : [],
    default_route: active?.defaultRoute ?? "/become-seller",
    businesses: mine.map((m) => ({ business_id: m.businessId, name: m.businessName, role: m.role })),
    pending_business: pending
      ? { business_id: pending.business_id, name: pending.name, status: pending.status, time_created: unix(pending.time_created)! }
      : null,
  };
}

/** The overview as seen from one of the user's businesses (another business is NotFound). */
export async function businessOverview(scope: Scope, businessId: number) {
  await ownMembership(scope, businessId);
  return accountOverview(scope, businessId);
}

export const switchBody = z.object({ business_id: z.coerce.number({ error: "required" }).int().positive("required") });

/** Moves the actor's token to another of the user's active businesses (the header's picker). */
export async function switchBusiness(scope: Scope, body: z.infer<typeof switchBody>) {
  await ownMembership(scope, body.business_id);
  await scope.db.update(apiTokens).set({ businessId: body.business_id }).where(eq(apiTokens.id, scope.actor.tokenId));
  return accountOverview(scope, body.business_id);
}

/** The actor's membership of an active business `businessId`, or NotFound (as if it did not exist). */
export async function ownMembership({ actor }: Scope, businessId: number) {
  const member = actor.businesses.find((m) => m.businessId === businessId);
  if (!member) throw new NotFound();
  return member;
}
