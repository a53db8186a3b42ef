/**
 * `npm run simulate:orders -- --rate 2/s --url http://localhost:3000`: the business's channels and
 * couriers, played against the running app through its signed webhook
 * (POST /api/webhooks/channels/:code/orders, core/orders/webhooks.ts), so every tab of
 * /orders fills with life in the demo.
 *
 * What it sends:
 * - New orders at the chosen rate, from the business's active online channels (marketplaces
 *   most), with 1–3 real SKUs of its published products (those with stock first), a customer with
 *   an Indonesian name and address, a courier service (1 in 20 a store pick-up), paid at checkout
 *   for about half of them.
 * - For unpaid orders a payment 5–60 s later (9 in 10; the others are left to expire); now and then
 *   a customer's cancellation request while the order waits or is being prepared.
 * - Courier events for orders the seller handed over: picked up, in transit, out for delivery,
 *   delivered (each after 5–30 s), with a tracking line each.
 * - Complaints on a few received orders (reasons of spec section 8), and an appeal on some the
 *   seller declined.
 * - About one delivery in 20 is sent twice, as a channel does when it misses our answer; the
 *   second answers "already received" and changes nothing.
 * Follow-ups are found by reading the orders list as the seller (GET /v2.2.0/orders by status
 * every few seconds), so they also reach orders the demo seed or the bulk generator made.
 *
 * With --staff it also plays the seller's staff on a few orders per round (accept, prepare, pack,
 * ready, book delivery, send, finish) through the order action API, so a demo runs by itself.
 *
 * Options: --rate N/s|N/m|N/h (new orders; default 1/s), --url (default http://localhost:3000),
 * --count N (stop after N new orders), --duration 10m|90s|1h, --email / --password (the seller whose
 * channels are played; default seller@indie.test / indie-demo), --staff, --quiet, --secrets (print
 * each channel's webhook URL and secret, and exit).
 *
 * The channel secrets derive from the server secret (core/lib/secret.ts): run the simulator with
 * the app's SESSION_SECRET, or from the app's directory with the same PG_DATA_DIR (the demo keeps
 * the secret in data/session-secret next to the database).
 *
 * Imported (tests/e2e/order-journey.spec.ts), it runs nothing: `sendOneOrder` delivers one new
 * order built by the same code, and `postEvent` any other event, as this script sends them.
 */
import { pathToFileURL } from "node:url";
import { signBody } from "#core/orders/webhook-signing.ts";
import { simApp, type Envelope, type SimChannel } from "./sim-app.ts";
import { simOptions } from "./sim-args.ts";

/** Run as the script (npm run simulate:orders), not imported for its helpers. */
const isMain = Boolean(process.argv[1]) && import.meta.url === pathToFileURL(process.argv[1]).href;

// ---- options --------------------------------------------------------------------------------
const {
  flag, base: BASE, rate: RATE, max: MAX_ORDERS, deadline: DEADLINE, email: EMAIL, password: PASSWORD, quiet: QUIET,
} = simOptions(isMain ? process.argv.slice(2) : [], "1/s");
if (flag("--help")) {
  console.log(`npm run simulate:orders -- [--rate 2/s] [--url http://localhost:3000] [--count N] [--duration 10m]
                               [--email seller@indie.test --password indie-demo] [--staff] [--quiet] [--secrets]`);
  process.exit(0);
}

const STAFF = flag("--staff");
const POLL_MS = 4000;

// ---- a little randomness --------------------------------------------------------------------
const rnd = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(list: readonly T[]): T => list[rnd(list.length)];
const chance = (p: number) => Math.random() < p;
const between = (a: number, b: number) => a + Math.random() * (b - a);

