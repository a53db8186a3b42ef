import { describe, expect, it } from "vitest";
import { bundleSaving, priceOrder, type CandidatePromotion, type PricingLine } from "./pricing.ts";

let n = 0;
const promo = (p: Partial<CandidatePromotion>): CandidatePromotion => ({
  id: ++n, name: `P${n}`, kind: "discount", endsAt: new Date("2026-12-31T00:00:00Z"), discountType: "percent", discountValue: 1000,
  maxDiscount: null, minSpend: 0, buyQty: null, getQty: null, bundlePrice: null, giftVariantId: null, cashbackAs: null, code: null,
  stockLeft: null, anyProduct: true, hits: new Set(), ...p,
});
const line = (variantId: number, regularPrice: number, quantity = 1, more: Partial<PricingLine> = {}): PricingLine =>
  ({ variantId, productId: variantId * 10, brandId: 1, categoryId: null, quantity, regularPrice, ...more });

describe("priceOrder", () => {
  it("gives each line the best per-unit promotion for the buyer, floored to the rupiah and capped per unit", () => {
    const tenPercent = promo({ discountValue: 1000 });
    const fiveThousand = promo({ discountType: "amount", discountValue: 5000 });
    const capped = promo({ discountValue: 5000, maxDiscount: 4000 });
    const r = priceOrder({ lines: [line(1, 99_999, 2), line(2, 30_000)], shippingCost: 0 }, [tenPercent, fiveThousand, capped]);
    // 99.999: 10 % = 9.999 beats 5.000 and the 50 % capped at 4.000.
    expect(r.lines[0]).toMatchObject({ unitPrice: 90_000, promotion: { promotionId: tenPercent.id, amount: 19_998, units: 2 } });
    // 30.000: 5.000 off beats 3.000 and 4.000.
    expect(r.lines[1]).toMatchObject({ unitPrice: 25_000, promotion: { promotionId: fiveThousand.id } });
    expect(r.total).toBe(205_000);
  });

  it("keeps a line at its regular price when the flash sale's promo stock cannot cover it, and leaves channel-priced lines alone", () => {
    const flash = promo({ kind: "discount_time", discountValue: 5000, stockLeft: 2 });
    const r = priceOrder({ lines: [line(1, 10_000, 3), line(2, 10_000, 2), line(3, 10_000, 1, { fixed: true })], shippingCost: 0 }, [flash]);
    expect(r.lines.map((l) => l.unitPrice)).toEqual([10_000, 5_000, 10_000]);
  });

  it("targets by variant, product, brand or category", () => {
    const byBrand = promo({ anyProduct: false, hits: new Set(["brand:7"]), discountType: "amount", discountValue: 1000 });
    const r = priceOrder({ lines: [line(1, 10_000, 1, { brandId: 7 }), line(2, 10_000, 1, { brandId: 8 })], shippingCost: 0 }, [byBrand]);
    expect(r.lines.map((l) => l.unitPrice)).toEqual([9_000, 10_000]);
  });

  it("prices bundles over the lines no per-unit promotion took: N for a price, and buy N get M free", () => {
    expect(bundleSaving({ buyQty: 3, getQty: null, bundlePrice: 100_000 }, [{ i: 0, price: 40_000, quantity: 4 }])).toEqual({ amount: 20_000, lines: [0], units: 3 });
    // Buy 2 get 1: of 50, 40, 30 the 30 is free; the lone 20 makes no group.
    expect(bundleSaving({ buyQty: 2, getQty: 1, bundlePrice: null }, [{ i: 0, price: 50_000, quantity: 1 }, { i: 1, price: 40_000, quantity: 1 }, { i: 2, price: 30_000, quantity: 1 }, { i: 3, price: 20_000, quantity: 1 }]))
      .toEqual({ amount: 30_000, lines: [0, 1, 2], units: 3 });
    const perUnit = promo({ anyProduct: false, hits: new Set(["variant:1"]), discountType: "amount", discountValue: 1000 });
    const bundle = promo({ kind: "bundle", discountType: null, discountValue: null, buyQty: 2, bundlePrice: 15_000 });
    const r = priceOrder({ lines: [line(1, 10_000, 2), line(2, 10_000, 2)], shippingCost: 0 }, [perUnit, bundle]);
    expect(r.lines[0].promotion?.promotionId).toBe(perUnit.id);
    expect(r.bundles).toEqual([expect.objectContaining({ promotionId: bundle.id, amount: 5_000, lines: [1] })]);
    expect(r.total).toBe(18_000 + 20_000 - 5_000);
  });

  it("applies one voucher by its code above its minimum spend, then free delivery, a gift and cashback on what is paid", () => {
    const voucher = promo({ kind: "voucher", code: "HEMAT10", minSpend: 100_000, discountValue: 1000, maxDiscount: 15_000 });
    const delivery = promo({ kind: "delivery", discountType: "amount", discountValue: 10_000 });
    const bigDelivery = promo({ kind: "delivery", discountType: "amount", discountValue: 20_000, minSpend: 500_000 });
    const gift = promo({ kind: "free", giftVariantId: 99, minSpend: 100_000, discountType: null, discountValue: null });
    const cashback = promo({ kind: "cashback", discountValue: 500, cashbackAs: "saldo" });
    const lines = [line(1, 80_000, 2)];
    const all = [voucher, delivery, bigDelivery, gift, cashback];
    const without = priceOrder({ lines, shippingCost: 12_000 }, all);
    expect(without.voucher).toBeNull();
    const r = priceOrder({ lines, shippingCost: 12_000, voucherCode: "hemat10" }, all);
    expect(r.voucher).toMatchObject({ promotionId: voucher.id, amount: 15_000 });
    expect(r.delivery).toMatchObject({ promotionId: delivery.id, amount: 10_000 });
    expect(r.gift).toMatchObject({ promotionId: gift.id, variantId: 99 });
    // 5 % of 160.000 − 15.000.
    expect(r.cashback).toMatchObject({ amount: 7_250, as: "saldo" });
    expect(r.total).toBe(160_000 + 12_000 - 15_000 - 10_000);
    // Below the minimum spend the voucher does not apply.
    expect(priceOrder({ lines: [line(1, 80_000)], shippingCost: 0, voucherCode: "HEMAT10" }, all).voucher).toBeNull();
  });

  it("breaks ties by the promotion ending first, then the older one", () => {
    const later = promo({ discountType: "amount", discountValue: 1000, endsAt: new Date("2026-12-31T00:00:00Z") });
    const sooner = promo({ discountType: "amount", discountValue: 1000, endsAt: new Date("2026-12-30T00:00:00Z") });
    expect(priceOrder({ lines: [line(1, 10_000)], shippingCost: 0 }, [later, sooner]).lines[0].promotion?.promotionId).toBe(sooner.id);
  });

  it("prices a campaign entry's variants at their campaign price, never above the regular one, and lets a better promotion win", () => {
    const campaign = promo({ kind: "discount_time", discountType: null, discountValue: null, anyProduct: false, hits: new Set(["variant:1", "variant:2"]),
      prices: new Map([[1, 80_000], [2, 120_000]]) });
    const r = priceOrder({ lines: [line(1, 100_000, 2), line(2, 100_000), line(3, 100_000)], shippingCost: 0 }, [campaign]);
    expect(r.lines.map((l) => l.unitPrice)).toEqual([80_000, 100_000, 100_000]);
    expect(r.lines[0].promotion).toMatchObject({ promotionId: campaign.id, amount: 40_000 });
    expect(r.lines[1].promotion).toBeNull();
    const half = promo({ discountValue: 5000 });
    expect(priceOrder({ lines: [line(1, 100_000)], shippingCost: 0 }, [campaign, half]).lines[0]).toMatchObject({ unitPrice: 50_000, promotion: { promotionId: half.id } });
  });

  it("never prices a line below zero", () => {
    const huge = promo({ discountType: "amount", discountValue: 50_000 });
    expect(priceOrder({ lines: [line(1, 10_000)], shippingCost: 0 }, [huge]).lines[0].unitPrice).toBe(0);
  });
});

