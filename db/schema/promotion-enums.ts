/** Promotions' statuses, kinds, types and target kinds (spec section 4): browser-safe, no tables. */
export const PROMOTION_STATUS = {
  in_moderation: 0, upcoming: 1, rejected: 2, cancelled: 3, suspended: 4, on_going: 5, ended: 6, empty: 7,
} as const;
export type PromotionStatusName = keyof typeof PROMOTION_STATUS;
export type PromotionStatus = (typeof PROMOTION_STATUS)[PromotionStatusName];
export const PROMOTION_STATUS_NAMES = Object.keys(PROMOTION_STATUS) as PromotionStatusName[];

/** The seller's kinds (spec section 4). */
export const PROMOTION_KINDS = ["discount", "discount_time", "cashback", "delivery", "bundle", "free", "voucher"] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];
/** The kinds whose benefit is a percent (with a cap) or an amount. */
export const PRICED_KINDS: readonly PromotionKind[] = ["discount", "discount_time", "cashback", "voucher"];

/** The campaign a promotion belongs to (spec section 4 "types"). */
export const PROMOTION_TYPES = ["common", "flash_sale", "seasonal", "anniversary", "monthly", "weekly"] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];

/** What a promotion is aimed at; no row of a dimension = every one of it. */
export const TARGET_KINDS = ["brand", "category", "product", "variant", "channel", "store"] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];
