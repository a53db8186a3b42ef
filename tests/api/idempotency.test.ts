/**
 * Idempotency-Key on the API's POSTs (api/lib/idempotency.ts, core/lib/idempotency.ts; issue 12):
 * factory creates (POST /v0.0.1/factories/create) as the write that must happen once.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "#api/app.ts";
import { pruneIdempotencyKeys } from "#core/lib/idempotency.ts";
import { db } from "#db/client.ts";
import { factories, idempotencyKeys } from "#db/schema/index.ts";
import { DEMO, login } from "./helpers.ts";

const CREATE = "/api/v0.0.1/factories/create";
let seller: string;
let seller2: string;

const body = (name: string) => ({ name, address: "Jl. Soekarno-Hatta No. 590", city_id: 3273, monthly_capacity: 100 });

/** A POST through the API, with the answer's headers. */
async function post(path: string, opts: { token?: string; key?: string; json?: unknown; locale?: "en" | "id" } = {}) {
  const headers: Record<string, string> = { "Accept-Language": opts.locale ?? "en", "Content-Type": "application/json" };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  if (opts.key !== undefined) headers["Idempotency-Key"] = opts.key;
  const res = await api.request(path, { method: "POST", headers, body: JSON.stringify(opts.json ?? {}) });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text), replayed: res.headers.get("idempotency-replayed") };
}

async function factoriesNamed(name: string) {
  return db.select({ id: factories.id, businessId: factories.businessId }).from(factories).where(eq(factories.name, name));
}

beforeAll(async () => {
  [seller, seller2] = await Promise.all([login(DEMO.seller), login(DEMO.seller2)]);
});

describe("Idempotency-Key", () => {
  it("50 concurrent creates with one key make one factory and give 50 equal answers", async () => {
    const name = "Pabrik Sekali Saja";
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(CREATE, { token: seller, key: "k-race-1", json: body(name) })));
    expect(await factoriesNamed(name)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(answers[0].body.data.name).toBe(name);
    expect(answers.filter((a) => a.replayed === "true")).toHaveLength(49);
  });

  it("the same key later answers the stored response, marked replayed, and writes nothing", async () => {
    const name = "Pabrik Diulang";
    const first = await post(CREATE, { token: seller, key: "k-later", json: body(name) });
    expect(first.status).toBe(200);
    expect(first.replayed).toBeNull();
    const again = await post(CREATE, { token: seller, key: "k-later", json: body(name) });
    expect(again).toMatchObject({ status: 200, text: first.text, replayed: "true" });
    expect(await factoriesNamed(name)).toHaveLength(1);
  });

  it("the same key with another body is 422, translated, and writes nothing", async () => {
    await post(CREATE, { token: seller, key: "k-other-body", json: body("Pabrik Pertama") });
    const en = await post(CREATE, { token: seller, key: "k-other-body", json: body("Pabrik Kedua") });
    expect(en.status).toBe(422);
    expect(en.body).toMatchObject({ code: 422, message: "This Idempotency-Key was already used for a different request" });
    const id = await post(CREATE, { token: seller, key: "k-other-body", json: body("Pabrik Kedua"), locale: "id" });
    expect(id.body.message).toBe("Idempotency-Key ini sudah dipakai untuk permintaan yang berbeda");
    expect(await factoriesNamed("Pabrik Kedua")).toHaveLength(0);
    // another path with the key is another request too
    const elsewhere = await post("/api/v0.0.1/brands/create", { token: seller, key: "k-other-body", json: body("Pabrik Pertama") });
    expect(elsewhere.status).toBe(422);
  });

  it("another user's same key is independent", async () => {
    const name = "Pabrik Dua Penjual";
    const a = await post(CREATE, { token: seller, key: "k-shared", json: body(name) });
    const b = await post(CREATE, { token: seller2, key: "k-shared", json: body(name) });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.replayed).toBeNull();
    expect(b.body.data.factory_id).not.toBe(a.body.data.factory_id);
    const rows = await factoriesNamed(name);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.businessId)).size).toBe(2);
  });

  it("without the header two creates make two", async () => {
    const name = "Pabrik Tanpa Kunci";
    const [a, b] = [await post(CREATE, { token: seller, json: body(name) }), await post(CREATE, { token: seller, json: body(name) })];
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await factoriesNamed(name)).toHaveLength(2);
  });

  it("is ignored without a signed-in caller: the route answers 401, nothing is kept", async () => {
    const res = await post(CREATE, { key: "k-anon", json: body("Pabrik Anonim") });
    expect(res.status).toBe(401);
    const bad = await post(CREATE, { token: "not-a-token", key: "k-anon", json: body("Pabrik Anonim") });
    expect(bad.status).toBe(401);
    expect(await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, "k-anon"))).toHaveLength(0);
  });

  it("keeps a refusal (4xx) and replays it; a key that is not 1–255 visible characters is 422", async () => {
    const refused = await post(CREATE, { token: seller, key: "k-refused", json: { name: "" } });
    expect(refused.status).toBe(422);
    const again = await post(CREATE, { token: seller, key: "k-refused", json: { name: "" } });
    expect(again).toMatchObject({ status: 422, text: refused.text, replayed: "true" });
    const long = await post(CREATE, { token: seller, key: "x".repeat(256), json: body("Pabrik Kunci Panjang") });
    expect(long.status).toBe(422);
    expect(long.body.message).toBe("The Idempotency-Key header must be 1 to 255 visible characters");
    expect(await factoriesNamed("Pabrik Kunci Panjang")).toHaveLength(0);
  });

  it("an expired key (older than 24 h) runs again, and pruning deletes expired keys", async () => {
    const name = "Pabrik Kedaluwarsa";
    await post(CREATE, { token: seller, key: "k-expired", json: body(name) });
    await db.update(idempotencyKeys).set({ timeCreated: sql`now() - interval '25 hours'` }).where(eq(idempotencyKeys.key, "k-expired"));
    const again = await post(CREATE, { token: seller, key: "k-expired", json: body(name) });
    expect(again.replayed).toBeNull();
    expect(await factoriesNamed(name)).toHaveLength(2);

    await db.update(idempotencyKeys).set({ timeCreated: sql`now() - interval '25 hours'` }).where(eq(idempotencyKeys.key, "k-expired"));
    expect(await pruneIdempotencyKeys(db, true)).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.key, "k-expired")))).toHaveLength(0);
    expect(await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, "k-later"))).toHaveLength(1); // fresh ones stay
  });

  it("a run still holding the key past the 10 s wait is 409 in progress; one abandoned past its lease is run again", async () => {
    const first = await post(CREATE, { token: seller, key: "k-probe", json: body("Pabrik Probe") });
    expect(first.status).toBe(200);
    const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, "k-probe"));
    // another run of the same request (the hash does not hold the key) that never finishes
    await db.insert(idempotencyKeys).values({ ...row, key: "k-stuck", owner: "other", status: null, body: null, contentType: null, timeCreated: sql`now()` });
    const busy = await post(CREATE, { token: seller, key: "k-stuck", json: body("Pabrik Probe") });
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe("A request with this Idempotency-Key is still in progress, please try again shortly");
    expect(await factoriesNamed("Pabrik Probe")).toHaveLength(1);

    await db.update(idempotencyKeys).set({ timeCreated: sql`now() - interval '6 minutes'` }).where(eq(idempotencyKeys.key, "k-stuck"));
    const taken = await post(CREATE, { token: seller, key: "k-stuck", json: body("Pabrik Probe") });
    expect(taken).toMatchObject({ status: 200, replayed: null });
    expect(await factoriesNamed("Pabrik Probe")).toHaveLength(2);
  });
});
