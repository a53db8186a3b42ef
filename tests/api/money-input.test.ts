/**
 * Money typed with ambiguous separators (issue 12) is refused under its field with how to write it,
 * in English and Indonesian, never guessed: the offering API (dots only), the product API (dots or
 * commas, one kind), the store fee form's schema. The reader itself is core/lib/money.test.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { call, DEMO, login } from "./helpers.ts";

const EN = "Use dots for thousands only, e.g. 1.250.000 (no spaces, and dots and commas not mixed)";
const ID = "Gunakan titik untuk ribuan saja, contoh 1.250.000 (tanpa spasi, titik dan koma tidak dicampur)";

let seller: string;
beforeAll(async () => {
  seller = await login(DEMO.seller);
});

const service = { name: "Jasa Uang Campur", sku: "SVC-MIX-01", description: "", duration: 2, duration_unit: "day" };

describe("money with mixed or spaced separators", () => {
  it("is refused under the field by the offering API, in English and Indonesian", async () => {
    for (const price of ["1,000.000", "12.345,678", "1\t000", "150 000"]) {
      const res = await call("POST", "/v0.0.0/services", { token: seller, json: { ...service, price } });
      expect([price, res.status]).toEqual([price, 422]);
      expect(res.body.data).toEqual({ price: [EN] });
    }
    const id = await call("POST", "/v0.0.0/services", { token: seller, locale: "id", json: { ...service, price: "1,000.000" } });
    expect(id.status).toBe(422);
    expect(id.body.data).toEqual({ price: [ID] });
  });

  it("still takes dots for thousands and the Rp prefix", async () => {
    const res = await call("POST", "/v0.0.0/services", { token: seller, json: { ...service, price: "Rp. 1.250.000" } });
    expect(res.status).toBe(200);
    expect(res.body.data.price).toBe(1250000);
  });

  it("is refused under the field by the product API, which takes commas alone", async () => {
    const body = (price: string) => ({ name: "Produk Uang Campur", sku: `MIX-${Date.now().toString(36)}`, status: "draft", variants: [{ price }] });
    const mixed = await call("POST", "/v0.0.0/products", { token: seller, json: body("12.345,678") });
    expect(mixed.status).toBe(422);
    expect(Object.values(mixed.body.data)).toEqual([[EN]]);
    const id = await call("POST", "/v0.0.0/products", { token: seller, locale: "id", json: body("1 000") });
    expect(id.status).toBe(422);
    expect(Object.values(id.body.data)).toEqual([[ID]]);
    const commas = await call("POST", "/v0.0.0/products", { token: seller, json: body("150,000") });
    expect(commas.status).toBe(200);
    expect(commas.body.data.family_datas[0].price).toBe(150000);
  });
});
