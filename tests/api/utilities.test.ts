import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { db } from "#db/client.ts";
import { serveUpload } from "#core/lib/uploads.ts";
import { call, DEMO, login } from "./helpers.ts";

let seller: string;
let newbie: string;
beforeAll(async () => {
  [seller, newbie] = await Promise.all([login(DEMO.seller), login(DEMO.newbie)]);
});

const one = async <T = number>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows[0] as T;

describe("reference lists", () => {
  it("need a signed-in user, seller or not", async () => {
    expect((await call("GET", "/v0.0.0/utilities/locations")).status).toBe(401);
    const res = await call("GET", "/v0.0.0/utilities/genders", { token: newbie });
    expect(res.status).toBe(200);
  });

  it("lists every city with its province, by province then name", async () => {
    const res = await call("GET", "/v0.0.0/utilities/locations", { token: seller });
    expect(res.status).toBe(200);
    const { n } = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM cities`);
    expect(res.body.data).toHaveLength(n);
    expect(res.body.pagination).toMatchObject({ total_record: n, total_page: 1 });
    expect(res.body.data).toContainEqual({ location_id: 3174, location_name: "Kota Jakarta Selatan", province_id: 31, province_name: "DKI Jakarta" });
    const keys = res.body.data.map((c: any) => [c.province_name, c.location_name]);
    const sorted = [...keys].sort((a, b) => a[0].localeCompare(b[0], "en") || a[1].localeCompare(b[1], "en"));
    expect(keys.map((k: string[]) => k[0])).toEqual(sorted.map((k) => k[0]));
  });

  it("searches cities from three characters, and filters by province", async () => {
    const found = await call("GET", "/v0.0.0/utilities/locations", { token: seller, query: { search: "bandung" } });
    expect(found.body.data.map((c: any) => c.location_id)).toContain(3273);
    expect(found.body.data.every((c: any) => /bandung/i.test(c.location_name))).toBe(true);

    const short = await call("GET", "/v0.0.0/utilities/locations", { token: seller, query: { search: "ba" } });
    const { n } = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM cities`);
    expect(short.body.data).toHaveLength(n);

    const jakarta = await call("GET", "/v0.0.0/utilities/locations", { token: seller, query: { province_id: 31 } });
    expect(jakarta.body.data.length).toBeGreaterThan(0);
    expect(jakarta.body.data.every((c: any) => c.province_id === 31)).toBe(true);

    const none = await call("GET", "/v0.0.0/utilities/locations", { token: seller, query: { search: "zzzzzz" } });
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ code: 404, message: "No data", data: [] });
  });

  it("lists all 38 provinces", async () => {
    const res = await call("GET", "/v0.0.0/utilities/provinces", { token: seller });
    expect(res.body.data).toHaveLength(38);
    expect(res.body.data).toContainEqual({ province_id: 32, name: "Jawa Barat" });
  });

  it("lists the villages of one city with district and postcode", async () => {
    const res = await call("GET", "/v0.0.0/utilities/villages", { token: seller, query: { location_id: 3174 } });
    expect(res.status).toBe(200);
    const { n } = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM villages WHERE city_id = 3174`);
    expect(res.body.data).toHaveLength(n);
    expect(res.body.data).toContainEqual({ village_id: expect.any(Number), name: "Senayan", district: "Kebayoran Baru", postcode: "12190" });
    // Only villages of that city.
    const other = await call("GET", "/v0.0.0/utilities/villages", { token: seller, query: { location_id: 3175 } });
    expect(other.body.data.some((v: any) => v.name === "Senayan")).toBe(false);

    const missing = await call("GET", "/v0.0.0/utilities/villages", { token: seller });
    expect(missing.status).toBe(422);
    expect(missing.body.data).toMatchObject({ location_id: ["This field is required"] });
  });

  it("lists the cities of the caller's active businesses", async () => {
    const res = await call("GET", "/v0.0.0/utilities/store-cities", { token: seller, query: { sort: 1 } });
    // Toko Demo (Jakarta Selatan), Toko Demo Bandung, Konveksi Maju Jaya (Surabaya); Kopi Senja is inactive.
    expect(res.body.data.map((c: any) => c.location_id).sort()).toEqual([3174, 3273, 3578]);
    const mine = await call("GET", "/v0.0.0/utilities/store-cities", { token: await login(DEMO.seller2) });
    expect(mine.body.data.map((c: any) => c.location_name)).toEqual(["Kota Yogyakarta"]);
    expect((await call("GET", "/v0.0.0/utilities/store-cities", { token: newbie })).status).toBe(404);
  });

  it("lists currencies, languages and payment methods", async () => {
    const currencies = await call("GET", "/v0.0.0/utilities/currencies", { token: seller });
    expect(currencies.body.data[0]).toEqual({ code: "IDR", name: "Indonesian Rupiah", symbol: "Rp.", decimals: 0 });
    const languages = await call("GET", "/v0.0.0/utilities/languages", { token: seller, locale: "id" });
    expect(languages.body.data).toContainEqual({ code: "id", name: "Indonesia", native_name: "Bahasa Indonesia" });
    const methods = await call("GET", "/v0.0.0/utilities/payments/methods", { token: seller });
    expect(methods.body.data.map((m: any) => m.id)).toEqual([0, 2, 3, 4, 5, 6]);
    expect(methods.body.data).toContainEqual({ id: 3, name: "Virtual Account" });
  });

  it("lists the spec's enumerations with labels in the caller's language", async () => {
    const genders = await call("GET", "/v0.0.0/utilities/genders", { token: seller, locale: "id" });
    expect(genders.body.data).toContainEqual({ id: 1, name: "Wanita" });
    const types = await call("GET", "/v0.0.0/utilities/business-types", { token: seller });
    expect(types.body.data).toEqual([
      { id: 1, name: "Manufacture" }, { id: 2, name: "Retail" }, { id: 3, name: "Distribution" }, { id: 4, name: "Food & Beverages" },
    ]);
    const legal = await call("GET", "/v0.0.0/utilities/legal-types", { token: seller });
    expect(legal.body.data.map((l: any) => l.id)).toEqual(["perorangan", "cv", "pt", "pma"]);
    const docs = await call("GET", "/v0.0.0/utilities/company-documents", { token: seller, locale: "id" });
    expect(docs.body.data).toHaveLength(10);
    expect(docs.body.data).toContainEqual({ id: "tax_id", name: "NPWP" });
  });

  it("lists every bank with its Bank Indonesia code (GET /v0.0.0/banks is the business's own accounts: tests/api/banks.test.ts)", async () => {
    const { n } = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM banks`);
    const res = await call("GET", "/v0.0.0/utilities/banks", { token: seller });
    expect(res.body.data).toHaveLength(n);
    expect(res.body.data).toContainEqual({ bank_code: "002", name: "PT Bank Rakyat Indonesia (Persero) Tbk", short_name: "BRI" });
    const bca = await call("GET", "/v0.0.0/utilities/banks", { token: seller, query: { search: "bca" } });
    expect(bca.body.data.map((b: any) => b.bank_code)).toContain("014");
  });

  it("groups couriers and their services by kind of delivery, under both versions", async () => {
    for (const path of ["/v0.0.0/utilities/delivery-couriers", "/v0.1.0/utilities/delivery-couriers"]) {
      const res = await call("GET", path, { token: seller, locale: "id" });
      expect(res.body.data.map((g: any) => g.id)).toEqual(["regular", "instant", "same_day", "cargo"]);
      expect(res.body.data[0].name).toBe("Reguler");
      const jne = res.body.data[0].couriers.find((c: any) => c.code === "jne");
      expect(jne.services.map((s: any) => s.code)).toEqual(["REG", "YES", "OKE"]);
      expect(jne.services[0]).toEqual({ id: expect.any(Number), code: "REG", name: "Layanan Reguler" });
      // JNE Trucking is cargo, so JNE is listed there too.
      const cargo = res.body.data.find((g: any) => g.id === "cargo");
      expect(cargo.couriers.find((c: any) => c.code === "jne").services.map((s: any) => s.code)).toEqual(["JTR"]);
    }
    const { n } = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM courier_services`);
    const res = await call("GET", "/v0.0.0/utilities/delivery-couriers", { token: seller });
    const services = res.body.data.flatMap((g: any) => g.couriers.flatMap((c: any) => c.services));
    expect(services).toHaveLength(n);
  });
});

// A real 1×1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const upload = (file: Blob, name: string, token?: string) => {
  const form = new FormData();
  form.set("file", file, name);
  return call("POST", "/v0.0.0/utilities/upload", { token, form });
};

describe("upload", () => {
  it("stores a PNG checked by its bytes and answers its URL", async () => {
    const res = await upload(new Blob([PNG], { type: "image/png" }), "logo.png", newbie);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const served = (await serveUpload(res.body.data.split("/").pop()))!;
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("stores a JPEG even when its name says otherwise, under a server-made name", async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]);
    const res = await upload(new Blob([jpeg]), "photo.png", seller);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
  });

  it("refuses text named .png", async () => {
    const res = await upload(new Blob(["<script>alert(1)</script>"], { type: "image/png" }), "evil.png", seller);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("Your File type is not accepted");
    expect(res.body.data).toEqual({ file: ["Your File type is not accepted"] });
  });

  it("refuses a PDF: this upload takes images only", async () => {
    const res = await upload(new Blob(["%PDF-1.7\n"]), "doc.pdf", seller);
    expect(res.status).toBe(422);
  });

  it("refuses files over 2048 KB, just over and far over", async () => {
    for (const size of [2048 * 1024 + 1, 5 * 1024 * 1024]) {
      const big = Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);
      const res = await upload(new Blob([big]), "big.png", seller);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe("Your File is too big");
    }
    const limit = Buffer.concat([PNG, Buffer.alloc(2048 * 1024 - PNG.length)]);
    expect((await upload(new Blob([limit]), "limit.png", seller)).status).toBe(200);
  });

  it("needs a bearer token and a file", async () => {
    expect((await upload(new Blob([PNG]), "logo.png")).status).toBe(401);
    const res = await call("POST", "/v0.0.0/utilities/upload", { token: seller, form: new FormData() });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ file: ["This field is required"] });
  });
});
