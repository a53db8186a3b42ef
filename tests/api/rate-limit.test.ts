import { describe, expect, it } from "vitest";
import { hit, reset } from "#core/lib/rate-limit.ts";

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
});
