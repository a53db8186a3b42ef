/**
 * Demo offerings (api/routes/offering-*.ts): what Toko Demo sells besides stocked products, so the
 * service, gift voucher, voucher and package pages open on real-looking data.
 *
 * Toko Demo: tailoring services at its shops (permak celana, jahit kebaya, payet, an inactive
 * kebaya laundry), three gift vouchers (one partly redeemed, one fresh, one whose validity ended
 * with codes left), three vouchers (a percentage capped in rupiah, a fixed amount with a minimum
 * purchase, an upcoming 12.12 sale) and two packages made of demo variants.
 * Batik Sekar Jagad: one batik class, so the other business has something of its own.
 *
 * Written with the API's own rules and helpers (api/domain/{services,gift-vouchers,vouchers,
 * packages}.ts): validity as whole WIB days, money in integer rupiah, percentages in basis
 * points, codes from addCodes, and an update-history row per record as the API writes it ("create",
 * plus one "redeem" per redeemed code). Runs after seedDemoCatalog (packages need its variants).
 * The packages leave out the products the API tests delete or put in their own packages
 * (TBD-010, KSP-013, STS-012), so those tests keep meaning what they say.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { addCodes } from "#core/catalog/gift-vouchers.ts";
import { formatCode, wibDay } from "#core/catalog/offering-enums.ts";
import { dayEnd, dayStart } from "#core/catalog/offerings-shared.ts";
import type { Tx } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import type { DemoDb, DemoIds } from "./types.ts";

const DAY = 86400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
/** The WIB day `days` from today as YYYY-MM-DD (negative: in the past), as the forms send it. */
const day = (days: number) => wibDay(Math.floor((Date.now() + days * DAY) / 1000));

type Who = { businessId: number; userId: number };

async function created(tx: Tx, who: Who, refType: string, refId: number, at: Date) {
  await tx.insert(s.updateHistory).values({ businessId: who.businessId, refType, refId, userId: who.userId, action: "create", changes: {}, timeCreated: at });
}

type ServiceSeed = { name: string; sku: string; description: string; minutes: number; price: number; stores: string[]; status?: number; age: number };

async function addServices(db: DemoDb, who: Who, rows: ServiceSeed[]) {
  const storeRows = await db.select({ id: s.stores.id, name: s.stores.name }).from(s.stores).where(eq(s.stores.businessId, who.businessId));
  for (const r of rows) {
    await db.transaction(async (tx) => {
      const at = ago(r.age);
      const [row] = await tx.insert(s.services).values({
        businessId: who.businessId, name: r.name, sku: r.sku, description: r.description, durationMinutes: r.minutes, price: r.price,
        status: r.status ?? 1, timeCreated: at, timeModified: at,
      }).returning({ id: s.services.id });
      // No store listed means every store (core/catalog/services.ts).
      const chosen = storeRows.filter((st) => r.stores.includes(st.name));
      if (chosen.length) await tx.insert(s.serviceStores).values(chosen.map((st) => ({ serviceId: row.id, storeId: st.id })));
      await created(tx, who, "service", row.id, at);
    });
  }
}

type GiftSeed = { name: string; description: string; value: number; price: number; quantity: number; from: number; until: number; redeemed: string[]; age: number };

