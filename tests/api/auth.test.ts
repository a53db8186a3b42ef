/**
 * Sign-in limits (a lock per identifier and address, only a slow-down per identifier), hidden
 * registration, password change, the account profile, and business settings scoped to the
 * caller's own businesses.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "#db/client.ts";
import { users } from "#db/schema/index.ts";
import { api } from "#api/app.ts";
import { slowDownMs } from "#core/auth/sign-in.ts";
import { notify } from "#core/lib/notifier.ts";
import { call, clearRateLimits, DEMO, LOCAL, login } from "./helpers.ts";

const hashes = new Map<number, { passwordHash: string; phone: string | null; profileStatus: number; name: string }>();
beforeAll(async () => {
  for (const u of await db.select().from(users)) hashes.set(u.id, { passwordHash: u.passwordHash, phone: u.phone, profileStatus: u.profileStatus, name: u.name });
});
beforeEach(async () => {
  await clearRateLimits();
});
afterEach(async () => {
  for (const [id, u] of hashes) await db.update(users).set(u).where(eq(users.id, id));
  delete process.env.REGISTRATION_ENABLED;
});

/** `from`: the client's address (the socket's), as helpers.ts `call` takes it. */
const signIn = (email: string, password: string, from?: string) => call("POST", "/v0.0/auth/login", { json: { email, password }, from });

async function businessId(token: string, name: string) {
  const me = await call("GET", "/v0.0.0/accounts/me", { token });
  return me.body.data.businesses.find((b: { name: string }) => b.name === name).business_id as number;
}

describe("sign-in", () => {
  it("allows 10 tries per email from one address in 15 minutes, then answers 429 even for the right password", async () => {
    for (let i = 0; i < 10; i++) expect((await signIn(DEMO.staff, "wrong-password", "203.0.113.7")).status).toBe(422);
    const blocked = await signIn(DEMO.staff, DEMO.password, "203.0.113.7");
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many attempts, try again in \d+ seconds$/);
    // Another account from the same address is not blocked by it.
    expect((await signIn(DEMO.newbie, DEMO.password, "203.0.113.7")).status).toBe(200);
  });

  it("does not lock a seller out for wrong passwords tried from another address", async () => {
    for (let i = 0; i < 10; i++) expect((await signIn(DEMO.staff, "wrong-password", "198.51.100.66")).status).toBe(422);
    expect((await signIn(DEMO.staff, "wrong-password", "198.51.100.66")).status).toBe(429);
    expect((await signIn(DEMO.staff, DEMO.password, "203.0.113.7")).status).toBe(200);
  });

  it("only slows an email down, never locks it, however many addresses try it", async () => {
    for (let i = 0; i < 25; i++) expect((await signIn(DEMO.staff, "wrong-password", `198.51.100.${i}`)).status).toBe(422);
    const started = Date.now();
    expect((await signIn(DEMO.staff, DEMO.password, "203.0.113.7")).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(slowDownMs(26) - 100); // 1.5 s
  }, 60_000);

  it("slows down by 250 ms a try past 20 tries per identifier, at most 5 s", () => {
    expect([0, 20, 21, 24, 40, 1000].map(slowDownMs)).toEqual([0, 0, 250, 1000, 5000, 5000]);
  });

  it("allows 50 tries per client address in 15 minutes across accounts, whatever the client writes before it", async () => {
    // The proxy appends the address it saw; what comes before is the client's own claim, new each try.
    let claimed = 0;
    const from = (ip: string, email: string) =>
      api.request("/api/v0.0/auth/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `198.51.100.${claimed++ % 250}, ${ip}` },
        body: JSON.stringify({ email, password: "wrong-password" }),
      });
    for (let i = 0; i < 50; i++) expect((await from("203.0.113.7", `visitor${i}@indie.test`)).status).toBe(422);
    expect((await from("203.0.113.7", "one-more@indie.test")).status).toBe(429);
    expect((await from("203.0.113.8", "one-more@indie.test")).status).toBe(422);
  }, 60_000); // 52 password checks (argon2id, also for unknown accounts): seconds on a busy machine

  it("starts the count afresh after a successful sign-in", async () => {
    for (let i = 0; i < 9; i++) await signIn(DEMO.staff, "wrong-password");
    expect((await signIn(DEMO.staff, DEMO.password)).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await signIn(DEMO.staff, "wrong-password")).status).toBe(422);
  });
});

