/**
 * A business's upcoming and running promotions with all their targets, kept in this process and
 * read again only when they changed: pricing an order then costs one small query, not a read of
 * every running promotion (issue 16's bench: 10 lines against 1 000 running, p95 ≤ 5 ms).
 *
 * Whether they changed is the business's row of promotion_versions, read on every use in the
 * caller's own transaction: every writer of what prices orders raises it in its own transaction
 * (`bumpPromotions`: an edit, a lifecycle move, a run-out, a use given back). The version is read
 * before the rows, so a change committed in between is read with the old version and read again
 * next time, never missed. Uses taken by orders (used, promo stock) do not raise it: a promotion
 * may look less used here than it is, and the claim (apply.ts), under its row lock, decides.
 */
import { sql } from "drizzle-orm";
import type { Tx } from "#db/client.ts";
import { PROMOTION_STATUS, type PromotionKind } from "#db/schema/index.ts";

export type RunningPromotion = {
  id: number; name: string; kind: PromotionKind; startsAt: Date; endsAt: Date;
  discountType: "percent" | "amount" | null; discountValue: number | null; maxDiscount: number | null; minSpend: number;
  buyQty: number | null; getQty: number | null; bundlePrice: number | null; giftVariantId: number | null;
  cashbackAs: "points" | "saldo" | null; code: string | null; followersOnly: boolean;
  quota: number | null; used: number; promoStock: number | null; stockUsed: number;
  anyProduct: boolean; anyChannel: boolean; anyStore: boolean;
  /** "variant:4", "product:3", "brand:1", "category:2", "channel:5", "store:6". */
  targets: ReadonlySet<string>;
  /** A campaign entry's price per variant, else null. */
  prices: ReadonlyMap<number, number> | null;
};

type Exec = Pick<Tx, "execute">;
const cache = new Map<number, { version: string; rows: RunningPromotion[] }>();
const MAX_BUSINESSES = 500;

export async function runningPromotions(exec: Exec, businessId: number): Promise<RunningPromotion[]> {
  const { rows: [v] } = await exec.execute<{ version: string }>(sql`
    SELECT coalesce((SELECT version::text FROM promotion_versions WHERE business_id = ${businessId}), '0') AS version`);
  const hit = cache.get(businessId);
  if (hit && hit.version === v.version) return hit.rows;
  const { rows } = await exec.execute<{
    id: number; name: string; kind: PromotionKind; starts_at: Date; ends_at: Date; discount_type: "percent" | "amount" | null;
    discount_value: string | null; max_discount: string | null; min_spend: string; buy_qty: number | null; get_qty: number | null;
    bundle_price: string | null; gift_variant_id: number | null; cashback_as: "points" | "saldo" | null; code: string | null;
    followers_only: boolean; quota: number | null; used: number; promo_stock: number | null; stock_used: number;
    any_product: boolean; any_channel: boolean; any_store: boolean; targets: string[] | null; prices: [number, string][] | null;
  }>(sql`
    SELECT p.id, p.name, p.kind, p.starts_at, p.ends_at, p.discount_type, p.discount_value, p.max_discount, p.min_spend, p.buy_qty, p.get_qty,
           p.bundle_price, p.gift_variant_id, p.cashback_as, p.code, p.followers_only, p.quota, p.used, p.promo_stock, p.stock_used,
           p.any_product, p.any_channel, p.any_store,
           (SELECT array_agg(t.kind || ':' || t.ref_id) FROM promotion_targets t WHERE t.promotion_id = p.id) AS targets,
           (SELECT json_agg(json_build_array(t.ref_id, t.price::text)) FROM promotion_targets t
             WHERE t.promotion_id = p.id AND t.price IS NOT NULL) AS prices
      FROM promotions p
     WHERE p.business_id = ${businessId} AND p.status IN (${PROMOTION_STATUS.upcoming}, ${PROMOTION_STATUS.on_going})`);
  const n = (x: string | null) => (x === null ? null : Number(x));
  const running = rows.map((r): RunningPromotion => ({
    id: r.id, name: r.name, kind: r.kind, startsAt: new Date(r.starts_at), endsAt: new Date(r.ends_at),
    discountType: r.discount_type, discountValue: n(r.discount_value), maxDiscount: n(r.max_discount), minSpend: Number(r.min_spend),
    buyQty: r.buy_qty, getQty: r.get_qty, bundlePrice: n(r.bundle_price), giftVariantId: r.gift_variant_id, cashbackAs: r.cashback_as,
    code: r.code?.toUpperCase() ?? null, followersOnly: r.followers_only, quota: r.quota, used: r.used, promoStock: r.promo_stock, stockUsed: r.stock_used,
    anyProduct: r.any_product, anyChannel: r.any_channel, anyStore: r.any_store, targets: new Set(r.targets ?? []),
    prices: r.prices ? new Map(r.prices.map(([id, price]) => [id, Number(price)])) : null,
  }));
  if (cache.size >= MAX_BUSINESSES && !cache.has(businessId)) cache.delete(cache.keys().next().value!);
  cache.set(businessId, { version: v.version, rows: running });
  return running;
}

/** Raises the business's promotions version, in the transaction of the change (see the header). */
export async function bumpPromotions(tx: Exec, businessId: number) {
  await tx.execute(sql`INSERT INTO promotion_versions (business_id, version) VALUES (${businessId}, 1)
    ON CONFLICT (business_id) DO UPDATE SET version = promotion_versions.version + 1`);
}
