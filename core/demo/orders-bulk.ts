/**
 * A million orders for one business (`npm run seed -- --orders 1000000`): the orders page's
 * performance is measured on them (bench/orders-listing.ts, bench/orders-ssr.ts). Rows are made
 * inside PostgreSQL with INSERT … SELECT generate_series, 50 000 orders per transaction, so the
 * order_status_counts triggers (statement-level) run once per batch and a million orders with
 * their lines and history load in about two minutes (2 CPUs) instead of hours of receiveOrder calls.
 *
 * What a seller's two years look like:
 * - Spread: the business grows, so orders get denser towards today (six times as many a day now as
 *   two years ago: about 0.25 % of them in the last day), at the hours Indonesians shop (evenings
 *   busiest, nights quiet, WIB).
 * - Status follows age: today's orders wait for payment, approval or are in the process stages;
 *   the last days' are with the courier or received; older ones are finished, and over the whole
 *   history about one in ten is cancelled (with a reason of spec section 8) and a few are
 *   returned or in a complaint. Holds and cancellation requests remember where they came from.
 * - Channels: the business's active channels, marketplaces weighted most. Each order carries the
 *   channel's own order id, a buyer drawn from a pool of people (so about half as many customers
 *   as orders: people order again, their phone written +62…, 0…, 62… or with dashes, an e-mail for
 *   six in ten; linked to customers afterwards by core/customers/backfill.ts), a delivery address in a
 *   city of the reference data, a courier service of the reference data (store pick-up for 1 in
 *   20, from the business's first store), a payment method, shipping cost and sometimes a discount.
 * - Lines: 1 to 3 (60/25/15 %), each a real published variant of the business (its name, SKU,
 *   price, image), best sellers chosen most; quantity 1 to 3. Totals are the lines' sum.
 *
 * Decisions:
 * - Generated orders hold no stock (stock_state 'none'): they did not go through the ledger, and
 *   the lifecycle treats an order taken over without a reservation as such (a hand-over takes from
 *   on hand, a cancel releases nothing).
 * - One status-history row per order, its arrival ("create" by the system, to waiting-payment, at
 *   the order's time), as every received order has (core/orders/intake.ts). The moves since
 *   are not invented: order-actions writes history, and these orders never went through it.
 *   Their line items name no stock level (none was ever held).
 * - Deadlines are set where the status has one and always lie ahead (at least an hour), so the
 *   deadline sweeper does not start cancelling the data set.
 * - Codes: INV/<WIB date of the order>/<order_number_seq>, like received orders; channel order ids
 *   carry a run tag, so the generator can run again and add more.
 * The run ends with VACUUM ANALYZE of the order tables (fresh statistics, visibility map for
 * index-only scans).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import * as s from "#db/schema/index.ts";
import type { DemoDb } from "./types.ts";

const CHUNK = 50_000;
/** Variants orders pick from: the catalogue's first this many (by a hash), best sellers first. */
const VARIANT_POOL = 20_000;

