/**
 * Demo resellers, suppliers, a partner and margin rules (issue 17; core/partners/). Toko Demo: three
 * resellers (two active — a Bandung wholesaler linked to the Bandung store and a brand, a Surabaya
 * reseller — and one inactive in Medan), two suppliers (a textile mill, a packaging maker), one
 * partner (a batik craft cooperative); margins: 10 % default, 15 % for the Bandung wholesaler,
 * Rp 5.000 off one brand for it, 12.5 % through the first store. Batik Sekar Jagad: one reseller
 * (tenant isolation has something to not see).
 */
import { asc, eq } from "drizzle-orm";
import * as s from "#db/schema/index.ts";
import type { DemoDb, DemoIds } from "./types.ts";

const ago = (days: number) => new Date(Date.now() - days * 86400_000);
type PartnerSeed = typeof s.tradingPartners.$inferInsert & { storeIds?: number[]; brandIds?: number[] };

async function addPartners(db: DemoDb, userId: number, rows: PartnerSeed[]) {
  const ids: number[] = [];
  for (const { storeIds = [], brandIds = [], ...p } of rows) {
    const [row] = await db.insert(s.tradingPartners).values(p).returning({ id: s.tradingPartners.id });
    if (storeIds.length) await db.insert(s.tradingPartnerStores).values(storeIds.map((storeId) => ({ partnerId: row.id, storeId })));
    if (brandIds.length) await db.insert(s.tradingPartnerBrands).values(brandIds.map((brandId) => ({ partnerId: row.id, brandId })));
    await db.insert(s.updateHistory).values({ businessId: p.businessId, refType: "trading_partner", refId: row.id, userId, action: "create", timeCreated: p.timeCreated });
    ids.push(row.id);
  }
  return ids;
}

export async function seedDemoTradingPartners(db: DemoDb, ids: DemoIds) {
  const toko = ids.tokoDemo;
  const [storeRows, brandRows] = await Promise.all([
    db.select({ id: s.stores.id }).from(s.stores).where(eq(s.stores.businessId, toko)).orderBy(asc(s.stores.id)),
    db.select({ id: s.brands.id }).from(s.brands).where(eq(s.brands.businessId, toko)).orderBy(asc(s.brands.id)),
  ]);
  const store = storeRows[0]?.id;
  const brand = brandRows[0]?.id;
  const [grosir] = await addPartners(db, ids.seller, [
    {
      businessId: toko, kind: "reseller", name: "CV Sumber Rejeki Grosir",
      contacts: [
        { name: "Agus Setiawan", phone: "+6281322334455", email: "agus@sumberrejeki.co.id", role: "Pemilik" },
        { name: "Lina Marlina", phone: "+6285721110099", email: null, role: "Admin pesanan" },
      ],
      address: "Jl. Otto Iskandardinata No. 112, Regol", cityId: 3273, postcode: "40252", latitude: -6.9286, longitude: 107.6054,
      bankCode: "014", bankAccountName: "CV Sumber Rejeki Grosir", bankAccountNo: "4371029988",
      paymentDays: 30, creditLimit: 50_000_000, note: "Ambil barang tiap Senin; minta faktur pajak.",
      timeCreated: ago(150), timeModified: ago(20), storeIds: store ? [store] : [], brandIds: brand ? [brand] : [],
    },
    {
      businessId: toko, kind: "reseller", name: "Toko Berkah Jaya Surabaya",
      contacts: [{ name: "Hendra Wijaya", phone: "+6281230001122", email: "berkahjaya.sby@gmail.com", role: "Pemilik" }],
      address: "Jl. Kapas Krampung No. 45, Tambaksari", cityId: 3578, postcode: "60136",
      bankCode: "008", bankAccountName: "Hendra Wijaya", bankAccountNo: "1420012345678",
      paymentDays: 14, creditLimit: 15_000_000, timeCreated: ago(90), timeModified: ago(30),
    },
    {
      businessId: toko, kind: "reseller", name: "Reseller Medan Fashion", status: 0,
      contacts: [{ name: "Rudi Siregar", phone: "+6281265554433", email: null, role: null }],
      address: "Jl. Gatot Subroto No. 7, Medan Petisah", cityId: 1271, postcode: "20112",
      paymentDays: 0, creditLimit: 0, note: "Berhenti sementara sejak Lebaran.", timeCreated: ago(300), timeModified: ago(60),
    },
    {
      businessId: toko, kind: "supplier", name: "PT Tekstil Nusantara Majalaya",
      contacts: [{ name: "Dedi Kurniawan", phone: "+6222595011", email: "sales@tekstilnusantara.co.id", role: "Sales" }],
      address: "Jl. Raya Majalaya No. 88", cityId: 3204, postcode: "40382",
      bankCode: "002", bankAccountName: "PT Tekstil Nusantara Majalaya", bankAccountNo: "001201000555307",
      paymentDays: 45, creditLimit: 0, note: "Kain katun combed 30s dan rayon.", timeCreated: ago(250), timeModified: ago(45),
    },
    {
      businessId: toko, kind: "supplier", name: "CV Kemasan Prima Tangerang",
      contacts: [{ name: "Sri Rahayu", phone: "+6281511223344", email: "order@kemasanprima.id", role: "Marketing" }],
      address: "Jl. Industri Raya Blok B No. 3, Jatiuwung", cityId: 3671, postcode: "15135",
      paymentDays: 7, creditLimit: 0, timeCreated: ago(80), timeModified: ago(80),
    },
    {
      businessId: toko, kind: "partner", name: "Koperasi Pengrajin Batik Trusmi",
      contacts: [{ name: "Ibu Masnah", phone: "+6281324556677", email: null, role: "Ketua koperasi" }],
      address: "Jl. Trusmi Kulon, Plered", cityId: 3209, postcode: "45154",
      paymentDays: 30, creditLimit: 0, note: "Kolaborasi koleksi batik Cirebon.", timeCreated: ago(60), timeModified: ago(10),
    },
  ]);
  await addPartners(db, ids.seller2, [{
    businessId: ids.sekar, kind: "reseller", name: "Galeri Batik Malioboro",
    contacts: [{ name: "Pak Joko", phone: "+6281328889900", email: null, role: "Pemilik" }],
    address: "Jl. Malioboro No. 60", cityId: 3471, postcode: "55271", paymentDays: 14, creditLimit: 10_000_000,
    timeCreated: ago(100), timeModified: ago(100),
  }]);
  await db.insert(s.marginRules).values([
    { businessId: toko, type: "percent", value: 1000 },
    { businessId: toko, partnerId: grosir, type: "percent", value: 1500 },
    ...(brand ? [{ businessId: toko, partnerId: grosir, brandId: brand, type: "amount" as const, value: 5000 }] : []),
    ...(store ? [{ businessId: toko, storeId: store, type: "percent" as const, value: 1250 }] : []),
  ]);
}
