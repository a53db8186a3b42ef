/**
 * The signed-in user's overview: who they are and what they may open — the seller gate
 * (is_seller), the active business, the access list (privileges) and default page of staff, the
 * businesses to switch between, and the user's own company still in moderation (the become-seller
 * pages show it). GET /accounts/me answers it; the web reads it once per page for its guards.
 */
import { and, desc, eq, ne } from "drizzle-orm";
import { businesses } from "#db/schema/index.ts";
import { BUSINESS_STATUS } from "#db/schema/company-enums.ts";
import type { Scope } from "#core/actor.ts";
import { PRIVILEGES } from "#core/auth/privileges.ts";
import { activeMembership } from "#core/auth/tokens.ts";
import { unix } from "#core/lib/time.ts";

export type AccountOverview = Awaited<ReturnType<typeof accountOverview>>;

/** The overview for the token's business, or for `businessId` when given (the token moves there). */
export async function accountOverview({ db, actor }: Scope, businessId?: number) {
  const { user } = actor;
  const { member: active, mine } = await activeMembership(user.id, actor.tokenId, businessId ?? actor.member?.businessId ?? null);
  const [pending] = mine.length
    ? []
    : await db
      .select({ business_id: businesses.id, name: businesses.name, status: businesses.status, time_created: businesses.timeCreated })
      .from(businesses)
      .where(and(eq(businesses.ownerUserId, user.id), ne(businesses.status, BUSINESS_STATUS.active)))
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
    businesses: mine.map((m) => ({ business_id: m.businessId, name: m.businessName, role: m.role })),
    pending_business: pending
      ? { business_id: pending.business_id, name: pending.name, status: pending.status, time_created: unix(pending.time_created)! }
      : null,
  };
}
