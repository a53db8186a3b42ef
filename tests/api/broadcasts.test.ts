/**
 * Broadcasts (core/customers/broadcasts.ts, broadcast-send.ts) on the real database through the
 * REST calls: the audience is the customer list's (a tag), recipients are written when made with
 * the opted-out skipped, the job sends each one message with its placeholders filled, an opt-out
 * after scheduling is honoured at send time, a scheduled broadcast starts on time or is cancelled,
 * the audit log has the send, and — the point — a send killed with SIGKILL between claim and
 * outcome, then resumed, sends no recipient twice. Also: another business 404, staff without the
 * privilege 403, bad input 4xx with the field named.
 */
import { spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import { actorFromToken } from "#core/actor.ts";
import { closeFailedBroadcasts, sendBroadcast, startDueBroadcasts } from "#core/customers/broadcast-send.ts";
import { runNextJob } from "#core/jobs/worker.ts";
import { call, DEMO, login, withEnv } from "./helpers.ts";

let token: string;
let otherToken: string;
let staffToken: string;
let businessId: number;
let store: string;
const run = Date.now().toString().slice(-7);
const BASE = "/v0.0.0/customer-broadcasts";

/** Customers with `tag`: names given, a phone each; `optOut` names opted out. */
async function customersWith(tag: string, names: string[], optOut: string[] = []) {
  const rows = await db.insert(s.customers).values(names.map((name, i) => ({
    businessId, name, phone: `+62857${run}${tag.length}${i}${names.length}`.slice(0, 16), email: null, tags: [tag], optOut: optOut.includes(name),
  }))).returning();
  return rows;
}
const recipientsOf = (id: number) => db.select().from(s.broadcastRecipients).where(eq(s.broadcastRecipients.broadcastId, id)).orderBy(s.broadcastRecipients.id);
const outboxOf = async (id: number) => {
  const ids = (await recipientsOf(id)).map((r) => r.outboxId).filter((x): x is number => x !== null);
  return ids.length ? db.select().from(s.outbox).where(inArray(s.outbox.id, ids)) : [];
};
/** Runs jobs (ours and whatever else waits: other files drain the same way) until the broadcast is done. */
async function drain(id: number) {
  for (let i = 0; i < 200; i++) {
    const [b] = await db.select({ status: s.broadcasts.status }).from(s.broadcasts).where(eq(s.broadcasts.id, id));
    if (b.status === "done") return;
    if (!(await withEnv({ NOTIFY_CONSOLE: "off" }, () => runNextJob()))) await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`broadcast ${id} not done`);
}
const create = (body: Record<string, unknown>, t = token) => call("POST", BASE, { token: t, json: body });

beforeAll(async () => {
  [token, otherToken, staffToken] = await Promise.all([login(DEMO.seller), login(DEMO.seller2), login(DEMO.staff)]);
  businessId = (await actorFromToken(token, "en")).member!.businessId;
  [{ name: store }] = await db.select({ name: s.businesses.name }).from(s.businesses).where(eq(s.businesses.id, businessId));
});

describe("a broadcast to a tag", () => {
  let id: number;
  const tag = `bc${run}a`;

  it("previews the audience as the customer list counts it, opted-out skipped, with the message for the first recipient", async () => {
    await customersWith(tag, ["Budi Santoso", "Sari", "Tono Wijaya", "Dina"], ["Dina"]);
    const list = await call("GET", `/v0.0.0/customers?tag=${tag}`, { token });
    expect(list.body.pagination?.total_record ?? list.body.data.length).toBe(4);
    const { status, body } = await call("POST", `${BASE}/preview`, { token, json: { filters: { tag }, channel: "whatsapp", message: "Halo {first_name} dari {store}" } });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ total: 4, to_send: 3, opted_out: 1, no_address: 0 });
    expect(body.data.preview.message).toBe(`Halo Budi dari ${store}`);
  });

  it("sends each recipient one message with the placeholders filled; the opted-out one is skipped and logged", async () => {
    const { status, body } = await create({ name: "Promo", filters: { tag }, channel: "whatsapp", message: "Halo {first_name} dari {store}", expected_count: 3 });
    expect(status).toBe(201);
    id = body.data.broadcast_id;
    expect(body.data.status).toBe("sending");
    await drain(id);
    const detail = await call("GET", `${BASE}/${id}`, { token });
    expect(detail.body.data).toMatchObject({ status: "done", counts: { total: 4, sent: 3, failed: 0, skipped: 1, waiting: 0 } });
    const log = await call("GET", `${BASE}/${id}/recipients?status=skipped_opt_out`, { token });
    expect(log.body.data.map((r: { name: string }) => r.name)).toEqual(["Dina"]);
    const sent = await outboxOf(id);
    expect(sent.map((o) => o.body).sort()).toEqual([`Halo Budi dari ${store}`, `Halo Sari dari ${store}`, `Halo Tono dari ${store}`]);
    expect(sent.every((o) => o.channel === "whatsapp" && o.delivered)).toBe(true);
  });

  it("the send is in the audit log (who, which filters, how many)", async () => {
    const [row] = await db.select().from(s.updateHistory)
      .where(and(eq(s.updateHistory.refType, "customer_broadcast"), eq(s.updateHistory.refId, id), eq(s.updateHistory.businessId, businessId)));
    expect(row.action).toBe("broadcast");
    expect(row.changes).toMatchObject({ filters: { to: JSON.stringify({ tag }) }, recipients: { to: 3 } });
  });

  it("lists it with its counts, by tab and search", async () => {
    const { body } = await call("GET", `${BASE}?tab=done&search=promo`, { token });
    expect(body.data.find((b: { broadcast_id: number }) => b.broadcast_id === id)?.counts.sent).toBe(3);
    expect((body.pagination?.summary_data as { tabs: Record<string, number> }).tabs.done).toBeGreaterThanOrEqual(1);
  });

  it("another business gets 404; staff without the privilege 403", async () => {
    expect((await call("GET", `${BASE}/${id}`, { token: otherToken })).status).toBe(404);
    expect((await call("GET", `${BASE}/${id}/recipients`, { token: otherToken })).status).toBe(404);
    expect((await call("GET", BASE, { token: staffToken })).status).toBe(403);
  });
});

