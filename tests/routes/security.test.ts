/**
 * Issue 13 in the web: /setting/security (the option, the PIN, the active sessions), the password
 * step a sensitive change asks for — without JavaScript, the server-rendered step — and the shared
 * kiosk's switch and its sign-in.
 */
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.ts";
import { apiTokens, businesses, settings, users } from "#db/schema/index.ts";
import { issueToken, hashToken } from "#core/auth/tokens.ts";
import * as security from "#app/routes/admin/setting/security.tsx";
import * as adminLayout from "#app/routes/admin/layout.tsx";
import * as staffEdit from "#app/routes/admin/setting/pos-seller/user-edit.tsx";
import * as listing from "#app/routes/admin/products/listing.tsx";
import * as switchUser from "#app/routes/admin/switch-user.tsx";
import * as signInPage from "#app/routes/auth/sign-in.tsx";
import { clearRateLimits, sessionCookie } from "#tests/api/helpers.ts";
import { DEMO } from "#tests/demo-accounts.ts";
import { runAction, runLoader } from "./harness.ts";

const userOf = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0];
const businessOf = async (name: string) => (await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.name, name)))[0].id;
const setSecurity = (businessId: number, value: string) =>
  db.insert(settings).values({ businessId, security2fa: value }).onConflictDoUpdate({ target: settings.businessId, set: { security2fa: value } });
/** Every session of the user as if the password was last typed long ago. */
const forgetReauth = async (email: string) =>
  db.update(apiTokens).set({ reauthAt: sql`now() - interval '1 hour'` }).where(eq(apiTokens.userId, (await userOf(email)).id));
/** A session of its own (a cookie), for tests that sign it out. */
async function ownSession(email: string) {
  const token = await issueToken((await userOf(email)).id);
  return { token, cookie: await sessionCookie(token) };
}
const live = async (token: string) =>
  (await db.select({ revokedAt: apiTokens.revokedAt }).from(apiTokens).where(eq(apiTokens.tokenHash, hashToken(token))))[0].revokedAt === null;

beforeEach(clearRateLimits);

