/**
 * Demo Indie ads, so /promotions/indie-ads opens on real-looking data: Toko Demo has a search ad
 * for its combed cotton T-shirts (running for a week; two days ago an evening rush reached its daily
 * budget), a home-page ad for its batik shirts (running, ends in three weeks) and a paused
 * recommendation ad for its pandan bag. Their past days are reported through the same writer as
 * the channel's (recordAdActivity, with past times): the spend is on the deposit's history. Today's
 * activity comes from the demo channel (core/promotions/ad-simulator.ts) once the app runs.
 * Runs after the demo deposit: the ads are paid from it, topped up for them (Rp 100.000 eight days
 * ago, through the payment service as every top-up), so this month's subscription stays payable.
 */
import { and, eq, inArray } from "drizzle-orm";
import * as s from "#db/schema/index.ts";
import { DAY_MS, wibDayStart } from "#core/lib/time.ts";
import { post } from "#core/money/ledger.ts";
import { recordAdActivity } from "#core/promotions/ads.ts";
import { simulatedActivity } from "#core/promotions/ad-simulator.ts";
import type { DemoDb, DemoIds } from "./types.ts";

const HOUR = 3600_000;
const TOP_UP = 100_000;

export async function seedDemoAds(db: DemoDb, ids: DemoIds) {
  const businessId = ids.tokoDemo;
  const skus = ["KKC-004", "KKC-005", "KBP-001", "KBK-002", "TAP-008"];
  const found = await db.select({ id: s.products.id, sku: s.products.sku }).from(s.products)
    .where(and(eq(s.products.businessId, businessId), inArray(s.products.sku, skus)));
  const product = (sku: string) => found.filter((p) => p.sku === sku).map((p) => p.id);
  const today = wibDayStart();
  /** A WIB day `days` from today at `hour` o'clock. */
  const at = (days: number, hour: number) => new Date(today.getTime() + days * DAY_MS + hour * HOUR);

  const paidAt = at(-8, 9);
  const [pay] = await db.insert(s.payments).values({
    businessId, purpose: "topup", amount: TOP_UP, method: 3, status: "paid", providerRef: "DEMO-VA-2",
    instructions: { kind: "va", value: "8808000000002" }, userId: ids.seller, timeCreated: paidAt, timeSettled: paidAt,
  }).returning();
  await db.transaction((tx) => post(tx, { businessId, kind: "topup", key: `payment-${pay.id}:paid`, ref: { type: "payment", id: pay.id }, userId: ids.seller,
    memo: { payment_id: pay.id, method: 3 }, at: paidAt, legs: [{ account: "deposit", amount: TOP_UP }, { account: "payment", amount: -TOP_UP }] }));

  const rows = [
    {
      name: "Kaos Katun Combed — Pencarian", dailyBudget: 15_000, bidPerClick: 500, startsAt: at(-7, 8), endsAt: null,
      keywords: ["kaos polos", "kaos katun", "kaos combed 30s", "kaos hitam"], placements: ["search", "product"] as s.AdPlacement[],
      productIds: [...product("KKC-004"), ...product("KKC-005")], days: 6, paused: false,
    },
    {
      name: "Batik Pria di Beranda", dailyBudget: 15_000, bidPerClick: 300, startsAt: at(-4, 9), endsAt: at(21, 0),
      keywords: ["kemeja batik"], placements: ["home", "product"] as s.AdPlacement[],
      productIds: [...product("KBP-001"), ...product("KBK-002")], days: 4, paused: false,
    },
    {
      name: "Tas Anyaman Pandan — Rekomendasi", dailyBudget: 10_000, bidPerClick: 250, startsAt: at(-9, 10), endsAt: null,
      keywords: [], placements: ["product"] as s.AdPlacement[], productIds: product("TAP-008"), days: 3, paused: true,
    },
  ];
  for (const { days, paused, ...ad } of rows) {
    if (!ad.productIds.length) continue;
    const [made] = await db.insert(s.ads).values({ ...ad, businessId, status: s.AD_STATUS.active, createdBy: ids.seller, timeCreated: ad.startsAt, timeModified: ad.startsAt })
      .returning();
    // A late-morning stretch of each past day (the paused one's days end a week ago), and for the
    // search ad an evening rush two days ago that its daily budget cuts short.
    const first = paused ? -9 : -days;
    for (let d = first; d < first + days; d++) {
      const end = at(d, 14);
      const { clicks, impressions } = simulatedActivity(made, end, 4 * HOUR, d);
      if (clicks) await db.transaction((tx) => recordAdActivity(tx, businessId, made.id, { clicks, impressions, at: end, key: `demo:${d}` }));
    }
    if (ad.placements.includes("search")) {
      await db.transaction((tx) => recordAdActivity(tx, businessId, made.id, { clicks: 60, impressions: 1_900, at: at(-2, 21), key: "demo:rush" }));
    }
    if (paused) {
      await db.update(s.ads).set({ status: s.AD_STATUS.paused, timeModified: at(-6, 12) }).where(eq(s.ads.id, made.id));
    }
  }
}
