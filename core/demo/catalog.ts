/**
 * The demo catalogue: Toko Demo's and Batik Sekar Jagad's products, with colour × size families
 * where a seller would have them, and their opening stock in the default warehouse and the first
 * store, written through the stock ledger (reason "initial") like any other stock change, and the
 * online channels they are sold on.
 * Runs after the profile seeds (brands, stores, warehouses must exist).
 */
import { and, asc, eq } from "drizzle-orm";
import { applyStockChanges, type StockChange } from "#core/stock/stock-ledger.ts";
import * as s from "#db/schema/index.ts";
import type { DemoDb, DemoIds } from "./types.ts";

const ago = (days: number) => new Date(Date.now() - days * 86400_000);

// name, family SKU, price, status, category, brand, colours, sizes
type DemoProduct = [string, string, number, string, number, string | null, string[]?, string[]?];

const TOKO_DEMO: DemoProduct[] = [
  ["Kemeja Batik Parang Lengan Panjang", "KBP-001", 289000, "published", 10202, "Nusantara Wear", ["Coklat", "Biru"], ["M", "L", "XL"]],
  ["Kemeja Batik Kawung Lengan Pendek", "KBK-002", 249000, "published", 10202, "Nusantara Wear", [], ["M", "L"]],
  ["Dress Tenun Ikat Sumba", "DTI-003", 459000, "published", 10101, "Nusantara Wear"],
  ["Kaos Katun Combed 30s Hitam", "KKC-004", 89000, "published", 10203, "Nusantara Wear", [], ["S", "M", "L", "XL"]],
  ["Kaos Katun Combed 30s Putih", "KKC-005", 89000, "published", 10203, "Nusantara Wear", [], ["S", "M", "L", "XL"]],
  ["Celana Chino Slim Fit Khaki", "CCS-006", 219000, "published", 10204, "Nusantara Wear", [], ["30", "32", "34"]],
  ["Hijab Voal Motif Bunga", "HVM-007", 75000, "published", 10301, null, ["Dusty Pink", "Sage", "Navy"]],
  ["Tas Anyaman Pandan", "TAP-008", 165000, "published", 10706, "Anyaman Pandan"],
  ["Sandal Kulit Garut", "SKG-009", 185000, "published", 10603, null, [], ["39", "40", "41", "42"]],
  ["Topi Bucket Denim", "TBD-010", 69000, "archived", 10704, null],
  ["Jaket Bomber Parasut", "JBP-011", 275000, "published", 10205, "Nusantara Wear", ["Hitam", "Army"], ["L", "XL"]],
  ["Sarung Tenun Samarinda", "STS-012", 320000, "published", 10405, null],
  ["Kain Songket Palembang", "KSP-013", 1250000, "published", 10404, null],
  ["Blouse Linen Oversize", "BLO-014", 199000, "draft", 10102, "Nusantara Wear", ["Putih", "Cream"], ["All Size"]],
  ["Rok Plisket Mocca", "RPM-015", 129000, "published", 10105, null],
  ["Masker Kain 3 Lapis (isi 5)", "MKL-016", 45000, "suspended", 30402, null],
  ["Dompet Kulit Pria", "DKP-017", 149000, "published", 10703, null],
  ["Gelang Perak Bali", "GPB-018", 350000, "published", 30103, "Perak Kotagede"],
  ["Sabun Sereh Wangi Handmade", "SSW-019", 28000, "published", 40101, "Rumah Wangi"],
  ["Lilin Aromaterapi Melati", "LAM-020", 55000, "published", 40402, "Rumah Wangi"],
];
const SEKAR: DemoProduct[] = [
  ["Batik Tulis Sekar Jagad", "BSJ-001", 1750000, "published", 10401, "Sekar Jagad"],
  ["Batik Cap Truntum", "BCT-002", 425000, "published", 10402, "Sekar Jagad"],
  ["Selendang Batik Sutra", "SBS-003", 650000, "published", 10401, "Sekar Jagad"],
];

