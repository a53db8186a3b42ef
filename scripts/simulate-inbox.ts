/**
 * `npm run simulate:inbox -- --rate 10/m --url http://localhost:3000`: the business's buyers on its
 * channels, asking about products and reviewing what they received, played against the running
 * app through the signed inbox webhook (POST /api/webhooks/channels/:code/inbox,
 * core/inbox/webhooks.ts), so /inbox/discussion and /inbox/review fill with life in the demo.
 *
 * What it sends, at the chosen rate:
 * - About half: a new question (question.created) on a real SKU of the business's published
 *   products, in Indonesian, from an online channel.
 * - About a fifth: a buyer's further message (question.message) in a question this run asked.
 * - The rest: a review (review.created) of a line of an order the buyer received (status received
 *   or finish, read from GET /v2.2.0/orders), 1–5 stars (mostly 4–5), with a text fitting the
 *   stars and now and then a photo; each order line is reviewed once (the app takes one per line).
 * - About one delivery in 20 is sent twice, as a channel does when it misses our answer: the
 *   second answers "already received" and writes nothing.
 *
 * Options: --rate N/s|N/m|N/h (default 6/m), --url (default http://localhost:3000), --count N,
 * --duration 10m|90s|1h, --email / --password (default seller@indie.test / indie-demo), --quiet.
 * The channel secrets derive from the server secret, as for simulate:orders (run it with the app's
 * SESSION_SECRET, or from the app's directory with the same PG_DATA_DIR).
 */
import { simApp, webhookSender, type SimChannel } from "./sim-app.ts";
import { simOptions } from "./sim-args.ts";

const { flag, base: BASE, rate: RATE, max: MAX, deadline: DEADLINE, email: EMAIL, password: PASSWORD, quiet: QUIET } = simOptions(process.argv.slice(2), "6/m");
if (flag("--help")) {
  console.log("npm run simulate:inbox -- [--rate 6/m] [--url http://localhost:3000] [--count N] [--duration 10m] [--email seller@indie.test --password indie-demo] [--quiet]");
  process.exit(0);
}


const rnd = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(list: readonly T[]): T => list[rnd(list.length)]!;
const chance = (p: number) => Math.random() < p;

const NAMES = ["Andi Pratama", "Siti Rahma", "Agus Setiawan", "Putri Lestari", "Yoga Saputra", "Fitri Handayani", "Rizky Maulana", "Nur Aisyah",
  "Dewi Anggraini", "Budi Wijaya", "Ayu Kusuma", "Eko Nugroho", "Intan Siregar", "Fajar Hidayat"];
const QUESTIONS = [
  "Kak, ukuran {size} masih ada?", "Bahannya adem nggak kak?", "Bisa COD nggak kak?", "Ready stok kak? Mau order hari ini.",
  "Kalau order sekarang kapan dikirim?", "Warnanya sama seperti di foto kak?", "Bisa grosir? Mau ambil 1 lusin.",
  "Ada size chart-nya kak?", "Luntur nggak kalau dicuci?", "Garansi tukar size ada kak?",
];
const FOLLOW_UPS = ["Oke kak, terima kasih!", "Kalau warna lain ada kak?", "Bisa dikirim pakai instan?", "Siap kak, saya checkout sekarang ya."];
const REVIEWS: Record<number, string[]> = {
  5: ["Mantap, sesuai foto. Pengiriman cepat!", "Kualitas bagus banget, jahitan rapi. Recommended!", "Sudah kedua kali beli, selalu puas."],
  4: ["Bagus, cuma pengirimannya agak lama.", "Sesuai deskripsi, ukurannya pas.", "Bahan oke, harga bersahabat."],
  3: ["Lumayan, tapi warnanya sedikit beda.", "Standar untuk harga segini."],
  2: ["Ukurannya kekecilan, tidak sesuai size chart.", "Packing kurang rapi, kardus penyok."],
  1: ["Barang cacat, ada sobekan di jahitan.", "Yang datang beda warna dengan pesanan. Kecewa."],
};
const STARS = [5, 5, 5, 5, 4, 4, 4, 3, 2, 1];

