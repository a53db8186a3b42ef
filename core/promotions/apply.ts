/**
 * Promotions meeting orders: the candidates an order may get (read for priceOrder), claiming
 * their quota and promo stock in the order's own transaction, and giving them back when the order
 * is cancelled. Order intake (core/orders/intake.ts) prices every order through `priceIncoming`.
 *
 * Exactly `quota` orders get a promotion however many come at once: claiming locks the promotions
 * an order would get (one statement, in id order, so two orders never wait on each other in a
 * circle), checks quota, promo stock and the buyer's own limit under that lock, and writes the
 * counters. A promotion that has run out meanwhile is left out and the order priced again without
 * it (the buyer then gets the next best, or the regular price) — never refused, never a 500.
 *
 * A buyer is their phone (digits, +62 as 0), else their e-mail, else their name: the per-buyer
 * limit counts that buyer's orders that got the promotion and were not cancelled.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "#db/client.ts";
import { orderPromotions, promotions, PROMOTION_STATUS } from "#db/schema/index.ts";
import { priceOrder, type CandidatePromotion, type PricedOrder, type PricingInput, type PricingLine, type Applied } from "./pricing.ts";

export type PricingContext = {
  channelId: number | null; storeId: number | null; at: Date; voucherCode?: string | null;
  /** The channel says the buyer follows the store (followers vouchers). */
  follower?: boolean;
  /** On any channel and at any store (what reaches some products, wherever). */
  everywhere?: boolean;
};

type Exec = Pick<Tx, "execute">;

/** The promotions running at `at` that could touch these lines on this channel and store. */
export async function candidatesFor(exec: Exec, businessId: number, lines: PricingLine[], ctx: PricingContext): Promise<CandidatePromotion[]> {
  const refs = [...new Set(lines.flatMap((l) => [
    `variant:${l.variantId}`, `product:${l.productId}`, ...(l.brandId ? [`brand:${l.brandId}`] : []), ...(l.categoryId ? [`category:${l.categoryId}`] : []),
  ]))];
  const code = ctx.voucherCode?.trim().toUpperCase() || null;
  const { rows } = await exec.execute<{
    id: number; name: string; kind: CandidatePromotion["kind"]; ends_at: Date; discount_type: "percent" | "amount" | null;
    discount_value: string | null; max_discount: string | null; min_spend: string; buy_qty: number | null; get_qty: number | null;
    bundle_price: string | null; gift_variant_id: number | null; cashback_as: "points" | "saldo" | null; code: string | null;
    promo_stock: number | null; stock_used: number; any_product: boolean; hits: string[];
  }>(sql`
    SELECT p.id, p.name, p.kind, p.ends_at, p.discount_type, p.discount_value, p.max_discount, p.min_spend, p.buy_qty, p.get_qty,
           p.bundle_price, p.gift_variant_id, p.cashback_as, p.code, p.promo_stock, p.stock_used, p.any_product, h.hits
      FROM promotions p
      CROSS JOIN LATERAL (SELECT coalesce(array_agg(t.kind || ':' || t.ref_id), '{}') AS hits FROM promotion_targets t
                           WHERE NOT p.any_product AND t.promotion_id = p.id AND t.kind || ':' || t.ref_id = ANY(${sql.param(refs)}::text[])) h
     WHERE p.business_id = ${businessId} AND p.status IN (${PROMOTION_STATUS.upcoming}, ${PROMOTION_STATUS.on_going})
       AND p.starts_at <= ${ctx.at} AND p.ends_at > ${ctx.at}
       AND (p.quota IS NULL OR p.used < p.quota) AND (p.promo_stock IS NULL OR p.stock_used < p.promo_stock)
       AND (p.kind <> 'voucher' OR upper(p.code) = ${code})
       AND (NOT p.followers_only OR ${ctx.follower ?? false})
       AND (p.any_product OR cardinality(h.hits) > 0)
       AND (${ctx.everywhere ?? false} OR p.any_channel OR EXISTS (SELECT 1 FROM promotion_targets t WHERE t.promotion_id = p.id AND t.kind = 'channel' AND t.ref_id = ${ctx.channelId ?? 0}))
       AND (${ctx.everywhere ?? false} OR p.any_store OR EXISTS (SELECT 1 FROM promotion_targets t WHERE t.promotion_id = p.id AND t.kind = 'store' AND t.ref_id = ${ctx.storeId ?? 0}))`);
  const n = (v: string | null) => (v === null ? null : Number(v));
  return rows.map((r) => ({
    id: r.id, name: r.name, kind: r.kind, endsAt: new Date(r.ends_at), discountType: r.discount_type, discountValue: n(r.discount_value),
    maxDiscount: n(r.max_discount), minSpend: Number(r.min_spend), buyQty: r.buy_qty, getQty: r.get_qty, bundlePrice: n(r.bundle_price),
    giftVariantId: r.gift_variant_id, cashbackAs: r.cashback_as, code: r.code,
    stockLeft: r.promo_stock === null ? null : r.promo_stock - r.stock_used, anyProduct: r.any_product, hits: new Set(r.hits),
  }));
}

/** Every promotion a priced order got, with the units of promo stock each takes. */
export function appliedOf(priced: PricedOrder): Applied[] {
  return [
    ...priced.lines.flatMap((l) => (l.promotion ? [l.promotion] : [])), ...priced.bundles,
    ...[priced.voucher, priced.delivery, priced.gift, priced.cashback].filter((a): a is Applied => a !== null),
  ];
}

