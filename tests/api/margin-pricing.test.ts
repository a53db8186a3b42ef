/**
 * The one pricing function (core/partners/margin-pricing.ts): which rule applies (precedence) and
 * the price it gives (integer rupiah, round half up, never below 0). Plain functions: no database.
 * The properties run on seeded pseudo-random cases, so a failure repeats.
 */
import { describe, expect, it } from "vitest";
import { marginOf, pickRule, PRECEDENCE, resellerPrice, scopeOf, type MarginRuleLike } from "#core/partners/margin-pricing.ts";

const rule = (t: Partial<MarginRuleLike>): MarginRuleLike => ({ type: "percent", value: 1000, partnerId: null, storeId: null, brandId: null, categoryId: null, ...t });
const all = [
  rule({ value: 100 }), // default 1 %
  rule({ categoryId: 5, value: 200 }),
  rule({ brandId: 3, value: 300 }),
  rule({ storeId: 2, value: 400 }),
  rule({ partnerId: 1, value: 500 }),
  rule({ partnerId: 1, brandId: 3, value: 600 }),
];
const ctx = { partnerId: 1, storeId: 2, brandId: 3, categoryId: 5 };

/** A small seeded generator (mulberry32). */
function random(seed: number) {
  return () => {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("precedence: the most specific rule wins", () => {
  it("reseller + brand > reseller > store > brand > category > default", () => {
    expect(PRECEDENCE).toEqual(["reseller_brand", "reseller", "store", "brand", "category", "default"]);
    // Take the winner away one by one: the next in line applies.
    let left = [...all];
    for (const scope of PRECEDENCE) {
      const hit = pickRule(left, ctx)!;
      expect(scopeOf(hit)).toBe(scope);
      left = left.filter((r) => r !== hit);
    }
    expect(pickRule(left, ctx)).toBeNull();
  });

  it("a rule of another reseller, store, brand or category never applies", () => {
    expect(scopeOf(pickRule(all, { partnerId: 9, storeId: 9, brandId: 9, categoryId: 9 })!)).toBe("default");
    expect(scopeOf(pickRule(all, { partnerId: 9, brandId: 3 })!)).toBe("brand"); // not the reseller+brand of reseller 1
    expect(scopeOf(pickRule(all, { brandId: 3 })!)).toBe("brand");
    expect(scopeOf(pickRule(all, {})!)).toBe("default");
  });

  it("property: the rule picked is the first matching scope in PRECEDENCE, whatever the order of the rules", () => {
    const next = random(17);
    for (let i = 0; i < 500; i++) {
      const rules = all.filter(() => next() < 0.5).sort(() => next() - 0.5);
      const c = { partnerId: next() < 0.5 ? 1 : 7, storeId: next() < 0.5 ? 2 : null, brandId: next() < 0.5 ? 3 : 8, categoryId: next() < 0.5 ? 5 : null };
      const picked = pickRule(rules, c);
      const applies = (r: MarginRuleLike) => (r.partnerId === null || r.partnerId === c.partnerId) && (r.storeId === null || r.storeId === c.storeId)
        && (r.brandId === null || r.brandId === c.brandId) && (r.categoryId === null || r.categoryId === c.categoryId);
      const expected = PRECEDENCE.map((s) => rules.find((r) => scopeOf(r) === s && applies(r))).find(Boolean) ?? null;
      expect(picked).toBe(expected);
    }
  });
});

describe("the price: integer rupiah, round half up, never below 0", () => {
  it("rounds a percent margin half up to whole rupiah", () => {
    expect(marginOf(10_000, { type: "percent", value: 1250 })).toBe(1250);
    expect(marginOf(99_999, { type: "percent", value: 1250 })).toBe(12_500); // 12 499.875 → 12 500
    expect(marginOf(4, { type: "percent", value: 1250 })).toBe(1); // 0.5 → 1
    expect(marginOf(3, { type: "percent", value: 1250 })).toBe(0); // 0.375 → 0
    expect(resellerPrice(149_900, { type: "percent", value: 1000 })).toBe(134_910);
  });

  it("takes a rupiah margin off, never below 0; no rule is no margin", () => {
    expect(resellerPrice(50_000, { type: "amount", value: 5000 })).toBe(45_000);
    expect(resellerPrice(3000, { type: "amount", value: 5000 })).toBe(0);
    expect(resellerPrice(3000, { type: "percent", value: 10_000 })).toBe(0);
    expect(resellerPrice(3000, null)).toBe(3000);
  });

  it("refuses a sell price that is not whole rupiah ≥ 0", () => {
    expect(() => marginOf(-1, null)).toThrow(RangeError);
    expect(() => marginOf(1.5, null)).toThrow(RangeError);
  });

  it("property: 0 ≤ price ≤ sell, an integer, and exact for prices up to Rp 10 trillion", () => {
    const next = random(42);
    for (let i = 0; i < 2000; i++) {
      const sell = Math.floor(next() * (i % 2 ? 10_000_000_000_000 : 2_000_000));
      const r = next() < 0.5 ? { type: "percent" as const, value: Math.floor(next() * 10_001) } : { type: "amount" as const, value: Math.floor(next() * 3_000_000) };
      const price = resellerPrice(sell, r);
      expect(Number.isSafeInteger(price)).toBe(true);
      expect(price).toBeGreaterThanOrEqual(0);
      expect(price).toBeLessThanOrEqual(sell);
      if (r.type === "percent") {
        const exact = (BigInt(sell) * BigInt(r.value) * 2n + 10000n) / 20000n; // round half up
        expect(BigInt(sell - price)).toBe(exact);
      } else expect(price).toBe(Math.max(0, sell - r.value));
    }
  });

  it("property: a larger margin never gives a higher price", () => {
    const next = random(7);
    for (let i = 0; i < 1000; i++) {
      const sell = Math.floor(next() * 5_000_000);
      const a = Math.floor(next() * 10_001);
      const b = Math.min(10_000, a + Math.floor(next() * 500));
      expect(resellerPrice(sell, { type: "percent", value: b })).toBeLessThanOrEqual(resellerPrice(sell, { type: "percent", value: a }));
    }
  });
});