describe("priceOrder, at the edges", () => {
  it("lets a flash sale's promo stock cover lines in order, each whole", () => {
    const flash = promo({ kind: "discount_time", discountType: "amount", discountValue: 1000, stockLeft: 5 });
    const r = priceOrder({ lines: [line(1, 10_000, 3), line(2, 10_000, 3)], shippingCost: 0 }, [flash]);
    expect(r.lines.map((l) => l.unitPrice)).toEqual([9_000, 10_000]);
  });

  it("counts a bundled line at what it costs after the bundle for a voucher, never more", () => {
    const bogo = promo({ kind: "bundle", discountType: null, discountValue: null, buyQty: 1, getQty: 1, anyProduct: false, hits: new Set(["variant:1"]) });
    const all = promo({ kind: "voucher", code: "SEMUA", discountValue: 10_000, anyProduct: false, hits: new Set(["variant:1"]) });
    const r = priceOrder({ lines: [line(1, 100_000, 2), line(2, 1_000_000)], shippingCost: 0, voucherCode: "SEMUA" }, [bogo, all]);
    expect(r.bundles[0].amount).toBe(100_000);
    // 100 % of line 1 after its bundle (100.000), not of its 200.000, and nothing of line 2.
    expect(r.voucher?.amount).toBe(100_000);
    expect(r.total).toBe(1_000_000);
  });
});
