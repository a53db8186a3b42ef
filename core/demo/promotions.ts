/**
 * Demo promotions, so the promotion pages open on real-looking data: Toko Demo has a flash sale
 * running on its Shopee channel for two products (promo stock and quota), free delivery starting
 * in five days on Tokopedia, a 12.12 voucher waiting in moderation (approved a minute after the
 * seed in demo mode, as every new one is), a discount that ended last month and a cancelled bundle.
 * Each is aimed narrowly (a channel and products, or a code), so the orders the tests and the
 * simulator make on the other channels keep their regular prices. Runs after the demo orders.
 */
import { and, asc, eq } from "drizzle-orm";
import * as s from "#db/schema/index.ts";
import type { DemoDb, DemoIds } from "./types.ts";

const DAY = 86400_000;
const at = (days: number, hour = 0) => new Date(Math.floor((Date.now() + days * DAY) / 3600_000) * 3600_000 + hour * 3600_000);

export async function seedDemoPromotions(db: DemoDb, ids: DemoIds) {
  const businessId = ids.tokoDemo;
  const channels = await db.select({ id: s.channels.id, code: s.channels.platformCode }).from(s.channels).where(eq(s.channels.businessId, businessId));
  const channel = (code: string) => channels.find((c) => c.code === code)?.id;
  const products = await db.select({ id: s.products.id, brandId: s.products.brandId }).from(s.products)
    .where(and(eq(s.products.businessId, businessId), eq(s.products.status, "published"))).orderBy(asc(s.products.id)).limit(2);
  const S = s.PROMOTION_STATUS;
  const rows = [
    {
      name: "Flash Sale Payday Shopee", kind: "discount_time" as const, promoType: "flash_sale" as const, status: S.on_going, startsAt: at(-1), endsAt: at(2),
      discountType: "percent" as const, discountValue: 2000, maxDiscount: 50_000, quota: 500, promoStock: 100, anyProduct: false, anyChannel: false,
      targets: [...products.map((p) => ({ kind: "product" as const, refId: p.id })), { kind: "channel" as const, refId: channel("SHP") }],
    },
    {
      name: "Gratis Ongkir Akhir Tahun", kind: "delivery" as const, promoType: "seasonal" as const, status: S.upcoming, startsAt: at(5), endsAt: at(12),
      discountType: "amount" as const, discountValue: 20_000, minSpend: 150_000, anyChannel: false, targets: [{ kind: "channel" as const, refId: channel("TKP") }],
    },
    {
      name: "Voucher Harbolnas 12.12", kind: "voucher" as const, promoType: "seasonal" as const, status: S.in_moderation, startsAt: at(10), endsAt: at(11),
      discountType: "percent" as const, discountValue: 1200, maxDiscount: 100_000, minSpend: 200_000, code: "DEMO1212", quota: 1212, perBuyer: 1,
      autoApproveAt: new Date(Date.now() + 60_000), targets: [],
    },
    {
      name: "Diskon Gajian Oktober", kind: "discount" as const, promoType: "monthly" as const, status: S.ended, startsAt: at(-40), endsAt: at(-33),
      discountType: "percent" as const, discountValue: 1500, anyProduct: false, targets: products.slice(0, 1).map((p) => ({ kind: "product" as const, refId: p.id })),
    },
    {
      name: "Bundling 3 Kaos Rp 150.000", kind: "bundle" as const, promoType: "common" as const, status: S.cancelled, startsAt: at(3), endsAt: at(30),
      buyQty: 3, bundlePrice: 150_000, anyProduct: false, targets: products.slice(1, 2).map((p) => ({ kind: "product" as const, refId: p.id })),
    },
  ];
  for (const { targets, ...p } of rows) {
    const [made] = await db.insert(s.promotions).values({ ...p, businessId, createdBy: ids.seller }).returning({ id: s.promotions.id });
    const real = targets.flatMap((t) => (t.refId === undefined ? [] : [{ kind: t.kind as s.TargetKind, refId: t.refId, promotionId: made.id, businessId }]));
    if (real.length) await db.insert(s.promotionTargets).values(real);
  }
}
