/**
 * The one pricing function (issue 16 item 5): an order's lines, channel, store, buyer and time in,
 * the promotions it gets and each line's price with its reason out. Pure: the promotions that may
 * apply are read by core/promotions/apply.ts, which also claims their quota and promo stock.
 *
 * How promotions stack (docs/decisions/0022-promotion-stacking.md):
 * 1. Each line gets at most one product-level promotion, the best for the buyer:
 *    - per unit (Discount, Discount Time / flash sale): percent (floored to the rupiah, capped per
 *      unit) or an amount off each unit, never below 0 — or, for a campaign entry, its price for
 *      the variant (never above the regular price); the best of them for the line. A flash
 *      sale's promo stock covers the lines in order, each whole, else the line keeps its regular
 *      price (no line at two prices).
 *    - then bundles over the lines no per-unit promotion priced: "N for Rp X" or "buy N get M
 *      free" (the cheapest units of each group free), the one saving most first. A line a per-unit
 *      promotion priced is not in a bundle, even a bigger one: one reason per line, worked out line
 *      by line.
 * 2. Then one voucher, only by its code, on what the lines it targets cost after step 1 (minimum
 *    spend on that, percent capped or an amount).
 * 3. Then one free delivery: the largest of min(shipping, cap) whose minimum spend is met.
 * 4. Then one free gift (a line at Rp 0) and one cashback (on what the buyer pays for goods, paid
 *    when the order finishes), each the best whose minimum spend is met.
 * Ties go to the promotion that ends first, then the older one. Lines a channel already priced
 * (its own promotions) are left as they are.
 */
import type { PromotionKind } from "#db/schema/promotions.ts";

export type PricingLine = {
  variantId: number; productId: number; brandId: number | null; categoryId: number | null;
  quantity: number; regularPrice: number;
  /** The channel sent its price: no promotion of ours touches the line. */
  fixed?: boolean;
};

export type CandidatePromotion = {
  id: number; name: string; kind: PromotionKind; endsAt: Date;
  discountType: "percent" | "amount" | null; discountValue: number | null; maxDiscount: number | null; minSpend: number;
  buyQty: number | null; getQty: number | null; bundlePrice: number | null; giftVariantId: number | null;
  cashbackAs: "points" | "saldo" | null; code: string | null;
  /** A campaign entry's price per variant (null: priced by percent or amount). */
  prices?: ReadonlyMap<number, number> | null;
  /** Promo stock left (null: no cap). */
  stockLeft: number | null;
  /** Every product, or these "brand:1", "category:2", "product:3", "variant:4". */
  anyProduct: boolean; hits: ReadonlySet<string>;
};

export type Applied = { promotionId: number; name: string; kind: PromotionKind; amount: number; units: number; lines: number[] };

export type PricedOrder = {
  lines: Array<{ regularPrice: number; unitPrice: number; promotion: Applied | null }>;
  bundles: Applied[];
  voucher: Applied | null;
  delivery: Applied | null;
  gift: (Applied & { variantId: number }) | null;
  cashback: (Applied & { as: "points" | "saldo" }) | null;
  /** Goods after line and bundle promotions, the order-level discount (bundles + voucher + delivery), the total. */
  goods: number; orderDiscount: number; total: number;
};

export type PricingInput = { lines: PricingLine[]; shippingCost: number; voucherCode?: string | null };

/** Whether a promotion reaches a line: every product, or one of its targets names it. */
export const reaches = (p: Pick<CandidatePromotion, "anyProduct" | "hits">, l: PricingLine) =>
  !l.fixed && (p.anyProduct || p.hits.has(`variant:${l.variantId}`) || p.hits.has(`product:${l.productId}`)
    || (l.brandId !== null && p.hits.has(`brand:${l.brandId}`)) || (l.categoryId !== null && p.hits.has(`category:${l.categoryId}`)));

