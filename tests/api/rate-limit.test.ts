import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hit, reset } from "#core/lib/rate-limit.ts";
import { app } from "#server/app.ts";
import { call } from "./helpers.ts";

// The PostgreSQL store always; the Redis store too when REDIS_URL is set (CI's second run).
describe("rate limits", () => {
  it("lets the limit through, then answers the seconds to wait, and starts over after reset", async () => {
    const key = `test:${Math.random()}`;
    for (let i = 0; i < 3; i++) expect(await hit(key, 3, 60)).toBe(0);
    const wait = await hit(key, 3, 60);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    await reset(key);
    expect(await hit(key, 3, 60)).toBe(0);
  });

  it("counts concurrent attempts exactly", async () => {
    const key = `test:${Math.random()}`;
    const waits = await Promise.all(Array.from({ length: 20 }, () => hit(key, 5, 60)));
    expect(waits.filter((w) => w === 0)).toHaveLength(5);
  });

  // Keys hold what a visitor typed (an email, a phone): one longer than PostgreSQL's index can hold
  // (about 2.7 kB) used to fail the insert — a 500 on sign-in (found by tests/api/bad-input-pages.test.ts).
  it("counts a key of any length, each long key apart, and resets it", async () => {
    const long = (n: number) => `test:${randomBytes(n).toString("hex")}`; // incompressible
    const a = long(200_000);
    const b = `${a.slice(0, -1)}${a.endsWith("0") ? "1" : "0"}`; // differs in the last character only
    for (let i = 0; i < 2; i++) expect(await hit(a, 2, 60)).toBe(0);
    expect(await hit(a, 2, 60)).toBeGreaterThan(0);
    expect(await hit(b, 2, 60)).toBe(0);
    await reset(a);
    expect(await hit(a, 2, 60)).toBe(0);
    expect(await hit(`test:${"🧵".repeat(5000)}`, 2, 60)).toBe(0);
  });

  it("a very long email or phone at sign-in is a wrong login, on the API and the sign-in page", async () => {
    const email = `${randomBytes(3000).toString("hex")}@example.com`;
    for (const body of [{ email, password: "x" }, { phone: "0812".repeat(2000), password: "x" }]) {
      const res = await call("POST", "/v0.0/auth/login", { json: body });
      expect(res.status).toBe(422);
    }
    const page = await app.request("/auth?index", {
      method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": "en" },
      body: new URLSearchParams({ login: email, password: "x" }).toString(),
    });
    expect(page.status).toBe(400);
  });
});