// Statuses by age of the order: [status, per mille]; each band sums to 1000.
// Pick-up orders swap the courier statuses for the pick-up ones (see PICKUP_OF).
type Band = { maxHours: number | null; mix: [string, number][] };
const BANDS: Band[] = [
  { maxHours: 24, mix: [
    ["waiting-payment", 130], ["waiting-approval", 190], ["cancellation-request", 10], ["wait-to-prepare", 140],
    ["preparing", 80], ["wait-to-pack", 70], ["packing", 60], ["ready-to-ship", 60], ["wait-to-send", 70],
    ["send-to-courier", 40], ["sending", 40], ["hold", 10], ["prepare-hold", 10], ["packing-hold", 10], ["cancelled", 80],
  ] },
  { maxHours: 72, mix: [
    ["waiting-approval", 20], ["wait-to-prepare", 30], ["preparing", 20], ["wait-to-pack", 20], ["packing", 20],
    ["ready-to-ship", 30], ["wait-to-send", 50], ["send-to-courier", 40], ["sending", 150], ["on-courier-delivery", 200],
    ["on-delivery", 120], ["received", 160], ["hold", 10], ["packing-hold", 10], ["cancellation-request", 10], ["cancelled", 110],
  ] },
  { maxHours: 240, mix: [
    ["on-courier-delivery", 40], ["on-delivery", 30], ["received", 380], ["finish", 400], ["complaint", 25], ["cancelled", 115], ["returned", 10],
  ] },
  { maxHours: null, mix: [
    ["received", 5], ["finish", 855], ["complaint", 2], ["cancelled", 110], ["returned", 28],
  ] },
];
const PICKUP_OF: Record<string, string> = {
  "wait-to-send": "wait-to-pick", "send-to-courier": "picking", sending: "picking",
  "on-courier-delivery": "received", "on-delivery": "received",
};
/** Where a held order or a cancellation request came from (resume / decline go back there). */
const PREVIOUS_OF: Record<string, string> = {
  hold: "wait-to-prepare", "prepare-hold": "preparing", "packing-hold": "packing", "cancellation-request": "waiting-approval",
};
// Hours of the day (WIB) weighted by how much Indonesians shop online then.
const HOUR_WEIGHTS = [2, 1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 7, 8, 7, 6, 6, 6, 7, 8, 9, 11, 12, 10, 5];
const FIRST = ["Andi", "Siti", "Agus", "Putri", "Yoga", "Fitri", "Rizky", "Nur", "Dewi", "Budi", "Ayu", "Eko", "Rina", "Dimas", "Wulan",
  "Fajar", "Intan", "Hendra", "Sri", "Bayu", "Lestari", "Arif", "Maya", "Ilham", "Nadia", "Teguh", "Citra", "Galih", "Ratna", "Yusuf"];
const LAST = ["Pratama", "Rahma", "Setiawan", "Lestari", "Saputra", "Handayani", "Maulana", "Aisyah", "Wijaya", "Santoso", "Kusuma",
  "Hidayat", "Nugroho", "Permata", "Siregar", "Simanjuntak", "Hasibuan", "Wibowo", "Susanti", "Gunawan", "Halim", "Putra", "Sari", "Utami"];
const STREETS = ["Jl. Merdeka", "Jl. Sudirman", "Jl. Gatot Subroto", "Jl. Diponegoro", "Jl. Ahmad Yani", "Jl. Pahlawan", "Jl. Kenanga",
  "Jl. Melati", "Jl. Cempaka", "Jl. Mawar", "Jl. Imam Bonjol", "Jl. Veteran", "Jl. Pemuda", "Gg. Masjid", "Perum Griya Asri Blok C"];
const NOTES = ["Tolong dibungkus rapi ya kak", "Kirim secepatnya ya", "Untuk kado, tanpa nota harga", "Warna sesuai foto ya",
  "Titip di pos satpam kalau tidak ada orang"];
const HOLD_NOTES = ["Menunggu restock bahan", "Pembeli minta ganti ukuran", "Menunggu konfirmasi alamat", "Stok sedang dicek ulang"];
const COMPLAINT_NOTES = ["Ukuran tidak sesuai", "Barang kurang satu", "Ada noda di bagian depan", "Warna berbeda dari foto"];
// Channel weights by platform (marketplaces sell most); others 1.
const CHANNEL_WEIGHT: Record<string, number> = { SHP: 6, TKP: 5, LZD: 3, IDM: 3, SFY: 2, IGM: 1, WAP: 1 };
const PAYMENT_METHODS = [3, 3, 3, 4, 4, 4, 2, 5, 6, 0]; // VA and e-wallets most

