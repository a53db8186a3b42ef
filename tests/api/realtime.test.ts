/**
 * The seller's socket (server/realtime.ts) over a real HTTP server and socket.io-client: joining a
 * business's room with the web's ticket or a bearer token; only our own pages may open one (the
 * Origin of a browser handshake); a socket follows its session — sign-out (API and web), a
 * password change (the other devices) and a reset (every device) disconnect it at once, and it
 * hears nothing more; so does a company made inactive; the page CSP lets pages connect to their own origin only. With REDIS_URL
 * (CI's second run) a sign-out on one server disconnects a socket on another.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { desc, eq } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import * as adminLayout from "#app/routes/admin/layout.tsx";
import * as logoutPage from "#app/routes/auth/logout.tsx";
import { db } from "#db/client.ts";
import { apiTokens, businesses, outbox, users } from "#db/schema/index.ts";
import { hashToken } from "#core/auth/tokens.ts";
import { disconnectedWithin, joinSocket } from "./realtime-client.ts";
import { pageCsp } from "#server/app.ts";
import { attachRealtime, emitToBusiness } from "#server/realtime.ts";
import { runAction, runLoader } from "#tests/routes/harness.ts";
import { call, clearRateLimits, DEMO, login, withEnv } from "./helpers.ts";

let server: Server;
let io: ReturnType<typeof attachRealtime>;
let url: string;

async function listen(s: Server) {
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  server = createServer();
  io = attachRealtime(server);
  url = await listen(server);
});
// io.close() ends the sockets a failed test left open too, then the HTTP server.
afterAll(() => new Promise<void>((resolve) => io.close(() => resolve())));

/** A socket that joins with `token` on every connect (as the web's hook does); `result`: the first join's answer. */
const join = (token: string, headers: Record<string, string> = {}, base = url) => joinSocket(base, token, { headers });

/** Whether the handshake with these headers is let through (no reconnection: one try). */
function handshake(headers: Record<string, string>) {
  const socket = connect(url, { path: "/socket.io", transports: ["websocket"], reconnection: false, extraHeaders: headers });
  return new Promise<"connected" | "refused">((resolve) => {
    socket.on("connect", () => resolve("connected"));
    socket.on("connect_error", () => resolve("refused"));
  }).finally(() => socket.disconnect());
}

/** Every onSellerNewOrder the socket hears from now on (its reconnections included). */
function newOrders(socket: Socket) {
  const got: unknown[] = [];
  socket.on("onSellerNewOrder", (p) => got.push(p));
  return got;
}

/**
 * The server ended the socket ("io server disconnect": socket.io does not reconnect by itself
 * then). Connected again, its join with the same token or ticket is refused: resolves with that.
 */
const refusedAgain = (socket: Socket, ms = 3000) =>
  new Promise<any>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no refused join")), ms);
    socket.once("onSellerJoinFailed", (p) => {
      clearTimeout(timer);
      resolve(p);
    });
    socket.connect();
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ticketFor = async (token: string) => (await call("POST", "/v0.0.0/realtime/ticket", { token })).body.data.ticket as string;
const order = (n: number) => ({ order_id: `INV/${n}`, channel_name: "Shopee", sys_order_id: n });


describe("realtime rooms", () => {
  it("joins the business room with the web's ticket and receives that business's events", async () => {
    const token = await login(DEMO.seller);
    const { socket, result } = join(await ticketFor(token));
    const joined = await result;
    expect(joined.event).toBe("success");
    const got = new Promise((resolve) => socket.on("onSellerNewOrder", resolve));
    emitToBusiness(joined.payload.business_id, "onSellerNewOrder", { order_id: "INV/1", channel_name: "Shopee" });
    expect(await got).toMatchObject({ order_id: "INV/1" });
    socket.disconnect();
  });

  it("joins with a bearer token (API clients such as a POS app)", async () => {
    const { socket, result } = join(await login(DEMO.seller2));
    expect((await result).event).toBe("success");
    socket.disconnect();
  });

  it("refuses a forged ticket and a ticket whose session was signed out", async () => {
    const forged = join("rt.1.1.bogus");
    expect((await forged.result).event).toBe("failed");
    forged.socket.disconnect();

    const token = await login(DEMO.seller);
    const ticket = await ticketFor(token);
    await call("POST", "/v0.0/auth/logout", { token });
    const stale = join(ticket);
    expect((await stale.result).event).toBe("failed");
    stale.socket.disconnect();
  });

  it("gives no ticket to a user who is not a seller", async () => {
    const res = await call("POST", "/v0.0.0/realtime/ticket", { token: await login(DEMO.newbie) });
    expect(res.status).toBe(403);
  });
});

