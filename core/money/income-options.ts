/**
 * Income's constants, browser-safe (the pages' components read them; no database here):
 * settlement statuses, the default channel commission per platform, the points rule, page sizes.
 * The rules that use them: core/money/settlements.ts.
 */
import { CHANNEL_PLATFORMS, type ChannelPlatformCode } from "#core/profile/profile-enums.ts";

export const SETTLEMENT_STATUS_FILTERS = ["holding", "released"] as const;

/**
 * The channel commission a business pays when it has set none for the platform, in basis points
 * (500 = 5 %): marketplaces (channel type 2) 5 %, our own Indie Marketplace, social media and the
 * seller's own web store 0 %, the store's own till (no channel) 0 %. A business overrides any of
 * them (core/money/commissions.ts).
 */
export function defaultCommissionBp(platformCode: string | null | undefined): number {
  if (!platformCode || !(platformCode in CHANNEL_PLATFORMS)) return 0;
  return CHANNEL_PLATFORMS[platformCode as ChannelPlatformCode].type === 2 ? 500 : 0;
}

/** Days income is held before it moves to saldo (MONEY_HOLD_DAYS, default 3). */
export const DEFAULT_HOLD_DAYS = 3;