const text = (values: string[]) => sql`ARRAY[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;
const ints = (values: number[]) => sql`ARRAY[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::int[]`;
/** A deterministic pseudo-random integer 0 … mod-1 from the order number and a salt. */
const h = (salt: number, mod: number) => sql.raw(`(abs(hashint4(n * 31 + ${salt})) % ${mod})`);
/** The same for the buyer (who.k): everything about a person is a hash of who they are. */
const hk = (salt: number, mod: number) => sql.raw(`(abs(hashint4(who.k * 37 + ${salt})) % ${mod})`);

/** CASE for a status band: p (0 … 999) walks the cumulative per-mille list. */
function pickStatus(mix: [string, number][]) {
  let acc = 0;
  const whens = mix.map(([status, w]) => `WHEN p < ${(acc += w)} THEN '${status}'`).join(" ");
  if (acc !== 1000) throw new Error(`status mix sums to ${acc}`);
  return `CASE ${whens} END`;
}
const statusCase = sql.raw(`CASE ${BANDS.map((b) => (b.maxHours === null ? `ELSE ${pickStatus(b.mix)}` : `WHEN age_h < ${b.maxHours} THEN ${pickStatus(b.mix)}`)).join(" ")} END`);
const mapCase = (map: Record<string, string>, col: string, otherwise: string) =>
  sql.raw(`CASE ${col} ${Object.entries(map).map(([k, v]) => `WHEN '${k}' THEN '${v}'`).join(" ")} ELSE ${otherwise} END`);

export type BulkOrdersResult = { orders: number; items: number; ms: number };

/** Adds `count` generated orders to the business (Toko Demo when none is named). */
export async function seedBulkOrders(db: DemoDb, count: number, opts: { businessName?: string; log?: (line: string) => void } = {}): Promise<BulkOrdersResult> {
  const t0 = performance.now();
  const log = opts.log ?? (() => {});
  const [business] = await db.select({ id: s.businesses.id }).from(s.businesses)
    .where(eq(s.businesses.name, opts.businessName ?? "Toko Demo")).orderBy(asc(s.businesses.id)).limit(1);
  if (!business) throw new Error("no such business: seed the demo data first");
  const businessId = business.id;
  const channelRows = await db.select({ id: s.channels.id, name: s.channels.name, platform: s.channels.platformCode }).from(s.channels)
    .where(and(eq(s.channels.businessId, businessId), eq(s.channels.status, 1))).orderBy(asc(s.channels.id));
  if (!channelRows.length) throw new Error("the business has no active channel");
  const [warehouse] = await db.select({ id: s.warehouses.id }).from(s.warehouses)
    .where(and(eq(s.warehouses.businessId, businessId), eq(s.warehouses.isDefault, true))).limit(1);
  const [store] = await db.select({ id: s.stores.id }).from(s.stores).where(eq(s.stores.businessId, businessId)).orderBy(asc(s.stores.id)).limit(1);
  const { rows: [pool] } = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM product_variants pv JOIN products p ON p.id = pv.product_id
     WHERE pv.business_id = ${businessId} AND p.status = 'published' AND pv.price > 0`);
  if (!pool.n) throw new Error("the business has no published variant with a price");
  const tag = Date.now().toString(36).toUpperCase();
  const awbPrefix = String(Math.floor(Date.now() / 1000) % 10_000).padStart(4, "0");

  // One slot per unit of weight: a hash modulo the slot count picks a channel / an hour.
  const channelSlots = channelRows.flatMap((c, i) => Array(CHANNEL_WEIGHT[c.platform] ?? 1).fill(i + 1) as number[]);
  const hourSlots = HOUR_WEIGHTS.flatMap((w, hour) => Array(w).fill(hour) as number[]);
  const pickupShare = store ? 5 : 0; // per cent
  // Orders drawn uniformly from 0.63 × count people: about count / 2 of them order at least once
  // (1 − e^(−1/0.63) ≈ 0.8 of the pool), a third of those more than once.
  const customerPool = Math.max(1, Math.round(count * 0.63));

  let made = { orders: 0, items: 0 };
  for (let from = 1; from <= count; from += CHUNK) {
    const to = Math.min(count, from + CHUNK - 1);
    const chunk = await db.transaction(async (tx) => {
      // The customer-name trigram index takes the batch into its pending list and merges it once.
      await tx.execute(sql`SET LOCAL gin_pending_list_limit = '64MB'`);
      // BULK_TRACE=1 prints each statement's time.
      const run = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>, label: string) => {
        const t = performance.now();
        const r = await tx.execute<T>(q);
        if (process.env.BULK_TRACE) log(`    ${label}: ${(performance.now() - t).toFixed(0)} ms`);
        return r;
      };
      // Reference lists for this batch: channels, variants (best sellers first), cities, courier services.
      await run(sql`CREATE TEMP TABLE gen_channels ON COMMIT DROP AS
        SELECT ordinality::int AS k, id, name, platform FROM unnest(${ints(channelRows.map((c) => c.id))}, ${text(channelRows.map((c) => c.name))},
               ${text(channelRows.map((c) => c.platform))}) WITH ORDINALITY AS c(id, name, platform)`, "channels");
      await run(sql`CREATE TEMP TABLE gen_variants ON COMMIT DROP AS
        SELECT row_number() OVER (ORDER BY hashint4(pv.id), pv.id)::int AS k, pv.id, pv.product_id, p.name, pv.variant_name, pv.size_name,
               pv.sku, pv.price, (SELECT url FROM product_images i WHERE i.product_id = p.id ORDER BY i.position LIMIT 1) AS image
          FROM product_variants pv JOIN products p ON p.id = pv.product_id
         WHERE pv.business_id = ${businessId} AND p.status = 'published' AND pv.price > 0
         ORDER BY hashint4(pv.id), pv.id LIMIT ${VARIANT_POOL}`, "variants");
      await run(sql`CREATE TEMP TABLE gen_cities ON COMMIT DROP AS
        SELECT row_number() OVER (ORDER BY w.k)::int AS k, w.name, w.province, w.postcode FROM (
          SELECT c.id AS k, c.name, pr.name AS province,
                 coalesce((SELECT min(v.postcode) FROM villages v WHERE v.city_id = c.id), (c.province_id * 1000 + c.id % 1000)::text) AS postcode
            FROM cities c JOIN provinces pr ON pr.id = c.province_id
            -- Cities (kota) order three times as much as regencies.
            CROSS JOIN LATERAL generate_series(1, CASE WHEN c.type = 'kota' THEN 3 ELSE 1 END) rep
        ) w`, "cities");
      await run(sql`CREATE TEMP TABLE gen_couriers ON COMMIT DROP AS
        SELECT row_number() OVER (ORDER BY courier_code, code)::int AS k, courier_code, code FROM courier_services WHERE "group" = 'regular'`, "couriers");
      const nv = sql`(SELECT count(*) FROM gen_variants)::int`;

      // The orders, one row per n: every choice a hash of n with its own salt.
      await run(sql`CREATE TEMP TABLE gen_orders ON COMMIT DROP AS
        WITH base AS (
          SELECT n,
                 -- Growth: over the 730 days t = 0 … 1 the daily orders rise as 0.2 + t. n is the
                 -- quantile u, so the batches walk forward in time and every index (time, code,
                 -- channel order id) grows at its end instead of everywhere at once.
                 floor(730 * (1.2 - sqrt(0.04 + 1.4 * (n - 0.5) / ${count}::float8)))::int AS day_ago,
                 (${ints(hourSlots)})[1 + ${h(2, hourSlots.length)}] AS hour,
                 ${h(3, 3600)} AS second_of_hour,
                 ${h(4, 1000)} AS p,
                 (${ints(channelSlots)})[1 + ${h(5, channelSlots.length)}] AS channel_k,
                 ${h(6, 100)} < ${pickupShare} AS pickup
            FROM generate_series(${from}::int, ${to}::int) n
        ), timed AS (
          SELECT b.*, CASE WHEN t > now() THEN t - interval '1 day' ELSE t END AS created
            FROM base b CROSS JOIN LATERAL (
              SELECT (date_trunc('day', now() AT TIME ZONE 'Asia/Jakarta') - make_interval(days => b.day_ago)
                      + make_interval(hours => b.hour, secs => b.second_of_hour)) AT TIME ZONE 'Asia/Jakarta' AS t) x
        ), aged AS (
          SELECT t.*, extract(epoch FROM now() - t.created) / 3600 AS age_h FROM timed t
        ), picked AS (
          SELECT a.*, ${statusCase} AS chosen FROM aged a
        )
        SELECT n, created, channel_k, pickup, p,
               CASE WHEN pickup THEN ${mapCase(PICKUP_OF, "chosen", "chosen")} ELSE chosen END AS status,
               1 + ${h(25, 100_000)} % (SELECT count(*) FROM gen_cities)::int AS city_k,
               1 + ${h(26, 1000)} % (SELECT count(*) FROM gen_couriers)::int AS courier_k,
               1 + CASE WHEN ${h(7, 100)} < 60 THEN 0 WHEN ${h(7, 100)} < 85 THEN 1 ELSE 2 END AS lines,
               'INV/' || to_char(created AT TIME ZONE 'Asia/Jakarta', 'YYYYMMDD') || '/' || nextval('order_number_seq') AS code
          FROM picked`, "orders (temp)");

      // The lines: best sellers most (index ∝ u²), different variants within an order.
      await run(sql`CREATE TEMP TABLE gen_items ON COMMIT DROP AS
        SELECT o.n, i AS line, v.*, CASE WHEN hq < 80 THEN 1 WHEN hq < 95 THEN 2 ELSE 3 END AS quantity
          FROM gen_orders o
          CROSS JOIN generate_series(1, o.lines) i
          CROSS JOIN LATERAL (SELECT floor(${nv} * power(abs(hashint4(o.n * 7 + 11))::float8 / 2147483648, 2))::int AS base,
                                     abs(hashint4(o.n * 7 + i)) % 100 AS hq) r
          JOIN gen_variants v ON v.k = 1 + (r.base + (i - 1) * 37) % ${nv}`, "items (temp)");

      const first = text(FIRST), last = text(LAST), streets = text(STREETS);
      // The new ids, kept for the lines and the history (joining the orders table itself would read it whole).
      await run(sql`CREATE TEMP TABLE gen_ids (id int, code text) ON COMMIT DROP`, "ids");
      await run(sql`
        WITH inserted AS (
        INSERT INTO orders (business_id, order_code, channel_id, channel_name, channel_order_id, store_id, warehouse_id, order_type,
                            delivery_method, status, previous_status, return_stage, stock_state, customer_name, customer_phone, customer_email,
                            recipient_name, recipient_phone, shipping_address, shipping_city, shipping_province, shipping_postcode,
                            courier_code, courier_service, tracking_number, payment_method, subtotal, shipping_cost, discount, total_amount,
                            customer_note, hold_reason, cancel_reason, complaint_reason, complaint_note, return_damaged,
                            paid_at, deadline_at, invoice_printed_at, label_printed_at, picklist_printed_at, time_created, time_modified)
        SELECT ${businessId}, o.code, c.id, c.name, c.platform || '-' || ${tag} || '-' || lpad(o.n::text, 7, '0'),
               CASE WHEN o.pickup THEN ${store?.id ?? null}::int END,
               CASE WHEN NOT o.pickup THEN ${warehouse?.id ?? null}::int END,
               CASE WHEN ${h(8, 100)} < 92 THEN 1 WHEN ${h(8, 100)} < 98 THEN 2 ELSE 3 END,
               CASE WHEN o.pickup THEN 'pickup' ELSE 'courier' END,
               o.status,
               ${mapCase(PREVIOUS_OF, "o.status", "NULL")},
               CASE WHEN o.status = 'complaint' THEN (ARRAY['open', 'approved', 'declined', 'appealed', 'received'])[1 + ${h(9, 5)}] END,
               'none',
               cust.name,
               -- The same number the ways buyers and channels write it: +62…, 0…, 62…, +62 8xx-xxxx-xxxx.
               CASE ${h(33, 4)} WHEN 0 THEN '+62' || cust.national WHEN 1 THEN '0' || cust.national WHEN 2 THEN '62' || cust.national
                    ELSE '+62 ' || substr(cust.national, 1, 3) || '-' || substr(cust.national, 4, 4) || '-' || substr(cust.national, 8) END,
               CASE WHEN cust.has_email THEN lower(replace(cust.name, ' ', '.')) || (cust.k % 1000) || '@gmail.com' END,
               cust.name, '+62' || cust.national,
               CASE WHEN NOT o.pickup THEN (${streets})[1 + ${h(12, STREETS.length)}] || ' No. ' || (1 + ${h(13, 250)}) END,
               CASE WHEN NOT o.pickup THEN city.name END, CASE WHEN NOT o.pickup THEN city.province END,
               CASE WHEN NOT o.pickup THEN city.postcode END,
               CASE WHEN NOT o.pickup THEN cr.courier_code END, CASE WHEN NOT o.pickup THEN cr.code END,
               CASE WHEN NOT o.pickup AND o.status IN ('wait-to-send', 'send-to-courier', 'sending', 'on-courier-delivery', 'on-delivery',
                                                         'received', 'finish', 'complaint', 'returned')
                    -- Receipt numbers run in sequence per courier, as couriers hand them out.
                    THEN upper(cr.courier_code) || ${awbPrefix} || lpad(n::text, 8, '0') END,
               (${ints(PAYMENT_METHODS)})[1 + ${h(15, PAYMENT_METHODS.length)}],
               tot.subtotal, ship.cost, disc.amount, tot.subtotal + ship.cost - disc.amount,
               CASE WHEN ${h(16, 10)} = 0 THEN (${text(NOTES)})[1 + ${h(17, NOTES.length)}] END,
               CASE WHEN o.status IN ('hold', 'prepare-hold', 'packing-hold') THEN (${text(HOLD_NOTES)})[1 + ${h(18, HOLD_NOTES.length)}] END,
               CASE WHEN o.status = 'cancelled' THEN (ARRAY[1, 1, 1, 1, 2, 2, 2, 3, 4, 5, 6, 6])[1 + ${h(19, 12)}] END,
               CASE WHEN o.status IN ('complaint', 'returned') THEN (ARRAY[1, 3, 3, 4, 255])[1 + ${h(20, 5)}] END,
               CASE WHEN o.status IN ('complaint', 'returned') THEN (${text(COMPLAINT_NOTES)})[1 + ${h(21, COMPLAINT_NOTES.length)}] END,
               CASE WHEN o.status = 'returned' THEN ${h(22, 10)} = 0 END,
               paid.at,
               CASE WHEN o.status = 'waiting-payment' THEN GREATEST(o.created + interval '24 hours', now() + interval '1 hour')
                    WHEN o.status = 'waiting-approval' THEN GREATEST(paid.at + interval '48 hours', now() + interval '1 hour')
                    WHEN o.status IN ('wait-to-prepare', 'preparing', 'wait-to-pack', 'packing', 'ready-to-ship')
                      THEN GREATEST(paid.at + interval '4 days', now() + interval '1 hour') END,
               CASE WHEN o.status NOT IN ('waiting-payment', 'waiting-approval', 'cancellation-request', 'wait-to-prepare', 'cancelled', 'hold')
                    THEN touched.at END,
               CASE WHEN NOT o.pickup AND o.status NOT IN ('waiting-payment', 'waiting-approval', 'cancellation-request', 'wait-to-prepare',
                      'preparing', 'wait-to-pack', 'packing', 'ready-to-ship', 'cancelled', 'hold', 'prepare-hold', 'packing-hold') THEN touched.at END,
               CASE WHEN o.status NOT IN ('waiting-payment', 'waiting-approval', 'cancellation-request', 'wait-to-prepare', 'cancelled', 'hold')
                    THEN touched.at END,
               o.created, touched.at
          FROM gen_orders o
          JOIN gen_channels c ON c.k = o.channel_k
          JOIN (SELECT n AS order_n, sum(price * quantity)::bigint AS subtotal FROM gen_items GROUP BY n) tot ON tot.order_n = o.n
          -- The buyer: one of a pool of people (customers) the orders draw from, so people order again.
          CROSS JOIN LATERAL (SELECT 1 + ${h(32, customerPool)} AS k) who
          CROSS JOIN LATERAL (SELECT who.k, (${first})[1 + ${hk(23, FIRST.length)}] || ' ' || (${last})[1 + ${hk(24, LAST.length)}] AS name,
                                     '8' || (11 + ${hk(31, 48)}) || lpad(${hk(10, 10_000_000)}::text, 7, '0') AS national,
                                     ${hk(11, 10)} < 6 AS has_email) cust
          JOIN gen_cities city ON city.k = o.city_k
          JOIN gen_couriers cr ON cr.k = o.courier_k
          CROSS JOIN LATERAL (SELECT CASE WHEN o.pickup THEN 0 ELSE 9000 + ${h(27, 8)} * 3000 END AS cost) ship
          CROSS JOIN LATERAL (SELECT CASE WHEN ${h(28, 5)} = 0 THEN LEAST(tot.subtotal, (tot.subtotal / 20000) * 1000) ELSE 0 END AS amount) disc
          -- Paid a few minutes after ordering, unless still waiting or the payment expired.
          CROSS JOIN LATERAL (SELECT CASE WHEN o.status = 'waiting-payment' OR (o.status = 'cancelled' AND ${h(19, 12)} < 4) THEN NULL
                                          ELSE o.created + make_interval(mins => 1 + ${h(29, 90)}) END AS at) paid
          -- Last touched: between the order and now, later for orders further along.
          CROSS JOIN LATERAL (SELECT LEAST(now(), o.created + make_interval(mins => 5 + ${h(30, 60 * 24 * 6)})) AS at) touched
         ORDER BY o.created
        RETURNING id, order_code)
        INSERT INTO gen_ids SELECT id, order_code FROM inserted`, "orders");

      const items = await run(sql`
        INSERT INTO order_items (order_id, business_id, product_id, variant_id, product_name, variant_name, size_name, sku, image, quantity, price)
        SELECT ord.id, ${businessId}, i.product_id, i.id, i.name, nullif(i.variant_name, ''), nullif(i.size_name, ''), i.sku, i.image, i.quantity, i.price
          FROM gen_items i JOIN gen_orders o ON o.n = i.n
          JOIN gen_ids ord ON ord.code = o.code
         ORDER BY ord.id, i.line`, "order_items");
      // Every order's history starts as a received order's does: arrived from the channel (system).
      await run(sql`
        INSERT INTO order_status_history (order_id, business_id, action, actor, from_status, to_status, time_created)
        SELECT ord.id, ${businessId}, 'create', 'system', NULL, 'waiting-payment', o.created
          FROM gen_orders o JOIN gen_ids ord ON ord.code = o.code
         ORDER BY ord.id`, "history");
      const { rows: [{ n: orderCount }] } = await run<{ n: number }>(sql`SELECT count(*)::int AS n FROM gen_orders`, "count");
      return { orders: orderCount, items: items.rowCount ?? 0 };
    });
    made = { orders: made.orders + chunk.orders, items: made.items + chunk.items };
    log(`  ${made.orders.toLocaleString("en")} / ${count.toLocaleString("en")} orders (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }

  // Every order has its lines and a total that adds up; the tab counts match the table.
  const { rows: [bad] } = await db.execute<{ lineless: number; totals: number; counts: number }>(sql`
    SELECT (SELECT count(*)::int FROM orders o WHERE o.business_id = ${businessId} AND o.channel_order_id LIKE ${`%-${tag}-%`}
               AND NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)) AS lineless,
           (SELECT count(*)::int FROM orders o WHERE o.business_id = ${businessId} AND o.channel_order_id LIKE ${`%-${tag}-%`}
               AND o.total_amount <> o.subtotal + o.shipping_cost - o.discount) AS totals,
           (SELECT count(*)::int FROM (SELECT status, count(*) AS n FROM orders WHERE business_id = ${businessId} GROUP BY status) a
               FULL JOIN (SELECT status, n FROM order_status_counts WHERE business_id = ${businessId} AND n <> 0) c USING (status)
             WHERE a.n IS DISTINCT FROM c.n) AS counts`);
  if (bad.lineless || bad.totals || bad.counts) throw new Error(`generated orders do not add up: ${JSON.stringify(bad)}`);
  for (const table of ["orders", "order_items", "order_status_counts"]) await db.execute(sql.raw(`VACUUM (ANALYZE) ${table}`));
  return { ...made, ms: performance.now() - t0 };
}
