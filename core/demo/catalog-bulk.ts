/**
 * A big catalogue for Toko Demo (`npm run seed -- --products 100000`): the listing's performance is
 * measured on it (bench/products-listing.ts). Rows are made inside PostgreSQL with
 * INSERT … SELECT generate_series, 20 000 products per transaction, so 100k products with their
 * variants, stock and ledger take well under a minute instead of hours of row-by-row inserts.
 *
 * What a seller's catalogue looks like: product types of the demo's categories (batik shirts,
 * dresses, hijabs, sandals, bags, jewellery, body care, home goods) with motifs, colours and a model
 * name; one to four variants (sizes, or colours where the type has no sizes) with their SKUs, EAN-13
 * barcodes and prices; statuses mostly published with some archived, drafts and blocked ones; added
 * over the last two years; most sold on one or two of the business's channels.
 *
 * The stock is what the ledger (core/stock/stock-ledger.ts) would have written for an opening
 * stock: a level per variant in the default warehouse (and in the first store for a third of the
 * products), one "initial" movement 0 → N for every level above 0, and the product's on_hand and
 * available equal to the sums of its levels. About one published product in twelve is out of stock.
 * It is written in SQL rather than through applyStockChanges because the ledger's per-batch locking
 * costs milliseconds per product; the consistency check at the end asserts the same invariants.
 *
 * Choices that must not follow each other (type, motif, colour, model) come from hashint4 of n with
 * different salts, so a type is not always the same colour.
 *
 * Every run adds N more products with SKUs of their own (G<run tag>-000001 …), so it can be repeated.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import * as s from "#db/schema/index.ts";
import type { DemoDb } from "./types.ts";

const CHUNK = 20_000;

// type name, level-3 category, sizes (empty: the variants are colours), base price (rupiah)
const TYPES: [string, number, string[], number][] = [
  ["Kemeja Batik", 10202, ["M", "L", "XL", "XXL"], 185000],
  ["Kemeja Pria", 10201, ["S", "M", "L", "XL"], 159000],
  ["Kaos Katun", 10203, ["S", "M", "L", "XL"], 79000],
  ["Celana Chino", 10204, ["28", "30", "32", "34"], 199000],
  ["Jaket Parasut", 10205, ["M", "L", "XL"], 229000],
  ["Dress", 10101, ["S", "M", "L"], 259000],
  ["Blouse", 10102, ["S", "M", "L", "XL"], 149000],
  ["Kebaya", 10104, ["S", "M", "L"], 399000],
  ["Rok Plisket", 10105, ["All Size"], 119000],
  ["Hijab Voal", 10301, [], 65000],
  ["Gamis", 10302, ["M", "L", "XL"], 289000],
  ["Baju Koko", 10305, ["M", "L", "XL"], 175000],
  ["Kain Batik Tulis", 10401, [], 850000],
  ["Kain Batik Cap", 10402, [], 325000],
  ["Sarung Tenun", 10405, [], 275000],
  ["Sandal Kulit", 10603, ["39", "40", "41", "42"], 169000],
  ["Sneakers Kanvas", 10601, ["39", "40", "41", "42"], 299000],
  ["Tas Anyaman", 10706, [], 155000],
  ["Dompet Kulit", 10703, [], 139000],
  ["Cincin Perak", 30101, ["6", "7", "8"], 245000],
  ["Gelang Perak", 30103, [], 325000],
  ["Sabun Sereh", 40101, [], 25000],
  ["Lilin Aromaterapi", 40402, [], 49000],
  ["Sarung Bantal", 50202, [], 69000],
];
const MOTIFS = ["Parang", "Kawung", "Mega Mendung", "Truntum", "Sekar Jagad", "Lereng", "Sidomukti", "Polos", "Garis", "Bunga", "Tenun", "Jumputan"];
const COLOURS = ["Hitam", "Putih", "Navy", "Coklat", "Merah Marun", "Hijau Botol", "Abu-abu", "Cream", "Dusty Pink", "Biru Dongker", "Mustard", "Sage"];
const MODEL_A = ["Sekar", "Ayu", "Dewi", "Wangi", "Sari", "Kirana", "Laras", "Puspa", "Candra", "Arum", "Melati", "Kencana", "Ratna", "Sinta", "Galuh", "Asri", "Wening", "Tirta", "Bayu", "Prana"];
const MODEL_B = ["wangi", "ningrum", "sari", "rani", "jati", "mulya", "lestari", "kusuma", "asih", "murni", "dewi", "jaya", "arum", "wati", "mas", "sekar", "langit", "bumi", "tama", "wijaya"];

const textArray = (values: string[]) => sql`ARRAY[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;
const intArray = (values: number[]) => (values.length ? sql`ARRAY[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::int[]` : sql`ARRAY[]::int[]`);

export type BulkCatalogueResult = { products: number; variants: number; levels: number; movements: number; ms: number };

/** Adds `count` generated products to the business (Toko Demo when none is named). */
export async function seedBulkCatalog(db: DemoDb, count: number, opts: { businessName?: string; log?: (line: string) => void } = {}): Promise<BulkCatalogueResult> {
  const t0 = performance.now();
  const log = opts.log ?? (() => {});
  const [business] = await db.select({ id: s.businesses.id, owner: s.businesses.ownerUserId }).from(s.businesses)
    .where(eq(s.businesses.name, opts.businessName ?? "Toko Demo")).orderBy(asc(s.businesses.id)).limit(1);
  if (!business) throw new Error("no such business: seed the demo data first");
  const businessId = business.id;
  const [warehouse] = await db.select({ id: s.warehouses.id }).from(s.warehouses)
    .where(and(eq(s.warehouses.businessId, businessId), eq(s.warehouses.isDefault, true))).limit(1);
  if (!warehouse) throw new Error("the business has no default warehouse");
  const [store] = await db.select({ id: s.stores.id }).from(s.stores).where(eq(s.stores.businessId, businessId)).orderBy(asc(s.stores.id)).limit(1);
  const brandIds = (await db.select({ id: s.brands.id }).from(s.brands).where(eq(s.brands.businessId, businessId)).orderBy(asc(s.brands.id))).map((b) => b.id);
  const channelIds = (await db.select({ id: s.channels.id }).from(s.channels).where(eq(s.channels.businessId, businessId)).orderBy(asc(s.channels.id))).map((c) => c.id);
  const tag = Date.now().toString(36).toUpperCase();

  let made = { products: 0, variants: 0, levels: 0, movements: 0 };
  for (let from = 1; from <= count; from += CHUNK) {
    const to = Math.min(count, from + CHUNK - 1);
    const chunk = await db.transaction(async (tx) => {
      await tx.execute(sql`CREATE TEMP TABLE gen_types (t int, tname text, cat int, sizes text[], price int) ON COMMIT DROP`);
      await tx.execute(sql`INSERT INTO gen_types VALUES ${sql.join(TYPES.map(([name, cat, sizes, price], i) =>
        sql`(${i}, ${name}, ${cat}, ${textArray(sizes)}, ${price})`), sql`, `)}`);
      const motifs = textArray(MOTIFS);
      const colours = textArray(COLOURS);
      const modelA = textArray(MODEL_A);
      const modelB = textArray(MODEL_B);
      const brands = intArray(brandIds);

      // Products: n drives every choice (hashes and primes), so the mix looks random but repeats exactly.
      const p = await tx.execute(sql`
        INSERT INTO products (business_id, brand_id, category_id, name, sku, description, gender_audience, stock_type, preorder_days,
                              status, weight_gr, length_mm, width_mm, height_mm, source, price_min, price_max, time_created, time_modified)
        SELECT ${businessId},
               CASE WHEN cardinality(${brands}) = 0 OR n % 7 = 0 THEN NULL ELSE (${brands})[1 + n % cardinality(${brands})] END,
               ty.cat,
               ty.tname || ' ' || (${motifs})[1 + abs(hashint4(n + 1)) % ${MOTIFS.length}] || ' ' || (${colours})[1 + abs(hashint4(n + 2)) % ${COLOURS.length}]
                 || ' ' || (${modelA})[1 + abs(hashint4(n + 3)) % ${MODEL_A.length}] || (${modelB})[1 + abs(hashint4(n + 4)) % ${MODEL_B.length}],
               ${`G${tag}-`} || lpad(n::text, 6, '0'),
               ty.tname || ' buatan pengrajin lokal. Bahan nyaman, jahitan rapi.',
               n % 7,
               CASE WHEN n % 20 = 0 THEN 2 WHEN n % 50 = 1 THEN 3 ELSE 1 END,
               CASE WHEN n % 20 = 0 THEN 7 + n % 24 END,
               CASE WHEN (n * 37) % 100 < 5 THEN 'draft' WHEN (n * 37) % 100 < 13 THEN 'archived'
                    WHEN (n * 37) % 100 < 15 THEN 'suspended' ELSE 'published' END,
               150 + (n % 10) * 50, 300, 200, 30 + (n % 4) * 10,
               'single',
               ty.price + (n % 20) * 5000,
               ty.price + (n % 20) * 5000 + CASE WHEN 1 + n % 4 = 4 THEN 10000 ELSE 0 END,
               g.created, LEAST(now(), g.created + make_interval(mins => (n * 31) % 43200))
          FROM generate_series(${from}::int, ${to}::int) n
          JOIN gen_types ty ON ty.t = n % ${TYPES.length}
          CROSS JOIN LATERAL (SELECT now() - make_interval(mins => (n * 7919) % 1051200) AS created) g`);

      await tx.execute(sql`CREATE TEMP TABLE gen_products ON COMMIT DROP AS
        SELECT pr.id, pr.business_id, pr.price_min, pr.status, pr.time_created, right(pr.sku, 6)::int AS n, ty.sizes
          FROM products pr JOIN gen_types ty ON ty.t = right(pr.sku, 6)::int % ${TYPES.length}
         WHERE pr.business_id = ${businessId} AND pr.sku LIKE ${`G${tag}-%`} AND right(pr.sku, 6)::int BETWEEN ${from} AND ${to}`);

      // Variants: 1-4 per product; sizes of the type, else colours. EAN-13 with its GS1 check digit.
      const v = await tx.execute(sql`
        INSERT INTO product_variants (business_id, product_id, variant_name, size_name, sku, barcode, price, compare_at_price, position)
        SELECT gp.business_id, gp.id,
               CASE WHEN cardinality(gp.sizes) = 0 THEN (${colours})[1 + (gp.n + i * 5) % ${COLOURS.length}] ELSE '' END,
               CASE WHEN cardinality(gp.sizes) = 0 THEN '' ELSE gp.sizes[1 + (i - 1) % cardinality(gp.sizes)] END,
               ${`G${tag}-`} || lpad(gp.n::text, 6, '0') || '-' || i,
               body || ((10 - (SELECT sum(substr(body, k, 1)::int * CASE WHEN k % 2 = 0 THEN 3 ELSE 1 END) FROM generate_series(1, 12) k) % 10) % 10)::text,
               gp.price_min + CASE WHEN i = 4 THEN 10000 ELSE 0 END,
               CASE WHEN gp.n % 4 = 0 THEN (gp.price_min * 12 / 10000) * 1000 END,
               i - 1
          FROM gen_products gp
          CROSS JOIN LATERAL generate_series(1, 1 + gp.n % 4) i
          CROSS JOIN LATERAL (SELECT '89' || lpad(((${businessId}::bigint * 1000000000 + gp.n::bigint * 10 + i) % 10000000000)::text, 10, '0') AS body) b`);

      // Opening stock levels: the default warehouse for every variant, the first store for a third of the products.
      const outOfStock = sql`(gp.status = 'published' AND abs(hashint4(gp.n + 5)) % 12 = 0)`;
      const lw = await tx.execute(sql`
        INSERT INTO stock_levels (business_id, product_id, variant_id, warehouse_id, on_hand, reserved, time_modified)
        SELECT gp.business_id, gp.id, pv.id, ${warehouse.id}, CASE WHEN ${outOfStock} THEN 0 ELSE (pv.id * 13) % 40 END, 0, gp.time_created
          FROM gen_products gp JOIN product_variants pv ON pv.product_id = gp.id`);
      const ls = store ? await tx.execute(sql`
        INSERT INTO stock_levels (business_id, product_id, variant_id, store_id, on_hand, reserved, time_modified)
        SELECT gp.business_id, gp.id, pv.id, ${store.id}, CASE WHEN ${outOfStock} THEN 0 ELSE pv.id % 9 END, 0, gp.time_created
          FROM gen_products gp JOIN product_variants pv ON pv.product_id = gp.id
         WHERE gp.n % 3 = 0`) : { rowCount: 0 };

      // The ledger: one "initial" movement 0 → N per level that holds stock.
      const m = await tx.execute(sql`
        INSERT INTO stock_movements (business_id, stock_level_id, product_id, variant_id, store_id, warehouse_id, partition_id,
                                     on_hand_before, on_hand_after, reserved_before, reserved_after, reason, note, user_id, time_created)
        SELECT sl.business_id, sl.id, sl.product_id, sl.variant_id, sl.store_id, sl.warehouse_id, sl.partition_id,
               0, sl.on_hand, 0, 0, 'initial', 'Stok awal', ${business.owner}, gp.time_created
          FROM gen_products gp JOIN stock_levels sl ON sl.product_id = gp.id
         WHERE sl.on_hand > 0`);
      await tx.execute(sql`
        UPDATE products pr SET on_hand = agg.on_hand, available = agg.available
          FROM (SELECT sl.product_id, sum(sl.on_hand)::int AS on_hand, sum(sl.on_hand - sl.reserved)::int AS available
                  FROM stock_levels sl JOIN gen_products gp ON gp.id = sl.product_id GROUP BY sl.product_id) agg
         WHERE pr.id = agg.product_id`);

      // Channels: four products in five are sold on one of the business's channels, a third of those on a second one too.
      if (channelIds.length) {
        const ch = intArray(channelIds);
        await tx.execute(sql`
          INSERT INTO product_channels (product_id, channel_id, business_id)
          SELECT gp.id, c.channel_id, gp.business_id
            FROM gen_products gp
            CROSS JOIN LATERAL (SELECT DISTINCT unnest(ARRAY[(${ch})[1 + gp.n % cardinality(${ch})],
                                  CASE WHEN gp.n % 3 = 0 THEN (${ch})[1 + (gp.n + 1) % cardinality(${ch})] END]) AS channel_id) c
           WHERE gp.n % 5 <> 0 AND c.channel_id IS NOT NULL
          ON CONFLICT DO NOTHING`);
      }
      return { products: p.rowCount ?? 0, variants: v.rowCount ?? 0, levels: (lw.rowCount ?? 0) + (ls.rowCount ?? 0), movements: m.rowCount ?? 0 };
    });
    made = {
      products: made.products + chunk.products, variants: made.variants + chunk.variants,
      levels: made.levels + chunk.levels, movements: made.movements + chunk.movements,
    };
    log(`  ${made.products.toLocaleString("en")} / ${count.toLocaleString("en")} products`);
  }

  // The same invariants the ledger keeps, checked on what was just written.
  const { rows: [bad] } = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM products pr
      LEFT JOIN (SELECT product_id, sum(on_hand)::int AS on_hand FROM stock_levels WHERE business_id = ${businessId} GROUP BY product_id) l ON l.product_id = pr.id
      LEFT JOIN (SELECT sl.product_id, sum(m.on_hand_after - m.on_hand_before)::int AS moved
                   FROM stock_movements m JOIN stock_levels sl ON sl.id = m.stock_level_id
                  WHERE m.business_id = ${businessId} GROUP BY sl.product_id) mv ON mv.product_id = pr.id
     WHERE pr.business_id = ${businessId} AND pr.sku LIKE ${`G${tag}-%`}
       AND (pr.on_hand <> coalesce(l.on_hand, 0) OR coalesce(l.on_hand, 0) <> coalesce(mv.moved, 0))`);
  if (bad.n) throw new Error(`${bad.n} generated products have stock that does not match their ledger`);
  // Fresh statistics and visibility map: the planner and index-only scans see the new rows at once.
  for (const table of ["products", "product_variants", "product_channels", "stock_levels", "stock_movements"]) {
    await db.execute(sql.raw(`VACUUM (ANALYZE) ${table}`));
  }
  return { ...made, ms: performance.now() - t0 };
}