async function addGiftVouchers(db: DemoDb, who: Who, rows: GiftSeed[]) {
  for (const r of rows) {
    await db.transaction(async (tx) => {
      const at = ago(r.age);
      const [row] = await tx.insert(s.giftVouchers).values({
        businessId: who.businessId, name: r.name, description: r.description, value: r.value, price: r.price, quantity: r.quantity,
        validFrom: dayStart(day(r.from)), validUntil: dayEnd(day(r.until)), timeCreated: at, timeModified: at,
      }).returning({ id: s.giftVouchers.id });
      await addCodes(tx, who.businessId, row.id, r.quantity);
      await created(tx, who, "gift_voucher", row.id, at);
      // The oldest codes were sold first; each redemption names its order, as the redeem call does.
      const codes = await tx.select().from(s.giftVoucherCodes).where(eq(s.giftVoucherCodes.giftVoucherId, row.id))
        .orderBy(asc(s.giftVoucherCodes.id)).limit(r.redeemed.length);
      for (const [n, code] of codes.entries()) {
        const when = new Date(at.getTime() + (n + 1) * 3 * DAY);
        await tx.update(s.giftVoucherCodes).set({ timeRedeemed: when, reference: r.redeemed[n] }).where(eq(s.giftVoucherCodes.id, code.id));
        await tx.update(s.giftVouchers).set({ timeModified: when }).where(eq(s.giftVouchers.id, row.id));
        await tx.insert(s.updateHistory).values({
          businessId: who.businessId, refType: "gift_voucher", refId: row.id, userId: who.userId, action: "redeem",
          changes: { code: { from: null, to: formatCode(code.code) } }, timeCreated: when,
        });
      }
    });
  }
}

async function addVouchers(db: DemoDb, who: Who, rows: (Omit<typeof s.vouchers.$inferInsert, "businessId" | "validFrom" | "validUntil"> & { from: number; until: number; age: number })[]) {
  for (const { from, until, age, ...r } of rows) {
    await db.transaction(async (tx) => {
      const at = ago(age);
      const [row] = await tx.insert(s.vouchers).values({
        ...r, businessId: who.businessId, validFrom: dayStart(day(from)), validUntil: dayEnd(day(until)), timeCreated: at, timeModified: at,
      }).returning({ id: s.vouchers.id });
      await created(tx, who, "voucher", row.id, at);
    });
  }
}

type PackageSeed = { name: string; sku: string; description: string; price: number; items: [string, number][]; age: number };

async function addPackages(db: DemoDb, who: Who, rows: PackageSeed[]) {
  const skus = rows.flatMap((r) => r.items.map(([sku]) => sku));
  const variants = await db.select({ id: s.productVariants.id, sku: s.productVariants.sku }).from(s.productVariants)
    .where(and(eq(s.productVariants.businessId, who.businessId), inArray(s.productVariants.sku, skus)));
  const idOf = new Map(variants.map((v) => [v.sku, v.id]));
  for (const r of rows) {
    // A demo catalogue without these variants (trimmed by hand) simply has no such package.
    if (r.items.some(([sku]) => !idOf.has(sku))) continue;
    await db.transaction(async (tx) => {
      const at = ago(r.age);
      const [row] = await tx.insert(s.packages).values({
        businessId: who.businessId, name: r.name, sku: r.sku, description: r.description, price: r.price, timeCreated: at, timeModified: at,
      }).returning({ id: s.packages.id });
      await tx.insert(s.packageItems).values(r.items.map(([sku, quantity]) => ({ packageId: row.id, variantId: idOf.get(sku)!, quantity })));
      await created(tx, who, "package", row.id, at);
    });
  }
}

