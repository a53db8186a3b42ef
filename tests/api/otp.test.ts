/**
 * One-time passwords through the forgot-password flow and the signed-in OTP calls: 120 s validity
 * (time moved by editing expires_at, not by sleeping), single use, 5 wrong tries, 3 sends per
 * 15 minutes per address, and a reset signs out every device. Codes are read from the notifier's
 * outbox (demo mode: no SMTP or SMS provider in tests).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { desc, eq, sql } from "drizzle-orm";
import { hashPassword, verifyPassword } from "#core/auth/password.ts";
import { db } from "#db/client.ts";
import { otps, outbox, users } from "#db/schema/index.ts";
import { call, clearRateLimits, DEMO, login } from "./helpers.ts";

// The password hashes, watched: a reset try over the limit must be refused before any hash runs.
vi.mock("#core/auth/password.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("#core/auth/password.ts")>();
  return { ...real, hashPassword: vi.fn(real.hashPassword), verifyPassword: vi.fn(real.verifyPassword) };
});

const hashes = new Map<number, string>();
beforeAll(async () => {
  for (const u of await db.select().from(users)) hashes.set(u.id, u.passwordHash);
});
beforeEach(async () => {
  await clearRateLimits();
});
afterEach(async () => {
  // Tests change passwords and phones; every test starts from the demo accounts as seeded.
  for (const [id, passwordHash] of hashes) await db.update(users).set({ passwordHash }).where(eq(users.id, id));
});

/** The code in the latest message the notifier wrote to this address. */
async function lastCode(target: string) {
  const [row] = await db.select().from(outbox).where(eq(outbox.target, target)).orderBy(desc(outbox.id)).limit(1);
  const code = row?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${target}`);
  return code;
}
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
const lastMessageId = async () => (await db.select({ id: outbox.id }).from(outbox).orderBy(desc(outbox.id)).limit(1))[0]?.id ?? 0;

/**
 * Asks for a forgot-password code. The API answers before the code is sent (so its timing tells
 * nothing); for an existing account this waits until the message is in the outbox.
 */
async function requestOtp(target: string, opts: { locale?: "en" | "id"; delivered?: boolean } = {}) {
  const before = await lastMessageId();
  const res = await call("POST", "/v0.0/forgot-password/request-otp", { json: { target }, locale: opts.locale });
  if (res.status === 200 && opts.delivered !== false) {
    for (let i = 0; i < 100 && (await lastMessageId()) === before; i++) await new Promise((r) => setTimeout(r, 20));
  }
  return res;
}
const resetPassword = (target: string, otp: string, password = "new-password-1", from?: string) =>
  call("POST", "/v0.0/forgot-password/reset-password", { json: { target, otp, password }, from });

describe("forgot password", () => {
  it("checks an address without telling whether an account uses it", async () => {
    const known = await call("POST", "/v0.0/forgot-password/check", { json: { email: DEMO.seller } });
    const unknown = await call("POST", "/v0.0/forgot-password/check", { json: { email: "nobody@indie.test" } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body.data).toMatchObject({ channel: "email", target: DEMO.seller, masked_target: "se****@indie.test", otp_seconds: 120 });
    expect(Object.keys(unknown.body.data)).toEqual(Object.keys(known.body.data));
    expect(unknown.body.message).toBe(known.body.message);
    const phone = await call("POST", "/v0.0/forgot-password/check", { json: { phone: "0812-0000-0001" } });
    expect(phone.body.data).toMatchObject({ channel: "sms", target: "+6281200000001" });
    const bad = await call("POST", "/v0.0/forgot-password/check", { json: { target: "not an address" } });
    expect(bad.status).toBe(422);
    expect(bad.body.data.target).toEqual(["Enter a valid email address or phone number"]);
  });

  it("sends a 6-digit code that is stored only as a hash and answers the same for unknown addresses", async () => {
    const res = await requestOtp(DEMO.seller);
    expect(res.status).toBe(200);
    expect(res.body.data.expires_in).toBe(120);
    const code = await lastCode(DEMO.seller);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await db.select().from(otps).where(eq(otps.target, DEMO.seller)).orderBy(desc(otps.id)).limit(1);
    expect(row.codeHash).not.toContain(code);
    const lifetime = (row.expiresAt.getTime() - row.timeCreated.getTime()) / 1000;
    expect(lifetime).toBeCloseTo(120, 0);

    const unknown = await requestOtp("nobody@indie.test", { delivered: false });
    expect(unknown.status).toBe(200);
    expect(unknown.body.message).toBe(res.body.message);
    expect(await db.select().from(outbox).where(eq(outbox.target, "nobody@indie.test"))).toHaveLength(0);
  });

  it("accepts the code within 120 seconds and refuses it once expired", async () => {
    await requestOtp(DEMO.seller);
    // 119 seconds later: still valid.
    await db.update(otps).set({ expiresAt: sql`now() + interval '1 second'` }).where(eq(otps.target, DEMO.seller));
    expect((await resetPassword(DEMO.seller, await lastCode(DEMO.seller))).status).toBe(200);

    await requestOtp(DEMO.seller);
    const code = await lastCode(DEMO.seller);
    // 121 seconds later: gone.
    await db.update(otps).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(otps.target, DEMO.seller));
    const late = await resetPassword(DEMO.seller, code, "third-password");
    expect(late.status).toBe(422);
    expect(late.body.data.otp).toEqual(["This code is no longer valid. Request a new code"]);
    await expect(login(DEMO.seller, "new-password-1")).resolves.toBeTruthy();
  });

  it("uses a code once, and a new code replaces the previous one", async () => {
    await requestOtp(DEMO.seller);
    const first = await lastCode(DEMO.seller);
    await requestOtp(DEMO.seller);
    const second = await lastCode(DEMO.seller);
    if (first !== second) expect((await resetPassword(DEMO.seller, first)).status).toBe(422);
    const ok = await resetPassword(DEMO.seller, second);
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe("Your password has been changed. Sign in with the new password");
    const again = await resetPassword(DEMO.seller, second, "another-password");
    expect(again.status).toBe(422);
    await expect(login(DEMO.seller, "new-password-1")).resolves.toBeTruthy();
  });

  it("kills the code after 5 wrong tries, even for the right code afterwards", async () => {
    await requestOtp(DEMO.seller);
    const code = await lastCode(DEMO.seller);
    for (let i = 1; i <= 4; i++) {
      const res = await resetPassword(DEMO.seller, wrong(code));
      expect(res.status).toBe(422);
      expect(res.body.data.otp).toEqual([`The code is wrong. Tries left: ${5 - i}`]);
    }
    const fifth = await resetPassword(DEMO.seller, wrong(code));
    expect(fifth.body.data.otp).toEqual(["Too many wrong codes. Request a new code"]);
    const right = await resetPassword(DEMO.seller, code);
    expect(right.status).toBe(422);
    expect(right.body.data.otp).toEqual(["This code is no longer valid. Request a new code"]);
    await expect(login(DEMO.seller)).resolves.toBeTruthy();
  });

  it("counts parallel wrong guesses exactly", async () => {
    await requestOtp(DEMO.seller);
    const code = await lastCode(DEMO.seller);
    const guesses = await Promise.all(Array.from({ length: 8 }, () => resetPassword(DEMO.seller, wrong(code))));
    expect(guesses.every((g) => g.status === 422)).toBe(true);
    const [row] = await db.select().from(otps).where(eq(otps.target, DEMO.seller)).orderBy(desc(otps.id)).limit(1);
    expect(row.attempts).toBe(5);
  });

  it("sends at most 3 codes per address in 15 minutes, then answers 429 with the seconds to wait", async () => {
    for (let i = 0; i < 3; i++) expect((await requestOtp(DEMO.seller2)).status).toBe(200);
    const fourth = await requestOtp(DEMO.seller2);
    expect(fourth.status).toBe(429);
    expect(fourth.body.data.seconds).toBeGreaterThan(850);
    expect(fourth.body.data.seconds).toBeLessThanOrEqual(900);
    expect(fourth.body.message).toBe(`Too many codes requested. Try again in ${fourth.body.data.seconds} seconds`);
    expect(await db.select().from(outbox).where(eq(outbox.target, DEMO.seller2))).toHaveLength(3);
    // The limit is per address: the same person's phone and other people are not blocked.
    expect((await requestOtp("081200000002")).status).toBe(200);
    // An address without an account is limited the same way, so a 429 tells nothing either.
    for (let i = 0; i < 3; i++) await requestOtp("ghost@indie.test", { delivered: false });
    expect((await requestOtp("ghost@indie.test", { delivered: false })).status).toBe(429);
  });

  it("allows 10 reset tries per address and 20 per client address in 15 minutes, refusing more before any hash", async () => {
    await requestOtp(DEMO.seller);
    const code = await lastCode(DEMO.seller);
    for (let i = 0; i < 10; i++) expect((await resetPassword(DEMO.seller, "000000", undefined, "198.51.100.1")).status).toBe(422);
    vi.mocked(hashPassword).mockClear();
    vi.mocked(verifyPassword).mockClear();
    const blocked = await resetPassword(DEMO.seller, code, undefined, "198.51.100.2");
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many attempts, try again in \d+ seconds$/);
    expect(hashPassword).not.toHaveBeenCalled();
    expect(verifyPassword).not.toHaveBeenCalled();
    // One client address, many targets: 20, then 429 for that address only.
    for (let i = 0; i < 20; i++) expect((await resetPassword(`nobody${i}@example.test`, "000000", undefined, "203.0.113.7")).status).toBe(422);
    vi.mocked(verifyPassword).mockClear();
    expect((await resetPassword("nobody-else@example.test", "000000", undefined, "203.0.113.7")).status).toBe(429);
    expect(verifyPassword).not.toHaveBeenCalled();
    expect((await resetPassword("nobody-else@example.test", "000000", undefined, "203.0.113.8")).status).toBe(422);
  }, 60_000); // 32 code checks (argon2id): seconds on a busy machine

  it("signs out every device of the user on reset", async () => {
    const laptop = await login(DEMO.seller);
    const phone = await login(DEMO.seller);
    await requestOtp("081200000001");
    const code = await lastCode("+6281200000001");
    expect((await resetPassword("+62 812-0000-0001", code)).status).toBe(200);
    for (const token of [laptop, phone]) expect((await call("GET", "/v0.0.0/accounts/me", { token })).status).toBe(401);
    expect((await call("POST", "/v0.0/auth/login", { json: { email: DEMO.seller, password: DEMO.password } })).status).toBe(422);
    await expect(login(DEMO.seller, "new-password-1")).resolves.toBeTruthy();
  });

  it("refuses a new password shorter than 8 characters without using the code", async () => {
    await requestOtp(DEMO.seller);
    const code = await lastCode(DEMO.seller);
    const short = await resetPassword(DEMO.seller, code, "short");
    expect(short.status).toBe(422);
    expect(short.body.data.password).toEqual(["Password must be at least 8 characters"]);
    expect((await resetPassword(DEMO.seller, code)).status).toBe(200);
  });

  it("writes the code in the caller's language", async () => {
    await requestOtp(DEMO.newbie, { locale: "id" });
    const [row] = await db.select().from(outbox).where(eq(outbox.target, DEMO.newbie)).orderBy(desc(outbox.id)).limit(1);
    expect(row.body).toMatch(/^Kode Indie Seller Anda adalah \d{6}\. Berlaku selama 120 detik\./);
  });
});

describe("codes for a signed-in user", () => {
  it("verifies the phone: a check leaves the code usable, the verification uses it up", async () => {
    const token = await login(DEMO.newbie);
    const sent = await call("POST", "/v0.0.0/utilities/otp/request/phone", { token });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ channel: "sms", expires_in: 120 });
    const code = await lastCode("+6281200000004");
    const wrongCheck = await call("POST", "/v0.0.0/utilities/otp/check", { token, json: { type: "phone", otp: wrong(code) } });
    expect(wrongCheck.body.data.otp).toEqual(["The code is wrong. Tries left: 4"]);
    expect((await call("POST", "/v0.0.0/utilities/otp/check", { token, json: { type: "phone", otp: code } })).status).toBe(200);
    const verified = await call("PUT", "/v0.0.0/accounts/me/verify/phone", { token, json: { otp: code } });
    expect(verified.status).toBe(200);
    expect(verified.body.data.profile_status).toBe(3);
    expect((await call("PUT", "/v0.0.0/accounts/me/verify/phone", { token, json: { otp: code } })).status).toBe(422);
  });

  it("does not let one user's code verify another user's phone", async () => {
    const newbie = await login(DEMO.newbie);
    await call("POST", "/v0.0.0/utilities/otp/request/phone", { token: newbie });
    const code = await lastCode("+6281200000004");
    const staff = await login(DEMO.staff);
    expect((await call("PUT", "/v0.0.0/accounts/me/verify/phone", { token: staff, json: { otp: code } })).status).toBe(422);
  });

  it("changes the email only with the code sent to the new address", async () => {
    const token = await login(DEMO.staff);
    const without = await call("PUT", "/v0.0.0/accounts/me", { token, json: { name: "Rina Kusuma", email: "rina@indie.test" } });
    expect(without.status).toBe(422);
    expect(without.body.data.otp).toEqual(["Enter the code we sent to the new email address"]);
    const taken = await call("POST", "/v0.0.0/utilities/otp/request/change_email", { token, json: { email: DEMO.seller } });
    expect(taken.status).toBe(422);
    expect((await call("POST", "/v0.0.0/utilities/otp/request/change_email", { token, json: { email: "Rina@Indie.test" } })).status).toBe(200);
    const code = await lastCode("rina@indie.test");
    const saved = await call("PUT", "/v0.0.0/accounts/me", { token, json: { name: "Rina K.", email: "rina@indie.test", otp: code } });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ name: "Rina K.", email: "rina@indie.test" });
    await expect(login("rina@indie.test")).resolves.toBeTruthy();
    await db.update(users).set({ email: DEMO.staff, name: "Rina Kusuma" }).where(eq(users.email, "rina@indie.test"));
  });

  it("answers 404 for an unknown code type", async () => {
    const token = await login(DEMO.newbie);
    expect((await call("POST", "/v0.0.0/utilities/otp/request/carrier-pigeon", { token })).status).toBe(404);
  });
});