describe("scheduled", () => {
  const tag = `bc${run}b`;
  const later = () => Math.floor(Date.now() / 1000) + 3600;

  it("starts on time, and skips a customer who opted out after it was made", async () => {
    const [a] = await customersWith(tag, ["Ani", "Bayu"]);
    const { status, body } = await create({ name: "Nanti", filters: { tag }, channel: "sms", message: "Hai {name}", send: "later", scheduled_at: later(), expected_count: 2 });
    expect(status).toBe(201);
    expect(body.data.status).toBe("scheduled");
    const id = body.data.broadcast_id;
    await db.update(s.customers).set({ optOut: true }).where(eq(s.customers.id, a.id));
    expect(await startDueBroadcasts(new Date())).toBeGreaterThanOrEqual(0);
    expect((await call("GET", `${BASE}/${id}`, { token })).body.data.status).toBe("scheduled");
    await startDueBroadcasts(new Date(Date.now() + 2 * 3600_000));
    await drain(id);
    const rs = await recipientsOf(id);
    expect(rs.map((r) => [r.name, r.status])).toEqual([["Ani", "skipped_opt_out"], ["Bayu", "sent"]]);
    expect((await outboxOf(id)).map((o) => o.body)).toEqual(["Hai Bayu"]);
  });

  it("a scheduled broadcast can be cancelled until it starts, once", async () => {
    const { body } = await create({ name: "Batal", filters: { tag }, channel: "sms", message: "x", send: "later", scheduled_at: later() });
    const id = body.data.broadcast_id;
    const cancel = await call("POST", `${BASE}/${id}/cancel`, { token });
    expect(cancel.status).toBe(200);
    expect(cancel.body.data).toMatchObject({ status: "cancelled", counts: { cancelled: 1, waiting: 0 } });
    expect((await call("POST", `${BASE}/${id}/cancel`, { token })).status).toBe(422);
    await startDueBroadcasts(new Date(Date.now() + 2 * 3600_000));
    expect((await call("GET", `${BASE}/${id}`, { token })).body.data.status).toBe("cancelled");
  });
});

describe("a failed job", () => {
  it("closes its broadcast: what was still queued is failed, with why, and nothing is sent", async () => {
    const tag = `bc${run}e`;
    await customersWith(tag, ["Oki", "Pia"]);
    const { body } = await create({ name: "Gagal", filters: { tag }, channel: "sms", message: "x", send: "later", scheduled_at: Math.floor(Date.now() / 1000) + 3600 });
    const id = body.data.broadcast_id;
    // Started with a job that then failed (written so, so no worker of another file runs it first).
    const userId = (await actorFromToken(token, "en")).user!.id;
    const [job] = await db.insert(s.jobs).values({ businessId, userId, kind: "customer_broadcast", params: { broadcast_id: id }, status: "failed" }).returning();
    await db.update(s.broadcasts).set({ status: "sending", jobId: job.id }).where(eq(s.broadcasts.id, id));
    expect(await closeFailedBroadcasts()).toBeGreaterThanOrEqual(1);
    const detail = await call("GET", `${BASE}/${id}`, { token });
    expect(detail.body.data).toMatchObject({ status: "done", counts: { sent: 0, failed: 2 } });
    expect((await recipientsOf(id)).map((r) => r.error)).toEqual(["job_failed", "job_failed"]);
    expect(await outboxOf(id)).toEqual([]);
  });
});