const app = simApp(BASE);
const apiCall = app.call;

type Channel = SimChannel;

async function setUp() {
  await app.signIn(EMAIL, PASSWORD);
  const channels = await app.activeChannels();
  if (!channels.length) throw new Error("the business has no active online channel");
  const r = await apiCall<Array<{ sku: string; size_name?: string }>>("GET", "/v0.0.1/products/filter?status=published&limit=100");
  const skus = (r.data ?? []).map((v) => v.sku);
  if (!skus.length) throw new Error("the business has no published product to ask about");
  return { channels, skus };
}

const sender = webhookSender<{ review_id?: number; discussion_id?: number }>({ base: BASE, path: "inbox", prefix: "SIMI", quiet: QUIET });
const { runTag, deliver } = sender;

type OrderRow = { channel_id: number | null; channel_order_id: string | null; customer_name?: string; items?: Array<{ sku: string }> };
const reviewed = new Set<string>();

async function reviewable() {
  const out: Array<{ channelId: number; orderId: string; sku: string; buyer: string }> = [];
  for (const status of ["received", "finish"]) {
    const r = await apiCall<OrderRow[]>("GET", `/v2.2.0/orders?status=${status}&limit=50`);
    for (const o of Array.isArray(r.data) ? r.data : []) {
      if (!o.channel_id || !o.channel_order_id) continue;
      for (const i of o.items ?? []) {
        const key = `${o.channel_order_id}|${i.sku}`;
        if (!reviewed.has(key)) out.push({ channelId: o.channel_id, orderId: o.channel_order_id, sku: i.sku, buyer: o.customer_name ?? pick(NAMES) });
      }
    }
  }
  return out;
}

async function main() {
  const world = await setUp();
  const asked: Array<{ channel: Channel; messageId: string; buyer: string }> = [];
  console.log(`simulate:inbox → ${BASE} as ${EMAIL}: ${world.channels.length} channels, ${world.skus.length} SKUs, ${(RATE * 60).toFixed(1)}/min`);
  let count = 0;
  while (count < MAX && Date.now() < DEADLINE) {
    const roll = Math.random();
    if (roll < 0.3) {
      const lines = await reviewable();
      const line = lines.length ? pick(lines) : undefined;
      const channel = line && world.channels.find((c) => c.id === line.channelId);
      if (line && channel) {
        reviewed.add(`${line.orderId}|${line.sku}`);
        const rating = pick(STARS);
        await deliver(channel, "review.created", {
          review_id: `SIMR-${runTag}-${sender.seq + 1}`, order_id: line.orderId, sku: line.sku, rating, text: pick(REVIEWS[rating]!), buyer_name: line.buyer,
          images: chance(0.2) ? [`https://picsum.photos/seed/${runTag}${sender.seq}/400/400`] : [],
        });
        count += 1;
      }
    } else if (roll < 0.5 && asked.length) {
      const q = pick(asked);
      await deliver(q.channel, "question.message", { message_id: `SIMM-${runTag}-${sender.seq + 1}`, thread_id: q.messageId, text: pick(FOLLOW_UPS), buyer_name: q.buyer });
      count += 1;
    } else {
      const channel = pick(world.channels);
      const messageId = `SIMQ-${runTag}-${sender.seq + 1}`;
      const buyer = pick(NAMES);
      const r = await deliver(channel, "question.created", { message_id: messageId, sku: pick(world.skus), text: pick(QUESTIONS).replace("{size}", pick(["S", "M", "L", "XL"])), buyer_name: buyer });
      if (r && r.status < 300) asked.push({ channel, messageId, buyer });
      count += 1;
    }
    await new Promise((res) => setTimeout(res, 1000 / RATE));
  }
  console.log(sender.summary());
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
