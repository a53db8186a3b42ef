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
import { runningPromotions } from "./running.ts";
import { priceOrder, type CandidatePromotion, type PricedOrder, type PricingInput, type PricingLine, type Applied } from "./pricing.ts";

export type PricingContext = {
  channelId: number | null; storeId: number | null; at: Date; voucherCode?: string | null;
  /** The channel says the buyer follows the store (followers vouchers). */
  follower?: boolean;
  /** On any channel and at any store (what reaches some products, wherever). */
  everywhere?: boolean;
};

type Exec = Pick<Tx, "execute">;

/**
 * The promotions running at `at` that could touch these lines on this channel and store (from the
 * business's running set, running.ts): in their window, with quota and promo stock left as last
 * read (the claim checks again under the lock), a voucher only by its code, a followers voucher
 * only for a follower, aimed at one of the lines' products (or every product), this channel and
 * this store (or every one, or anywhere when `everywhere`).
 */
export async function candidatesFor(exec: Exec, businessId: number, lines: PricingLine[], ctx: PricingContext): Promise<CandidatePromotion[]> {
  const refs = lines.flatMap((l) => [
    `variant:${l.variantId}`, `product:${l.productId}`, ...(l.brandId ? [`brand:${l.brandId}`] : []), ...(l.categoryId ? [`category:${l.categoryId}`] : []),
  ]);
  const code = ctx.voucherCode?.trim().toUpperCase() || null;
  const at = ctx.at.getTime();
  const out: CandidatePromotion[] = [];
  for (const p of await runningPromotions(exec, businessId)) {
    if (p.startsAt.getTime() > at || p.endsAt.getTime() <= at) continue;
    if ((p.quota !== null && p.used >= p.quota) || (p.promoStock !== null && p.stockUsed >= p.promoStock)) continue;
    if ((p.kind === "voucher" && p.code !== code) || (p.followersOnly && !ctx.follower)) continue;
    if (!p.anyProduct && !refs.some((r) => p.targets.has(r))) continue;
    if (!ctx.everywhere && ((!p.anyChannel && !p.targets.has(`channel:${ctx.channelId ?? 0}`)) || (!p.anyStore && !p.targets.has(`store:${ctx.storeId ?? 0}`)))) continue;
    out.push({
      id: p.id, name: p.name, kind: p.kind, endsAt: p.endsAt, discountType: p.discountType, discountValue: p.discountValue, maxDiscount: p.maxDiscount,
      minSpend: p.minSpend, buyQty: p.buyQty, getQty: p.getQty, bundlePrice: p.bundlePrice, giftVariantId: p.giftVariantId, cashbackAs: p.cashbackAs,
      code: p.code, stockLeft: p.promoStock === null ? null : p.promoStock - p.stockUsed, anyProduct: p.anyProduct, hits: p.targets,
    });
  }
  return out;
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

