/**
 * The channel commission table (issue 15 item 1): what each channel platform takes of a sale, per
 * business, in basis points (500 = 5 %). A platform the business has not set takes the default
 * (core/money/income-options.ts: marketplaces 5 %, Indie Marketplace, social media, web stores and
 * the store's own till 0 %). A change applies to orders that finish after it; a settlement keeps
 * the rate it was made with (settlements.commission_bp).
 *
 * GET answers every platform (code, name, rate_bp, default_bp, custom); PUT takes
 * { rates: [{ platform_code, rate_bp }] } and sets those (0…10000). A rate may come as
 * `rate_percent` instead, as a seller types it ("5", "2,5", "2.75": at most two decimals, 0…100);
 * the web form (/income-balance/commissions) sends that. Privilege `balance`.
 */
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { channelCommissions } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { CHANNEL_PLATFORM_CODES, CHANNEL_PLATFORMS, type ChannelPlatformCode } from "#core/profile/profile-enums.ts";
import { defaultCommissionBp } from "./income-options.ts";

/** "2,5" or "2.5" → 250 basis points, without floating point; anything else is refused. */
const percentBp = z.string().trim().regex(/^\d{1,3}([.,]\d{1,2})?$/, "income:errors.rate_percent").transform((v, ctx) => {
  const [whole, frac = ""] = v.split(/[.,]/);
  const bp = Number(whole) * 100 + Number(frac.padEnd(2, "0"));
  if (bp > 10_000) ctx.addIssue({ code: "custom", message: "income:errors.rate_percent" });
  return bp;
});

export const commissionBody = z.object({
  rates: z.array(z.object({
    platform_code: z.enum(CHANNEL_PLATFORM_CODES as [ChannelPlatformCode, ...ChannelPlatformCode[]], { error: "invalid" }),
    rate_bp: z.coerce.number({ error: "invalid" }).int("invalid").min(0, "invalid").max(10_000, "invalid").optional(),
    rate_percent: percentBp.optional(),
  }).transform((r, ctx) => {
    const rateBp = r.rate_bp ?? r.rate_percent;
    if (rateBp === undefined) ctx.addIssue({ code: "custom", message: "required", path: ["rate_percent"] });
    return { platform_code: r.platform_code, rate_bp: rateBp ?? 0 };
  }), { error: "required" }).min(1, "required").max(CHANNEL_PLATFORM_CODES.length, "invalid"),
});

export async function commissionRates(scope: Scope) {
  const { db, actor } = sellerScope(scope, "balance");
  const own = await db.select().from(channelCommissions).where(eq(channelCommissions.businessId, actor.member.businessId));
  const rate = new Map(own.map((r) => [r.platformCode, r.rateBp]));
  return CHANNEL_PLATFORM_CODES.map((code) => ({
    platform_code: code, name: CHANNEL_PLATFORMS[code].name, rate_bp: rate.get(code) ?? defaultCommissionBp(code),
    default_bp: defaultCommissionBp(code), custom: rate.has(code),
  }));
}

export async function setCommissionRates(scope: Scope, body: z.infer<typeof commissionBody>) {
  const { db, actor } = sellerScope(scope, "balance");
  const businessId = actor.member.businessId;
  await db.insert(channelCommissions)
    .values(body.rates.map((r) => ({ businessId, platformCode: r.platform_code, rateBp: r.rate_bp })))
    .onConflictDoUpdate({ target: [channelCommissions.businessId, channelCommissions.platformCode], set: { rateBp: sql`excluded.rate_bp`, timeModified: new Date() } });
  return commissionRates(scope);
}