export const buyerKey = (b: { name: string; phone?: string | null; email?: string | null }) => {
  const digits = b.phone?.replace(/\D/g, "").replace(/^62/, "0") ?? "";
  return digits.length >= 6 ? `phone:${digits}` : b.email?.trim() ? `email:${b.email.trim().toLowerCase()}` : `name:${b.name.trim().toLowerCase()}`;
};

/**
 * Prices an order and claims what it gets, inside the intake's transaction: the priced order and
 * the rows to keep once the order and its lines exist (`record`).
 */
export async function priceAndClaim(tx: Tx, businessId: number, input: PricingInput, ctx: PricingContext, buyer: string) {
  let candidates = await candidatesFor(tx, businessId, input.lines, ctx);
  const locked = new Map<number, { quota: number | null; used: number; promoStock: number | null; stockUsed: number; perBuyer: number | null; mine: number }>();
  for (;;) {
    const priced = priceOrder(input, candidates);
    const uses = appliedOf(priced);
    const unlocked = [...new Set(uses.map((a) => a.promotionId))].filter((id) => !locked.has(id)).sort((a, b) => a - b);
    if (unlocked.length) {
      const { rows } = await tx.execute<{ id: number; quota: number | null; used: number; promo_stock: number | null; stock_used: number; per_buyer: number | null; mine: number }>(sql`
        SELECT p.id, p.quota, p.used, p.promo_stock, p.stock_used, p.per_buyer,
               (SELECT count(DISTINCT o.order_id)::int FROM order_promotions o WHERE o.promotion_id = p.id AND o.buyer = ${buyer} AND o.released_at IS NULL) AS mine
          FROM promotions p WHERE p.id = ANY(${sql.param(unlocked)}::int[]) ORDER BY p.id FOR UPDATE OF p`);
      for (const r of rows) locked.set(r.id, { quota: r.quota, used: r.used, promoStock: r.promo_stock, stockUsed: r.stock_used, perBuyer: r.per_buyer, mine: r.mine });
    }
    const units = new Map<number, number>();
    for (const a of uses) units.set(a.promotionId, (units.get(a.promotionId) ?? 0) + (stockTaken(a) ? a.units : 0));
    const out = [...units].filter(([id, u]) => {
      const p = locked.get(id);
      return !p || (p.quota !== null && p.used >= p.quota) || (p.perBuyer !== null && p.mine >= p.perBuyer)
        || (p.promoStock !== null && p.stockUsed + u > p.promoStock);
    }).map(([id]) => id);
    if (out.length) {
      // Run out under the lock: price again without them (the next best, or none).
      candidates = candidates.filter((c) => !out.includes(c.id));
      continue;
    }
    for (const [id, u] of units) {
      const p = locked.get(id)!;
      const used = p.used + 1;
      const stockUsed = p.stockUsed + u;
      const runOut = (p.quota !== null && used >= p.quota) || (p.promoStock !== null && stockUsed >= p.promoStock);
      await tx.update(promotions).set({
        used, stockUsed,
        ...(runOut ? { status: sql`CASE WHEN ${promotions.status} = ${PROMOTION_STATUS.on_going} THEN ${PROMOTION_STATUS.empty} ELSE ${promotions.status} END` } : {}),
      }).where(eq(promotions.id, id));
    }
    return { priced, uses };
  }
}

/** Flash-sale and gift units come out of the promo stock; a voucher or a delivery takes none. */
const stockTaken = (a: Applied) => a.kind === "discount_time" || a.kind === "discount" || a.kind === "free" || a.kind === "bundle";

/** Records what an order got, once its lines exist (their ids in line order). */
export async function recordUses(tx: Tx, businessId: number, orderId: number, itemIds: number[], uses: Applied[], buyer: string) {
  if (!uses.length) return;
  await tx.insert(orderPromotions).values(uses.map((a) => ({
    businessId, orderId, promotionId: a.promotionId, buyer, amount: a.amount, units: stockTaken(a) ? a.units : 0,
    // A per-unit promotion names its line; bundles and order-level ones name none.
    orderItemId: (a.kind === "discount" || a.kind === "discount_time") && a.lines.length === 1 ? itemIds[a.lines[0]] : null,
  })));
}

/**
 * A cancelled order gives back its uses and promo stock; a promotion it had emptied runs again
 * while its window lasts. In the cancellation's transaction.
 */
export async function releasePromotions(tx: Tx, orderId: number) {
  const back = await tx.update(orderPromotions).set({ releasedAt: new Date() })
    .where(and(eq(orderPromotions.orderId, orderId), isNull(orderPromotions.releasedAt)))
    .returning({ promotionId: orderPromotions.promotionId, units: orderPromotions.units });
  if (!back.length) return;
  const units = new Map<number, number>();
  for (const b of back) units.set(b.promotionId, (units.get(b.promotionId) ?? 0) + b.units);
  const ids = [...units.keys()].sort((a, b) => a - b);
  await tx.execute(sql`SELECT id FROM promotions WHERE id = ANY(${sql.param(ids)}::int[]) ORDER BY id FOR UPDATE`);
  for (const id of ids) {
    await tx.update(promotions).set({
      used: sql`greatest(${promotions.used} - 1, 0)`,
      stockUsed: sql`greatest(${promotions.stockUsed} - ${units.get(id)!}, 0)`,
      status: sql`CASE WHEN ${promotions.status} = ${PROMOTION_STATUS.empty} AND ${promotions.endsAt} > now() THEN ${PROMOTION_STATUS.on_going} ELSE ${promotions.status} END`,
    }).where(eq(promotions.id, id));
  }
}