describe("registration", () => {
  it("is closed by default, and the sign-in pages are told so", async () => {
    const res = await call("POST", "/v0.0/auth/register", { json: { name: "Ayu", email: "ayu@indie.test", password: "ayu-password" } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Registration is closed");
    const options = await call("GET", "/v0.0/auth/options", { from: LOCAL });
    expect(options.body.data).toMatchObject({ registration_enabled: false, demo_outbox: true, otp_seconds: 120 });
    expect(await db.select().from(users).where(eq(users.email, "ayu@indie.test"))).toHaveLength(0);
  });

  it("creates a signed-in account that is not a seller yet when REGISTRATION_ENABLED=true", async () => {
    process.env.REGISTRATION_ENABLED = "true";
    expect((await call("GET", "/v0.0/auth/options")).body.data.registration_enabled).toBe(true);
    const res = await call("POST", "/v0.0/auth/register", { json: { name: "Ayu Lestari", email: "Ayu@Indie.test", phone: "0813 1111 2222", password: "ayu-password" } });
    expect(res.status).toBe(200);
    const me = await call("GET", "/v0.0.0/accounts/me", { token: res.body.data.token });
    expect(me.body.data).toMatchObject({ is_seller: false, user: { email: "ayu@indie.test", phone: "+6281311112222", profile_status: 1 } });
    const again = await call("POST", "/v0.0/auth/register", { json: { name: "Ayu", email: "ayu@indie.test", phone: "081311112222", password: "ayu-password" } });
    expect(again.status).toBe(422);
    expect(again.body.data).toEqual({
      email: ["This email is already used by another account"],
      phone: ["This phone number is already used by another account"],
    });
    const short = await call("POST", "/v0.0/auth/register", { json: { name: "B", email: "b@indie.test", password: "short" } });
    expect(short.body.data.password).toEqual(["Password must be at least 8 characters"]);
    await db.delete(users).where(eq(users.email, "ayu@indie.test"));
  });
});

describe("the signed-in user's account", () => {
  it("changes the password with the current one and signs out every other device", async () => {
    const here = await login(DEMO.seller2);
    const elsewhere = await login(DEMO.seller2);
    const wrong = await call("PUT", "/v0.0.0/accounts/me/password", { token: here, json: { current_password: "nope", password: "a-new-password" } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.data.current_password).toEqual(["The current password is wrong"]);
    const short = await call("PUT", "/v0.0.0/accounts/me/password", { token: here, json: { current_password: DEMO.password, password: "short" } });
    expect(short.status).toBe(422);
    const res = await call("PUT", "/v0.0.0/accounts/me/password", { token: here, json: { current_password: DEMO.password, password: "a-new-password" } });
    expect(res.status).toBe(200);
    expect((await call("GET", "/v0.0.0/accounts/me", { token: here })).status).toBe(200);
    expect((await call("GET", "/v0.0.0/accounts/me", { token: elsewhere })).status).toBe(401);
    expect((await signIn(DEMO.seller2, DEMO.password)).status).toBe(422);
    expect((await signIn(DEMO.seller2, "a-new-password")).status).toBe(200);
  });

  it("saves the name and a new phone, which then needs verifying again", async () => {
    const token = await login(DEMO.seller);
    const res = await call("PUT", "/v0.0.0/accounts/me", { token, json: { name: "Sari W.", phone: "0812 9999 0001" } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: "Sari W.", phone: "+6281299990001", profile_status: 1, email: DEMO.seller });
    const taken = await call("PUT", "/v0.0.0/accounts/me", { token, json: { name: "Sari", phone: "081200000002" } });
    expect(taken.status).toBe(422);
    expect(taken.body.data.phone).toEqual(["This phone number is already used by another account"]);
  });
});

describe("business settings", () => {
  it("reads the settings of one's own business in the spec's groups", async () => {
    const token = await login(DEMO.seller);
    const id = await businessId(token, "Toko Demo");
    const res = await call("GET", `/v0.0.0/settings/business/${id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      business_id: id,
      account_settings: { email: DEMO.seller, member_role: "owner" },
      security_settings: { security_2fa: "none" },
      chat_settings: {},
      notification_settings: {},
    });
  });

  it("answers 404 for another business's settings", async () => {
    const toko = await businessId(await login(DEMO.seller), "Toko Demo");
    const seller2 = await login(DEMO.seller2);
    expect((await call("GET", `/v0.0.0/settings/business/${toko}`, { token: seller2 })).status).toBe(404);
    expect((await call("GET", `/v0.0.0/accounts/business/${toko}/security-2fa`, { token: seller2 })).status).toBe(404);
    const put = await call("PUT", `/v0.0.0/settings/business/${toko}/security-2fa`, { token: seller2, json: { security_2fa: "password" } });
    expect(put.status).toBe(404);
    const list = await call("GET", "/v0.0.1/accounts/business/security-2fa", { token: seller2 });
    expect(list.body.data.map((b: { name: string }) => b.name)).toEqual(["Batik Sekar Jagad"]);
  });

  it("sets the 2FA security to none or password; the OTP options are disabled", async () => {
    const token = await login(DEMO.seller);
    const id = await businessId(token, "Toko Demo");
    const read = await call("GET", `/v0.0.0/accounts/business/${id}/security-2fa`, { token });
    expect(read.body.data.options).toEqual([
      { value: "none", enabled: true },
      { value: "password", enabled: true },
      { value: "otp", enabled: false },
      { value: "password_otp", enabled: false },
    ]);
    const saved = await call("PUT", `/v0.0.0/settings/business/${id}/security-2fa`, { token, json: { security_2fa: "password" } });
    expect(saved.status).toBe(200);
    expect((await call("GET", `/v0.0.0/settings/business/${id}`, { token })).body.data.security_settings.security_2fa).toBe("password");
    const list = await call("GET", "/v0.0.1/accounts/business/security-2fa", { token });
    expect(list.body.data.find((b: { business_id: number }) => b.business_id === id).security_2fa).toBe("password");
    for (const value of ["otp", "password_otp"]) {
      const refused = await call("PUT", `/v0.0.0/settings/business/${id}/security-2fa`, { token, json: { security_2fa: value } });
      expect(refused.status).toBe(422);
      expect(refused.body.data.security_2fa).toEqual(["This option is not available"]);
    }
    expect((await call("PUT", `/v0.0.0/settings/business/${id}/security-2fa`, { token, json: { security_2fa: "none" } })).status).toBe(200);
  });

  it("lets staff read but not change the security setting without the setting privilege", async () => {
    const token = await login(DEMO.staff);
    const id = await businessId(token, "Toko Demo");
    expect((await call("GET", `/v0.0.0/accounts/business/${id}/security-2fa`, { token })).status).toBe(200);
    const put = await call("PUT", `/v0.0.0/settings/business/${id}/security-2fa`, { token, json: { security_2fa: "password" } });
    expect(put.status).toBe(403);
  });
});

describe("the demo outbox", () => {
  it("is open without a token in demo mode and gone once a real provider is configured", async () => {
    await notify({ channel: "email", target: DEMO.newbie, subject: "Kode", body: "Kode Anda 123456" });
    const demo = await call("GET", "/v0.0.0/demo/outbox", { from: LOCAL });
    expect(demo.status).toBe(200);
    expect(demo.body.data[0]).toMatchObject({ channel: "email", target: DEMO.newbie, delivered: true });
    process.env.SMS_WEBHOOK_URL = "http://127.0.0.1:9/never-called";
    try {
      expect((await call("GET", "/v0.0.0/demo/outbox", { from: LOCAL })).status).toBe(404);
      expect((await call("GET", "/v0.0/auth/options", { from: LOCAL })).body.data.demo_outbox).toBe(false);
    } finally {
      delete process.env.SMS_WEBHOOK_URL;
    }
  });
});
