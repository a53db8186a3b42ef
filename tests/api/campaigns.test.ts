/**
 * Indie campaign (core/promotions/campaigns.ts): entering a platform campaign with products at
 * campaign prices, the terms refused on the line they concern, one live entry per campaign even
 * when two submits race, changes only while In Moderation, withdrawing and entering again, orders
 * on the Indie channel priced at the campaign price once it runs (others at the regular price),
 * only published products, and another business never seeing the entry.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import { actorFromToken, scopeOf, type Scope } from "#core/actor.ts";
import { issueToken } from "#core/auth/tokens.ts";
import { Refused } from "#core/errors.ts";
import { addCampaign, campaignQuery, campaignView, listCampaigns, saveEntry } from "#core/promotions/campaigns.ts";
import { movePromotion, promotionAction } from "#core/promotions/promotions.ts";
import { bumpPromotions } from "#core/promotions/running.ts";
import { DEMO } from "./helpers.ts";
import { newOrder, newVariant as draftVariant, shopOf, type Shop } from "./order-fixtures.ts";

let shop: Shop;
let scope: Scope;
let other: Scope;
beforeAll(async () => {
  shop = await shopOf(DEMO.seller);
  const second = await shopOf(DEMO.seller2);
  scope = scopeOf(await actorFromToken(await issueToken(shop.userId), "en"));
  other = scopeOf(await actorFromToken(await issueToken(second.userId), "en"));
});

const now = () => Math.floor(Date.now() / 60_000) * 60;
/** A published product's variant, priced 50.000 (only published products may join). */
async function newVariant(of: Shop) {
  const v = await draftVariant(of);
  await db.update(s.products).set({ status: "published" }).where(eq(s.products.id, v.productId));
  return v;
}
let n = 0;
/** A campaign open for registration for an hour, running a day from then. */
const campaign = (more: Record<string, unknown> = {}) => addCampaign(db, {
  name: `Kampanye ${process.pid}-${Date.now().toString(36)}-${++n}`, min_discount_percent: "10", max_products: 3,
  registration_ends_at: now() + 3600, starts_at: now() + 7200, ends_at: now() + 86_400, ...more,
});
const refusal = (p: Promise<unknown>) => p.then(() => { throw new Error("not refused"); }, (e: unknown) => {
  if (!(e instanceof Refused)) throw e;
  return e;
});
const entryOf = async (campaignId: number) =>
  (await db.select().from(s.promotions).where(and(eq(s.promotions.businessId, shop.businessId), eq(s.promotions.campaignId, campaignId))));