export async function seedDemoCatalog(db: DemoDb, ids: DemoIds) {
  await seedCatalog(db, ids.tokoDemo, ids.seller, TOKO_DEMO);
  await seedCatalog(db, ids.sekar, ids.seller2, SEKAR);
}

async function seedCatalog(db: DemoDb, businessId: number, userId: number, catalogue: DemoProduct[]) {
  const brandRows = await db.select({ id: s.brands.id, name: s.brands.name }).from(s.brands).where(eq(s.brands.businessId, businessId));
  const [warehouse] = await db.select({ id: s.warehouses.id }).from(s.warehouses)
    .where(and(eq(s.warehouses.businessId, businessId), eq(s.warehouses.isDefault, true))).limit(1);
  const [store] = await db.select({ id: s.stores.id }).from(s.stores)
    .where(eq(s.stores.businessId, businessId)).orderBy(asc(s.stores.id)).limit(1);
  const channelRows = await db.select({ id: s.channels.id }).from(s.channels)
    .where(and(eq(s.channels.businessId, businessId), eq(s.channels.status, 1))).orderBy(asc(s.channels.id));

  for (const [i, [name, sku, price, status, categoryId, brand, colours = [], sizes = []]] of catalogue.entries()) {
    await db.transaction(async (tx) => {
      const [product] = await tx.insert(s.products).values({
        businessId, name, sku, status, categoryId, priceMin: price, priceMax: price,
        brandId: brandRows.find((b) => b.name === brand)?.id ?? null,
        description: `${name}. Produk asli Indonesia dari Toko Demo.`,
        stockType: 1, weightGr: 250 + (i % 5) * 150, lengthMm: 300, widthMm: 200, heightMm: 30 + (i % 3) * 20,
        timeCreated: ago(100 - i), timeModified: ago(10),
      }).returning({ id: s.products.id });
      await tx.insert(s.updateHistory).values({
        businessId, refType: "product", refId: product.id, userId, action: "create", changes: {}, timeCreated: ago(100 - i),
      });
      const combos = (colours.length ? colours : [""]).flatMap((variantName) =>
        (sizes.length ? sizes : [""]).map((sizeName) => ({ variantName, sizeName })));
      const variants = await tx.insert(s.productVariants).values(combos.map((c, n) => ({
        businessId, productId: product.id, ...c, position: n,
        sku: [sku, c.variantName.slice(0, 3).toUpperCase(), c.sizeName].filter(Boolean).join("-"),
        barcode: ean13(`899${String(businessId).padStart(2, "0")}${String(i * 20 + n).padStart(7, "0")}`),
        price, compareAtPrice: i % 4 === 0 ? Math.round(price * 1.2 / 1000) * 1000 : null,
      }))).returning({ id: s.productVariants.id });
      const changes: StockChange[] = variants.flatMap((v, n) => [
        ...(warehouse ? [{ variantId: v.id, location: { sourceType: 2 as const, warehouseId: warehouse.id }, set: (i * 7 + n * 3) % 40 }] : []),
        ...(store ? [{ variantId: v.id, location: { sourceType: 1 as const, storeId: store.id }, set: (i * 3 + n) % 9 }] : []),
      ]);
      await applyStockChanges(tx, { businessId, userId, reason: "initial", note: "Stok awal" }, changes);
      // Sold on the business's first online channel, and every other product on the second too.
      const soldOn = status === "draft" ? [] : channelRows.slice(0, i % 2 ? 1 : 2);
      if (soldOn.length) await tx.insert(s.productChannels).values(soldOn.map((c) => ({ productId: product.id, channelId: c.id, businessId })));
    });
  }
}

/** The 13-digit EAN of a 12-digit body (GS1 check digit). */
export function ean13(body: string) {
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * (i % 2 ? 3 : 1), 0);
  return body + ((10 - (sum % 10)) % 10);
}
