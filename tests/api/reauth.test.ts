/**
 * Issue 13: the security setting per business and what it guards — the password asked again for
 * sensitive changes (core/auth/reauth.ts, POST utilities/token-2fa/request), the PIN (PUT
 * settings/business/{id}/pin), the account's active sessions, GET utilities/otp.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.ts";
import { apiTokens, bankAccounts, businesses, settings, users } from "#db/schema/index.ts";
import { hashToken } from "#core/auth/tokens.ts";
import { checkPin, isTrivialPin } from "#core/auth/pin.ts";
import { deviceOf } from "#core/auth/device.ts";
import { TooMany } from "#core/errors.ts";
import { verifyPassword } from "#core/auth/password.ts";
import { call, clearRateLimits, DEMO, login } from "./helpers.ts";

const idOf = async (name: string) => (await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.name, name)))[0].id;
const userId = async (email: string) => (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
/** Moves this session's last password check `seconds` into the past (the database clock judges it). */
const ageReauth = (token: string, seconds: number) =>
  db.update(apiTokens).set({ reauthAt: sql`now() - make_interval(secs => ${seconds})` }).where(eq(apiTokens.tokenHash, hashToken(token)));
const setSecurity = (businessId: number, value: string) =>
  db.insert(settings).values({ businessId, security2fa: value }).onConflictDoUpdate({ target: settings.businessId, set: { security2fa: value } });

async function otherBankAccount(businessId: number) {
  const [row] = await db.select({ id: bankAccounts.id }).from(bankAccounts)
    .where(and(eq(bankAccounts.businessId, businessId), eq(bankAccounts.isDefault, false)));
  return row.id;
}

beforeEach(clearRateLimits);

describe("the security setting", () => {
  it("is per business: another seller can neither read nor change it, nor set a PIN through it", async () => {
    const toko = await idOf("Toko Demo");
    const seller2 = await login(DEMO.seller2);
    expect((await call("GET", `/v0.0.0/accounts/business/${toko}/security-2fa`, { token: seller2 })).status).toBe(404);
    expect((await call("PUT", `/v0.0.0/settings/business/${toko}/security-2fa`, { token: seller2, json: { security_2fa: "none" } })).status).toBe(404);
    expect((await call("PUT", `/v0.0.0/settings/business/${toko}/pin`, { token: seller2, json: { pin: "482915", password: DEMO.password } })).status).toBe(404);
    expect((await call("PUT", `/v0.0.0/settings/business/abc/pin`, { token: seller2, json: { pin: "482915", password: DEMO.password } })).status).toBe(404);
  });

  it("changing it back from Password asks for the password again, like every guarded change", async () => {
    const toko = await idOf("Toko Demo");
    const token = await login(DEMO.seller);
    expect((await call("PUT", `/v0.0.0/settings/business/${toko}/security-2fa`, { token, json: { security_2fa: "password" } })).status).toBe(200);
    await ageReauth(token, 301);
    const refused = await call("PUT", `/v0.0.0/settings/business/${toko}/security-2fa`, { token, json: { security_2fa: "none" } });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ message: "Enter your password again to make this change", data: { reauth_required: true } });
    const confirmed = await call("POST", "/v0.0.0/utilities/token-2fa/request", { token, json: { password: DEMO.password } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ security_2fa: "password", expires_in: 300 });
    expect((await call("PUT", `/v0.0.0/settings/business/${toko}/security-2fa`, { token, json: { security_2fa: "none" } })).status).toBe(200);
  });
});