/** Off an amount: percent (bp, floored, capped) or an amount, never more than the base. */
export function offOf(p: Pick<CandidatePromotion, "discountType" | "discountValue" | "maxDiscount">, base: number) {
  if (!p.discountValue || base <= 0) return 0;
  const off = p.discountType === "percent" ? Math.floor((base * p.discountValue) / 10_000) : p.discountValue;
  return Math.min(base, p.maxDiscount ? Math.min(off, p.maxDiscount) : off);
}

/** The better of two for the buyer: more off; then the one ending first; then the older. */
const better = (a: { amount: number; p: CandidatePromotion }, b: { amount: number; p: CandidatePromotion } | null) =>
  !b || a.amount > b.amount || (a.amount === b.amount && (a.p.endsAt < b.p.endsAt || (+a.p.endsAt === +b.p.endsAt && a.p.id < b.p.id)));

const applied = (p: CandidatePromotion, amount: number, units: number, lines: number[]): Applied =>
  ({ promotionId: p.id, name: p.name, kind: p.kind, amount, units, lines });

export function priceOrder(input: PricingInput, promotions: readonly CandidatePromotion[]): PricedOrder {
  const byKind = (k: PromotionKind) => promotions.filter((p) => p.kind === k);
  const perUnit = promotions.filter((p) => p.kind === "discount" || p.kind === "discount_time");

  // 1a. Per-unit promotions, line by line; a promo stock covers the lines in order, each whole.
  const stockLeft = new Map(perUnit.filter((p) => p.stockLeft !== null).map((p) => [p.id, p.stockLeft!]));
  const lines = input.lines.map((l, i) => {
    let best: { amount: number; p: CandidatePromotion; unitOff: number } | null = null;
    for (const p of perUnit) {
      if (!reaches(p, l) || (stockLeft.has(p.id) && stockLeft.get(p.id)! < l.quantity)) continue;
      const unitOff = p.prices ? Math.max(0, l.regularPrice - (p.prices.get(l.variantId) ?? l.regularPrice)) : offOf(p, l.regularPrice);
      const c = { amount: unitOff * l.quantity, p, unitOff };
      if (unitOff > 0 && better(c, best)) best = c;
    }
    if (best && stockLeft.has(best.p.id)) stockLeft.set(best.p.id, stockLeft.get(best.p.id)! - l.quantity);
    return {
      regularPrice: l.regularPrice,
      unitPrice: l.regularPrice - (best?.unitOff ?? 0),
      promotion: best ? applied(best.p, best.amount, l.quantity, [i]) : null,
    };
  });

  // 1b. Bundles over the lines still at their regular price, the biggest saving first.
  const bundles: Applied[] = [];
  const free = new Set(input.lines.map((_, i) => i).filter((i) => !lines[i].promotion));
  for (;;) {
    let best: { amount: number; p: CandidatePromotion; used: number[]; units: number } | null = null;
    for (const p of byKind("bundle")) {
      const idx = [...free].filter((i) => reaches(p, input.lines[i]));
      const s = bundleSaving(p, idx.map((i) => ({ i, price: input.lines[i].regularPrice, quantity: input.lines[i].quantity })));
      if (s.amount > 0 && better({ amount: s.amount, p }, best)) best = { amount: s.amount, p, used: s.lines, units: s.units };
    }
    if (!best) break;
    bundles.push(applied(best.p, best.amount, best.units, best.used));
    for (const i of best.used) free.delete(i);
  }
  const bundleOff = bundles.reduce((s, b) => s + b.amount, 0);
  const lineTotal = (i: number) => lines[i].unitPrice * input.lines[i].quantity;
  const goods = input.lines.reduce((s, _, i) => s + lineTotal(i), 0) - bundleOff;
  // What each line costs after its bundle (a bundle's saving shared by its lines' totals, floored,
  // the rest on its last line): a voucher counts a line at that, never at its price before.
  const net = input.lines.map((_, i) => lineTotal(i));
  for (const b of bundles) {
    const total = b.lines.reduce((s, i) => s + lineTotal(i), 0);
    let left = b.amount;
    b.lines.forEach((i, k) => {
      const share = k === b.lines.length - 1 ? left : Math.floor((b.amount * lineTotal(i)) / total);
      net[i] -= share;
      left -= share;
    });
  }

  // 2. One voucher, by its code, on the lines it targets.
  let v: { amount: number; p: CandidatePromotion; idx: number[] } | null = null;
  const code = input.voucherCode?.trim().toUpperCase();
  for (const p of code ? byKind("voucher") : []) {
    if (p.code?.toUpperCase() !== code) continue;
    const idx = input.lines.map((_, i) => i).filter((i) => reaches(p, input.lines[i]));
    const base = idx.reduce((s, i) => s + net[i], 0);
    if (!idx.length || base < p.minSpend) continue;
    const c = { amount: offOf(p, base), p, idx };
    if (c.amount > 0 && better(c, v)) v = c;
  }
  const voucher = v ? applied(v.p, v.amount, 0, v.idx) : null;
  const afterVoucher = goods - (voucher?.amount ?? 0);

  // 3–4. Order-level promotions on what the buyer pays for goods.
  const bestOf = (kind: PromotionKind, amountOf: (p: CandidatePromotion) => number) => {
    let best: { amount: number; p: CandidatePromotion } | null = null;
    for (const p of byKind(kind)) {
      if (afterVoucher < p.minSpend || !input.lines.some((l) => reaches(p, l))) continue;
      const c = { amount: amountOf(p), p };
      if (c.amount > 0 && better(c, best)) best = c;
    }
    return best;
  };
  const d = bestOf("delivery", (p) => Math.min(input.shippingCost, p.discountValue ?? 0));
  const delivery = d ? applied(d.p, d.amount, 0, []) : null;
  const g = bestOf("free", (p) => (p.giftVariantId && (p.stockLeft === null || p.stockLeft >= 1) ? 1 : 0));
  const gift = g ? { ...applied(g.p, 0, 1, []), variantId: g.p.giftVariantId! } : null;
  const c = bestOf("cashback", (p) => offOf(p, afterVoucher));
  const cashback = c ? { ...applied(c.p, c.amount, 0, []), as: c.p.cashbackAs ?? "points" } : null;

  const orderDiscount = bundleOff + (voucher?.amount ?? 0) + (delivery?.amount ?? 0);
  return {
    lines, bundles, voucher, delivery, gift, cashback,
    goods, orderDiscount, total: goods + bundleOff + input.shippingCost - orderDiscount,
  };
}