describe("the handshake's origin", () => {
  it("refuses a browser page of another origin; our own origin and no origin (programs) join", async () => {
    expect(await handshake({ Origin: "https://evil.test" })).toBe("refused");
    expect(await handshake({ Origin: "null" })).toBe("refused");
    expect(await handshake({ "Sec-Fetch-Site": "cross-site" })).toBe("refused");
    expect(await handshake({ Origin: "not a url" })).toBe("refused");

    const token = await login(DEMO.seller);
    const ours = join(token, { Origin: url, "Sec-Fetch-Site": "same-origin" });
    const program = join(token);
    expect((await ours.result).event).toBe("success");
    expect((await program.result).event).toBe("success");
    ours.socket.disconnect();
    program.socket.disconnect();
  });

  it("takes our host from X-Forwarded-Host only with TRUST_PROXY=true", async () => {
    const proxied = { Origin: "https://shop.test", "X-Forwarded-Host": "shop.test" };
    expect(await withEnv({ TRUST_PROXY: undefined }, () => handshake(proxied))).toBe("refused");
    expect(await withEnv({ TRUST_PROXY: "true" }, () => handshake(proxied))).toBe("connected");
    expect(await withEnv({ TRUST_PROXY: "true" }, () => handshake({ ...proxied, Origin: "https://evil.test" }))).toBe("refused");
  });
});