describe("re-authentication", () => {
  it("is not asked while the business's setting is None", async () => {
    const toko = await idOf("Toko Demo");
    await setSecurity(toko, "none");
    const token = await login(DEMO.seller);
    await ageReauth(token, 3600);
    const res = await call("POST", "/v0.0.0/banks/set_default", { token, json: { bank_account_id: await otherBankAccount(toko) } });
    expect(res.status).toBe(200);
  });

  it("with Password: a bank account change is 401 until the password is typed, which holds 5 minutes on that session only", async () => {
    const toko = await idOf("Toko Demo");
    await setSecurity(toko, "password");
    try {
      const token = await login(DEMO.seller);
      const phone = await login(DEMO.seller);
      // Signing in with the password counts as typing it: open for its first 5 minutes.
      expect((await call("POST", "/v0.0.0/banks/set_default", { token, json: { bank_account_id: await otherBankAccount(toko) } })).status).toBe(200);
      await ageReauth(token, 301);
      await ageReauth(phone, 301);
      const refused = await call("POST", "/v0.0.0/banks/set_default", { token, json: { bank_account_id: await otherBankAccount(toko) } });
      expect(refused.status).toBe(401);

      const wrong = await call("POST", "/v0.0.0/utilities/token-2fa/request", { token, json: { password: "not-it" } });
      expect(wrong.status).toBe(422);
      expect(wrong.body.data.password).toEqual(["The password is wrong"]);
      expect((await call("POST", "/v0.0.0/utilities/token-2fa/request", { token, json: {} })).status).toBe(422);
      expect((await call("POST", "/v0.0.0/utilities/token-2fa/request", { token, json: { password: DEMO.password } })).status).toBe(200);
      expect((await call("POST", "/v0.0.0/banks/set_default", { token, json: { bank_account_id: await otherBankAccount(toko) } })).status).toBe(200);
      // The other session of the same user did not type it.
      expect((await call("POST", "/v0.0.0/banks/set_default", { token: phone, json: { bank_account_id: await otherBankAccount(toko) } })).status).toBe(401);

      await ageReauth(token, 299);
      expect((await call("POST", "/v0.0.0/banks/set_default", { token, json: { bank_account_id: await otherBankAccount(toko) } })).status).toBe(200);
      await ageReauth(token, 300);
      expect((await call("POST", "/v0.0.0/banks/set_default", { token, json: { bank_account_id: await otherBankAccount(toko) } })).status).toBe(401);
    } finally {
      await setSecurity(toko, "none");
    }
  });

  it("guards staff privilege changes, invitations and deleting products too", async () => {
    const toko = await idOf("Toko Demo");
    await setSecurity(toko, "password");
    try {
      const token = await login(DEMO.seller);
      await ageReauth(token, 301);
      const staff = await userId(DEMO.staff);
      const put = await call("PUT", `/v0.0.0/omnipos/accounts/seller/users/${staff}`, { token, json: { privileges: ["orders"] } });
      expect(put.status).toBe(401);
      // Inviting someone with privileges is one too.
      const invited = await call("POST", "/v0.0.0/omnipos/accounts/seller/users", { token, json: { target: "guarded@indie.test", privileges: ["orders"], default_route: "/orders" } });
      expect(invited.status).toBe(401);
      expect((await db.execute(sql`SELECT 1 FROM staff_invitations WHERE target = 'guarded@indie.test'`)).rows).toHaveLength(0);
      const [product] = (await db.execute<{ id: number }>(sql`SELECT id FROM products WHERE business_id = ${toko} ORDER BY id LIMIT 1`)).rows;
      expect((await call("DELETE", `/v0.0.1/products/${product.id}`, { token })).status).toBe(401);
      expect((await db.execute(sql`SELECT 1 FROM products WHERE id = ${product.id}`)).rows).toHaveLength(1);
    } finally {
      await setSecurity(toko, "none");
    }
  });

  it("guards a store's payout account: a new account asks, the rest of the store form does not", async () => {
    const toko = await idOf("Toko Demo");
    await setSecurity(toko, "none");
    const token = await login(DEMO.seller);
    const accounts = await db.select({ id: bankAccounts.id }).from(bankAccounts).where(eq(bankAccounts.businessId, toko));
    const store = { name: "Toko Demo Kiosk", type: 2, email: "kiosk@tokodemo.id", phone: "021 7200 1299", address: "Jl. Melawai 7",
      city_id: 3174, postcode: "12160", latitude: -6.2441, longitude: 106.8003, process_day: 2, bank_account_id: accounts[0].id };
    const created = await call("POST", "/v0.0.1/stores/create", { token, json: store });
    expect(created.status).toBe(200);
    const id = created.body.data.store_branch_id;
    await setSecurity(toko, "password");
    try {
      await ageReauth(token, 301);
      expect((await call("PUT", `/v0.0.0/stores/${id}`, { token, json: { ...store, process_day: 3 } })).status).toBe(200);
      const moved = await call("PUT", `/v0.0.0/stores/${id}`, { token, json: { ...store, bank_account_id: accounts[1].id } });
      expect(moved.status).toBe(401);
      await call("POST", "/v0.0.0/utilities/token-2fa/request", { token, json: { password: DEMO.password } });
      expect((await call("PUT", `/v0.0.0/stores/${id}`, { token, json: { ...store, bank_account_id: accounts[1].id } })).status).toBe(200);
    } finally {
      await setSecurity(toko, "none");
    }
  });

  it("allows 10 wrong passwords per user in 15 minutes, then 429 even for the right one", async () => {
    const token = await login(DEMO.seller2);
    for (let i = 0; i < 10; i++) {
      expect((await call("POST", "/v0.0.0/utilities/token-2fa/request", { token, json: { password: `wrong-${i}` } })).status).toBe(422);
    }
    const blocked = await call("POST", "/v0.0.0/utilities/token-2fa/request", { token, json: { password: DEMO.password } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.data.seconds).toBeGreaterThan(0);
  });
});

describe("the PIN", () => {
  it("is 6 digits, not trivial, needs the current password, and is stored hashed", async () => {
    const toko = await idOf("Toko Demo");
    const token = await login(DEMO.seller);
    const put = (json: unknown) => call("PUT", `/v0.0.0/settings/business/${toko}/pin`, { token, json });
    for (const pin of ["12345", "1234567", "12a456", ""]) {
      const res = await put({ pin, password: DEMO.password });
      expect(res.status).toBe(422);
      expect(res.body.data.pin).toBeDefined();
    }
    for (const pin of ["111111", "123456", "987654"]) expect((await put({ pin, password: DEMO.password })).body.data.pin).toEqual(["Choose a PIN that is not all one digit or a straight run"]);
    expect((await put({ pin: "482915", password: "wrong" })).body.data.password).toEqual(["The password is wrong"]);
    expect((await put({ pin: ["482915"], password: DEMO.password })).status).toBe(422);
    const ok = await put({ pin: "482915", password: DEMO.password });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ message: "Your PIN has been saved", data: { business_id: toko, has_pin: true } });
    const [row] = await db.select({ pinHash: users.pinHash }).from(users).where(eq(users.email, DEMO.seller));
    expect(row.pinHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword("482915", row.pinHash!)).toBe(true);
  });

  it("checks are limited like sign-in: 10 per person and address in 15 minutes", async () => {
    const seller = await userId(DEMO.seller);
    for (let i = 0; i < 10; i++) expect(await checkPin(db, seller, "000001", "203.0.113.9")).toBe(false);
    await expect(checkPin(db, seller, "482915", "203.0.113.9")).rejects.toBeInstanceOf(TooMany);
    // Another address still may, until the person's own limit of 20.
    for (let i = 0; i < 9; i++) expect(await checkPin(db, seller, "000001", `198.51.100.${i}`)).toBe(false);
    expect(await checkPin(db, seller, "482915", "198.51.100.99")).toBe(true);
  });
});

