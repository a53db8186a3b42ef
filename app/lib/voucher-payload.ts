/**
 * A parsed voucher form (core/catalog/vouchers.ts voucherBody's output: discount_value in basis
 * points or rupiah) back into the API's body (discount_percent as "12.5" or discount_amount).
 */
import { percentText } from "#core/profile/store-fees-money.ts";
import type { VoucherBody } from "#core/catalog/vouchers.ts";

export function voucherPayload(v: VoucherBody) {
  const { discount_value, ...rest } = v;
  return v.discount_type === "percent" ? { ...rest, discount_percent: percentText(discount_value) } : { ...rest, discount_amount: discount_value };
}
