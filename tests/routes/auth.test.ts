/** The sign-in pages at the web's seam: signing in through core, a refused password, the forgotten-password steps. */
import { randomBytes, scryptSync } from "node:crypto";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as forgotPage from "#app/routes/auth/forgot-password.tsx";
import * as layout from "#app/routes/auth/layout.tsx";
import * as signInPage from "#app/routes/auth/sign-in.tsx";
import * as indexPage from "#app/routes/index.tsx";
import { db } from "#db/client.ts";
import { apiTokens, otps, users } from "#db/schema/index.ts";
import { DEMO } from "#tests/demo-accounts.ts";
import { runAction, runLoader } from "./harness.ts";

const liveTokens = async (email: string) => {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const [{ n }] = await db.select({ n: count() }).from(apiTokens).where(and(eq(apiTokens.userId, user.id), isNull(apiTokens.revokedAt)));
  return n;
};

beforeEach(async () => {
  await db.execute(sql`DELETE FROM rate_limits`);
});

describe("sign-in page", () => {
  it("offers what the options allow", async () => {
    const res = await runLoader(layout, { url: "/auth", area: "public" });
    expect(res.data.options).toMatchObject({ registration_enabled: false, otp_seconds: 120 });
  });

  it("signs in: a token issued through core is kept in the session, with a welcome, back to the page asked for", async () => {
    const before = await liveTokens(DEMO.seller);
    const res = await runAction(signInPage, {
      url: "/auth?redirectTo=%2Forders",
      area: "public",
      form: { login: DEMO.seller, password: DEMO.password, redirectTo: "/orders" },
    });
    expect(res.data?.error ?? res.error).toBeUndefined();
    expect(res.redirect).toBe("/orders");
    expect(res.toasts).toContainEqual({ type: "success", message: "Welcome back" });
    expect(await liveTokens(DEMO.seller)).toBe(before + 1);
  });

  it("signs in by phone, in Indonesian, to the dashboard when sent from nowhere useful", async () => {
    const res = await runAction(signInPage, { url: "/id/auth", area: "public", form: { login: "0812 0000 0001", password: DEMO.password, redirectTo: "/auth/register" } });
    expect(res.redirect).toBe("/id/dashboard");
  });

  it("a staff member sent from nowhere lands on their start page, not on a dashboard they may not open", async () => {
    // Found by the team journey (tests/e2e/team.spec.ts): the dashboard answers staff without it
    // with the 403 page, so signing in must not send them there.
    const res = await runAction(signInPage, { url: "/id/auth", area: "public", form: { login: DEMO.staff, password: DEMO.password } });
    expect(res.redirect).toBe("/id/orders");
    const home = await runLoader(indexPage, { url: "/", area: "public", as: DEMO.staff });
    expect(home.redirect).toBe("/orders");
    expect((await runLoader(indexPage, { url: "/id", area: "public", as: DEMO.seller })).redirect).toBe("/id/dashboard");
    expect((await runLoader(indexPage, { url: "/", area: "public" })).redirect).toBe("/auth");
    expect((await runLoader(indexPage, { url: "/", as: DEMO.newbie, area: "public" })).redirect).toBe("/become-seller");
    // Already signed in, the sign-in page sends them home the same way.
    expect((await runLoader(layout, { url: "/auth", area: "public", as: DEMO.staff })).redirect).toBe("/");
  });

  it("refuses a wrong password on the form, keeping the email and dropping the password", async () => {
    const before = await liveTokens(DEMO.seller);
    const res = await runAction(signInPage, { url: "/auth", area: "public", form: { login: DEMO.seller, password: "not-the-password" } });
    expect(res.status).toBe(400);
    expect(res.data.error.password).toEqual(["Email, phone or password is incorrect"]);
    expect(res.data.initialValue.login).toBe(DEMO.seller);
    expect(res.data.initialValue.password).toBeUndefined();
    expect(res.toasts).toEqual([]);
    expect(await liveTokens(DEMO.seller)).toBe(before);
  });

  it("replaces an older (scrypt) password hash with argon2id on a successful sign-in", async () => {
    const [staff] = await db.select().from(users).where(eq(users.email, DEMO.staff));
    const salt = randomBytes(16);
    const key = scryptSync(DEMO.password, salt, 32, { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    await db.update(users).set({ passwordHash: `scrypt$32768$8$1$${salt.toString("base64")}$${key.toString("base64")}` }).where(eq(users.id, staff.id));
    try {
      const res = await runAction(signInPage, { url: "/auth", area: "public", form: { login: DEMO.staff, password: DEMO.password } });
      expect(res.redirect).toBe("/orders");
      const [after] = await db.select().from(users).where(eq(users.id, staff.id));
      expect(after.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    } finally {
      await db.update(users).set({ passwordHash: staff.passwordHash }).where(eq(users.id, staff.id));
    }
  });

  it("says so above the form after too many tries", async () => {
    for (let i = 0; i < 10; i++) await runAction(signInPage, { url: "/auth", area: "public", form: { login: DEMO.staff, password: "wrong" } });
    const res = await runAction(signInPage, { url: "/auth", area: "public", form: { login: DEMO.staff, password: DEMO.password } });
    expect(res.status).toBe(429);
    expect(res.data.error[""]?.[0]).toMatch(/^Too many attempts, try again in \d+ seconds$/);
    expect(res.data.initialValue.login).toBe(DEMO.staff);
  }, 60_000);
});

describe("forgot-password page", () => {
  it("check step: says where the code would go; a malformed address is refused under its field", async () => {
    const res = await runAction(forgotPage, { url: "/auth/forgot-password", area: "public", form: { step: "check", target: DEMO.newbie } });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ step: "request", where: { channel: "email", target: DEMO.newbie, masked_target: "ne****@indie.test" } });
    const bad = await runAction(forgotPage, { url: "/auth/forgot-password", area: "public", form: { step: "check", target: "not an address" } });
    expect(bad.status).toBe(400);
    expect(bad.data.result.error.target).toEqual(["auth:api.target_invalid"]);
    expect(bad.data.result.initialValue.target).toBe("not an address");
  });

  it("request step: a code goes to an existing account, the same answer for an unknown one", async () => {
    const res = await runAction(forgotPage, { url: "/auth/forgot-password", area: "public", form: { step: "request", target: DEMO.newbie } });
    expect(res.data).toMatchObject({ step: "reset", where: { target: DEMO.newbie }, notice: { type: "info", text: "If an account uses this address, a code is on its way" } });
    expect(res.data.expiresAt).toBeGreaterThan(Date.now() / 1000);
    // The code is sent after the answer (timing tells nothing): wait for its row.
    let codes = 0;
    for (let i = 0; i < 50 && codes === 0; i++) {
      [{ n: codes }] = await db.select({ n: count() }).from(otps).where(eq(otps.target, DEMO.newbie));
      if (!codes) await new Promise((r) => setTimeout(r, 100));
    }
    expect(codes).toBe(1);
    const unknown = await runAction(forgotPage, { url: "/auth/forgot-password", area: "public", form: { step: "request", target: "nobody@indie.test" } });
    expect(unknown.data.notice).toEqual(res.data.notice);
    expect(unknown.data.step).toBe("reset");
  });

  it("reset step: a wrong code is refused under its field, the address kept", async () => {
    const res = await runAction(forgotPage, {
      url: "/auth/forgot-password",
      area: "public",
      form: { step: "reset", target: "nobody@indie.test", otp: "123456", password: "a-new-password", password_confirmation: "a-new-password" },
    });
    expect(res.status).toBe(400);
    expect(res.data.step).toBe("reset");
    expect(res.data.result.error.otp).toEqual(["This code is no longer valid. Request a new code"]);
    expect(res.data.result.initialValue.password).toBeUndefined();
  });
});