/**
 * A bundle's saving on some lines: their units from the dearest, in groups of buyQty (+ getQty).
 * "N for Rp X": a group costs X instead of its units (only when that is cheaper). "Buy N get M":
 * the M cheapest units of each group of N + M are free.
 */
export function bundleSaving(p: Pick<CandidatePromotion, "buyQty" | "getQty" | "bundlePrice">, lines: { i: number; price: number; quantity: number }[]) {
  const n = p.buyQty ?? 0;
  const m = p.getQty ?? 0;
  const group = p.bundlePrice !== null ? n : n + m;
  if (n < 1 || group < 1) return { amount: 0, lines: [] as number[], units: 0 };
  const units = lines.flatMap((l) => Array.from({ length: l.quantity }, () => l)).sort((a, b) => b.price - a.price);
  let amount = 0;
  let grouped = 0;
  for (let at = 0; at + group <= units.length; at += group) {
    const g = units.slice(at, at + group);
    const full = g.reduce((s, u) => s + u.price, 0);
    const saving = p.bundlePrice !== null ? full - p.bundlePrice : g.slice(n).reduce((s, u) => s + u.price, 0);
    if (saving <= 0) continue;
    amount += saving;
    grouped += group;
  }
  const used = [...new Set(units.slice(0, grouped).map((u) => u.i))];
  return { amount, lines: amount > 0 ? used : [], units: grouped };
}
