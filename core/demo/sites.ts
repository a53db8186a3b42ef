/**
 * Demo warehouses, factories and store fees (api/routes/warehouses.ts, factories.ts, store-fees.ts).
 * Toko Demo: a central warehouse in Jakarta (the default, with racks and a returns room), a branch
 * in Surabaya and a 3PL partner's warehouse in Bekasi (inactive: the contract is paused); a
 * konveksi in Bandung and a screen-printing workshop in Jakarta (inactive); store fees for the
 * stores and channels the earlier seeds made (read by business; none when a list is empty).
 * Batik Sekar Jagad: one warehouse and one batik workshop in Yogyakarta.
 */
import { asc, eq } from "drizzle-orm";
import * as s from "#db/schema/index.ts";
import type { DemoDb, DemoIds } from "./types.ts";

const ago = (days: number) => new Date(Date.now() - days * 86400_000);

type WarehouseSeed = typeof s.warehouses.$inferInsert & { partitions?: string[] };

async function addWarehouses(db: DemoDb, userId: number, rows: WarehouseSeed[]) {
  for (const { partitions, ...w } of rows) {
    const [row] = await db.insert(s.warehouses).values(w).returning({ id: s.warehouses.id });
    if (partitions?.length) {
      await db.insert(s.warehousePartitions).values(partitions.map((name) => ({ businessId: w.businessId, warehouseId: row.id, name })));
    }
    await db.insert(s.updateHistory).values({
      businessId: w.businessId, refType: "warehouse", refId: row.id, userId, action: "create", timeCreated: w.timeCreated,
    });
  }
}

async function addFactories(db: DemoDb, userId: number, rows: (typeof s.factories.$inferInsert)[]) {
  for (const f of rows) {
    const [row] = await db.insert(s.factories).values(f).returning({ id: s.factories.id });
    await db.insert(s.updateHistory).values({
      businessId: f.businessId, refType: "factory", refId: row.id, userId, action: "create", timeCreated: f.timeCreated,
    });
  }
}

export async function seedDemoSites(db: DemoDb, ids: DemoIds) {
  const toko = ids.tokoDemo;
  await addWarehouses(db, ids.seller, [
    {
      businessId: toko, name: "Gudang Pusat Pulogadung", type: 1, region: 1, isDefault: true, status: 1,
      email: "gudang@tokodemo.id", phone: "+62214602233",
      address: "Kawasan Industri Pulogadung, Jl. Rawa Gelam III No. 5, Jatinegara, Cakung", cityId: 3175, postcode: "13930",
      latitude: -6.1913, longitude: 106.9089, timeCreated: ago(380), timeModified: ago(15),
      partitions: ["Rak A", "Rak B", "Gudang Retur"],
    },
    {
      businessId: toko, name: "Gudang Cabang Surabaya", type: 2, region: 1, status: 1,
      email: "surabaya@tokodemo.id", phone: "+62318432100",
      address: "Jl. Rungkut Industri III No. 22, Rungkut", cityId: 3578, postcode: "60293",
      latitude: -7.3306, longitude: 112.756, timeCreated: ago(210), timeModified: ago(40),
      partitions: ["Rak Utama", "Area Transit"],
    },
    {
      businessId: toko, name: "Gudang Mitra Logistik Cikarang", type: 2, region: 1, isPartner: true, status: 0,
      email: "cs@mitralogistik.co.id", phone: "+622189901122",
      address: "Kawasan Industri Jababeka, Jl. Jababeka Raya Blok F No. 9, Cikarang Utara", cityId: 3216, postcode: "17530",
      latitude: -6.293, longitude: 107.15, timeCreated: ago(120), timeModified: ago(9),
    },
  ]);
  await addFactories(db, ids.seller, [
    {
      businessId: toko, name: "Konveksi Sinar Cigondewah", contactName: "Dedi Kurniawan", email: "konveksi@tokodemo.id", phone: "+6281322114455",
      address: "Jl. Cigondewah Kaler No. 45, Bandung Kulon", cityId: 3273, postcode: "40214",
      latitude: -6.9345, longitude: 107.564, monthlyCapacity: 3000, status: 1, timeCreated: ago(300), timeModified: ago(25),
    },
    {
      businessId: toko, name: "Workshop Sablon Cakung", contactName: "Rina Marlina", phone: "+6285711223344",
      address: "Jl. Raya Penggilingan No. 17, Cakung", cityId: 3175, postcode: "13940",
      latitude: -6.2085, longitude: 106.9415, monthlyCapacity: 1200, status: 0, timeCreated: ago(160), timeModified: ago(60),
    },
  ]);

  await addWarehouses(db, ids.seller2, [
    {
      businessId: ids.sekar, name: "Gudang Prawirotaman", type: 1, region: 1, isDefault: true, status: 1,
      email: "gudang@sekarjagad.id", phone: "+62274371235",
      address: "Jl. Prawirotaman II No. 14, Mergangsan", cityId: 3471, postcode: "55153",
      latitude: -7.819, longitude: 110.3689, timeCreated: ago(290), timeModified: ago(30),
      partitions: ["Rak Kain", "Rak Barang Jadi"],
    },
  ]);
  await addFactories(db, ids.seller2, [
    {
      businessId: ids.sekar, name: "Rumah Batik Sekar Jagad", contactName: "Sri Handayani", email: "produksi@sekarjagad.id", phone: "+6281227003344",
      address: "Jl. Kaliurang Km 9, Ngaglik", cityId: 3404, postcode: "55581",
      latitude: -7.728, longitude: 110.41, monthlyCapacity: 800, status: 1, timeCreated: ago(280), timeModified: ago(50),
    },
  ]);

  await seedFees(db, ids);
}

