/**
 * Demo offline stores, their bank accounts and channel connections. Runs after the channels seed
 * (core/demo/profile.ts), so each business's channels are read here by its id.
 *
 * Toko Demo: four stores in Jakarta and Bandung (the Senopati shop is the default, the Kemang home
 * store is inactive), two bank accounts (BCA default, Mandiri), couriers chosen and the automatic
 * feedback messages. Batik Sekar Jagad: two stores in Yogyakarta and one bank account.
 * Coordinates are the real places'.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import * as s from "#db/schema/index.ts";
import type { DemoDb, DemoIds } from "./types.ts";

const day = 86400_000;
const ago = (days: number) => new Date(Date.now() - days * day);

/** Courier service ids by "<courier code>:<service code>" (the reference table's own ids). */
async function serviceIds(db: DemoDb, wanted: string[]) {
  const rows = await db.select({ id: s.courierServices.id, courier: s.courierServices.courierCode, code: s.courierServices.code }).from(s.courierServices);
  const byKey = new Map(rows.map((r) => [`${r.courier}:${r.code}`, r.id]));
  return wanted.map((k) => byKey.get(k)).filter((id): id is number => id !== undefined);
}

async function villageId(db: DemoDb, cityId: number, name: string) {
  const [v] = await db.select({ id: s.villages.id }).from(s.villages).where(and(eq(s.villages.cityId, cityId), eq(s.villages.name, name))).limit(1);
  return v?.id ?? null;
}

const FINISHED = "Terima kasih sudah berbelanja di {{store}}! Semoga suka dengan pesanannya. Kalau berkenan, beri ulasan ya.";
const RETURNED = "Mohon maaf pesanan Anda dikembalikan. Tim {{store}} akan menghubungi Anda dalam 1x24 jam untuk penggantian atau pengembalian dana.";