describe("a socket follows its session", () => {
  it("is disconnected within a second of an API sign-out and hears no new order after it", async () => {
    const token = await login(DEMO.seller);
    const web = join(await ticketFor(token));
    const api = join(token);
    // Another device of the same seller: it stays, and hears what the signed-out ones do not.
    const other = join(await login(DEMO.seller));
    const [w, a, o] = await Promise.all([web.result, api.result, other.result]);
    expect([w.event, a.event, o.event]).toEqual(["success", "success", "success"]);
    const businessId = w.payload.business_id;
    const heard = { web: newOrders(web.socket), api: newOrders(api.socket), other: newOrders(other.socket) };

    const cut = Promise.all([disconnectedWithin(web.socket, 1000), disconnectedWithin(api.socket, 1000)]);
    const started = Date.now();
    expect((await call("POST", "/v0.0/auth/logout", { token })).status).toBe(200);
    expect(await cut).toEqual(["io server disconnect", "io server disconnect"]);
    expect(Date.now() - started).toBeLessThan(1000);
    emitToBusiness(businessId, "onSellerNewOrder", order(2));
    // Connected again, their join is refused with the stable code.
    const again = await Promise.all([refusedAgain(web.socket), refusedAgain(api.socket)]);
    expect(again.map((p) => p.code)).toEqual(["invalid_token", "invalid_token"]);
    emitToBusiness(businessId, "onSellerNewOrder", order(3));
    await sleep(200);
    expect(heard.web).toEqual([]);
    expect(heard.api).toEqual([]);
    expect(heard.other).toEqual([order(2), order(3)]);
    for (const s of [web, api, other]) s.socket.disconnect();
  });

  it("is disconnected when the web signs that session out (the ticket names the session's token)", async () => {
    const page = await runLoader(adminLayout, { url: "/orders", as: DEMO.seller });
    const web = join(page.data.realtimeTicket);
    expect((await web.result).event).toBe("success");
    const heard = newOrders(web.socket);
    const cut = disconnectedWithin(web.socket, 1000);
    const out = await runAction(logoutPage, { url: "/auth/logout", as: DEMO.seller, area: "public" });
    expect(out.redirect).toBe("/auth");
    expect(await cut).toBe("io server disconnect");
    expect((await refusedAgain(web.socket)).code).toBe("invalid_token");
    emitToBusiness(page.data.businessId, "onSellerNewOrder", order(4));
    await sleep(200);
    expect(heard).toEqual([]);
    web.socket.disconnect();
  });

  it("a password change disconnects the user's other devices, not the one that changed it", async () => {
    const [me] = await db.select().from(users).where(eq(users.email, DEMO.staff));
    const here = await login(DEMO.staff);
    const there = await login(DEMO.staff);
    const mine = join(here);
    const theirs = join(await ticketFor(there));
    const theirsApi = join(there);
    const joined = await Promise.all([mine.result, theirs.result, theirsApi.result]);
    expect(joined.map((j) => j.event)).toEqual(["success", "success", "success"]);
    const heard = { mine: newOrders(mine.socket), theirs: newOrders(theirs.socket), theirsApi: newOrders(theirsApi.socket) };
    try {
      const cut = Promise.all([disconnectedWithin(theirs.socket, 1000), disconnectedWithin(theirsApi.socket, 1000), disconnectedWithin(mine.socket, 1000)]);
      const res = await call("PUT", "/v0.0.0/accounts/me/password", { token: here, json: { current_password: DEMO.password, password: "another-password-1" } });
      expect(res.status).toBe(200);
      expect(await cut).toEqual(["io server disconnect", "io server disconnect", undefined]);
      await Promise.all([refusedAgain(theirs.socket), refusedAgain(theirsApi.socket)]);
      emitToBusiness(joined[0].payload.business_id, "onSellerNewOrder", order(5));
      await sleep(200);
      expect(heard).toEqual({ mine: [order(5)], theirs: [], theirsApi: [] });
    } finally {
      await db.update(users).set({ passwordHash: me.passwordHash }).where(eq(users.id, me.id));
      for (const s of [mine, theirs, theirsApi]) s.socket.disconnect();
    }
  });

  it("a password reset disconnects every device of the user", async () => {
    await clearRateLimits();
    const [me] = await db.select().from(users).where(eq(users.email, DEMO.seller2));
    const token = await login(DEMO.seller2);
    const web = join(await ticketFor(token));
    const api = join(token);
    expect((await Promise.all([web.result, api.result])).map((j) => j.event)).toEqual(["success", "success"]);
    try {
      const before = (await db.select({ id: outbox.id }).from(outbox).orderBy(desc(outbox.id)).limit(1))[0]?.id ?? 0;
      expect((await call("POST", "/v0.0/forgot-password/request-otp", { json: { target: DEMO.seller2 } })).status).toBe(200);
      let code: string | undefined;
      for (let i = 0; i < 100 && !code; i++) {
        const [row] = await db.select().from(outbox).where(eq(outbox.target, DEMO.seller2)).orderBy(desc(outbox.id)).limit(1);
        if (row && row.id > before) code = row.body.match(/\b(\d{6})\b/)?.[1];
        else await sleep(20);
      }
      const cut = Promise.all([disconnectedWithin(web.socket, 1000), disconnectedWithin(api.socket, 1000)]);
      const res = await call("POST", "/v0.0/forgot-password/reset-password", { json: { target: DEMO.seller2, otp: code, password: "reset-password-1" } });
      expect(res.status).toBe(200);
      expect(await cut).toEqual(["io server disconnect", "io server disconnect"]);
      expect((await refusedAgain(web.socket)).code).toBe("invalid_token");
    } finally {
      await db.update(users).set({ passwordHash: me.passwordHash }).where(eq(users.id, me.id));
      web.socket.disconnect();
      api.socket.disconnect();
    }
  });
});

