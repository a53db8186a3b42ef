/**
 * Demo campaigns (Indie campaign), so the page opens on real-looking data: Harbolnas 12.12 and a
 * December payday sale open for registration, a local-brands week running now (its registration
 * closed) and 11.11 over, in which Toko Demo took part with two variants at campaign prices (the
 * entry ended, so no order the tests or the simulator make is priced by it). Made through
 * addCampaign, as the platform's command makes them. Runs after the demo promotions.
 */
import { and, asc, eq } from "drizzle-orm";
import * as s from "#db/schema/index.ts";
import { addCampaign } from "#core/promotions/campaigns.ts";
import { wibDayStart } from "#core/lib/time.ts";
import type { DemoDb, DemoIds } from "./types.ts";

/** Unix seconds of WIB midnight `days` from today (campaigns run whole days). */
const at = (days: number) => wibDayStart(new Date(), days).getTime() / 1000;

export async function seedDemoCampaigns(db: DemoDb, ids: DemoIds) {
  await addCampaign(db, {
    name: "Harbolnas 12.12", promo_type: "seasonal", min_discount_percent: "10", max_products: 20,
    description: "Hari Belanja Online Nasional, hari belanja terbesar tahun ini. Produk kampanye mendapat lencana dan tempat di halaman 12.12.",
    registration_ends_at: at(8), starts_at: at(14), ends_at: at(15),
  });
  await addCampaign(db, {
    name: "Payday Sale Desember", promo_type: "monthly", min_discount_percent: "5", max_products: 30,
    description: "Tiga hari di sekitar tanggal gajian, tampil di banner beranda.", registration_ends_at: at(20), starts_at: at(27), ends_at: at(30),
  });
  await addCampaign(db, {
    name: "Pekan Brand Lokal", promo_type: "weekly", min_discount_percent: "15", max_products: 10,
    description: "Sepekan untuk brand lokal.", registration_ends_at: at(-4), starts_at: at(-2), ends_at: at(5),
  });
  const past = await addCampaign(db, {
    name: "Flash Sale 11.11", promo_type: "flash_sale", min_discount_percent: "10", max_products: 20,
    description: "Flash sale 11.11.", registration_ends_at: at(-24), starts_at: at(-16), ends_at: at(-15),
  });
  const variants = await db.select({ id: s.productVariants.id, price: s.productVariants.price }).from(s.productVariants)
    .innerJoin(s.products, eq(s.products.id, s.productVariants.productId))
    .where(and(eq(s.productVariants.businessId, ids.tokoDemo), eq(s.products.status, "published"))).orderBy(asc(s.productVariants.id)).limit(2);
  if (!variants.length) return;
  const [c] = await db.select().from(s.campaigns).where(eq(s.campaigns.id, past));
  const [entry] = await db.insert(s.promotions).values({
    businessId: ids.tokoDemo, name: c.name, kind: "discount_time", promoType: c.promoType, status: s.PROMOTION_STATUS.ended,
    startsAt: c.startsAt, endsAt: c.endsAt, anyProduct: false, anyChannel: false, campaignId: c.id, createdBy: ids.seller,
  }).returning({ id: s.promotions.id });
  const indie = await db.select({ id: s.channels.id }).from(s.channels).where(and(eq(s.channels.businessId, ids.tokoDemo), eq(s.channels.platformCode, "IDM")));
  await db.insert(s.promotionTargets).values([
    ...variants.map((v) => ({ promotionId: entry.id, businessId: ids.tokoDemo, kind: "variant" as const, refId: v.id, price: Math.floor((v.price * 0.85) / 100) * 100 })),
    ...indie.map((c) => ({ promotionId: entry.id, businessId: ids.tokoDemo, kind: "channel" as const, refId: c.id })),
  ]);
}
