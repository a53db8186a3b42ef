/**
 * The security baseline as a visitor meets it through the whole app (server/app.ts: headers,
 * cross-origin refusal — Origin: null, X-Forwarded-Host —, body limits, uploads) and the API:
 * demo mode only where it belongs, private company documents, per-address OTP limits,
 * translated refusals.
 */
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import { createServer } from "node:http";
import os from "node:os";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Hono } from "hono";
import { io as connect } from "socket.io-client";
import { isDemo } from "#core/lib/demo.ts";
import { notify } from "#core/lib/notifier.ts";
import { pruneRateLimits } from "#core/lib/rate-limit.ts";
import { db } from "#db/client.ts";
import { businesses, outbox } from "#db/schema/index.ts";
import { app } from "#server/app.ts";
import { attachRealtime } from "#server/realtime.ts";
import { serveBuildFiles } from "#server/static.ts";
import { call, DEMO, LOCAL, login, sessionCookie, withEnv } from "./helpers.ts";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

let newbie: string, seller: string, seller2: string, staff: string;
beforeAll(async () => {
  [newbie, seller, seller2, staff] = await Promise.all([login(DEMO.newbie), login(DEMO.seller), login(DEMO.seller2), login(DEMO.staff)]);
});


describe("demo mode", () => {
  it.each([
    ["on", undefined, true],
    ["off", "1", false],
    [undefined, "1", true],
    [undefined, undefined, false], // a DATABASE_URL: production
  ])("DEMO=%s with EMBEDDED_DB=%s is %s", async (DEMO, EMBEDDED_DB, expected) => {
    expect(await withEnv({ DEMO, EMBEDDED_DB }, async () => isDemo())).toBe(expected);
  });

  it("shows no OTPs, no outbox link and no self-approval on a real database", async () => {
    await notify({ channel: "email", target: DEMO.seller, subject: "Kode", body: "Kode Anda 654321" });
    await withEnv({ DEMO: undefined, EMBEDDED_DB: undefined }, async () => {
      // Even from this machine: demo mode is off.
      expect((await call("GET", "/v0.0.0/demo/outbox", { from: LOCAL })).status).toBe(404);
      expect((await call("GET", "/v0.0/auth/options", { from: LOCAL })).body.data.demo_outbox).toBe(false);
      expect((await call("POST", "/v0.0.0/demo/businesses/1/approve", { token: newbie, from: LOCAL })).status).toBe(404);
    });
  });

  it("does not print a code to the console nor claim a delivery without a provider outside demo mode", async () => {
    const delivery = await withEnv({ DEMO: "off", SMTP_URL: undefined, NOTIFY_CONSOLE: undefined }, () =>
      notify({ channel: "email", target: DEMO.seller2, subject: "Kode", body: "Kode Anda 111222" }));
    expect(delivery).toMatchObject({ delivered: false, error: "No SMTP_URL configured" });
    const [row] = await db.select().from(outbox).where(eq(outbox.id, delivery.id));
    expect(row).toMatchObject({ delivered: false, error: "No SMTP_URL configured" });
  });
});

