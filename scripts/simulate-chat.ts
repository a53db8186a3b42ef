/**
 * `npm run simulate:chat -- --rate 10/m --url http://localhost:3000`: the business's buyers writing
 * in chat on its channels, played against the running app through the signed chat webhook
 * (POST /api/webhooks/channels/:code/chat, core/chat/webhooks.ts), so /inbox/chat and
 * /inbox/order come alive in the demo (with JavaScript the open page shows them at once).
 *
 * What it sends, at the chosen rate:
 * - Mostly a buyer's message (message.created), in Indonesian, from a small cast of buyers (so
 *   conversations grow), each first preceded by a `typing` event.
 * - About one in five: a message about one of the business's orders (order_id = the channel's
 *   order id, read from GET /v2.2.0/orders): a question, a cancellation or a complaint — the order inbox.
 * - Now and then a buyer who wrote in this run reads the seller's answers (message.read).
 * - About one delivery in 20 is sent twice, as a channel does when it misses our answer: the
 *   second answers "already received" and writes nothing.
 *
 * Options (scripts/sim-args.ts): --rate N/s|N/m|N/h (default 6/m), --url, --count N, --duration,
 * --email / --password (default seller@indie.test / indie-demo), --quiet. --buyer NAME --text TEXT
 * sends one message from that buyer and stops (what the end-to-end tests use). The channel secrets
 * derive from the server secret, as for simulate:orders (run it with the app's SESSION_SECRET, or
 * from the app's directory with the same PG_DATA_DIR).
 */
import { simApp, webhookSender, type SimChannel } from "./sim-app.ts";
import { simOptions } from "./sim-args.ts";

const { opt, flag, base: BASE, rate: RATE, max: MAX, deadline: DEADLINE, email: EMAIL, password: PASSWORD, quiet: QUIET } = simOptions(process.argv.slice(2), "6/m");
if (flag("--help")) {
  console.log("npm run simulate:chat -- [--rate 6/m] [--url http://localhost:3000] [--count N] [--duration 10m] [--email seller@indie.test --password indie-demo] [--quiet] [--buyer NAME --text TEXT]");
  process.exit(0);
}

const rnd = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(list: readonly T[]): T => list[rnd(list.length)]!;

const BUYERS = [
  { name: "Andi Pratama", phone: "081211110001" }, { name: "Siti Rahma", phone: "081211110002" }, { name: "Nur Aisyah", phone: null },
  { name: "Dewi Anggraini", phone: "081298765432" }, { name: "Budi Wijaya", phone: null }, { name: "Ayu Kusuma", phone: "085711112222" },
  { name: "Fajar Hidayat", phone: null }, { name: "Putri Lestari", phone: "087812340000" },
];
const CHAT = [
  "Halo kak, masih ready?", "Kak, bisa COD?", "Ada warna lain kak?", "Kalau beli 3 dapat diskon?", "Ukuran L lingkar dadanya berapa kak?",
  "Oke kak, saya checkout sekarang ya", "Bisa kirim hari ini kak?", "Terima kasih kak 🙏", "Kak, bahannya adem nggak?",
];
const ABOUT_ORDER = [
  "Kak, pesanan saya kapan dikirim?", "Kak, saya mau batalkan pesanan ini bisa?", "Barangnya belum sampai kak, sudah 5 hari",
  "Kak, ukurannya kekecilan, bisa tukar?", "Resi pengirimannya berapa kak?", "Barang datang cacat kak, mau komplain",
];

const app = simApp(BASE);
const apiCall = app.call;

type Channel = SimChannel;

async function setUp() {
  await app.signIn(EMAIL, PASSWORD);
  const channels = await app.activeChannels();
  if (!channels.length) throw new Error("the business has no active channel");
  const r = await apiCall<Array<{ channel_id: number | null; channel_order_id: string | null; customer_name?: string }>>("GET", "/v2.2.0/orders?limit=50");
  const orders = (Array.isArray(r.data) ? r.data : []).filter((o) => o.channel_id && o.channel_order_id);
  return { channels, orders };
}

const sender = webhookSender<{ conversation_id?: number }>({ base: BASE, path: "chat", prefix: "SIMC", quiet: QUIET });
const { runTag, deliver } = sender;

const buyerId = (name: string) => `sim-${name.toLowerCase().replace(/\W+/g, "-")}`;

async function main() {
  const world = await setUp();
  // One message from one buyer, then stop (the end-to-end tests).
  if (opt("--buyer")) {
    const name = opt("--buyer")!;
    const r = await deliver(world.channels[0]!, "message.created", {
      message_id: `SIMC-${runTag}-m`, buyer_id: buyerId(name), buyer_name: name, text: opt("--text") ?? pick(CHAT),
    }, false);
    console.log(JSON.stringify(r?.body.data ?? null));
    process.exit(r && r.status < 300 ? 0 : 1);
  }
  console.log(`simulate:chat → ${BASE} as ${EMAIL}: ${world.channels.length} channels, ${world.orders.length} orders, ${(RATE * 60).toFixed(1)}/min`);
  let count = 0;
  // Who wrote on which channel in this run: only they can read the seller's answers there.
  const written: Array<{ channel: Channel; buyer: string }> = [];
  while (count < MAX && Date.now() < DEADLINE) {
    const roll = Math.random();
    if (roll < 0.2 && world.orders.length) {
      const o = pick(world.orders);
      const channel = world.channels.find((c) => c.id === o.channel_id);
      if (channel) {
        const name = o.customer_name ?? pick(BUYERS).name;
        await deliver(channel, "message.created", { message_id: `SIMC-${runTag}-${sender.seq + 1}`, buyer_id: buyerId(name), buyer_name: name, order_id: o.channel_order_id, text: pick(ABOUT_ORDER) });
        count += 1;
      }
    } else if (roll < 0.3 && written.length) {
      const w = pick(written);
      await deliver(w.channel, "message.read", { buyer_id: buyerId(w.buyer) });
    } else {
      const b = pick(BUYERS);
      const channel = world.channels[rnd(Math.min(world.channels.length, 3))]!;
      await deliver(channel, "typing", { buyer_id: buyerId(b.name) }, false);
      await new Promise((res) => setTimeout(res, 800));
      const r = await deliver(channel, "message.created", { message_id: `SIMC-${runTag}-${sender.seq + 1}`, buyer_id: buyerId(b.name), buyer_name: b.name, buyer_phone: b.phone, text: pick(CHAT) });
      if (r && r.status < 300) written.push({ channel, buyer: b.name });
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