describe("bad input", () => {
  it("an unknown placeholder, a past time, no channel, a changed audience: 4xx naming the field", async () => {
    const tag = `bc${run}c`;
    await customersWith(tag, ["Eka"]);
    const base = { name: "X", filters: { tag }, channel: "email", message: "Hi" };
    const unknown = await create({ ...base, message: "Hi {nama}" });
    expect(unknown.status).toBe(422);
    expect(JSON.stringify(unknown.body)).toContain("message");
    const past = await create({ ...base, send: "later", scheduled_at: 1_000_000_000 });
    expect(past.status).toBe(422);
    expect(JSON.stringify(past.body)).toContain("scheduled_at");
    expect((await create({ ...base, channel: "fax" })).status).toBe(422);
    // Eka has no e-mail: nobody to send to.
    expect((await create(base)).status).toBe(422);
    const changed = await create({ ...base, channel: "sms", expected_count: 5 });
    expect(changed.status).toBe(422);
    for (const bad of [null, 5, "x", [], { filters: "x" }, { filters: { segment: "nope" } }]) {
      expect((await call("POST", BASE, { token, json: bad })).status).toBeLessThan(500);
    }
    expect((await call("GET", `${BASE}/99999999999`, { token })).status).toBe(404);
    expect((await call("GET", `${BASE}?tab=nope`, { token })).status).toBe(422);
  });
});

describe("kill -9 mid-send", () => {
  let server: http.Server;
  const seen: string[] = [];
  let hangOn = 2;
  let onHang: () => void = () => {};
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = "";
      req.on("data", (c) => (raw += c));
      req.on("end", () => {
        seen.push(JSON.parse(raw).to);
        if (seen.length === hangOn) return onHang(); // never answers: the provider has it, the sender never hears
        res.writeHead(200).end("{}");
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  });
  afterAll(() => { server.closeAllConnections(); server.close(); });

  it("a send killed between claim and outcome, then resumed, sends no recipient twice; the interrupted one is 'unknown'", async () => {
    const tag = `bc${run}d`;
    const people = await customersWith(tag, ["Kiki", "Lala", "Momo", "Nana"]);
    // Made for later and started here without its job, so no other test file's worker can take it meanwhile.
    const { body } = await create({ name: "Crash", filters: { tag }, channel: "whatsapp", message: "Hi {name}", send: "later", scheduled_at: Math.floor(Date.now() / 1000) + 3600 });
    const id = body.data.broadcast_id;
    await db.update(s.broadcasts).set({ status: "sending" }).where(eq(s.broadcasts.id, id));
    const hook = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const child = spawn(process.execPath, ["--import", "tsx", "tests/api/broadcast-crash-worker.ts"], {
      env: { ...process.env, BROADCAST_ID: String(id), WHATSAPP_WEBHOOK_URL: hook }, stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<NodeJS.Signals | null>((r) => child.on("exit", (_, signal) => r(signal)));
    onHang = () => child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    expect(seen).toHaveLength(2);
    const mid = await recipientsOf(id);
    expect(mid.map((r) => r.status)).toEqual(["sent", "sending", "queued", "queued"]);

    hangOn = 0; // the provider answers again
    await withEnv({ WHATSAPP_WEBHOOK_URL: hook }, () => sendBroadcast(id));
    const after = await recipientsOf(id);
    expect(after.map((r) => r.status)).toEqual(["sent", "unknown", "sent", "sent"]);
    // One outbox row per recipient, and the provider asked once per address.
    const rows = await db.execute<{ target: string; n: number }>(sql`
      SELECT target, count(*)::int AS n FROM outbox WHERE id IN (SELECT outbox_id FROM broadcast_recipients WHERE broadcast_id = ${id}) GROUP BY 1`);
    expect(rows.rows.map((r) => r.n)).toEqual([1, 1, 1, 1]);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual(people.map((p) => p.phone).sort());
    const detail = await call("GET", `${BASE}/${id}`, { token });
    expect(detail.body.data).toMatchObject({ status: "done", counts: { sent: 3, failed: 1 } });
  }, 60_000);
});
