/**
 * Password hashes (core/auth/password.ts): argon2id with OWASP's setting as a PHC string, the
 * older scrypt hashes still accepted, and sign-in replacing an old or weak hash with a fresh one.
 */
import { randomBytes, scryptSync } from "node:crypto";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { hash as argon2 } from "@node-rs/argon2";
import { db } from "#db/client.ts";
import { users } from "#db/schema/index.ts";
import { ARGON2, hashPassword, needsRehash, verifyPassword } from "#core/auth/password.ts";
import { call, clearRateLimits, DEMO } from "./helpers.ts";

// The hash functions, watched (and made to fail once where a test says so).
vi.mock("#core/auth/password.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("#core/auth/password.ts")>();
  return { ...real, hashPassword: vi.fn(real.hashPassword), verifyPassword: vi.fn(real.verifyPassword) };
});

/** A hash as core/auth/password.ts wrote them before argon2id. */
function scryptHash(password: string) {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return `scrypt$32768$8$1$${salt.toString("base64")}$${key.toString("base64")}`;
}

const PHC = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/;

describe("password hashes", () => {
  it("are argon2id PHC strings with OWASP's setting (m=19456 KiB, t=2, p=1), salted afresh each time", async () => {
    expect(ARGON2).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    const a = await hashPassword("correct horse");
    const b = await hashPassword("correct horse");
    expect(a).toMatch(PHC);
    expect(b).toMatch(PHC);
    expect(a).not.toBe(b);
    expect(await verifyPassword("correct horse", a)).toBe(true);
    expect(await verifyPassword("correct horsE", a)).toBe(false);
    expect(await verifyPassword("", a)).toBe(false);
    expect(needsRehash(a)).toBe(false);
  });

  it("verify the reference implementation's argon2id test vector", async () => {
    // phc-winner-argon2's test.c: "password", salt "somesalt", t=2, m=2^16, p=1, version 0x13.
    const reference = "$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc";
    expect(await verifyPassword("password", reference)).toBe(true);
    expect(await verifyPassword("passwore", reference)).toBe(false);
  });

  it("still verify the older scrypt hashes, which are to be replaced", async () => {
    const old = scryptHash("indie-demo");
    expect(await verifyPassword("indie-demo", old)).toBe(true);
    expect(await verifyPassword("indie-demO", old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
  });

  it("call anything unreadable wrong, and for replacing", async () => {
    for (const stored of ["", "x", "indie-demo", "$argon2id$", "$argon2id$v=19$m=19456,t=2,p=1$!!$!!", "scrypt$", "scrypt$x$y$z$$", "bcrypt$whatever"]) {
      expect(await verifyPassword("indie-demo", stored), stored).toBe(false);
      expect(needsRehash(stored), stored).toBe(true);
    }
  });

  it("are to be replaced when weaker than today's setting or not argon2id, not when stronger", async () => {
    const salt = randomBytes(16);
    expect(needsRehash(await argon2("pw", { memoryCost: 4096, timeCost: 2, parallelism: 1, salt }))).toBe(true);
    expect(needsRehash(await argon2("pw", { memoryCost: 19456, timeCost: 1, parallelism: 1, salt }))).toBe(true);
    expect(needsRehash(await argon2("pw", { ...ARGON2, algorithm: 1 /* argon2i */, salt }))).toBe(true);
    expect(needsRehash(await argon2("pw", { ...ARGON2, version: 0 /* v=16 */, salt }))).toBe(true);
    expect(needsRehash(await argon2("pw", { ...ARGON2, salt: randomBytes(8) }))).toBe(true);
    expect(needsRehash(await argon2("pw", { memoryCost: 65536, timeCost: 3, parallelism: 1, salt }))).toBe(false);
  });
});

describe("sign-in with an older hash", () => {
  const seeded = new Map<number, string>();
  beforeAll(async () => {
    for (const u of await db.select().from(users)) seeded.set(u.id, u.passwordHash);
  });
  beforeEach(async () => {
    await clearRateLimits();
    // mockReset also drops a failure a test queued and did not use.
    vi.mocked(hashPassword).mockReset();
    vi.mocked(verifyPassword).mockReset();
  });
  afterEach(async () => {
    for (const [id, passwordHash] of seeded) await db.update(users).set({ passwordHash }).where(eq(users.id, id));
    vi.restoreAllMocks();
  });

  const signIn = (email: string, password: string) => call("POST", "/v0.0/auth/login", { json: { email, password } });
  const storedHash = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0].passwordHash;
  const setHash = (email: string, passwordHash: string) => db.update(users).set({ passwordHash }).where(eq(users.email, email));

  it("signs a scrypt user in and stores an argon2id hash, which signs them in from then on", async () => {
    await setHash(DEMO.staff, scryptHash(DEMO.password));
    expect((await signIn(DEMO.staff, DEMO.password)).status).toBe(200);
    const upgraded = await storedHash(DEMO.staff);
    expect(upgraded).toMatch(PHC);
    expect(await verifyPassword(DEMO.password, upgraded)).toBe(true);

    // Signed in again with the new hash, which stays as it is.
    vi.mocked(hashPassword).mockClear();
    expect((await signIn(DEMO.staff, DEMO.password)).status).toBe(200);
    expect(await storedHash(DEMO.staff)).toBe(upgraded);
    expect(hashPassword).not.toHaveBeenCalled();
  });

  it("leaves a scrypt hash alone on a wrong password", async () => {
    const old = scryptHash(DEMO.password);
    await setHash(DEMO.staff, old);
    expect((await signIn(DEMO.staff, "wrong-password")).status).toBe(422);
    expect(await storedHash(DEMO.staff)).toBe(old);
    expect(hashPassword).not.toHaveBeenCalled();
  });

  it("replaces an argon2id hash weaker than today's setting", async () => {
    await setHash(DEMO.staff, await argon2(DEMO.password, { memoryCost: 4096, timeCost: 1, parallelism: 1 }));
    expect((await signIn(DEMO.staff, DEMO.password)).status).toBe(200);
    expect(await storedHash(DEMO.staff)).toMatch(PHC);
  });

  it("still signs in when the new hash cannot be stored, and logs it", async () => {
    const old = scryptHash(DEMO.password);
    await setHash(DEMO.staff, old);
    vi.mocked(hashPassword).mockRejectedValueOnce(new Error("no memory for argon2"));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await signIn(DEMO.staff, DEMO.password)).status).toBe(200);
    expect(await storedHash(DEMO.staff)).toBe(old);
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/password hash was not upgraded/), expect.any(Error));
    // The next sign-in tries again, and stores it.
    expect((await signIn(DEMO.staff, DEMO.password)).status).toBe(200);
    expect(await storedHash(DEMO.staff)).toMatch(PHC);
  });

  it("spends an argon2id check on a decoy for an unknown account, as for a known one", async () => {
    expect((await signIn("nobody-here@indie.test", DEMO.password)).status).toBe(422);
    expect(verifyPassword).toHaveBeenCalledTimes(1);
    expect(vi.mocked(verifyPassword).mock.calls[0][1]).toMatch(PHC);
    vi.mocked(verifyPassword).mockClear();
    expect((await signIn(DEMO.staff, "wrong-password")).status).toBe(422);
    expect(verifyPassword).toHaveBeenCalledTimes(1);
    expect(vi.mocked(verifyPassword).mock.calls[0][1]).toMatch(PHC);
  });
});