const FIRST = ["Andi", "Siti", "Agus", "Putri", "Yoga", "Fitri", "Rizky", "Nur", "Dewi", "Budi", "Ayu", "Eko", "Rina", "Dimas", "Wulan", "Fajar", "Intan", "Hendra"];
const LAST = ["Pratama", "Rahma", "Setiawan", "Lestari", "Saputra", "Handayani", "Maulana", "Wijaya", "Santoso", "Kusuma", "Hidayat", "Nugroho", "Siregar", "Wibowo"];
const PLACES: [string, string, string][] = [
  ["Kota Jakarta Selatan", "DKI Jakarta", "12190"], ["Kota Bandung", "Jawa Barat", "40111"], ["Kota Surabaya", "Jawa Timur", "60132"],
  ["Kota Semarang", "Jawa Tengah", "50241"], ["Kota Yogyakarta", "DI Yogyakarta", "55271"], ["Kota Medan", "Sumatera Utara", "20112"],
  ["Kota Denpasar", "Bali", "80234"], ["Kota Makassar", "Sulawesi Selatan", "90111"], ["Kota Bekasi", "Jawa Barat", "17141"],
];
const STREETS = ["Jl. Merdeka", "Jl. Sudirman", "Jl. Diponegoro", "Jl. Ahmad Yani", "Jl. Pahlawan", "Jl. Kenanga", "Jl. Melati", "Jl. Imam Bonjol"];
const COURIERS: [string, string][] = [["jne", "REG"], ["jne", "YES"], ["jnt", "EZ"], ["sicepat", "REG"], ["anteraja", "REG"], ["pos", "PKH"]];
const NOTES = ["Tolong dibungkus rapi ya kak", "Kirim secepatnya ya", "Untuk kado", null, null, null, null];
const WEIGHT: Record<string, number> = { SHP: 6, TKP: 5, LZD: 3, IDM: 3, SFY: 2, IGM: 1 };

// ---- the app --------------------------------------------------------------------------------
const app = simApp(BASE);
const apiCall = app.call;

type Channel = SimChannel;
type Sku = { sku: string; price: number; available: number };

async function setUp() {
  await app.signIn(EMAIL, PASSWORD);
  const channels = await app.activeChannels();
  if (!channels.length) throw new Error("the business has no active online channel");
  const graph = await apiCall<{ offline: Array<{ id: number }> }>("GET", "/v0.0.1/channels/offline-online");
  const stores = (graph.data?.offline ?? []).map((s) => s.id);
  const skus: Sku[] = [];
  for (let page = 1; page <= 3; page++) {
    const r = await apiCall<Array<{ sku: string; price: number; available: number }>>("GET", `/v0.0.1/products/filter?status=published&limit=100&page=${page}`);
    for (const v of r.data ?? []) if (v.price > 0) skus.push({ sku: v.sku, price: v.price, available: v.available });
    if ((r.data ?? []).length < 100) break;
  }
  if (!skus.length) throw new Error("the business has no published product with a price to sell");
  // Products with stock sell most (the seller can accept those); the rest now and then.
  const inStock = skus.filter((s) => s.available > 0);
  return { channels, stores, skus, inStock: inStock.length ? inStock : skus };
}

// ---- deliveries -----------------------------------------------------------------------------
const stats = { orders: 0, events: 0, resent: 0, refused: 0, failed: 0, staff: 0 };
let eventSeq = 0;
// Random tail: two processes started in the same millisecond (parallel test workers) must not
// send the same event ids, which the app would take for resends.
const runTag = `${Date.now().toString(36)}${rnd(1296).toString(36).padStart(2, "0")}`.toUpperCase();

/** The app's answer to a delivery (core/orders/webhooks.ts WebhookResult). */
export type WebhookAnswer = { sys_order_id?: number; order_id?: string; status?: string; applied?: boolean; first_delivery?: boolean };

/**
 * Delivers one event to the app at `base` as the channel does: signed with its secret
 * (X-Indie-Signature). The same `eventId` again is a resend.
 */