describe("entering a campaign", () => {
  it("enters with campaign prices, In Moderation, and refuses what breaks the terms on its line", async () => {
    const id = await campaign();
    const [a, b] = [await newVariant(shop), await newVariant(shop)]; // 50.000 each
    // 10 % off at least: 45.000 is the highest price allowed.
    const high = await refusal(saveEntry(scope, id, { items: [{ variant_id: a.variantId, price: 45_000 }, { variant_id: b.variantId, price: 45_001 }] }));
    expect(high.fields).toEqual({ "items.1.price": ["campaign:errors.price_too_high"] });
    const foreign = await newVariant(await shopOf(DEMO.seller2));
    expect((await refusal(saveEntry(scope, id, { items: [{ variant_id: foreign.variantId, price: 1000 }] }))).fields).toEqual({ "items.0.variant_id": ["promotion:errors.unknown_target"] });
    const draft = await draftVariant(shop);
    expect((await refusal(saveEntry(scope, id, { items: [{ variant_id: draft.variantId, price: 1000 }] }))).fields).toEqual({ "items.0.variant_id": ["campaign:errors.not_published"] });
    const four = await Promise.all([1, 2, 3, 4].map(() => newVariant(shop)));
    expect((await refusal(saveEntry(scope, id, { items: four.map((v) => ({ variant_id: v.variantId, price: 40_000 })) }))).fields).toEqual({ items: ["campaign:errors.too_many"] });

    const made = await saveEntry(scope, id, { items: [{ variant_id: a.variantId, price: 45_000 }, { variant_id: b.variantId, price: 30_000 }], promo_stock: 10 });
    expect(made.created).toBe(true);
    const [p] = await entryOf(id);
    expect(p).toMatchObject({ kind: "discount_time", status: s.PROMOTION_STATUS.in_moderation, anyProduct: false, promoStock: 10 });
    const view = await campaignView(scope, id);
    expect(view.items.map((i) => [i.variantId, i.price, i.regularPrice])).toEqual([[a.variantId, 45_000, 50_000], [b.variantId, 30_000, 50_000]].sort((x, y) => x[0] - y[0]));
    expect(view.can).toMatchObject({ enter: false, change: true, withdraw: true });

    // While In Moderation it may change; once approved it is fixed.
    expect((await saveEntry(scope, id, { items: [{ variant_id: a.variantId, price: 40_000 }] })).created).toBe(false);
    expect((await campaignView(scope, id)).items).toHaveLength(1);
    await db.transaction((tx) => movePromotion(tx, shop.businessId, p.id, "approve", "platform"));
    expect((await refusal(saveEntry(scope, id, { items: [{ variant_id: a.variantId, price: 39_000 }] }))).message).toBe("campaign:errors.entry_fixed");
    // Withdrawn, it may be entered again.
    await promotionAction(scope, p.id, "cancel");
    expect((await campaignView(scope, id)).can.enter).toBe(true);
    expect((await saveEntry(scope, id, { items: [{ variant_id: b.variantId, price: 25_000 }] })).created).toBe(true);
    expect((await entryOf(id)).map((e) => e.status).sort()).toEqual([s.PROMOTION_STATUS.in_moderation, s.PROMOTION_STATUS.cancelled].sort());
  });

  it("makes one entry when two submits race, and refuses once registration has closed", async () => {
    const id = await campaign();
    const v = await newVariant(shop);
    const both = await Promise.all([1, 2].map(() => saveEntry(scope, id, { items: [{ variant_id: v.variantId, price: 40_000 }] })));
    expect(both.map((r) => r.created).sort()).toEqual([false, true]);
    expect(await entryOf(id)).toHaveLength(1);

    const closed = await campaign({ registration_ends_at: now() - 60, starts_at: now() + 3600 });
    expect((await refusal(saveEntry(scope, closed, { items: [{ variant_id: v.variantId, price: 40_000 }] }))).message).toBe("campaign:errors.registration_closed");
    expect((await campaignView(scope, closed)).can.enter).toBe(false);
  });

  it("prices orders at the campaign price while it runs, and another business sees the campaign but not the entry", async () => {
    const id = await campaign();
    const v = await newVariant(shop);
    const { promotion_id } = await saveEntry(scope, id, { items: [{ variant_id: v.variantId, price: 35_000 }] });
    await db.transaction((tx) => movePromotion(tx, shop.businessId, promotion_id, "approve", "platform"));
    // The campaign's day comes (the clock moved by hand: its window starts a minute ago).
    const start = new Date((now() - 60) * 1000);
    await db.update(s.campaigns).set({ registrationEndsAt: start, startsAt: start }).where(eq(s.campaigns.id, id));
    await db.update(s.promotions).set({ startsAt: start }).where(eq(s.promotions.id, promotion_id));
    await bumpPromotions(db, shop.businessId);
    // On the Indie channel the campaign price; on another channel the regular one.
    const channels = await db.select({ id: s.channels.id, code: s.channels.platformCode }).from(s.channels)
      .where(and(eq(s.channels.businessId, shop.businessId), eq(s.channels.status, 1)));
    const indie = channels.find((c) => c.code === "IDM")!;
    const elsewhere = channels.find((c) => c.code !== "IDM")!;
    const orderId = await newOrder({ ...shop, channelId: indie.id }, [{ sku: v.sku, quantity: 2 }]);
    const [line] = await db.select().from(s.orderItems).where(eq(s.orderItems.orderId, orderId));
    expect(line).toMatchObject({ price: 35_000, regularPrice: 50_000 });
    const [use] = await db.select().from(s.orderPromotions).where(eq(s.orderPromotions.orderId, orderId));
    expect(use).toMatchObject({ promotionId: promotion_id, amount: 30_000, units: 2 });
    const onOther = await newOrder({ ...shop, channelId: elsewhere.id }, [{ sku: v.sku, quantity: 1 }]);
    expect((await db.select().from(s.orderItems).where(eq(s.orderItems.orderId, onOther)))[0]).toMatchObject({ price: 50_000, regularPrice: null });

    const mine = await listCampaigns(scope, campaignQuery.parse({ tab: "joined" }));
    expect(mine.rows.map((r) => r.id)).toContain(id);
    const theirs = await listCampaigns(other, campaignQuery.parse({ tab: "all", search: (await campaignView(scope, id)).campaign.name }));
    expect(theirs.rows.map((r) => r.id)).toEqual([id]);
    expect(theirs.entries.size).toBe(0);
    expect((await campaignView(other, id)).entry).toBeNull();
  });
});