export async function seedDemoStores(db: DemoDb, ids: DemoIds) {
  // ---- Toko Demo -------------------------------------------------------------------------------
  const [bca, mandiri] = await db.insert(s.bankAccounts).values([
    { businessId: ids.tokoDemo, bankCode: "014", accountName: "PT Toko Demo", accountNo: "5270123456", isDefault: true, timeCreated: ago(380), timeModified: ago(380) },
    { businessId: ids.tokoDemo, bankCode: "008", accountName: "PT Toko Demo", accountNo: "1270007654321", timeCreated: ago(120), timeModified: ago(120) },
  ]).returning();

  const regular = await serviceIds(db, ["jne:REG", "jne:YES", "sicepat:REG", "anteraja:REG", "gosend:INSTANT", "grab:INSTANT"]);
  const bandung = await serviceIds(db, ["jne:REG", "jnt:EZ", "sicepat:BEST", "gosend:SAMEDAY", "jne:JTR"]);

  const toko = await db.insert(s.stores).values([
    {
      businessId: ids.tokoDemo, name: "Toko Demo Senopati", type: 3, email: "senopati@tokodemo.id", phone: "+62215550111",
      status: 1, isDefault: true, address: "Jl. Senopati No. 21, Kebayoran Baru", cityId: 3174,
      villageId: await villageId(db, 3174, "Senayan"), postcode: "12190", latitude: -6.230483, longitude: 106.809886,
      deliveryAddressType: 1, isPickupAtStore: true, processDay: 1, bankAccountId: bca.id, courierServiceIds: regular,
      orderFinishedMessage: FINISHED.replace("{{store}}", "Toko Demo Senopati"), orderFinishedActive: true,
      orderReturnedMessage: RETURNED.replace("{{store}}", "Toko Demo"), orderReturnedActive: true,
      timeCreated: ago(360), timeModified: ago(14),
    },
    {
      businessId: ids.tokoDemo, name: "Toko Demo Grand Indonesia", type: 2, email: "gi@tokodemo.id", phone: "+62215550122",
      status: 1, address: "Grand Indonesia West Mall Lt. 3 No. 12, Jl. M.H. Thamrin No. 1", cityId: 3171,
      villageId: await villageId(db, 3171, "Menteng"), postcode: "10310", latitude: -6.195138, longitude: 106.820299,
      deliveryAddressType: 2, deliveryAddress: "Jl. Senopati No. 21, Kebayoran Baru (gudang belakang)", deliveryCityId: 3174, deliveryPostcode: "12190",
      isPickupAtStore: true, processDay: 2, bankAccountId: bca.id, courierServiceIds: regular.slice(0, 4),
      orderFinishedMessage: FINISHED.replace("{{store}}", "Toko Demo Grand Indonesia"), orderFinishedActive: true,
      orderReturnedMessage: RETURNED.replace("{{store}}", "Toko Demo"), orderReturnedActive: false,
      timeCreated: ago(240), timeModified: ago(30),
    },
    {
      businessId: ids.tokoDemo, name: "Toko Demo Braga", type: 3, email: "braga@tokodemo.id", phone: "+62224200111",
      status: 1, address: "Jl. Braga No. 8", cityId: 3273, villageId: await villageId(db, 3273, "Braga"), postcode: "40111",
      latitude: -6.917464, longitude: 107.609484, deliveryAddressType: 1, isPickupAtStore: false, processDay: 3,
      bankAccountId: mandiri.id, courierServiceIds: bandung,
      orderFinishedMessage: FINISHED.replace("{{store}}", "Toko Demo Braga"), orderFinishedActive: false,
      timeCreated: ago(150), timeModified: ago(9),
    },
    {
      businessId: ids.tokoDemo, name: "Toko Demo Kemang (Rumah)", type: 4, phone: "+6281200000011",
      status: 0, address: "Jl. Kemang Raya No. 45, Bangka", cityId: 3174, postcode: "12730",
      latitude: -6.260763, longitude: 106.814022, deliveryAddressType: 1, isPickupAtStore: true, processDay: 5,
      courierServiceIds: [], timeCreated: ago(60), timeModified: ago(5),
    },
  ]).returning({ id: s.stores.id, name: s.stores.name });

  // Connections: the default shop sells everywhere it can, the mall shop on the marketplaces,
  // Braga on one channel; the inactive home store on none.
  const tokoChannels = await db.select({ id: s.channels.id, code: s.channels.platformCode, status: s.channels.status })
    .from(s.channels).where(eq(s.channels.businessId, ids.tokoDemo)).orderBy(asc(s.channels.id));
  const toggleable = tokoChannels.filter((c) => c.code !== "IDM" && c.status === 1);
  const marketplaces = toggleable.filter((c) => ["TKP", "SHP", "LZD", "BLI", "ZLR"].includes(c.code));
  const links = [
    ...toggleable.map((c) => ({ storeId: toko[0].id, channelId: c.id })),
    ...marketplaces.slice(0, 2).map((c) => ({ storeId: toko[1].id, channelId: c.id })),
    ...toggleable.slice(0, 1).map((c) => ({ storeId: toko[2].id, channelId: c.id })),
  ];
  if (links.length) await db.insert(s.storeChannels).values(links.map((l) => ({ ...l, businessId: ids.tokoDemo }))).onConflictDoNothing();

  // ---- Batik Sekar Jagad ---------------------------------------------------------------------------
  const [bni] = await db.insert(s.bankAccounts).values(
    { businessId: ids.sekar, bankCode: "009", accountName: "PT Batik Sekar Jagad", accountNo: "0312456789", isDefault: true, timeCreated: ago(290), timeModified: ago(290) },
  ).returning();
  const jogja = await serviceIds(db, ["jne:REG", "jne:YES", "pos:Pos Reguler", "jnt:EZ"]);
  const sekar = await db.insert(s.stores).values([
    {
      businessId: ids.sekar, name: "Batik Sekar Jagad Prawirotaman", type: 3, email: "halo@sekarjagad.id", phone: "+62274371234",
      status: 1, isDefault: true, address: "Jl. Prawirotaman No. 9, Mergangsan", cityId: 3471, postcode: "55153",
      latitude: -7.818923, longitude: 110.368563, deliveryAddressType: 1, isPickupAtStore: true, processDay: 2,
      bankAccountId: bni.id, courierServiceIds: jogja,
      orderFinishedMessage: FINISHED.replace("{{store}}", "Batik Sekar Jagad"), orderFinishedActive: true,
      timeCreated: ago(280), timeModified: ago(40),
    },
    {
      businessId: ids.sekar, name: "Sekar Jagad Malioboro Mall", type: 2, phone: "+62274371299",
      status: 1, address: "Malioboro Mall Lt. 1, Jl. Malioboro No. 52-58", cityId: 3471,
      villageId: await villageId(db, 3471, "Sosromenduran"), postcode: "55271", latitude: -7.792652, longitude: 110.365836,
      deliveryAddressType: 1, isPickupAtStore: true, processDay: 1, bankAccountId: bni.id, courierServiceIds: jogja.slice(0, 2),
      timeCreated: ago(100), timeModified: ago(20),
    },
  ]).returning({ id: s.stores.id });
  const sekarChannels = await db.select({ id: s.channels.id }).from(s.channels)
    .where(and(eq(s.channels.businessId, ids.sekar), eq(s.channels.status, 1), inArray(s.channels.platformCode, ["TKP", "SHP", "IGM", "WAP", "LZD"])));
  if (sekarChannels.length) {
    await db.insert(s.storeChannels).values(sekarChannels.map((c) => ({ storeId: sekar[0].id, channelId: c.id, businessId: ids.sekar }))).onConflictDoNothing();
  }
}