describe("a company made inactive", () => {
  it("empties its room: its sockets are disconnected, its tickets refused, a bearer token joins the next active company", async () => {
    const [toko] = await db.select().from(businesses).where(eq(businesses.name, "Toko Demo"));
    const [bandung] = await db.select().from(businesses).where(eq(businesses.name, "Toko Demo Bandung"));
    const owner = await login(DEMO.seller); // works in Toko Demo
    const there = await login(DEMO.seller);
    await db.update(apiTokens).set({ businessId: bandung.id }).where(eq(apiTokens.tokenHash, hashToken(there)));
    const ticket = await ticketFor(there);
    const web = join(ticket);
    const api = join(there);
    const joined = await Promise.all([web.result, api.result]);
    expect(joined.map((j) => j.payload.business_id)).toEqual([bandung.id, bandung.id]);
    try {
      const cut = Promise.all([disconnectedWithin(web.socket, 1000), disconnectedWithin(api.socket, 1000)]);
      expect((await call("PUT", `/v0.0.0/business/${bandung.id}/inactivate`, { token: owner })).status).toBe(200);
      expect(await cut).toEqual(["io server disconnect", "io server disconnect"]);
      expect((await refusedAgain(web.socket)).code).toBe("invalid_token");
      const rejoined = new Promise<any>((resolve) => api.socket.once("onSellerJoinSuccess", resolve));
      api.socket.connect();
      expect((await rejoined).business_id).toBe(toko.id);
    } finally {
      await db.update(businesses).set({ status: bandung.status }).where(eq(businesses.id, bandung.id));
      web.socket.disconnect();
      api.socket.disconnect();
    }
  });
});

describe("the page CSP", () => {
  const connectSrc = (csp: string) =>
    csp.split(";").map((d) => d.trim()).find((d) => d.startsWith("connect-src "))!.split(/\s+/).slice(1);
  const headers = (h: Record<string, string>) => (name: string) => h[name];
  // A bare scheme source (ws:, wss:, http:, https:) or a wildcard lets a page talk to any host.
  const bare = (sources: string[]) => sources.filter((s) => /^[a-z][a-z0-9+.-]*:$/i.test(s) || s.includes("*"));

  it("lets pages connect to their own origin only ('self' covers its ws/wss since CSP Level 3)", async () => {
    const production = await withEnv({ NODE_ENV: "production" }, () => pageCsp("n0nce", headers({ host: "shop.test" })));
    expect(connectSrc(production)).toEqual(["'self'"]);
    expect(production).toContain("script-src 'self' 'nonce-n0nce'");
  });

  it("adds only Vite's HMR socket on the page's host in development, never a bare scheme", async () => {
    const port = process.env.HMR_PORT ?? "24678";
    const dev = await withEnv({ NODE_ENV: "development" }, () => pageCsp("n", headers({ host: "localhost:3000" })));
    expect(connectSrc(dev)).toEqual(["'self'", `ws://localhost:${port}`]);
    expect(bare(connectSrc(dev))).toEqual([]);
    // A Host header is whatever the client wrote: nothing of it that is not a host gets in.
    for (const host of ["evil.test; connect-src *", "a;b", "x'y"]) {
      const csp = await withEnv({ NODE_ENV: "development" }, () => pageCsp("n", headers({ host })));
      expect(connectSrc(csp)).toEqual(["'self'"]);
      expect(csp.split(";").filter((d) => d.trim().startsWith("connect-src"))).toHaveLength(1);
    }
  });
});

// Last: the servers it attaches take over the process's emitter (the last one attached publishes).
describe.skipIf(!process.env.REDIS_URL)("across app processes (Redis adapter)", () => {
  it("a sign-out answered by one server disconnects the socket on another", async () => {
    const a = createServer();
    const ioA = attachRealtime(a);
    const urlA = await listen(a);
    const b = createServer();
    const ioB = attachRealtime(b); // events and disconnections now go out through B
    await listen(b);
    const token = await login(DEMO.seller);
    const s = join(token, {}, urlA);
    try {
      const joined = await s.result;
      expect(joined.event).toBe("success");
      const got = new Promise((resolve) => s.socket.once("onSellerNewOrder", resolve));
      emitToBusiness(joined.payload.business_id, "onSellerNewOrder", order(6));
      expect(await got).toEqual(order(6));
      const cut = disconnectedWithin(s.socket, 1000);
      expect((await call("POST", "/v0.0/auth/logout", { token })).status).toBe(200);
      expect(await cut).toBe("io server disconnect");
    } finally {
      s.socket.disconnect();
      await Promise.all([new Promise((r) => ioA.close(r)), new Promise((r) => ioB.close(r))]);
    }
  });
});
