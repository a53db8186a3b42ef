/**
 * Promotions meeting orders: the candidates an order may get (read for priceOrder), claiming
 * their quota and promo stock in the order's own transaction (`priceAndClaim`, then `recordUses`
 * once the lines exist), and giving them back when the order is cancelled (`releasePromotions`).
 * Order intake (core/orders/intake.ts) prices every order this way.
 *
 * Exactly `quota` orders get a promotion however many come at once (see priceAndClaim). A
 * promotion that has run out meanwhile is left out and the order priced again without it (the
 * buyer then gets the next best, or the regular price) — never refused, never a 500.
 *
 * A buyer is their phone (E.164), else their e-mail, as the customers' rule reads them
 * (core/customers/identity.ts), else their name: the per-buyer
 * limit counts that buyer's orders that got the promotion and were not cancelled. An order that is
 * cancelled in part (some lines) keeps its promotions: the buyer paid the promoted price for the
 * rest; the whole order cancelled gives them back.
 */
import { keysOf, type Person } from "#core/customers/identity.ts";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "#db/client.ts";
import { orderPromotions, promotions, PROMOTION_STATUS } from "#db/schema/index.ts";
import { bumpPromotions, runningPromotions } from "./running.ts";
import { priceOrder, reaches, type CandidatePromotion, type PricedOrder, type PricingInput, type PricingLine, type Applied } from "./pricing.ts";

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
  const code = ctx.voucherCode?.trim().toUpperCase() || null;
  const at = ctx.at.getTime();
  const out: CandidatePromotion[] = [];
  for (const p of await runningPromotions(exec, businessId)) {
    if (p.startsAt.getTime() > at || p.endsAt.getTime() <= at) continue;
    if ((p.quota !== null && p.used >= p.quota) || (p.promoStock !== null && p.stockUsed >= p.promoStock)) continue;
    if ((p.kind === "voucher" && p.code !== code) || (p.followersOnly && !ctx.follower)) continue;
    if (!lines.some((l) => reaches({ anyProduct: p.anyProduct, hits: p.targets }, l))) continue;
    if (!ctx.everywhere && ((!p.anyChannel && !p.targets.has(`channel:${ctx.channelId ?? 0}`)) || (!p.anyStore && !p.targets.has(`store:${ctx.storeId ?? 0}`)))) continue;
    out.push({
      id: p.id, name: p.name, kind: p.kind, endsAt: p.endsAt, discountType: p.discountType, discountValue: p.discountValue, maxDiscount: p.maxDiscount,
      minSpend: p.minSpend, buyQty: p.buyQty, getQty: p.getQty, bundlePrice: p.bundlePrice, giftVariantId: p.giftVariantId, cashbackAs: p.cashbackAs,
      code: p.code, prices: p.prices, stockLeft: p.promoStock === null ? null : p.promoStock - p.stockUsed, anyProduct: p.anyProduct, hits: p.targets,
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

export const buyerKey = (b: Person) => {
  // The customers' rule of who is the same person (core/customers/identity.ts); a name as the last resort.
  const k = keysOf(b);
  return k.phone ? `phone:${k.phone}` : k.email ? `email:${k.email}` : `name:${b.name.trim().toLowerCase()}`;
};

/**
 * Prices an order and claims what it gets, inside the intake's transaction: the priced order and
 * the uses to record once the order and its lines exist (`recordUses`).
 *
 * Each round locks the promotions it would use in one statement, in id order, while holding no
 * other promotion's lock: a round that finds one of them run out (or stopped, or out of its
 * window) rolls back to its savepoint, giving its locks back, and prices again without it. So two
 * orders never wait on each other in a circle. The buyer's own count is read after the lock, in a
 * statement of its own, so it sees an order of the same buyer that committed while this one waited.
 */
export async function priceAndClaim(tx: Tx, businessId: number, input: PricingInput, ctx: PricingContext, buyer: string) {
  let candidates = await candidatesFor(tx, businessId, input.lines, ctx);
  for (;;) {
    const priced = priceOrder(input, candidates);
    const uses = appliedOf(priced);
    const units = new Map<number, number>();
    for (const a of uses) units.set(a.promotionId, (units.get(a.promotionId) ?? 0) + (stockTaken(a) ? a.units : 0));
    if (!units.size) return { priced, uses };
    const ids = [...units.keys()].sort((a, b) => a - b);
    await tx.execute(sql`SAVEPOINT promotion_claim`);
    const { rows } = await tx.execute<{
      id: number; status: number; starts_at: Date; ends_at: Date; quota: number | null; used: number; promo_stock: number | null; stock_used: number; per_buyer: number | null;
    }>(sql`
      SELECT id, status, starts_at, ends_at, quota, used, promo_stock, stock_used, per_buyer
        FROM promotions WHERE id = ANY(${sql.param(ids)}::int[]) ORDER BY id FOR UPDATE`);
    const { rows: mine } = await tx.execute<{ promotion_id: number; n: number }>(sql`
      SELECT promotion_id, count(DISTINCT order_id)::int AS n FROM order_promotions
       WHERE promotion_id = ANY(${sql.param(ids)}::int[]) AND buyer = ${buyer} AND released_at IS NULL GROUP BY promotion_id`);
    const at = ctx.at.getTime();
    const out = ids.filter((id) => {
      const p = rows.find((r) => r.id === id);
      const n = mine.find((m) => m.promotion_id === id)?.n ?? 0;
      return !p || (p.status !== PROMOTION_STATUS.upcoming && p.status !== PROMOTION_STATUS.on_going)
        || new Date(p.starts_at).getTime() > at || new Date(p.ends_at).getTime() <= at
        || (p.quota !== null && p.used >= p.quota) || (p.per_buyer !== null && n >= p.per_buyer)
        || (p.promo_stock !== null && p.stock_used + units.get(id)! > p.promo_stock);
    });
    if (out.length) {
      await tx.execute(sql`ROLLBACK TO SAVEPOINT promotion_claim`);
      candidates = candidates.filter((c) => !out.includes(c.id));
      continue;
    }
    let ranOut = false;
    for (const p of rows) {
      const used = p.used + 1;
      const stockUsed = p.stock_used + units.get(p.id)!;
      const runOut = (p.quota !== null && used >= p.quota) || (p.promo_stock !== null && stockUsed >= p.promo_stock);
      ranOut ||= runOut;
      await tx.update(promotions).set({
        used, stockUsed,
        ...(runOut ? { status: sql`CASE WHEN ${promotions.status} = ${PROMOTION_STATUS.on_going} THEN ${PROMOTION_STATUS.empty} ELSE ${promotions.status} END` } : {}),
      }).where(eq(promotions.id, p.id));
    }
    await tx.execute(sql`RELEASE SAVEPOINT promotion_claim`);
    if (ranOut) await bumpPromotions(tx, businessId);
    return { priced, uses };
  }
}

/** Units priced by a product-level promotion or given as a gift come out of its promo stock; a voucher, a delivery or a cashback takes none. */
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
    .returning({ promotionId: orderPromotions.promotionId, units: orderPromotions.units, businessId: orderPromotions.businessId });
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
  // The copies of the running promotions (running.ts) learn the uses came back: counters and status.
  await bumpPromotions(tx, back[0].businessId);
}

