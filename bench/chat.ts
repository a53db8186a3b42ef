/**
 * `npm run bench:chat` (also part of `npm run bench`): chat at scale (issue 17 item 1).
 *
 * 1. The conversation list (core/chat/conversations.ts listConversations: the page of 50 and its
 *    capped total) at BENCH_CONVERSATIONS (100 000) conversations of Toko Demo: the database's own
 *    time (planning + execution, pg_stat_statements — bench/server-time.ts) of every query one call
 *    sends, p50 / p95 over RUNS runs after 3 to warm up, per filter: none, unread, assigned to me,
 *    to nobody, a channel, open, the order inbox, a name and a phone prefix, page 20.
 *    Target: p95 ≤ 10 ms.
 * 2. A message from webhook to the open page: an HTTP server of the app's API (api/app.ts) with
 *    the app's socket.io (server/realtime.ts) on a free port; a socket.io client joins the
 *    business's room with a bearer token as the web's hook does; then, MESSAGES times, a signed
 *    message.created is POSTed over HTTP to /api/webhooks/channels/:code/chat and the time is taken
 *    from just before the POST to the client receiving its chat:message event (whichever of the
 *    HTTP answer and the event comes last does not matter: the clock stops at the event).
 *    Target: p95 ≤ 200 ms.
 * Exit code 1 when a target is missed. The database: bench/bench-db.ts in BENCH_CHAT_PG_DIR
 * (default data/bench-chat-pg, port BENCH_CHAT_PG_PORT 54393), filled once.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { openBenchDb } from "./bench-db.ts";
import { serverTime } from "./server-time.ts";

const LIST_TARGET_MS = 10;
const LIVE_TARGET_MS = 200;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 30);

const { sql } = await import("drizzle-orm");
const database = await openBenchDb({
  dataDir: process.env.BENCH_CHAT_PG_DIR ?? "data/bench-chat-pg",
  port: Number(process.env.BENCH_CHAT_PG_PORT ?? 54393),
  table: "conversations",
  wanted: Number(process.env.BENCH_CONVERSATIONS ?? 100_000),
  fill: async (db, n) => {
    const t0 = performance.now();
    // Buyers with Indonesian names and phones, on the business's channels; a fifth unread, a tenth
    // assigned to the owner, a tenth about an order (a channel order id), times spread over a year.
    await db.execute(sql`
      WITH b AS (SELECT id FROM businesses WHERE name = 'Toko Demo' LIMIT 1),
           ch AS (SELECT array_agg(c.id ORDER BY c.id) AS ids, array_agg(c.name ORDER BY c.id) AS names, array_agg(c.platform_code ORDER BY c.id) AS codes
                    FROM channels c, b WHERE c.business_id = b.id),
           owner AS (SELECT m.user_id FROM business_members m, b WHERE m.business_id = b.id AND m.role = 'owner' LIMIT 1),
           first AS (SELECT ARRAY['Andi','Siti','Agus','Putri','Yoga','Fitri','Rizky','Nur','Dewi','Budi','Ayu','Eko','Intan','Fajar','Rina','Sari'] AS n),
           last AS (SELECT ARRAY['Pratama','Rahma','Setiawan','Lestari','Saputra','Handayani','Maulana','Aisyah','Anggraini','Wijaya','Kusuma','Nugroho','Siregar','Hidayat'] AS n)
      INSERT INTO conversations (business_id, channel_id, channel_name, platform_code, buyer_id, buyer_name, buyer_phone, channel_order_id,
                                 assigned_to, unread, status, last_message_at, last_preview, last_direction, time_created)
      SELECT b.id, ch.ids[1 + i % cardinality(ch.ids)], ch.names[1 + i % cardinality(ch.ids)], ch.codes[1 + i % cardinality(ch.ids)],
             'bench-' || i || '-' || md5(random()::text), first.n[1 + (i * 7) % 16] || ' ' || last.n[1 + (i * 13) % 14],
             CASE WHEN i % 3 = 0 THEN NULL ELSE '+628' || lpad((1000000000 + (i * 7919) % 899999999)::text, 10, '0') END,
             CASE WHEN i % 10 = 0 THEN 'BENCH-' || i ELSE '' END,
             CASE WHEN i % 10 = 1 THEN owner.user_id END,
             CASE WHEN i % 5 = 0 THEN 1 + i % 4 ELSE 0 END,
             CASE WHEN i % 4 = 0 THEN 'closed' ELSE 'open' END,
             now() - (random() * interval '365 days'), 'Halo kak, masih ready?', 'in', now() - interval '366 days'
        FROM generate_series(1, ${n}) i, b, ch, owner, first, last`);
    await db.execute(sql`VACUUM ANALYZE conversations`);
    return { ms: performance.now() - t0 };
  },
});
console.log(`  Toko Demo: ${database.rows.toLocaleString("en")} conversations`);

const { db } = database;
const { actorFromToken, scopeOf } = await import("#core/actor.ts");
const { issueToken } = await import("#core/auth/tokens.ts");
const { chatQuery, listConversations } = await import("#core/chat/conversations.ts");
const { rows: [seller] } = await db.execute<{ id: number; business_id: number }>(sql`
  SELECT u.id, m.business_id FROM users u JOIN business_members m ON m.user_id = u.id JOIN businesses b ON b.id = m.business_id
   WHERE u.email = 'seller@indie.test' AND b.name = 'Toko Demo' LIMIT 1`);
const token = await issueToken(seller.id);
const actor = await actorFromToken(token, "en");
const scope = scopeOf(actor);
if (actor.member?.businessId !== seller.business_id) throw new Error("the bench's seller is not in Toko Demo");
const { rows: [channel] } = await db.execute<{ id: number; platform_code: string }>(sql`
  SELECT id, platform_code FROM channels WHERE business_id = ${seller.business_id} AND status = 1 ORDER BY id LIMIT 1`);

const clock = await serverTime(database.url);
if (!clock.on) console.log("  (pg_stat_statements is not loaded: wall times only)");
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
let missed = false;

const scenarios: [string, Record<string, string | number>, boolean][] = [
  ["no filter", {}, false],
  ["unread", { show: "unread" }, false],
  ["assigned to me", { assigned: "me" }, false],
  ["assigned to nobody", { assigned: "none" }, false],
  ["one channel", { channel_id: channel.id }, false],
  ["open", { status: "open" }, false],
  ["unread, one channel", { show: "unread", channel_id: channel.id }, false],
  ["order inbox", {}, true],
  ["order inbox, unread", { show: "unread" }, true],
  ['name "siti"', { search: "siti" }, false],
  ['phone "0812"', { search: "0812" }, false],
  ["page 20", { page: 20 }, false],
];
console.log(`\n  conversation list, a page of 50 — p50 / p95 over ${RUNS} runs (database time; wall time)`);
for (const [label, query, ordersOnly] of scenarios) {
  const q = chatQuery.parse({ ...query, limit: 50 });
  const dbMs: number[] = [];
  const wallMs: number[] = [];
  let total = 0;
  for (let i = 0; i < RUNS + 3; i++) {
    await clock.take();
    const t0 = performance.now();
    const r = await listConversations(scope, q, { ordersOnly });
    const wall = performance.now() - t0;
    const d = (await clock.take()) ?? wall;
    if (i >= 3) {
      dbMs.push(d);
      wallMs.push(wall);
    }
    total = r.total;
  }
  const p95 = pct(dbMs, 95);
  if (p95 > LIST_TARGET_MS) missed = true;
  console.log(`  ${label.padEnd(24)} ${pct(dbMs, 50).toFixed(2).padStart(6)} / ${p95.toFixed(2).padStart(6)} ms   (${pct(wallMs, 50).toFixed(2)} / ${pct(wallMs, 95).toFixed(2)} ms)   total ${total.toLocaleString("en")}${p95 > LIST_TARGET_MS ? `  ✘ over ${LIST_TARGET_MS} ms` : ""}`);
}

// ---- webhook → socket ---------------------------------------------------------------------------
const { getRequestListener } = await import("@hono/node-server");
const { api } = await import("#api/app.ts");
const { attachRealtime } = await import("#server/realtime.ts");
const { signBody, webhookSecret } = await import("#core/orders/webhook-signing.ts");
const { io: connect } = await import("socket.io-client");
const server = createServer(getRequestListener(api.fetch));
const io = attachRealtime(server, "");
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const socket = connect(base, { path: "/socket.io", transports: ["websocket"] });
await new Promise<void>((resolve, reject) => {
  socket.on("connect", () => socket.emit("onSellerJoin", JSON.stringify({ token })));
  socket.on("onSellerJoinSuccess", () => resolve());
  socket.on("onSellerJoinFailed", (p) => reject(new Error(`join refused: ${JSON.stringify(p)}`)));
});
const waiting = new Map<number, () => void>();
const early = new Set<number>();
socket.on("chat:message", (p: { message_id: number }) => {
  const done = waiting.get(p.message_id);
  if (done) done();
  else early.add(p.message_id);
});
const code = `${channel.platform_code.toLowerCase()}-${channel.id}`;
const secret = webhookSecret(code);
const tag = Date.now().toString(36);
const live: number[] = [];
for (let i = 0; i < MESSAGES + 3; i++) {
  const body = JSON.stringify({ id: `bench-${tag}-${i}`, type: "message.created", data: {
    message_id: `bench-${tag}-${i}`, buyer_id: `bench-live-${i % 5}`, buyer_name: "Bench Buyer", text: `Halo kak #${i}` } });
  const t0 = performance.now();
  const res = await fetch(`${base}/api/webhooks/channels/${code}/chat`, {
    method: "POST", headers: { "Content-Type": "application/json", "X-Indie-Signature": signBody(secret, body) }, body,
  });
  const answer = (await res.json()) as { data?: { message_id?: number } };
  const id = answer.data?.message_id;
  if (!id) throw new Error(`the webhook answered ${res.status}: ${JSON.stringify(answer)}`);
  if (!early.has(id)) await new Promise<void>((resolve) => waiting.set(id, resolve));
  const ms = performance.now() - t0;
  if (i >= 3) live.push(ms);
}
const liveP95 = pct(live, 95);
if (liveP95 > LIVE_TARGET_MS) missed = true;
console.log(`\n  webhook → socket event, ${MESSAGES} messages: p50 ${pct(live, 50).toFixed(1)} ms, p95 ${liveP95.toFixed(1)} ms, max ${Math.max(...live).toFixed(1)} ms${liveP95 > LIVE_TARGET_MS ? `  ✘ over ${LIVE_TARGET_MS} ms` : ""}`);
console.log(missed ? "\n  ✘ a target is missed" : `\n  ✓ list p95 ≤ ${LIST_TARGET_MS} ms database time; webhook → page p95 ≤ ${LIVE_TARGET_MS} ms`);

socket.disconnect();
io.close();
await clock.end();
await database.stop();
process.exit(missed ? 1 : 0);