/**
 * Toko Demo's fees, from the stores and channels seeded before: a concession on every sale of a
 * mall or department store; marketplace fees for the first (default) store's online sales.
 */
async function seedFees(db: DemoDb, ids: DemoIds) {
  const toko = ids.tokoDemo;
  const storeRows = await db.select({ id: s.stores.id, type: s.stores.type, isDefault: s.stores.isDefault }).from(s.stores)
    .where(eq(s.stores.businessId, toko)).orderBy(asc(s.stores.id));
  const channelRows = await db.select({ id: s.channels.id, code: s.channels.platformCode }).from(s.channels)
    .where(eq(s.channels.businessId, toko)).orderBy(asc(s.channels.id));
  if (!storeRows.length) return;
  const fees: (typeof s.storeFees.$inferInsert)[] = [];
  for (const store of storeRows) {
    if (store.type === 2) fees.push({ businessId: toko, storeId: store.id, percentBp: 2000, fixedAmount: 0, note: "Konsinyasi mal 20% dari penjualan" });
    if (store.type === 1) fees.push({ businessId: toko, storeId: store.id, percentBp: 2500, fixedAmount: 0, note: "Konsinyasi department store" });
  }
  const main = storeRows.find((st) => st.isDefault) ?? storeRows[0];
  const marketplace: Record<string, { percentBp: number; fixedAmount: number; status?: number; note?: string }> = {
    TKP: { percentBp: 250, fixedAmount: 1000, note: "Biaya layanan Tokopedia + biaya per transaksi" },
    SHP: { percentBp: 300, fixedAmount: 1000, note: "Biaya admin Shopee" },
    LZD: { percentBp: 200, fixedAmount: 0, status: 0, note: "Program gratis ongkir belum aktif" },
    ZLR: { percentBp: 1500, fixedAmount: 0 },
    IDM: { percentBp: 500, fixedAmount: 0, status: 0, note: "Komisi Indie Marketplace (promo 0% sampai akhir bulan)" },
    SFY: { percentBp: 290, fixedAmount: 2000, note: "Biaya payment gateway toko online" },
  };
  const seen = new Set<string>();
  for (const ch of channelRows) {
    const fee = marketplace[ch.code];
    if (!fee || seen.has(ch.code)) continue;
    seen.add(ch.code);
    fees.push({ businessId: toko, storeId: main.id, channelId: ch.id, status: 1, ...fee });
  }
  // The mall store's stock sold on Tokopedia: 2.5 % + Rp 1.000 instead of the mall's 20 % (the model's worked example).
  const mall = storeRows.find((st) => st.type === 2 && st.id !== main.id);
  const tokopedia = channelRows.find((ch) => ch.code === "TKP");
  if (mall && tokopedia) {
    fees.push({ businessId: toko, storeId: mall.id, channelId: tokopedia.id, percentBp: 250, fixedAmount: 1000, note: "Stok mal yang dijual di Tokopedia" });
  }
  if (!fees.length) return;
  const rows = await db
    .insert(s.storeFees)
    .values(fees.map((f, i) => ({ ...f, timeCreated: ago(100 - i * 5), timeModified: ago(Math.max(0, 90 - i * 5)) })))
    .onConflictDoNothing()
    .returning({ id: s.storeFees.id, timeCreated: s.storeFees.timeCreated });
  if (rows.length) {
    await db.insert(s.updateHistory).values(rows.map((r) => ({
      businessId: toko, refType: "store_fee", refId: r.id, userId: ids.seller, action: "create", timeCreated: r.timeCreated,
    })));
  }
}