export async function postEvent(base: string, channel: { code: string; secret: string }, type: string, data: Record<string, unknown>,
  eventId = `SIM-${runTag}-${++eventSeq}`) {
  const body = JSON.stringify({ id: eventId, type, data });
  const r = await fetch(`${base.replace(/\/$/, "")}/api/webhooks/channels/${channel.code}/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Indie-Signature": signBody(channel.secret, body) },
    body,
  });
  return { status: r.status, body: (await r.json()) as Envelope<WebhookAnswer> };
}

async function deliver(channel: Channel, type: string, data: Record<string, unknown>) {
  const eventId = `SIM-${runTag}-${++eventSeq}`;
  const send = () => postEvent(BASE, channel, type, data, eventId);
  try {
    const res = await send();
    stats.events += 1;
    if (res.status >= 400) stats.refused += 1;
    log(`${type.padEnd(28)} ${channel.name.slice(0, 28).padEnd(28)} ${String(data.order_id).padEnd(22)} ${res.status} ${res.body.message}${res.body.data?.status ? ` → ${res.body.data.status}` : ""}`);
    if (res.status < 300 && chance(0.05)) {
      const again = await send();
      stats.resent += 1;
      log(`${"  (sent again)".padEnd(28)} ${"".padEnd(28)} ${String(data.order_id).padEnd(22)} ${again.status} ${again.body.message}`);
    }
    return res;
  } catch (e) {
    stats.failed += 1;
    log(`${type} ${data.order_id}: ${(e as Error).message}`);
    return undefined;
  }
}

function log(line: string) {
  if (!QUIET) console.log(`${new Date().toLocaleTimeString("en-GB")}  ${line}`);
}

/** Scheduled follow-ups: [when, what]. */
const later: Array<[number, () => Promise<unknown>]> = [];
const schedule = (inSeconds: number, what: () => Promise<unknown>) => later.push([Date.now() + inSeconds * 1000, what]);

/** What the simulator sells from: SKUs (those with stock first) and the stores a customer may collect at. */
export type SimStock = { skus: readonly { sku: string }[]; inStock?: readonly { sku: string }[]; stores?: readonly number[] };

/**
 * The data of one simulated `order.created`: 1–3 lines of the SKUs, a customer with an Indonesian
 * name and address, a courier service (1 in 20 a store pick-up when there are stores), paid at
 * checkout for about half. `fixed` pins what a caller needs (a test's items, paid); the rest is random.
 */
export function simulatedOrder(orderId: string, from: SimStock, fixed: Partial<SimOrder> = {}): SimOrder {
  return { ...randomOrder(orderId, from), ...fixed };
}
export type SimOrder = ReturnType<typeof randomOrder>;

function randomOrder(orderId: string, from: SimStock) {
  const inStock = from.inStock?.length ? from.inStock : from.skus;
  const stores = from.stores ?? [];
  const lines = 1 + (chance(0.6) ? 0 : chance(0.6) ? 1 : 2);
  const items = new Map<string, { sku: string; quantity: number }>();
  for (let i = 0; i < lines; i++) {
    const s = pick(chance(0.9) ? inStock : from.skus);
    items.set(s.sku, { sku: s.sku, quantity: chance(0.8) ? 1 : 2 });
  }
  const pickup = stores.length > 0 && chance(0.05);
  const name = `${pick(FIRST)} ${pick(LAST)}`;
  const [city, province, postcode] = pick(PLACES);
  const [courier, service] = pick(COURIERS);
  const phone = `+628${11 + rnd(48)}${String(rnd(10_000_000)).padStart(7, "0")}`;
  return {
    order_id: orderId,
    customer: { name, phone, email: chance(0.6) ? `${name.toLowerCase().replace(" ", ".")}${rnd(100)}@gmail.com` : null },
    shipping: pickup ? null : { address: `${pick(STREETS)} No. ${1 + rnd(200)}`, city, province, postcode },
    delivery_method: pickup ? "pickup" : "courier",
    pickup_store_id: pickup ? pick(stores) : null,
    courier: pickup ? null : { code: courier, service },
    payment_method: pick([3, 3, 4, 4, 2, 5, 6]),
    paid: chance(0.5),
    items: [...items.values()],
    shipping_cost: pickup ? 0 : 9000 + rnd(8) * 3000,
    discount: chance(0.2) ? 5000 : 0,
    note: pick(NOTES),
  };
}

/** One simulated new order delivered to the app at `base`: what was sent, and the app's answer. */
export async function sendOneOrder(base: string, channel: { code: string; secret: string }, from: SimStock,
  fixed: Partial<SimOrder> = {}, orderId = `${channel.code.split("-")[0].toUpperCase()}-${runTag}-X${++eventSeq}`) {
  const data = simulatedOrder(orderId, from, fixed);
  return { data, ...(await postEvent(base, channel, "order.created", data)) };
}

function newOrder(world: Awaited<ReturnType<typeof setUp>>) {
  const slots = world.channels.flatMap((c) => Array(WEIGHT[c.platform] ?? 1).fill(c) as Channel[]);
  const channel = pick(slots);
  const orderId = `${channel.platform}-${runTag}-${String(stats.orders + 1).padStart(5, "0")}`;
  stats.orders += 1;
  const order = simulatedOrder(orderId, world);
  const paid = order.paid;
  void deliver(channel, "order.created", order).then((res) => {
    if (!res || res.status >= 300) return;
    if (!paid && chance(0.9)) schedule(between(5, 60), () => deliver(channel, "order.paid", { order_id: orderId }));
    if (chance(0.04)) {
      schedule(between(20, 120), () => deliver(channel, "order.cancellation_requested", { order_id: orderId, note: pick(["Salah pilih ukuran", "Ingin ganti warna", "Pesanan dobel", null]) }));
    }
  });
}

// ---- follow-ups found in the orders list ----------------------------------------------------
type ListRow = { order_id: number; channel_id: number | null; channel_order_id: string | null; status: string; return_stage: string | null; courier: { code: string } | null; shipping_city: string | null };
/** Orders already given their next event (by our id and status), so a poll does not repeat it. */
const handled = new Set<string>();

const COURIER_STEPS: Record<string, [string, (city: string) => string]> = {
  "send-to-courier": ["shipment.picked_up", () => "Paket telah diterima oleh kurir"],
  sending: ["shipment.in_transit", (city) => `Paket diproses di gudang transit ${city}`],
  "on-courier-delivery": ["shipment.out_for_delivery", () => "Paket dibawa kurir menuju alamat penerima"],
  "on-delivery": ["shipment.delivered", () => "Paket telah diterima oleh penerima"],
};

async function listed(status: string, limit = 50) {
  const r = await apiCall<ListRow[]>("GET", `/v2.2.0/orders?status=${status}&limit=${limit}&sort=1`);
  if (r.code !== 200 && r.code !== 404) throw new Error(`GET /v2.2.0/orders?status=${status}: ${r.code} ${r.message}`);
  return Array.isArray(r.data) ? r.data : [];
}

async function followUps(world: Awaited<ReturnType<typeof setUp>>) {
  const byId = new Map(world.channels.map((c) => [c.id, c]));
  const ours = (r: ListRow) => (r.channel_id && r.channel_order_id ? byId.get(r.channel_id) : undefined);
  for (const [status, [type, text]] of Object.entries(COURIER_STEPS)) {
    for (const r of await listed(status, 20)) {
      const channel = ours(r);
      const key = `${r.order_id}:${status}`;
      if (!channel || handled.has(key)) continue;
      handled.add(key);
      const city = r.shipping_city?.replace(/^(Kota|Kabupaten) /, "") ?? "Jakarta";
      schedule(between(5, 30), () => deliver(channel, type, { order_id: r.channel_order_id, description: text(city), location: city }));
    }
  }
  for (const r of await listed("received", 50)) {
    const channel = ours(r);
    const key = `${r.order_id}:received`;
    if (!channel || handled.has(key)) continue;
    handled.add(key);
    if (chance(0.05)) {
      schedule(between(10, 60), () => deliver(channel, "order.complaint", {
        order_id: r.channel_order_id, reason: pick([1, 3, 4, 255]), note: pick(["Ukuran tidak sesuai", "Barang kurang satu", "Ada noda", "Warna berbeda"]),
      }));
    }
  }
  for (const r of await listed("complaint", 50)) {
    const channel = ours(r);
    const key = `${r.order_id}:appeal`;
    if (!channel || r.return_stage !== "declined" || handled.has(key)) continue;
    handled.add(key);
    if (chance(0.5)) schedule(between(10, 60), () => deliver(channel, "order.appeal", { order_id: r.channel_order_id, note: "Mohon dicek kembali" }));
  }
}

/** --staff: the seller's staff move a few orders one step forward per round. */
const STAFF_STEPS: [string, string, Record<string, unknown>?][] = [
  ["waiting-approval", "accept"], ["wait-to-prepare", "prepare"], ["preparing", "pack"], ["wait-to-pack", "packing"],
  ["packing", "ready"], ["ready-to-ship", "book-deliveries"], ["wait-to-send", "send"], ["wait-to-pick", "pickup"],
  ["picking", "deliver"], ["received", "fulfill"], ["cancellation-request", "approve-cancellation"],
];
async function staffRound() {
  for (const [status, action] of STAFF_STEPS) {
    const rows = (await listed(status, 10)).filter(() => chance(0.3)).slice(0, 5);
    if (!rows.length) continue;
    const path = action === "pickup" ? null : `/v2.0.0/orders/${action}`;
    if (!path) {
      // Store pick-up: the customer collects (one order per call on the legacy path).
      for (const r of rows) await apiCall("PUT", `/v0.0.0/orders/${r.order_id}/pickup-customer`, {});
      stats.staff += rows.length;
      continue;
    }
    const res = await apiCall<Array<{ ok: boolean }>>("PUT", path, { order_ids: rows.map((r) => r.order_id) });
    const done = (res.data ?? []).filter((r) => r.ok).length;
    stats.staff += done;
    log(`${`staff: ${action}`.padEnd(28)} ${`${done} of ${rows.length} orders`.padEnd(28)} ${"".padEnd(22)} ${res.code} ${res.message}`);
  }
}

// ---- main loop ------------------------------------------------------------------------------
async function main() {
  const world = await setUp();

  if (flag("--secrets")) {
    console.log("Webhook addresses and secrets (X-Indie-Signature: sha256=<hex HMAC-SHA256 of the raw body>):");
    for (const c of world.channels) console.log(`  ${c.name.padEnd(32)} POST ${BASE}/api/webhooks/channels/${c.code}/orders   secret ${c.secret}`);
    process.exit(0);
  }

  console.log(`Simulating ${world.channels.length} channels (${world.channels.map((c) => c.name).join(", ")}) with ${world.skus.length} SKUs`);
  console.log(`→ ${BASE}, ${RATE >= 1 ? `${RATE}/s` : `${(RATE * 60).toFixed(1)}/min`} new orders${STAFF ? ", staff on" : ""}. Ctrl-C stops.\n`);

  let stopping = false;
  const summary = () => console.log(`\n${stats.orders} new orders, ${stats.events} deliveries (${stats.resent} sent twice, ${stats.refused} refused, ${stats.failed} failed)${STAFF ? `, ${stats.staff} staff steps` : ""}.`);
  process.on("SIGINT", () => {
    if (stopping) process.exit(130);
    stopping = true;
  });

  let nextOrderAt = Date.now();
  let nextPollAt = Date.now() + 1000;
  // With --count: after the last new order, its follow-ups still go out for up to two minutes.
  let drainUntil = Infinity;
  while (!stopping && Date.now() < DEADLINE && (stats.orders < MAX_ORDERS || (later.length && Date.now() < drainUntil))) {
    const now = Date.now();
    if (stats.orders >= MAX_ORDERS && drainUntil === Infinity) drainUntil = now + 120_000;
    if (stats.orders < MAX_ORDERS && now >= nextOrderAt) {
      newOrder(world);
      // Arrivals as a Poisson process: exponential gaps around the chosen rate.
      nextOrderAt = now + (-Math.log(1 - Math.random()) / RATE) * 1000;
    }
    later.sort((a, b) => a[0] - b[0]);
    while (later.length && later[0][0] <= now) void later.shift()![1]();
    if (now >= nextPollAt) {
      nextPollAt = now + POLL_MS;
      try {
        await followUps(world);
        if (STAFF) await staffRound();
      } catch (e) {
        log(`reading the orders list: ${(e as Error).message}`);
      }
    }
    await new Promise((r) => setTimeout(r, Math.max(5, Math.min(nextOrderAt, nextPollAt, later[0]?.[0] ?? Infinity) - Date.now())));
  }
  summary();
}

if (isMain) await main();
