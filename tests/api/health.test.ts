/**
 * The probes (issue 12) through the whole app (server/app.ts): /healthz is the process alone,
 * /readyz the database answering `SELECT 1` within a second. Plain text, no session, never cached.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { pool } from "#db/client.ts";
import { app } from "#server/app.ts";

afterEach(() => vi.restoreAllMocks());

function expectProbe(res: Response) {
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
  expect(res.headers.get("set-cookie")).toBeNull();
}

describe("/healthz", () => {
  it("is 200 ok without asking the database", async () => {
    const query = vi.spyOn(pool, "query");
    const res = await app.request("/healthz");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("ok");
    expectProbe(res);
    expect(query).not.toHaveBeenCalled();
  });

  it("stays 200 while the database is down", async () => {
    vi.spyOn(pool, "query").mockImplementation((() => Promise.reject(new Error("down"))) as never);
    const res = await app.request("/healthz");
    expect(res.status).toBe(200);
  });

  it("answers HEAD too, and ignores a session cookie", async () => {
    expect((await app.request("/healthz", { method: "HEAD" })).status).toBe(200);
    const res = await app.request("/healthz", { headers: { cookie: "__session=garbage" } });
    expect(res.status).toBe(200);
    expectProbe(res);
  });
});

describe("/readyz", () => {
  it("is 200 ok when the database answers", async () => {
    const res = await app.request("/readyz");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("ok");
    expectProbe(res);
  });

  it("is 503 when the database refuses", async () => {
    vi.spyOn(pool, "query").mockImplementation((() => Promise.reject(new Error("connection refused"))) as never);
    const res = await app.request("/readyz");
    expect(res.status).toBe(503);
    expect(await res.text()).toBe("unavailable");
    expectProbe(res);
  });

  it("is 503 within about a second when the database does not answer", async () => {
    vi.spyOn(pool, "query").mockImplementation((() => new Promise(() => {})) as never);
    const started = Date.now();
    const res = await app.request("/readyz");
    const took = Date.now() - started;
    expect(res.status).toBe(503);
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(2500);
    expectProbe(res);
  });

  it("is 200 again once the database is back", async () => {
    vi.spyOn(pool, "query").mockImplementationOnce((() => Promise.reject(new Error("down"))) as never);
    expect((await app.request("/readyz")).status).toBe(503);
    expect((await app.request("/readyz")).status).toBe(200);
  });
});
