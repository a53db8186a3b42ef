/**
 * Accounts and sessions on a shared kiosk (issue 12): what a signed-in page lets the browser keep,
 * and the session that ends after SESSION_IDLE_HOURS unused unless "Keep me signed in" was ticked.
 */
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as dashboard from "#app/routes/admin/dashboard.tsx";
import * as becomeSeller from "#app/routes/become-seller/index.tsx";
import * as signInPage from "#app/routes/auth/sign-in.tsx";
import { sessionToken } from "#app/lib/session.server.ts";
import { db } from "#db/client.ts";
import { DEMO } from "#tests/demo-accounts.ts";
import { runAction, runLoader } from "./harness.ts";

describe("signed-in answers", () => {
  it("are never stored by the browser, pages and their .data alike", async () => {
    for (const url of ["/dashboard", "/id/dashboard.data"]) {
      const res = await runLoader(dashboard, { url, as: DEMO.seller });
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("no-store");
    }
    const newbie = await runLoader(becomeSeller, { url: "/become-seller", as: DEMO.newbie, area: "seller-signup" });
    expect(newbie.headers.get("Cache-Control")).toBe("no-store");
  });

  it("but the sign-in page is not a signed-in answer", async () => {
    const res = await runLoader(signInPage, { url: "/auth", area: "public" });
    expect(res.headers.get("Cache-Control")).toBeNull();
  });
});

describe("a signed-in session", () => {
  beforeEach(async () => {
    await db.execute(sql`DELETE FROM rate_limits`);
    vi.useFakeTimers({ toFake: ["Date"] });
  });
  afterEach(() => {
    vi.useRealTimers();
    delete process.env.SESSION_IDLE_HOURS;
  });

  /** Signs in through the form; the session cookie it sets (name=value) and that cookie's Max-Age. */
  async function signIn(remember: boolean) {
    const form = { login: DEMO.seller, password: DEMO.password, ...(remember ? { remember: "on" } : {}) };
    const res = await runAction(signInPage, { url: "/auth", area: "public", form });
    expect(res.redirect).toBe("/dashboard");
    return cookieOf(res.headers);
  }
  const cookieOf = (headers: Headers) => {
    const set = headers.get("Set-Cookie")!;
    return { cookie: set.split(";")[0], maxAge: Number(set.match(/Max-Age=(\d+)/)![1]) };
  };
  const later = (hours: number) => vi.setSystemTime(Date.now() + hours * 3600_000);
  const open = (cookie: string) => runLoader(dashboard, { url: "/dashboard", headers: { Cookie: cookie } });

  it("ends after 8 hours unused: sent to sign in with a notice, its token revoked", async () => {
    const { cookie, maxAge } = await signIn(false);
    expect(maxAge).toBe(8 * 3600);
    const start = Date.now();
    later(8.1);
    const res = await open(cookie);
    expect(res.redirect).toBe("/auth?redirectTo=%2Fdashboard");
    expect(res.toasts).toEqual([{ type: "info", message: "Your session has ended, please sign in again" }]);
    expect(await sessionToken(new Request("http://test/uploads/x.png", { headers: { Cookie: cookie } }))).toBeUndefined();
    // Back within the idle time, the same cookie holds a token that no longer works.
    vi.setSystemTime(start);
    const again = await open(cookie);
    expect(again.redirect).toBe("/auth?redirectTo=%2Fdashboard");
    expect(again.toasts).toEqual([{ type: "danger", message: "Your session has ended, please sign in again" }]);
  });

  it("is renewed by each signed-in request", async () => {
    const first = await signIn(false);
    later(7);
    const res = await open(first.cookie);
    expect(res.status).toBe(200);
    const renewed = cookieOf(res.headers);
    expect(renewed.maxAge).toBe(8 * 3600);
    later(7);
    expect((await open(renewed.cookie)).status).toBe(200);
    expect((await open(first.cookie)).redirect).toBe("/auth?redirectTo=%2Fdashboard");
  });

  it("lasts SESSION_IDLE_HOURS unused when set", async () => {
    process.env.SESSION_IDLE_HOURS = "1";
    const { cookie, maxAge } = await signIn(false);
    expect(maxAge).toBe(3600);
    later(1.5);
    expect((await open(cookie)).redirect).toBe("/auth?redirectTo=%2Fdashboard");
  });

  it("kept (\"Keep me signed in\") lasts 30 days, idle or not", async () => {
    const { cookie, maxAge } = await signIn(true);
    expect(maxAge).toBe(30 * 86400);
    later(24 * 7);
    const res = await open(cookie);
    expect(res.status).toBe(200);
    expect(cookieOf(res.headers).maxAge).toBe(30 * 86400);
  });
});

describe("staff opening a page they may not open", () => {
  it("get the 403 page: what is missing, and links to the pages they may open, in their language", async () => {
    const res = await runLoader(dashboard, { url: "/dashboard", as: DEMO.staff });
    expect(res.status).toBe(403);
    expect(res.redirect).toBeUndefined();
    expect(res.error).toEqual({
      forbidden: {
        title: "You can't open this page",
        message: "You don't have access to Dashboard. Ask the business owner to give you access.",
        linksTitle: "Pages you can open",
        links: [
          { href: "/orders", label: "Your start page" },
          { href: "/products/listing", label: "Product" },
        ],
      },
    });
    const id = await runLoader(dashboard, { url: "/id/dashboard", as: DEMO.staff });
    expect(id.status).toBe(403);
    expect((id.error as { forbidden: { message: string } }).forbidden.message).toMatch(/^Anda tidak memiliki akses ke /);
    expect((id.error as { forbidden: { links: unknown[] } }).forbidden.links[0]).toEqual({ href: "/id/orders", label: "Halaman awal Anda" });
  });
});
