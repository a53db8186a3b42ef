/**
 * Business settings (spec 7 "Settings" read, and the 2FA security setting of "Auth and account").
 * Every business id is checked against the actor's own active businesses: another business's id
 * is NotFound, as if it did not exist. Reading needs membership; changing the security setting
 * needs the "setting" privilege (owners have every privilege). A business created without a
 * settings row reads the defaults (no 2FA, empty chat and notification settings). While a
 * business's setting is Password, changing it asks for the password again (core/auth/reauth.ts:
 * the spec's "security-setting" guard).
 */
import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { settings, users } from "#db/schema/index.ts";
import type { Scope } from "#core/actor.ts";
import { ownMembership } from "#core/auth/account.ts";
import { requireRecentAuth } from "#core/auth/reauth.ts";
import { Unauthenticated } from "#core/errors.ts";
import { recordHistory } from "#core/lib/history.ts";
import { getNotificationSettings } from "#core/notifications/settings.ts";
import { unix } from "#core/lib/time.ts";
import { chatSettingsOf } from "./chat.ts";
import { settingsChanger } from "./changer.ts";

export { settingsChanger };

/** Spec 6: "None and Password enabled; OTP and Password + OTP disabled". */
export const SECURITY_OPTIONS = [
  { value: "none", enabled: true },
  { value: "password", enabled: true },
  { value: "otp", enabled: false },
  { value: "password_otp", enabled: false },
] as const;

export const securityBody = z.object({
  security_2fa: z
    .enum(SECURITY_OPTIONS.map((o) => o.value) as [string, ...string[]], { error: "invalid" })
    .refine((v) => SECURITY_OPTIONS.some((o) => o.value === v && o.enabled), "auth:api.security_option_disabled"),
});

/** The settings row of a business, or the defaults. */
async function settingsOf({ db }: Scope, businessId: number) {
  const [row] = await db.select().from(settings).where(eq(settings.businessId, businessId));
  return row ?? { businessId, security2fa: "none", chat: {}, notification: {}, timeModified: null };
}

/** The 2FA setting of every business the actor works for (the security page's list). */
export async function securityOfMyBusinesses(scope: Scope) {
  const mine = scope.actor.businesses;
  const ids = mine.map((m) => m.businessId);
  const rows = ids.length ? await scope.db.select().from(settings).where(inArray(settings.businessId, ids)) : [];
  return mine.map((m) => ({
    business_id: m.businessId,
    name: m.businessName,
    security_2fa: rows.find((r) => r.businessId === m.businessId)?.security2fa ?? "none",
  }));
}

export async function getSecurity(scope: Scope, businessId: number) {
  const member = await ownMembership(scope, businessId);
  const row = await settingsOf(scope, member.businessId);
  return { business_id: member.businessId, security_2fa: row.security2fa, options: SECURITY_OPTIONS };
}

/** Sets the 2FA option; a change (not a repeat) is written to the business's history. */
export async function setSecurity(scope: Scope, businessId: number, { security_2fa }: z.infer<typeof securityBody>) {
  const member = await settingsChanger(scope, businessId);
  await requireRecentAuth(scope, member.businessId);
  await scope.db.transaction(async (tx) => {
    const before = await settingsOf({ ...scope, db: tx }, member.businessId);
    await tx
      .insert(settings)
      .values({ businessId: member.businessId, security2fa: security_2fa })
      .onConflictDoUpdate({ target: settings.businessId, set: { security2fa: security_2fa, timeModified: new Date() } });
    if (before.security2fa === security_2fa) return;
    await recordHistory(tx, {
      businessId: member.businessId,
      refType: "business_settings",
      refId: member.businessId,
      userId: scope.actor.user.id,
      action: "security_2fa",
      changes: { security_2fa: { from: before.security2fa, to: security_2fa } },
    });
  });
  return { business_id: member.businessId, security_2fa, options: SECURITY_OPTIONS };
}

/** All settings of one business, grouped as the spec's settings shape. */
export async function businessSettings(scope: Scope, businessId: number) {
  const member = await ownMembership(scope, businessId);
  const row = await settingsOf(scope, member.businessId);
  const [user] = await scope.db.select().from(users).where(eq(users.id, scope.actor.user.id));
  if (!user) throw new Unauthenticated("api:errors.session_expired");
  return {
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
    chat_settings: chatSettingsOf(row.chat),
    // The signed-in member's own (core/notifications/settings.ts): which events reach them, by which channel.
    notification_settings: (await getNotificationSettings(scope, member.businessId)).events,
    time_modified: unix(row.timeModified),
  };
}