describe("active sessions", () => {
  it("lists the account's sessions with device, address and last use; another's cannot be ended", async () => {
    const first = await login(DEMO.seller2);
    await call("GET", "/v0.0.0/accounts/me", {
      token: first, headers: { "User-Agent": "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36", "X-Forwarded-For": "203.0.113.50" },
    });
    const current = await login(DEMO.seller2);
    const list = await call("GET", "/v0.0.0/accounts/me/sessions", { token: current, headers: { "User-Agent": "curl/8.5.0", "X-Forwarded-For": "198.51.100.7" } });
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({ is_current: true, device: "curl", ip_address: "198.51.100.7" });
    const phone = list.body.data.find((s: { device: string | null }) => s.device === "Chrome on Android");
    expect(phone).toMatchObject({ is_current: false, ip_address: "203.0.113.50" });
    expect(typeof phone.last_seen).toBe("number");

    const other = await login(DEMO.seller);
    expect((await call("DELETE", `/v0.0.0/accounts/me/sessions/${phone.session_id}`, { token: other })).status).toBe(404);
    expect((await call("DELETE", "/v0.0.0/accounts/me/sessions/abc", { token: other })).status).toBe(404);
    expect((await call("DELETE", "/v0.0.0/accounts/me/sessions/99999999999999", { token: other })).status).toBe(404);
    expect((await call("GET", "/v0.0.0/accounts/me", { token: first })).status).toBe(200);

    expect((await call("DELETE", `/v0.0.0/accounts/me/sessions/${phone.session_id}`, { token: current })).status).toBe(200);
    expect((await call("GET", "/v0.0.0/accounts/me", { token: first })).status).toBe(401);
  });

  it("sign out everywhere else keeps this session and ends the others", async () => {
    const [a, b, here] = [await login(DEMO.staff), await login(DEMO.staff), await login(DEMO.staff)];
    const res = await call("POST", "/v0.0.0/accounts/me/sessions/sign-out-others", { token: here });
    expect(res.status).toBe(200);
    expect(res.body.data.ended).toBeGreaterThanOrEqual(2);
    expect((await call("GET", "/v0.0.0/accounts/me", { token: a })).status).toBe(401);
    expect((await call("GET", "/v0.0.0/accounts/me", { token: b })).status).toBe(401);
    expect((await call("GET", "/v0.0.0/accounts/me", { token: here })).status).toBe(200);
    const list = await call("GET", "/v0.0.0/accounts/me/sessions", { token: here });
    expect(list.body.data).toHaveLength(1);
  });
});

describe("GET utilities/otp", () => {
  it("answers the OTP rules a client counts down with", async () => {
    const token = await login(DEMO.newbie);
    const res = await call("GET", "/v0.0.0/utilities/otp", { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ timeout: 120, length: 6, max_tries: 5, types: ["phone", "change_email"] });
    expect((await call("GET", "/v0.0.0/utilities/otp")).status).toBe(401);
  });
});

describe("the session list's device and the PIN's shape", () => {
  it.each([
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1", "Safari on iOS"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0", "Edge on Windows"],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox on Linux"],
    ["okhttp/4.12.0", "Android app"],
    ["", null],
    ["something else", null],
  ])("%s → %s", (ua, device) => expect(deviceOf(ua)).toBe(device));

  it("refuses trivial PINs only", () => {
    for (const pin of ["000000", "999999", "012345", "543210"]) expect(isTrivialPin(pin)).toBe(true);
    for (const pin of ["482915", "112233", "135790", "010101"]) expect(isTrivialPin(pin)).toBe(false);
  });
});
