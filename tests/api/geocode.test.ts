/**
 * Reverse geocoding and place search go through our API to the configured geocoder (GEOCODER_URL,
 * Nominatim-compatible). A tiny local HTTP server plays the geocoder, so both paths are proven
 * without the internet: it answers, and it cannot be reached (→ 503 with a translated message).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createCookieSessionStorage } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addressLine, clearGeocodeCache, tileOrigin } from "#core/lib/maps.ts";
import { serverSecret } from "#core/lib/secret.ts";
import { app } from "#server/app.ts";
import { call, clearRateLimits, DEMO, login } from "./helpers.ts";

let seller: string;
let server: http.Server;
let base: string;
const asked: URL[] = [];
const saved = { url: process.env.GEOCODER_URL, timeout: process.env.GEOCODER_TIMEOUT_MS };

beforeAll(async () => {
  seller = await login(DEMO.seller);
  server = http.createServer((req, res) => {
    const url = new URL(req.url!, "http://fake");
    asked.push(url);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === "/slow/reverse") return void setTimeout(() => json(200, {}), 2000);
    if (url.pathname === "/broken/reverse") return json(500, { error: "boom" });
    if (url.pathname === "/geo/reverse") {
      if (url.searchParams.get("lat") === "0.000000") return json(200, { error: "Unable to geocode" });
      return json(200, {
        display_name: "Monumen Nasional, Jalan Medan Merdeka Barat, Gambir, Jakarta Pusat, Daerah Khusus Ibukota Jakarta, Jawa, 10110, Indonesia",
        address: { tourism: "Monumen Nasional", road: "Jalan Medan Merdeka Barat", suburb: "Gambir", city_district: "Gambir", city: "Jakarta Pusat", state: "Daerah Khusus Ibukota Jakarta", postcode: "10110", country: "Indonesia" },
      });
    }
    if (url.pathname === "/geo/search") {
      if (url.searchParams.get("q") === "nowhere") return json(200, []);
      return json(200, [{ display_name: "Monumen Nasional, Gambir, Jakarta Pusat", lat: "-6.1753924", lon: "106.8271528" }]);
    }
    json(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  process.env.GEOCODER_URL = saved.url;
  process.env.GEOCODER_TIMEOUT_MS = saved.timeout;
  if (saved.url === undefined) delete process.env.GEOCODER_URL;
  if (saved.timeout === undefined) delete process.env.GEOCODER_TIMEOUT_MS;
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(async () => {
  clearGeocodeCache();
  await clearRateLimits();
  asked.length = 0;
  process.env.GEOCODER_URL = `${base}/geo`;
  delete process.env.GEOCODER_TIMEOUT_MS;
});

const reverse = (lat: number | string, lng: number | string, opts: { locale?: "en" | "id"; token?: string | null } = {}) =>
  call("GET", "/v0.0.0/utilities/geocode/reverse", { token: opts.token === null ? undefined : (opts.token ?? seller), query: { lat, lng }, locale: opts.locale });

describe("reverse geocoding", () => {
  it("answers the address, postcode and city from the geocoder, asking in the caller's language", async () => {
    const res = await reverse(-6.1754, 106.8272, { locale: "id" });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      address: "Monumen Nasional, Jalan Medan Merdeka Barat, Gambir",
      postcode: "10110",
      city_name: "Jakarta Pusat",
    });
    expect(asked[0].pathname).toBe("/geo/reverse");
    expect(Object.fromEntries(asked[0].searchParams)).toMatchObject({ format: "jsonv2", lat: "-6.175400", lon: "106.827200", "accept-language": "id" });
    // The same point again comes from memory.
    await reverse(-6.1754, 106.8272, { locale: "id" });
    expect(asked).toHaveLength(1);
  });

  it("answers 404 when the geocoder knows no address there", async () => {
    const res = await reverse(0, 0);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("No address is known at this point. Please type the address yourself.");
  });

  it("answers 503 with a translated message when the geocoder is unreachable, fails, is slow or is off", async () => {
    process.env.GEOCODER_URL = "http://127.0.0.1:1/";
    let res = await reverse(-6.2, 106.8, { locale: "id" });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe("Pencarian alamat sedang tidak bisa dihubungi. Silakan ketik alamatnya sendiri.");

    process.env.GEOCODER_URL = `${base}/broken`;
    res = await reverse(-6.2, 106.8);
    expect(res.status).toBe(503);
    expect(res.body.message).toBe("The address lookup is not reachable right now. Please type the address yourself.");

    process.env.GEOCODER_URL = `${base}/slow`;
    process.env.GEOCODER_TIMEOUT_MS = "300";
    const started = Date.now();
    res = await reverse(-6.2, 106.8);
    expect(res.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(1500);

    process.env.GEOCODER_URL = "off";
    expect((await reverse(-6.2, 106.8)).status).toBe(503);
  });

  it("checks the coordinates and needs a signed-in user", async () => {
    const res = await reverse(91, 200);
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ lat: ["This value is not valid"], lng: ["This value is not valid"] });
    expect((await call("GET", "/v0.0.0/utilities/geocode/reverse", { token: seller })).status).toBe(422);
    expect((await reverse(-6.2, 106.8, { token: null })).status).toBe(401);
    expect(asked).toHaveLength(0);
  });

  it("limits each user to 30 lookups a minute", async () => {
    for (let i = 0; i < 30; i++) expect((await reverse(-6.2, 106.8)).status).toBe(200);
    const res = await reverse(-6.2, 106.8);
    expect(res.status).toBe(429);
  });
});

describe("place search", () => {
  it("lists places from the geocoder, 404 when none, 503 when unreachable", async () => {
    const res = await call("GET", "/v0.0.0/utilities/geocode/search", { token: seller, query: { q: "monas" } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ name: "Monumen Nasional, Gambir, Jakarta Pusat", latitude: -6.1753924, longitude: 106.8271528 }]);
    expect(Object.fromEntries(asked[0].searchParams)).toMatchObject({ format: "jsonv2", q: "monas" });
    expect((await call("GET", "/v0.0.0/utilities/geocode/search", { token: seller, query: { q: "nowhere" } })).status).toBe(404);
    expect((await call("GET", "/v0.0.0/utilities/geocode/search", { token: seller, query: { q: "mo" } })).status).toBe(422);
    process.env.GEOCODER_URL = "http://127.0.0.1:1/";
    expect((await call("GET", "/v0.0.0/utilities/geocode/search", { token: seller, query: { q: "monas" } })).status).toBe(503);
  });
});

describe("from the browser", () => {
  /** The web's session cookie holding `token`, as the sign-in page sets it (app/lib/session.server.ts). */
  async function sessionCookie(token: string) {
    const storage = createCookieSessionStorage({ cookie: { name: "__session", secrets: [serverSecret()], path: "/", sameSite: "lax", httpOnly: true } });
    const session = await storage.getSession();
    session.set("token", token);
  session.set("seen", Math.floor(Date.now() / 1000));
    return (await storage.commitSession(session)).split(";")[0];
  }

  it("the web session stands in for the token on the geocoding paths only", async () => {
    const cookie = await sessionCookie(seller);
    const res = await app.request("/api/v0.0.0/utilities/geocode/reverse?lat=-6.1754&lng=106.8272", { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { city_name: string } }).data.city_name).toBe("Jakarta Pusat");
    expect(res.headers.get("Content-Security-Policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect((await app.request("/api/v0.0.0/utilities/geocode/search?q=monas", { headers: { Cookie: cookie } })).status).toBe(200);
    // No session, a forged one, or another API path: the API's own 401.
    expect((await app.request("/api/v0.0.0/utilities/geocode/reverse?lat=1&lng=1")).status).toBe(401);
    expect((await app.request("/api/v0.0.0/utilities/geocode/reverse?lat=1&lng=1", { headers: { Cookie: "__session=forged" } })).status).toBe(401);
    expect((await app.request("/api/v0.0.0/utilities/banks", { headers: { Cookie: cookie } })).status).toBe(401);
  });
});

describe("map helpers", () => {
  it("build an address line from the geocoder's parts, else from its display name", () => {
    expect(addressLine({ road: "Jalan Sudirman", house_number: "5", village: "Karet", city_district: "Setiabudi" })).toBe("Jalan Sudirman 5, Karet, Setiabudi");
    expect(addressLine({ postcode: "10110", country: "Indonesia" }, "Somewhere, Jakarta, 10110, Indonesia")).toBe("Somewhere, Jakarta");
  });

  it("tell the tile origin for the CSP", () => {
    expect(tileOrigin("https://tile.openstreetmap.org/{z}/{x}/{y}.png")).toBe("https://tile.openstreetmap.org");
    expect(tileOrigin("https://{s}.tile.example.com/{z}/{x}/{y}.png")).toBe("https://*.tile.example.com");
    expect(tileOrigin("/tiles/{z}/{x}/{y}.png")).toBeNull();
    expect(tileOrigin("https://evil.test; script-src *")).toBeNull();
  });
});