describe("/setting/security", () => {
  it("shows the active business's option (OTP ones disabled), the PIN state and the sessions", async () => {
    const res = await runLoader(security, { url: "/setting/security", as: DEMO.seller });
    expect(res.status).toBe(200);
    expect(res.data.security.options.filter((o: { enabled: boolean }) => o.enabled).map((o: { value: string }) => o.value)).toEqual(["none", "password"]);
    expect(res.data.hasPin).toBe(false);
    expect(res.data.sessions[0]).toMatchObject({ is_current: true });
  });

  it("a seller cannot change another business's setting: the page works on the session's own business", async () => {
    const toko = await businessOf("Toko Demo");
    await setSecurity(toko, "none");
    const res = await runAction(security, { url: "/setting/security", as: DEMO.seller2, form: { intent: "security", security_2fa: "password" } });
    expect(res.redirect).toBe("/setting/security");
    const [row] = await db.select().from(settings).where(eq(settings.businessId, toko));
    expect(row.security2fa).toBe("none");
  });

  it("leaving Password asks for the password in a server-rendered step, which then makes the change", async () => {
    const toko = await businessOf("Toko Demo");
    await setSecurity(toko, "password");
    await forgetReauth(DEMO.seller);
    const asked = await runAction(security, { url: "/setting/security", as: DEMO.seller, form: { intent: "security", security_2fa: "none" } });
    expect(asked.redirect).toBe("/setting/security?reauth=1&intent=security&security_2fa=none");

    // The admin layout shows the step with the fields to post again.
    const step = await runLoader(adminLayout, { url: asked.redirect!, as: DEMO.seller });
    expect(step.data.reauth).toEqual({ intent: ["security"], security_2fa: ["none"] });

    const wrong = await runAction(security, {
      url: "/setting/security", as: DEMO.seller, form: { intent: "security", security_2fa: "none", confirmed: "1", reauth_password: "nope" },
    });
    expect(wrong.redirect).toBe("/setting/security?reauth=1&intent=security&security_2fa=none&reauth_refused=wrong");
    expect(wrong.toasts).toContainEqual({ type: "danger", message: "The password is wrong" });
    // The step itself says why (with JavaScript it is modal: the notice lies behind its backdrop);
    // the reason is not a field to post again.
    const again = await runLoader(adminLayout, { url: wrong.redirect!, as: DEMO.seller });
    expect(again.data.reauth).toEqual({ intent: ["security"], security_2fa: ["none"] });
    expect(again.data.reauthRefused).toBe("The password is wrong");
    expect((await runLoader(adminLayout, { url: `/id${wrong.redirect!}`, as: DEMO.seller })).data.reauthRefused).toBe("Kata sandi salah");
    expect(step.data.reauthRefused).toBeNull();
    expect((await db.select().from(settings).where(eq(settings.businessId, toko)))[0].security2fa).toBe("password");

    const done = await runAction(security, {
      url: "/setting/security", as: DEMO.seller, form: { intent: "security", security_2fa: "none", confirmed: "1", reauth_password: DEMO.password },
    });
    expect(done.redirect).toBe("/setting/security");
    expect(done.toasts).toContainEqual({ type: "success", message: "Security setting saved" });
    expect((await db.select().from(settings).where(eq(settings.businessId, toko)))[0].security2fa).toBe("none");
  });

  it("the step carries no secrets in the URL and works for other pages' changes (a staff member's privileges)", async () => {
    const toko = await businessOf("Toko Demo");
    await setSecurity(toko, "password");
    try {
      await forgetReauth(DEMO.seller);
      const staff = await userOf(DEMO.staff);
      const form = { role: "staff", privileges: ["orders", "products"], default_route: "/orders", password: "leak?" };
      const asked = await runAction(staffEdit, { url: `/setting/pos-seller/user/${staff.id}`, params: { id: String(staff.id) }, as: DEMO.seller, form });
      expect(asked.redirect).toBe(`/setting/pos-seller/user/${staff.id}?reauth=1&role=staff&privileges=orders&privileges=products&default_route=%2Forders`);
      expect(asked.redirect).not.toContain("leak");
    } finally {
      await setSecurity(toko, "none");
    }
  });

  it("deleting products from the listing asks too; once typed, the same confirmed POST deletes", async () => {
    const toko = await businessOf("Toko Demo");
    await setSecurity(toko, "password");
    try {
      await forgetReauth(DEMO.seller);
      // The demo's draft (core/demo/catalog.ts): in no package, nothing reserved.
      const [p] = (await db.execute<{ id: number }>(sql`SELECT id FROM products WHERE business_id = ${toko} AND sku = 'BLO-014'`)).rows;
      const form = { intent: "bulk", action: "delete", product_ids: String(p.id), confirmed: "1" };
      const asked = await runAction(listing, { url: "/products/listing", as: DEMO.seller, form });
      expect(asked.redirect).toBe(`/products/listing?reauth=1&intent=bulk&action=delete&product_ids=${p.id}`);
      expect((await db.execute(sql`SELECT 1 FROM products WHERE id = ${p.id}`)).rows).toHaveLength(1);
      const done = await runAction(listing, { url: "/products/listing", as: DEMO.seller, form: { ...form, reauth_password: DEMO.password } });
      expect(done.redirect).not.toContain("reauth");
      expect((await db.execute(sql`SELECT 1 FROM products WHERE id = ${p.id}`)).rows).toHaveLength(0);
    } finally {
      await setSecurity(toko, "none");
    }
  });

  it("a step that could carry no fields (a large upload) only confirms the password, and runs nothing", async () => {
    const toko = await businessOf("Toko Demo");
    await setSecurity(toko, "password");
    try {
      await forgetReauth(DEMO.seller);
      const res = await runAction(security, { url: "/setting/security", as: DEMO.seller, form: { reauth_only: "1", reauth_password: DEMO.password } });
      expect(res.redirect).toBe("/setting/security");
      expect(res.toasts).toContainEqual({ type: "info", message: "Password confirmed. Sensitive changes are open for 5 minutes" });
      expect((await db.select().from(settings).where(eq(settings.businessId, toko)))[0].security2fa).toBe("password");
      // …and the form sent again by hand now goes through.
      const again = await runAction(security, { url: "/setting/security", as: DEMO.seller, form: { intent: "security", security_2fa: "none" } });
      expect(again.toasts).toContainEqual({ type: "success", message: "Security setting saved" });
    } finally {
      await setSecurity(toko, "none");
    }
  });

  it("password step tries are limited: after 10 wrong ones even the right one waits", async () => {
    const toko = await businessOf("Toko Demo");
    await setSecurity(toko, "password");
    try {
      await forgetReauth(DEMO.seller);
      const form = (p: string) => ({ intent: "security", security_2fa: "none", confirmed: "1", reauth_password: p });
      for (let i = 0; i < 10; i++) await runAction(security, { url: "/setting/security", as: DEMO.seller, form: form(`wrong-${i}`) });
      const blocked = await runAction(security, { url: "/setting/security", as: DEMO.seller, form: form(DEMO.password) });
      expect(blocked.redirect).toContain("reauth=1");
      expect(blocked.redirect).toMatch(/&reauth_refused=too_many&reauth_wait=\d+$/);
      expect(blocked.toasts[0].message).toMatch(/Too many/);
      const step = await runLoader(adminLayout, { url: blocked.redirect!, as: DEMO.seller });
      expect(step.data.reauthRefused).toMatch(/^Too many attempts, try again in \d+ seconds$/);
    } finally {
      await setSecurity(toko, "none");
    }
  });

  it("sets the PIN: typed twice, with the password; messages under the fields", async () => {
    const mismatch = await runAction(security, { url: "/setting/security", as: DEMO.seller, form: { intent: "pin", pin: "482915", pin_confirmation: "482916", password: DEMO.password } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.data.error.pin_confirmation).toEqual(["auth:api.pin_mismatch"]); // a key: the page translates it
    const wrong = await runAction(security, { url: "/setting/security", as: DEMO.seller, form: { intent: "pin", pin: "482915", pin_confirmation: "482915", password: "nope" } });
    expect(wrong.status).toBe(400);
    expect(wrong.data.error.password).toEqual(["The password is wrong"]);
    expect(JSON.stringify(wrong.data.initialValue ?? {})).not.toContain("482915");
    const ok = await runAction(security, { url: "/setting/security", as: DEMO.seller, form: { intent: "pin", pin: "482915", pin_confirmation: "482915", password: DEMO.password } });
    expect(ok.redirect).toBe("/setting/security");
    expect(ok.toasts).toContainEqual({ type: "success", message: "Your PIN has been saved" });
    expect((await runLoader(security, { url: "/setting/security", as: DEMO.seller })).data.hasPin).toBe(true);
  });

  it("signs out another session, every other one, or this one (then to sign-in)", async () => {
    const here = await ownSession(DEMO.seller2);
    const [a, b] = [await ownSession(DEMO.seller2), await ownSession(DEMO.seller2)];
    const sessions = (await runLoader(security, { url: "/setting/security", headers: { Cookie: here.cookie } })).data.sessions;
    const aId = (await db.select({ id: apiTokens.id }).from(apiTokens).where(eq(apiTokens.tokenHash, hashToken(a.token))))[0].id;
    expect(sessions.map((s: { session_id: number }) => s.session_id)).toContain(aId);
    const one = await runAction(security, { url: "/setting/security", headers: { Cookie: here.cookie }, form: { intent: "end_session", session_id: String(aId) } });
    expect(one.toasts).toContainEqual({ type: "success", message: "That session has been signed out" });
    expect(await live(a.token)).toBe(false);
    expect(await live(b.token)).toBe(true);
    const bad = await runAction(security, { url: "/setting/security", headers: { Cookie: here.cookie }, form: { intent: "end_session", session_id: "x" } });
    expect(bad.status).toBe(404);

    const others = await runAction(security, { url: "/setting/security", headers: { Cookie: here.cookie }, form: { intent: "end_others" } });
    expect(others.redirect).toBe("/setting/security");
    expect(await live(b.token)).toBe(false);
    expect(await live(here.token)).toBe(true);

    const hereId = (await db.select({ id: apiTokens.id }).from(apiTokens).where(eq(apiTokens.tokenHash, hashToken(here.token))))[0].id;
    const self = await runAction(security, { url: "/setting/security", headers: { Cookie: here.cookie }, form: { intent: "end_session", session_id: String(hereId) } });
    expect(self.redirect).toBe("/auth");
    expect(await live(here.token)).toBe(false);
  });
});

describe("the shared kiosk", () => {
  const kioskCookieOf = (headers: Headers) => headers.getSetCookie().find((c) => c.startsWith("__kiosk="))!.split(";")[0];

  it("switch user signs out, clears the site's cache and storage, and the sign-in offers the device's last people", async () => {
    const seller = await userOf(DEMO.seller);
    const { token, cookie } = await ownSession(DEMO.seller);
    const res = await runAction(switchUser, { url: "/switch-user", headers: { Cookie: cookie } });
    expect(res.redirect).toBe("/auth");
    expect(res.headers.get("Clear-Site-Data")).toBe('"cache", "storage"');
    expect(await live(token)).toBe(false);
    const kiosk = kioskCookieOf(res.headers);
    expect(decodeURIComponent(kiosk)).not.toContain(seller.name); // ids only, signed

    const page = await runLoader(signInPage, { url: "/auth", area: "public", headers: { Cookie: kiosk } });
    expect(page.data.kiosk.people).toEqual([{ user_id: seller.id, name: seller.name }]);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    const chosen = await runLoader(signInPage, { url: `/auth?as=${seller.id}`, area: "public", headers: { Cookie: kiosk } });
    expect(chosen.data.kiosk.chosen).toEqual({ user_id: seller.id, name: seller.name });

    // A forged or missing cookie offers nobody.
    const forged = await runLoader(signInPage, { url: "/auth", area: "public", headers: { Cookie: "__kiosk=WzFd.abc" } });
    expect(forged.data.kiosk.people).toEqual([]);
  });

  it("one of the offered people signs in with their PIN or password; nobody else through this form", async () => {
    const seller = await userOf(DEMO.seller);
    const staff = await userOf(DEMO.staff);
    const switched = await runAction(switchUser, { url: "/switch-user", headers: { Cookie: (await ownSession(DEMO.staff)).cookie } });
    const kiosk = kioskCookieOf(switched.headers);
    // Staff without the "setting" privilege set their own PIN on the same page.
    const pin = await runAction(security, { url: "/setting/security", as: DEMO.staff, form: { intent: "pin", pin: "730418", pin_confirmation: "730418", password: DEMO.password } });
    expect(pin.toasts).toContainEqual({ type: "success", message: "Your PIN has been saved" });
    const page = await runLoader(security, { url: "/setting/security", as: DEMO.staff });
    expect(page.data).toMatchObject({ canChange: false, hasPin: true });

    const byPin = await runAction(signInPage, { url: "/auth", area: "public", headers: { Cookie: kiosk }, form: { intent: "kiosk", user_id: String(staff.id), password: "730418" } });
    // To their start page: the dashboard is not theirs (app/lib/auth.server.ts homeOf).
    expect(byPin.redirect).toBe("/orders");
    const byPassword = await runAction(signInPage, { url: "/auth", area: "public", headers: { Cookie: kiosk }, form: { intent: "kiosk", user_id: String(staff.id), password: DEMO.password } });
    expect(byPassword.redirect).toBe("/orders");
    const wrong = await runAction(signInPage, { url: "/auth", area: "public", headers: { Cookie: kiosk }, form: { intent: "kiosk", user_id: String(staff.id), password: "111112" } });
    expect(wrong.status).toBe(400);
    // The seller is not on this device's list: their password does not open it here.
    const other = await runAction(signInPage, { url: "/auth", area: "public", headers: { Cookie: kiosk }, form: { intent: "kiosk", user_id: String(seller.id), password: DEMO.password } });
    expect(other.status).toBe(400);
    expect(other.redirect).toBeUndefined();
  });

  it("a usual sign-in on a kiosk puts that person first; Forget drops the list", async () => {
    const staff = await userOf(DEMO.staff);
    const seller = await userOf(DEMO.seller);
    const switched = await runAction(switchUser, { url: "/switch-user", headers: { Cookie: (await ownSession(DEMO.staff)).cookie } });
    const kiosk = kioskCookieOf(switched.headers);
    const signedIn = await runAction(signInPage, { url: "/auth", area: "public", headers: { Cookie: kiosk }, form: { login: DEMO.seller, password: DEMO.password } });
    expect(signedIn.redirect).toBe("/dashboard");
    const next = kioskCookieOf(signedIn.headers);
    const page = await runLoader(signInPage, { url: "/auth", area: "public", headers: { Cookie: next } });
    expect(page.data.kiosk.people.map((p: { user_id: number }) => p.user_id)).toEqual([seller.id, staff.id]);

    const forget = await runAction(signInPage, { url: "/auth", area: "public", headers: { Cookie: next }, form: { intent: "kiosk_forget" } });
    expect(kioskCookieOf(forget.headers)).toMatch(/^__kiosk=/);
    expect(forget.headers.getSetCookie().find((c) => c.startsWith("__kiosk="))).toMatch(/Max-Age=0/);

    // Not a kiosk: a usual sign-in sets no list.
    const plain = await runAction(signInPage, { url: "/auth", area: "public", form: { login: DEMO.seller, password: DEMO.password } });
    expect(plain.headers.getSetCookie().some((c) => c.startsWith("__kiosk="))).toBe(false);
  });
});
