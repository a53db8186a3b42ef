/**
 * Business settings (spec 7 "Settings" read, and the 2FA security setting of "Auth and account").
 * Every business id is checked against the caller's own active businesses: another business's
 * id answers 404, as if it did not exist. Reading needs membership; changing the security setting
 * needs the "setting" privilege (owners have every privilege).
 */
import { Hono } from "hono";
import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { db } from "#db/client.ts";
import { settings, users } from "#db/schema/index.ts";
import { canAccess } from "#core/auth/privileges.ts";
import { requireAuth } from "#api/lib/auth.ts";
import { memberships } from "#core/auth/tokens.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { recordHistory } from "#core/lib/history.ts";
import { input, ok } from "#api/lib/http.ts";
import { unix } from "#core/lib/time.ts";
import { NotFound, Unauthenticated, Forbidden } from "#core/errors.ts";

export const settingRoutes = new Hono<ApiEnv>();

/** Spec 6: "None and Password enabled; OTP and Password + OTP disabled". */
export const SECURITY_OPTIONS = [
  { value: "none", enabled: true },
  { value: "password", enabled: true },
  { value: "otp", enabled: false },
  { value: "password_otp", enabled: false },
] as const;

/** The caller's membership of business :id, or 404. */
async function ownBusiness(userId: number, rawId: string) {
  const id = Number(rawId);
  const member = (await memberships(userId)).find((m) => m.businessId === id);
  if (!member) throw new NotFound();
  return member;
}

/** The settings row of a business; a business created without one reads the defaults. */
async function settingsOf(businessId: number) {
  const [row] = await db.select().from(settings).where(eq(settings.businessId, businessId));
  return row ?? { businessId, security2fa: "none", chat: {}, notification: {}, timeModified: null };
}

/** The 2FA setting of every business the user works for (the security page's list). */
settingRoutes.get("/v0.0.1/accounts/business/security-2fa", requireAuth, async (c) => {
  const mine = await memberships(c.var.user.id);
  const ids = mine.map((m) => m.businessId);
  const rows = ids.length ? await db.select().from(settings).where(inArray(settings.businessId, ids)) : [];
  return ok(c, mine.map((m) => ({
    business_id: m.businessId,
    name: m.businessName,
    security_2fa: rows.find((r) => r.businessId === m.businessId)?.security2fa ?? "none",
  })));
});

settingRoutes.get("/v0.0.0/accounts/business/:id/security-2fa", requireAuth, async (c) => {
  const member = await ownBusiness(c.var.user.id, c.req.param("id"));
  const row = await settingsOf(member.businessId);
  return ok(c, { business_id: member.businessId, security_2fa: row.security2fa, options: SECURITY_OPTIONS });
});

const securityBody = z.object({
  security_2fa: z
    .enum(SECURITY_OPTIONS.map((o) => o.value) as [string, ...string[]], { error: "invalid" })
    .refine((v) => SECURITY_OPTIONS.some((o) => o.value === v && o.enabled), "auth:api.security_option_disabled"),
});

settingRoutes.put("/v0.0.0/settings/business/:id/security-2fa", requireAuth, async (c) => {
  const member = await ownBusiness(c.var.user.id, c.req.param("id"));
  if (!canAccess(member, "setting")) throw new Forbidden("api:errors.no_privilege");
  const { security_2fa } = await input(c, securityBody);
  const before = await settingsOf(member.businessId);
  await db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ businessId: member.businessId, security2fa: security_2fa })
      .onConflictDoUpdate({ target: settings.businessId, set: { security2fa: security_2fa, timeModified: new Date() } });
    if (before.security2fa === security_2fa) return;
    await recordHistory(tx, {
      businessId: member.businessId,
      refType: "business_settings",
      refId: member.businessId,
      userId: c.var.user.id,
      action: "security_2fa",
      changes: { security_2fa: { from: before.security2fa, to: security_2fa } },
    });
  });
  return ok(c, { business_id: member.businessId, security_2fa, options: SECURITY_OPTIONS }, "auth:api.security_saved");
});

/** All settings of one business, grouped as the spec's settings shape. */
settingRoutes.get("/v0.0.0/settings/business/:id", requireAuth, async (c) => {
  const member = await ownBusiness(c.var.user.id, c.req.param("id"));
  const row = await settingsOf(member.businessId);
  const [user] = await db.select().from(users).where(eq(users.id, c.var.user.id));
  if (!user) throw new Unauthenticated("api:errors.session_expired");
  return ok(c, {
    business_id: member.businessId,
    account_settings: {
      name: user.name,
      email: user.email,
      phone: user.phone,
      profile_status: user.profileStatus,
      role: user.role,
      locale: user.locale,
      member_role: member.role,
    },
    security_settings: { security_2fa: row.security2fa, options: SECURITY_OPTIONS },
    chat_settings: row.chat,
    notification_settings: row.notification,
    time_modified: unix(row.timeModified),
  });
});