export async function seedDemoOfferings(db: DemoDb, ids: DemoIds) {
  const toko = { businessId: ids.tokoDemo, userId: ids.seller };
  await addServices(db, toko, [
    {
      name: "Permak Celana (Potong & Obras)", sku: "JS-PERMAK-CLN", minutes: 1440, price: 35000, age: 80,
      description: "Potong panjang celana, obras dan jahit ulang bawahan. Bisa ditunggu di hari berikutnya.",
      stores: ["Toko Demo Senopati", "Toko Demo Braga"],
    },
    {
      name: "Jahit Kebaya Custom", sku: "JS-KEBAYA-CST", minutes: 14 * 1440, price: 850000, age: 75,
      description: "Kebaya sesuai ukuran badan, termasuk satu kali fitting. Kain dari pelanggan atau pilih di toko.",
      stores: ["Toko Demo Senopati"],
    },
    {
      name: "Pasang Payet & Bordir Nama", sku: "JS-PAYET-BRD", minutes: 180, price: 50000, age: 40,
      description: "Bordir nama atau inisial sampai 12 huruf, atau payet di kerah dan lengan.", stores: [],
    },
    {
      name: "Cuci & Setrika Kebaya", sku: "JS-CUCI-KBY", minutes: 2 * 1440, price: 45000, age: 30, status: 0,
      description: "Dry clean untuk kebaya berpayet. Sementara berhenti: mesin sedang diganti.", stores: ["Toko Demo Grand Indonesia"],
    },
  ]);
  await addGiftVouchers(db, toko, [
    {
      name: "Gift Card Toko Demo Rp 100.000", value: 100000, price: 100000, quantity: 20, from: -30, until: 335, age: 30,
      description: "Berlaku di semua toko Toko Demo dan pesanan WhatsApp. Satu kode untuk satu kali belanja.",
      redeemed: ["INV/20261101/100012", "INV/20261104/100031", "INV/20261109/100047"],
    },
    {
      name: "Voucher Hadiah Lebaran Rp 250.000", value: 250000, price: 225000, quantity: 10, from: 0, until: 60, age: 2,
      description: "Hadiah Lebaran untuk keluarga dan kolega, dijual dengan potongan 10%.", redeemed: [],
    },
    {
      name: "Voucher Ulang Tahun Toko Rp 50.000", value: 50000, price: 40000, quantity: 5, from: -120, until: -60, age: 120,
      description: "Promo ulang tahun ke-3 Toko Demo. Masa berlaku sudah habis.", redeemed: ["INV/20260801/100003", "INV/20260815/100019"],
    },
  ]);
  await addVouchers(db, toko, [
    {
      name: "Diskon Payday 10%", code: "PAYDAY10", description: "Diskon 10% sampai Rp 50.000 untuk belanja minimal Rp 150.000.",
      discountType: "percent", discountValue: 1000, maxDiscount: 50000, minPurchase: 150000, quota: 200, used: 37, from: -5, until: 25, age: 6,
    },
    {
      name: "Potongan Rp 25.000", code: "HEMAT25K", description: "Potongan langsung Rp 25.000 untuk belanja minimal Rp 200.000.",
      discountType: "amount", discountValue: 25000, maxDiscount: null, minPurchase: 200000, quota: 100, used: 12, from: -14, until: 16, age: 15,
    },
    {
      name: "Harbolnas 12.12", code: "HARBOLNAS1212", description: "Diskon 12% sampai Rp 100.000, hanya di hari belanja nasional.",
      discountType: "percent", discountValue: 1200, maxDiscount: 100000, minPurchase: 0, quota: 500, used: 0, from: 10, until: 12, age: 1,
    },
  ]);
  await addPackages(db, toko, [
    {
      name: "Paket Kondangan Batik", sku: "PKT-KONDANGAN", price: 339000, age: 20,
      description: "Kemeja batik parang dan hijab voal untuk ke kondangan, lebih hemat dibeli sepaket.",
      items: [["KBP-001-COK-L", 1], ["HVM-007-SAG", 1]],
    },
    {
      name: "Paket Hampers Wangi", sku: "PKT-HAMPERS-WANGI", price: 175000, age: 12,
      description: "Tiga sabun sereh wangi dan dua lilin aromaterapi melati, siap dikirim sebagai hampers.",
      items: [["SSW-019", 3], ["LAM-020", 2]],
    },
  ]);

  await addServices(db, { businessId: ids.sekar, userId: ids.seller2 }, [
    {
      name: "Kelas Membatik Tulis", sku: "KLS-BATIK-TULIS", minutes: 180, price: 150000, age: 50,
      description: "Belajar membatik tulis di sapu tangan, kain dan canting disediakan.", stores: ["Batik Sekar Jagad Prawirotaman"],
    },
  ]);
}