describe("security headers", () => {
  it("are on API answers, uploaded files and refusals, with a policy that loads nothing", async () => {
    const uploaded = await call("POST", "/v0.0.0/utilities/upload", { token: seller, form: fileForm(PNG, "logo.png", "image/png") });
    const responses = [
      await app.request("/api/v0.0/auth/options"),
      await app.request(uploaded.body.data),
      await app.request("/uploads/00000000000000000000000000000000.png"),
      await app.request("/api/v0.0/auth/login", { method: "POST", headers: { Origin: "https://evil.test" } }),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 200, 404, 403]);
    for (const res of responses) {
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(res.headers.get("X-Frame-Options")).toBe("DENY");
      expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("Content-Security-Policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it("are on the build's static files too, served before the app (server/static.ts, as server.ts does)", async () => {
    const client = fs.mkdtempSync(path.join(os.tmpdir(), "client-"));
    fs.mkdirSync(path.join(client, "assets"));
    fs.writeFileSync(path.join(client, "assets", "entry-abc123.js"), "export {};\n");
    fs.writeFileSync(path.join(client, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    const root = new Hono();
    serveBuildFiles(root, client);
    root.all("*", (c) => app.fetch(c.req.raw));
    const [script, icon] = [await root.request("/assets/entry-abc123.js"), await root.request("/favicon.svg")];
    expect([script.status, icon.status]).toEqual([200, 200]);
    expect(script.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    for (const res of [script, icon]) {
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(res.headers.get("X-Frame-Options")).toBe("DENY");
      expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    }
    fs.rmSync(client, { recursive: true });
  });
});

describe("cross-origin writes", () => {
  it("are refused in the caller's language", async () => {
    const api = await app.request("/api/v0.0/auth/login", {
      method: "POST", headers: { Origin: "https://evil.test", "Accept-Language": "id", "Content-Type": "application/json" }, body: "{}",
    });
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ code: 403, message: "Permintaan ini berasal dari situs lain dan ditolak" });
    const page = await app.request("/id/auth", { method: "POST", headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(page.status).toBe(403);
    expect(await page.text()).toBe("Permintaan ini berasal dari situs lain dan ditolak");
    const english = await app.request("/auth", { method: "POST", headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(await english.text()).toBe("This request came from another site and was refused");
  });

  it("refuse Origin: null when the request carries the session cookie", async () => {
    const cookie = await sessionCookie(seller);
    const post = (headers: Record<string, string>) =>
      app.request("/api/v0.0/auth/logout", { method: "POST", headers: { Host: "shop.test", Authorization: `Bearer ${seller}`, ...headers } });
    const refused = await post({ Origin: "null", Cookie: cookie });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe("This request came from another site and was refused");
    const page = await app.request("/auth/logout", { method: "POST", headers: { Host: "shop.test", Origin: "null", Cookie: cookie } });
    expect(page.status).toBe(403);
    // Our own origin passes the check (and signs out).
    expect((await post({ Origin: "http://shop.test", Cookie: cookie })).status).toBe(200);
    seller = await login(DEMO.seller);
  });

  it("trust X-Forwarded-Host only with TRUST_PROXY=true", async () => {
    const post = async () => app.request("/api/v0.0/auth/login", {
      method: "POST",
      headers: { Host: "shop.test", "X-Forwarded-Host": "evil.test", Origin: "https://evil.test", "Content-Type": "application/json" },
      body: JSON.stringify({ email: DEMO.seller, password: "wrong-password" }),
    });
    expect((await withEnv({ TRUST_PROXY: undefined }, post)).status).toBe(403);
    // Behind a proxy that sets it, the forwarded host is ours: the sign-in itself answers.
    expect((await withEnv({ TRUST_PROXY: "true" }, post)).status).toBe(422);
  });
});

describe("request body limits", () => {
  const form = "login=" + "a".repeat(1024 * 1024 + 10);

  it("refuse a page form of more than 1 MB before anything reads it, with or without Content-Length", async () => {
    const sized = await app.request("/id/auth", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: form });
    expect(sized.status).toBe(413);
    expect(await sized.text()).toBe("Data yang Anda kirim terlalu besar");
    const chunked = await app.request("/auth", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new Blob([form]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
  });

  it("refuse a JSON API body of more than 1 MB with the envelope", async () => {
    const res = await app.request("/api/v0.0/auth/login", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "a@b.c", password: "x".repeat(1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: 413, message: "What you sent is too large" });
  });

  it("let a seller registration's documents through (multipart up to 25 MB)", async () => {
    const body = new FormData();
    for (let i = 0; i < 10; i++) body.append("documents[]", new File([new Uint8Array(2 * 1024 * 1024)], `${i}.pdf`));
    // Past the app's limit, the API route answers for itself: here, that a token is needed.
    const res = await app.request("/api/v0.0.0/sellers/register", { method: "POST", body });
    expect(res.status).toBe(401);
  });
});

describe("company documents", () => {
  let document: string;
  beforeAll(async () => {
    const form = fileForm(PDF, "npwp.pdf", "application/pdf", "tax_id");
    for (const [k, v] of Object.entries({
      name: "Warung Bu Dewi", legal_type: "perorangan", business_type: "4", phone: "0812 7777 8888",
      address: "Jl. Cihampelas No. 40", city_id: "3273", postcode: "40131",
    })) form.set(k, v);
    const res = await call("POST", "/v0.0.0/sellers/register", { token: newbie, form });
    expect(res.status).toBe(200);
    const [row] = await db.select().from(businesses).where(eq(businesses.id, res.body.data.business_id));
    document = row.documents[0].url;
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.request(url, { headers });
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  it("are served to the one who uploaded them, with their bearer token or their web session", async () => {
    const res = await get(document, bearer(newbie));
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await get(document, { Cookie: await sessionCookie(newbie) })).status).toBe(200);
  });

  it("are not found for anyone else: signed out, another seller, a signed-out token", async () => {
    expect((await get(document)).status).toBe(404);
    expect((await get(document, bearer(seller2))).status).toBe(404);
    expect((await get(document, { Cookie: await sessionCookie(seller2) })).status).toBe(404);
    const gone = await login(DEMO.newbie);
    await call("POST", "/v0.0/auth/logout", { token: gone });
    expect((await get(document, bearer(gone))).status).toBe(404);
  });

  it("are served to the members of a business listing them who may open its profile", async () => {
    await db.update(businesses)
      .set({ documents: sql`${businesses.documents} || ${JSON.stringify([{ type: "tax_id", url: document, name: "npwp.pdf" }])}::jsonb` })
      .where(eq(businesses.name, "Toko Demo"));
    expect((await get(document, bearer(seller))).status).toBe(200); // owner of Toko Demo
    expect((await get(document, bearer(staff))).status).toBe(404); // staff of Toko Demo without the profile privilege
    expect((await get(document, bearer(seller2))).status).toBe(404);
  });

  it("are private even when linked from an earlier public upload; other images stay public", async () => {
    const image = (await call("POST", "/v0.0.0/utilities/upload", { token: seller2, form: fileForm(PNG, "ktp.png", "image/png") })).body.data as string;
    const photo = (await call("POST", "/v0.0.0/utilities/upload", { token: seller2, form: fileForm(PNG, "produk.png", "image/png") })).body.data as string;
    expect((await get(image)).status).toBe(200);
    await db.update(businesses)
      .set({ documents: sql`${businesses.documents} || ${JSON.stringify([{ type: "founder_id_card", url: image, name: "ktp.png" }])}::jsonb` })
      .where(eq(businesses.name, "Batik Sekar Jagad"));
    expect((await get(image)).status).toBe(404);
    expect((await get(image, bearer(seller2))).status).toBe(200);
    const still = await get(photo);
    expect(still.status).toBe(200);
    expect(still.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
  });
});

describe("forgotten-password codes", () => {
  afterEach(async () => {
    await db.execute(sql`DELETE FROM rate_limits`);
  });

  const requestOtp = (email: string, ip: string) =>
    app.request("/api/v0.0/forgot-password/request-otp", {
      method: "POST", headers: { "Content-Type": "application/json", "X-Forwarded-For": ip }, body: JSON.stringify({ email }),
    });

  it("may be asked 20 times an hour from one address, whatever the targets", async () => {
    for (let i = 0; i < 20; i++) expect((await requestOtp(`nobody${i}@example.test`, "203.0.113.7")).status).toBe(200);
    const blocked = await requestOtp("nobody-else@example.test", "203.0.113.7");
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).message).toMatch(/^Too many attempts, try again in \d+ seconds$/);
    expect((await requestOtp("nobody-else@example.test", "203.0.113.8")).status).toBe(200);
  });

  it.skipIf(Boolean(process.env.REDIS_URL))("leave no expired counters behind in PostgreSQL", async () => {
    await db.execute(sql`INSERT INTO rate_limits (key, count, reset_at) VALUES
      ('test:old', 3, now() - interval '1 minute'), ('test:live', 1, now() + interval '1 hour')`);
    expect(await pruneRateLimits()).toBeGreaterThanOrEqual(1);
    const { rows } = await db.execute<{ key: string }>(sql`SELECT key FROM rate_limits WHERE key LIKE 'test:%'`);
    expect(rows.map((r) => r.key)).toEqual(["test:live"]);
    expect(await pruneRateLimits()).toBe(0); // at most every few minutes
  });
});

describe("realtime", () => {
  it("refuses a bad token with a stable code and a message in the connection's language", async () => {
    const server = createServer();
    attachRealtime(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const socket = connect(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, {
      path: "/socket.io", transports: ["websocket"], extraHeaders: { "Accept-Language": "id" },
    });
    const failed = await new Promise((resolve) => {
      socket.on("connect", () => socket.emit("onSellerJoin", JSON.stringify({ token: "not-a-token" })));
      socket.on("onSellerJoinFailed", resolve);
    });
    socket.disconnect();
    await new Promise((resolve) => server.close(resolve));
    expect(failed).toEqual({ code: "invalid_token", message: "Sesi Anda telah berakhir, silakan masuk lagi" });
  });
});

function fileForm(data: Buffer, name: string, type: string, documentType?: string) {
  const form = new FormData();
  if (documentType) {
    form.append("document_types[]", documentType);
    form.append("documents[]", new File([new Uint8Array(data)], name, { type }));
  } else form.set("file", new File([new Uint8Array(data)], name, { type }));
  return form;
}
