import { describe, expect, it } from "vitest";
import { call, DEMO, login } from "./helpers.ts";

describe("the API contract", () => {
  it("answers an unknown path with 404 Route not found in the envelope", async () => {
    const res = await call("GET", "/v9.9.9/nothing");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, message: "Route not found" });
  });

  it("answers an id past the database's range with 422, not a server error", async () => {
    const token = await login(DEMO.seller);
    for (const path of ["/v0.0.0/products/3000000000", "/v0.0.0/inventories/availability?category_id=3000000000"]) {
      const [p, q] = path.split("?");
      const res = await call("GET", p, { token, query: Object.fromEntries(new URLSearchParams(q ?? "")) });
      expect(res.status, path).toBe(422);
      expect(res.body.message).toBe("A number is too large");
    }
  });

  it("signs in and answers the envelope with a bearer token", async () => {
    const res = await call("POST", "/v0.0/auth/login", { json: { email: DEMO.seller, password: DEMO.password } });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(typeof res.body.message).toBe("string");
    expect(res.body.data.token).toMatch(/^[\w-]{40,}$/);
  });

  it("gives 422 with messages per field, in the caller's language", async () => {
    const en = await call("POST", "/v0.0/auth/login", { json: { email: "not-an-email", password: "" } });
    expect(en.status).toBe(422);
    expect(en.body.data).toMatchObject({ email: ["Enter a valid email address"], password: ["This field is required"] });
    const id = await call("POST", "/v0.0/auth/login", { json: { email: "not-an-email", password: "" }, locale: "id" });
    expect(id.body.data).toMatchObject({ email: ["Masukkan alamat email yang valid"] });
  });

  it("refuses a wrong password without saying which part was wrong", async () => {
    const res = await call("POST", "/v0.0/auth/login", { json: { email: DEMO.seller, password: "wrong-password" } });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("Email, phone or password is incorrect");
  });

  it("signs in by phone number written the local way", async () => {
    const res = await call("POST", "/v0.0/auth/login", { json: { phone: "081200000001", password: DEMO.password } });
    expect(res.status).toBe(200);
  });

  it("revokes the token on logout", async () => {
    const token = await login(DEMO.seller);
    expect((await call("GET", "/v0.0.0/accounts/me", { token })).status).toBe(200);
    expect((await call("POST", "/v0.0/auth/logout", { token })).status).toBe(200);
    const after = await call("GET", "/v0.0.0/accounts/me", { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(401);
  });

  it("tells a seller from a signed-up user who is not one yet", async () => {
    const seller = await call("GET", "/v0.0.0/accounts/me", { token: await login(DEMO.seller) });
    expect(seller.body.data).toMatchObject({ is_seller: true, business_name: "Toko Demo", member_role: "owner" });
    const newbie = await call("GET", "/v0.0.0/accounts/me", { token: await login(DEMO.newbie) });
    expect(newbie.body.data).toMatchObject({ is_seller: false, business_id: null });
    const staff = await call("GET", "/v0.0.0/accounts/me", { token: await login(DEMO.staff) });
    expect(staff.body.data).toMatchObject({ is_seller: true, privileges: ["orders", "products"], default_route: "/orders" });
  });
});
