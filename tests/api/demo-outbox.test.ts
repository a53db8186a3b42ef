/**
 * The demo outbox holds every account's one-time codes, so in demo mode it answers the server's
 * own machine only (core/lib/demo.ts isDemoFor), decided by the TCP socket's address: through the
 * whole app (server/app.ts, as server.ts serves it), a request carries the socket in
 * env.incoming as @hono/node-server hands it over. Anyone else gets what demo mode off answers.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { notify } from "#core/lib/notifier.ts";
import { app } from "#server/app.ts";

const CODE = "Kode Anda 246810";
beforeAll(async () => {
  await notify({ channel: "email", target: "owner@indie.test", subject: "Kode", body: CODE });
});

/** A GET through the whole app from a socket at `from` (none: an in-process call). */
async function get(path: string, from?: string, headers: Record<string, string> = {}) {
  const env = from === undefined ? undefined : { incoming: { socket: { remoteAddress: from } } };
  const res = await app.request(path, { headers: { "Accept-Language": "en", ...headers } }, env);
  return { status: res.status, body: await res.json() };
}
const outbox = (from?: string, headers?: Record<string, string>) => get("/api/v0.0.0/demo/outbox", from, headers);

/** What the outbox answers with demo mode off, even to this machine: the envelope's 404. */
async function demoOff() {
  process.env.DEMO = "off";
  try {
    return await outbox("127.0.0.1");
  } finally {
    process.env.DEMO = "on";
  }
}

describe("the demo outbox API", () => {
  it.each(["127.0.0.1", "::1", "::ffff:127.0.0.1"])("gives the codes to a client on this machine (%s)", async (from) => {
    const res = await outbox(from);
    expect(res.status).toBe(200);
    expect(res.body.data.map((m: { body: string }) => m.body)).toContain(CODE);
    expect((await get("/api/v0.0/auth/options", from)).body.data.demo_outbox).toBe(true);
  });

  it.each(["203.0.113.7", "10.0.0.5", "::ffff:192.0.2.1", "2001:db8::1", "127.0.0.2", ""])(
    "answers another client (%s) as if demo mode were off",
    async (from) => {
      const off = await demoOff();
      expect(off).toEqual({ status: 404, body: { code: 404, message: expect.any(String) } });
      expect(await outbox(from)).toEqual(off);
      expect((await get("/api/v0.0/auth/options", from)).body.data.demo_outbox).toBe(false);
    },
  );

  it("answers a request with no socket (an in-process call) as if demo mode were off", async () => {
    expect(await outbox()).toEqual(await demoOff());
  });

  it("is not opened by a header claiming this machine", async () => {
    for (const headers of <Record<string, string>[]>[
      { "X-Forwarded-For": "127.0.0.1" },
      { "X-Forwarded-For": "::1, 127.0.0.1" },
      { "X-Real-IP": "127.0.0.1" },
      { Forwarded: "for=127.0.0.1" },
      { Host: "localhost" },
    ]) {
      expect(await outbox("203.0.113.7", headers), JSON.stringify(headers)).toEqual(await demoOff());
    }
    // Nor with TRUST_PROXY=true, where the rate limits do read X-Forwarded-For.
    process.env.TRUST_PROXY = "true";
    try {
      expect((await outbox("203.0.113.7", { "X-Forwarded-For": "127.0.0.1" })).status).toBe(404);
    } finally {
      delete process.env.TRUST_PROXY;
    }
  });

  it("is closed to a proxy on this machine relaying somebody else (a forwarding header on a loopback socket)", async () => {
    expect((await outbox("127.0.0.1", { "X-Forwarded-For": "203.0.113.7" })).status).toBe(404);
    expect((await outbox("::1", { Forwarded: "for=203.0.113.7" })).status).toBe(404);
    expect((await get("/api/v0.0/auth/options", "127.0.0.1", { "X-Real-IP": "203.0.113.7" })).body.data.demo_outbox).toBe(false);
  });
});
